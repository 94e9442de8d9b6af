//===- Dependence.cpp - Whether a loop's iterations are independent -------===//
#include "Facts/Dependence.h"
#include "Facts/Directives.h"
#include "Facts/Scalars.h"
#include "Facts/Subscripts.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

using namespace clang;

namespace ompm {

/// Two pointers, one written, may alias unless one of them is restrict (C:
/// an object a restrict pointer accesses, and that is modified, is accessed
/// through that pointer only, in the block that declares it, which holds
/// the region since both are declared outside it): why, empty if no pair
/// may.
static std::string mayAliasWhy(
    const RegionFacts &F, const llvm::DenseSet<const ValueDecl *> &WrittenBases,
    const std::function<bool(const ValueDecl *, const ValueDecl *)> &Distinct) {
  std::vector<const ValueDecl *> Order(WrittenBases.begin(), WrittenBases.end());
  // Source order (first access), not addresses: one reason from run to run.
  auto Pos = [&](const ValueDecl *V) {
    for (size_t I = 0; I < F.accesses().size(); ++I)
      if (F.accesses()[I].Base == V)
        return I;
    return F.accesses().size();
  };
  llvm::stable_sort(Order, [&](const ValueDecl *A, const ValueDecl *B) { return Pos(A) < Pos(B); });
  for (const ValueDecl *W : Order) {
    if (!W->getType()->isPointerType())
      continue;
    for (const ValueDecl *O : F.externalVars()) {
      if (O == W || !O->getType()->isPointerType())
        continue;
      bool Used = false;
      for (const Access &A : F.accesses())
        Used |= A.Base == O;
      if (!Used || (Distinct && Distinct(W, O)))
        continue;
      if (!W->getType().isRestrictQualified() &&
          !O->getType().isRestrictQualified()) {
        return "'" + F.nameOf(W) + "' and '" + F.nameOf(O) +
               "' may alias (declare one of them restrict, or add independent)";
      }
    }
  }
  return "";
}

/// Whether the write W's subscript Key separates the iterations of L: the
/// first subscript that mentions L's variable has a coefficient larger
/// than the range of the rest over the loops inside L (`a[i*m + j]` with
/// 0 <= j < m).
static bool separates(const RegionFacts &F, const Access &W, const std::vector<Poly> &Key,
                      const CanonicalLoop &L, const ForStmt *For) {
  const std::vector<CanonicalLoop> &Loops = F.loops();
  for (size_t D = 0; D < Key.size(); ++D) {
    if (!Key[D].mentions(L.Symbol))
      continue;
    std::optional<Poly> C = Key[D].coefficientOf(L.Symbol);
    if (!C)
      return false;
    Poly Rest = Key[D] - *C * Poly::symbol(L.Symbol);
    // Range of the rest over the inner loops.
    Poly Lo = Rest, Hi = Rest;
    for (auto It = W.Loops.rbegin(); It != W.Loops.rend(); ++It) {
      const CanonicalLoop &In = Loops[*It];
      if (In.For == For)
        break;
      for (Poly *Q : {&Lo, &Hi}) {
        if (!Q->mentions(In.Symbol))
          continue;
        std::optional<Poly> CI = Q->coefficientOf(In.Symbol);
        std::optional<bool> NN =
            CI ? Poly::geq(*CI, Poly::constant(0)) : std::nullopt;
        if (!NN)
          return false;
        *Q = Q->substitute(In.Symbol, ((Q == &Lo) == *NN) ? In.Min : In.Max);
      }
    }
    if (Lo.mentions(L.Symbol) || Hi.mentions(L.Symbol))
      return false;
    Poly Width = Hi - Lo;
    std::optional<bool> Pos = Poly::geq(*C, Poly::constant(1));
    std::optional<bool> Neg = Poly::geq(Poly::constant(-1), *C);
    if (Pos && *Pos) {
      std::optional<bool> Fits = Poly::geq(*C - Poly::constant(1), Width);
      return Fits && *Fits;
    }
    if (Neg && *Neg) {
      std::optional<bool> Fits = Poly::geq(C->scaled(-1) - Poly::constant(1), Width);
      return Fits && *Fits;
    }
    return false;
  }
  return false;
}

/// Whether A and B are the same expression (the same element twice).
static bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

std::string atomicUpdateOf(const Expr *E, const ArraySubscriptExpr *&Elem,
                           const ASTContext &Ctx) {
  E = E->IgnoreParens();
  auto Element = [](const Expr *X) {
    return dyn_cast<ArraySubscriptExpr>(X->IgnoreParenImpCasts());
  };
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
    Elem = Element(U->getSubExpr());
    return Elem ? "+" : "";
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !(Elem = Element(B->getLHS())))
    return "";
  switch (B->getOpcode()) {
  case BO_AddAssign: case BO_SubAssign: return "+";
  case BO_MulAssign: return "*";
  case BO_OrAssign: return "|";
  case BO_AndAssign: return "&";
  case BO_XorAssign: return "^";
  case BO_Assign: break;
  default: return "";
  }
  // x = x op e (x = e op x for a commutative op).
  const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens());
  if (!R)
    return "";
  bool Left = sameExpr(R->getLHS(), B->getLHS(), Ctx);
  bool Right = sameExpr(R->getRHS(), B->getLHS(), Ctx);
  switch (R->getOpcode()) {
  case BO_Add: return Left || Right ? "+" : "";
  case BO_Sub: return Left ? "+" : "";
  case BO_Mul: return Left || Right ? "*" : "";
  case BO_Or: return Left || Right ? "|" : "";
  case BO_And: return Left || Right ? "&" : "";
  case BO_Xor: return Left || Right ? "^" : "";
  default: return "";
  }
}

/// Whether S, whose parent is P, is a statement (where a directive line can
/// go before it): in a block, or the branch or body of if, for, while, do.
bool isStatement(const Stmt *S, const Stmt *P) {
  if (!P)
    return false;
  if (isa<CompoundStmt>(P))
    return true;
  if (const auto *I = dyn_cast<IfStmt>(P))
    return I->getThen() == S || I->getElse() == S;
  if (const auto *F = dyn_cast<ForStmt>(P))
    return F->getBody() == S;
  if (const auto *W = dyn_cast<WhileStmt>(P))
    return W->getBody() == S;
  if (const auto *D = dyn_cast<DoStmt>(P))
    return D->getBody() == S;
  return false;
}

/// `x = fmax(x, e)` (fmin, and the float and long double forms) of an
/// array element x: "max" or "min" with the element in Elem, else "".
static std::string minMaxUpdateOf(const Expr *E, const ArraySubscriptExpr *&Elem,
                                  const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!B || B->getOpcode() != BO_Assign)
    return "";
  Elem = dyn_cast<ArraySubscriptExpr>(B->getLHS()->IgnoreParenImpCasts());
  const auto *C = dyn_cast<CallExpr>(B->getRHS()->IgnoreParenImpCasts());
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  if (!Elem || !FD || C->getNumArgs() != 2)
    return "";
  std::string Name = FD->getNameAsString();
  std::string Op = llvm::StringSwitch<std::string>(Name)
                       .Cases("fmax", "fmaxf", "fmaxl", "max")
                       .Cases("fmin", "fminf", "fminl", "min")
                       .Default("");
  if (Op.empty() || !(sameExpr(C->getArg(0), B->getLHS(), Ctx) ||
                      sameExpr(C->getArg(1), B->getLHS(), Ctx)))
    return "";
  return Op;
}

/// The update statements of B in the loop: `x op= e`, `x++`, `x = x op e`
/// (atomicUpdateOf) and with MinMax `x = fmax(x, e)`, each a statement of
/// its own, all of one operator class, of arithmetic type.
struct UpdateSet {
  std::string Op;
  std::vector<const Expr *> Found;              ///< the update expressions
  std::set<const ArraySubscriptExpr *> Elems;   ///< their elements, both sides
};

/// B's updates in the loop; nullopt when one of them is of another class,
/// no statement or not arithmetic, or there is none.
static std::optional<UpdateSet> updatesOf(const RegionFacts &F, const ValueDecl *B,
                                          const ForStmt *For, bool MinMax) {
  UpdateSet U;
  bool Ok = true;
  ParentMap PM(const_cast<Stmt *>(static_cast<const Stmt *>(For)));
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    const auto *E = dyn_cast<Expr>(S);
    const ArraySubscriptExpr *Elem = nullptr;
    if (E && !isa<ArraySubscriptExpr>(E)) {
      std::string O = atomicUpdateOf(E, Elem, F.context());
      if (O.empty() && MinMax)
        O = minMaxUpdateOf(E, Elem, F.context());
      if (!O.empty() && Elem && llvm::any_of(F.accesses(), [&](const Access &A) {
            return A.Expr == Elem && A.Base == B;
          })) {
        if (!isStatement(S, PM.getParent(const_cast<Stmt *>(S))) ||
            (!U.Op.empty() && O != U.Op) || !E->getType()->isArithmeticType()) {
          Ok = false;
          return;
        }
        U.Op = O;
        U.Found.push_back(E);
        U.Elems.insert(Elem);
        // x = x op e, x = fmax(x, e): the element on the right is the same.
        if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
            BO && BO->getOpcode() == BO_Assign) {
          std::vector<const Expr *> Operands;
          const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
          if (const auto *RB = dyn_cast<BinaryOperator>(R))
            Operands = {RB->getLHS(), RB->getRHS()};
          else if (const auto *RC = dyn_cast<CallExpr>(R))
            Operands.assign(RC->arg_begin(), RC->arg_end());
          for (const Expr *X : Operands)
            if (sameExpr(X, BO->getLHS(), F.context()))
              if (const auto *XE = dyn_cast<ArraySubscriptExpr>(X->IgnoreParenImpCasts()))
                U.Elems.insert(XE);
        }
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(For->getBody());
  if (!Ok || U.Found.empty())
    return std::nullopt;
  return U;
}

/// The operator class of the updates of B when every access of B in the
/// loop is the element of one of its updates (updatesOf), whose subscripts
/// do not read B otherwise: the update expressions go to Found and their
/// elements to Elems. "" when B is accessed otherwise.
static std::string commutativeUpdates(const RegionFacts &F, const ValueDecl *B,
                                      const ForStmt *For, bool MinMax,
                                      std::vector<const Expr *> &Found,
                                      std::set<const ArraySubscriptExpr *> &Elems) {
  std::optional<UpdateSet> U = updatesOf(F, B, For, MinMax);
  if (!U)
    return "";
  Found = U->Found;
  Elems = U->Elems;
  for (const Access &A : F.accesses())
    if (A.Base == B && !Elems.count(A.Expr))
      return ""; // read or written elsewhere
  // The subscripts must not read B.
  for (const ArraySubscriptExpr *E : Elems)
    for (const Access &A : F.accesses())
      if (A.Base == B && A.Expr != E && E->getSourceRange().fullyContains(A.Expr->getSourceRange()) &&
          !Elems.count(A.Expr))
        return "";
  return U->Op;
}

/// Whether B, an array of the region, is written only by atomic updates of
/// one operator class at data-dependent places (commutativeUpdates): their
/// expressions go to Updates.
static bool onlyCommutativeUpdates(const RegionFacts &F, const ValueDecl *B,
                                   const ForStmt *For,
                                   std::vector<const Expr *> &Updates) {
  std::vector<const Expr *> Found;
  std::set<const ArraySubscriptExpr *> Elems;
  if (commutativeUpdates(F, B, For, /*MinMax=*/false, Found, Elems).empty())
    return false;
  // Only at data-dependent places (a subscript the test cannot follow): an
  // affine element that iterations share is a reduction or a dependence,
  // and atomics there would serialize the loop (`y[j] += a[i][j]` over an
  // inner j: every iteration walks the same elements in the same order).
  if (llvm::all_of(Elems, [&](const ArraySubscriptExpr *E) {
        for (const Access &A : F.accesses())
          if (A.Expr == E)
            for (size_t D = 0; D < A.Indices.size(); ++D)
              if (!F.indexPoly(A, D))
                return false;
            return true;
        return true;
      }))
    return false;
  Updates.insert(Updates.end(), Found.begin(), Found.end());
  return true;
}

/// Every access to B with its subscripts as polynomials, the loops between
/// For and it (innermost first) and the loops of the region around For;
/// empty if a subscript is no polynomial.
static std::vector<std::pair<const Access *, SubscriptAccess>>
subscriptAccesses(const RegionFacts &F, const ValueDecl *B, const ForStmt *For,
                  const std::vector<LoopRange> &Context, const ForStmt *AlsoInner = nullptr) {
  const std::vector<CanonicalLoop> &Loops = F.loops();
  std::vector<std::pair<const Access *, SubscriptAccess>> As;
  for (const Access &A : F.accesses()) {
    if (A.Base != B)
      continue;
    SubscriptAccess S;
    for (size_t D = 0; D < A.Indices.size(); ++D) {
      std::optional<Poly> P = F.indexPoly(A, D);
      if (!P)
        return {};
      S.Index.push_back(*P);
    }
    bool Inside = true;
    for (auto It = A.Loops.rbegin(); It != A.Loops.rend(); ++It) {
      const CanonicalLoop &C = Loops[*It];
      if (C.For == For) {
        Inside = false;
        continue;
      }
      // AlsoInner: a loop around For that the test takes as inside it
      // (the outer loop of a nest to interchange), the outermost of those.
      (Inside || C.For == AlsoInner ? S.Inner : S.Outer)
          .push_back({C.Symbol, C.Min, C.Max, C.Step});
    }
    S.Outer.insert(S.Outer.end(), Context.begin(), Context.end());
    As.push_back({&A, std::move(S)});
  }
  return As;
}

/// The element reduction on B in the loop L (For), when every write of B
/// is an update of one commutative operator class of one element that no
/// iteration moves (its subscripts name no loop of For's), and no other
/// access of B in the loop reaches that element: "op: element" (the
/// element's text), else "".
static std::string elementReduction(const RegionFacts &F, const ValueDecl *B,
                                    const ForStmt *For, const CanonicalLoop &L,
                                    const std::vector<LoopRange> &Context) {
  std::optional<UpdateSet> U = updatesOf(F, B, For, /*MinMax=*/false);
  if (!U)
    return "";
  // One element: every update's, on either side, is the same expression
  // (named as the last update names it).
  const ArraySubscriptExpr *Elem = nullptr;
  atomicUpdateOf(U->Found.back(), Elem, F.context());
  for (const ArraySubscriptExpr *E : U->Elems)
    if (!sameExpr(E, Elem, F.context()))
      return "";
  const std::set<const ArraySubscriptExpr *> &Covered = U->Elems;
  std::vector<std::pair<const Access *, SubscriptAccess>> As = subscriptAccesses(F, B, For, Context);
  const SubscriptAccess *Target = nullptr;
  for (const auto &[A, S] : As)
    if (A->Expr == Elem)
      Target = &S;
  if (!Target)
    return "";
  // Fixed for the whole loop: no loop variable of For's nest.
  std::vector<std::string> Moving = {L.Symbol};
  for (const LoopRange &R : Target->Inner)
    Moving.push_back(R.Sym);
  for (const Poly &P : Target->Index)
    for (const std::string &M : Moving)
      if (P.mentions(M))
        return "";
  LoopRange Range{L.Symbol, L.Min, L.Max, L.Step};
  for (const auto &[A, S] : As) {
    if (Covered.count(A->Expr)) {
      if (S.Index != Target->Index)
        return "";
      continue;
    }
    if (A->IsWrite || !neverSameElement(*Target, S, Range))
      return "";
  }
  return U->Op + ": " + exprText(Elem, F.context());
}

/// A hash of P's terms (symbols by identity: they are interned).
static size_t hashPoly(const Poly &P) {
  size_t H = P.terms().size();
  for (const auto &[M, C] : P.terms()) {
    for (const Sym &S : M)
      H = H * 131 + std::hash<const void *>()(&S.str());
    H = H * 131 + std::hash<int64_t>()(C);
  }
  return H;
}

/// Whether A and B are the same subscripts over the same loops.
static bool sameSubscripts(const SubscriptAccess &A, const SubscriptAccess &B) {
  auto SameRanges = [](const std::vector<LoopRange> &X, const std::vector<LoopRange> &Y) {
    return X.size() == Y.size() &&
           std::equal(X.begin(), X.end(), Y.begin(), [](const LoopRange &R, const LoopRange &S) {
             return R.Sym == S.Sym && R.Step == S.Step && R.Min == S.Min && R.Max == S.Max;
           });
  };
  return A.Index == B.Index && SameRanges(A.Inner, B.Inner) && SameRanges(A.Outer, B.Outer);
}

/// Why the accesses to the written array B may conflict between
/// iterations of the loop L (For); empty when every write is separated
/// from itself and from every other access.
static std::string arrayWhy(const RegionFacts &F, const ValueDecl *B, const ForStmt *For,
                            const CanonicalLoop &L, const std::vector<LoopRange> &Context,
                            const ForStmt *AlsoInner = nullptr) {
  LoopRange Outer{L.Symbol, L.Min, L.Max, L.Step};
  for (const Access &A : F.accesses())
    if (A.Base == B)
      if (std::string Why = F.outOfRowWhy(A); !Why.empty())
        return Why;
  // Every access to B, its subscripts as polynomials and its inner loops.
  std::vector<std::pair<const Access *, SubscriptAccess>> As =
      subscriptAccesses(F, B, For, Context, AlsoInner);
  if (As.empty())
    for (const Access &A : F.accesses())
      if (A.Base == B)
        return "a subscript of '" + F.nameOf(B) +
               "' depends on a value computed in the loop";
  // Accesses at the same subscripts over the same loops are one access to
  // the tests (legacy stencils repeat `u[i][j][k][1]` many times): each
  // kept once, a write if any of them writes.
  {
    // (Found by a hash of the subscripts, then compared.)
    std::unordered_multimap<size_t, size_t> Seen;
    std::vector<std::pair<const Access *, SubscriptAccess>> Unique;
    for (auto &[A, S] : As) {
      size_t H = S.Index.size();
      for (const Poly &P : S.Index)
        H = H * 31 + hashPoly(P);
      std::optional<size_t> Found;
      for (auto [It, End] = Seen.equal_range(H); It != End && !Found; ++It)
        if (sameSubscripts(Unique[It->second].second, S))
          Found = It->second;
      if (!Found) {
        Seen.emplace(H, Unique.size());
        Unique.push_back({A, std::move(S)});
      } else if (A->IsWrite && !Unique[*Found].first->IsWrite) {
        Unique[*Found].first = A; // its loops are the same
      }
    }
    As = std::move(Unique);
  }
  // The quick case of the test below: one dimension where both subscripts
  // are the same c*i + r, with c a nonzero constant and r fixed for the
  // loop (no variable of a loop inside it, either access's): i != i' gives
  // different values. Per access and dimension, found once: whether its
  // subscript has that form with r fixed for its own inner loops (a pair
  // with equal subscripts there has the same c and r).
  std::vector<std::vector<bool>> Separating(As.size());
  for (size_t K = 0; K < As.size(); ++K) {
    const SubscriptAccess &A = As[K].second;
    for (const Poly &P : A.Index) {
      bool Sep = false;
      if (P.mentions(L.Symbol)) {
        std::optional<Poly> C = P.coefficientOf(L.Symbol);
        if (C && C->isConstant() && C->constantValue().value_or(0) != 0) {
          Poly Rest = P - *C * Poly::symbol(L.Symbol);
          bool Moves = Rest.mentions(L.Symbol);
          for (const LoopRange &R : A.Inner)
            Moves |= Rest.mentions(R.Sym);
          Sep = !Moves;
        }
      }
      Separating[K].push_back(Sep);
    }
  }
  auto SameDimensionSeparates = [&](size_t AK, size_t OK) {
    const SubscriptAccess &A = As[AK].second, &O = As[OK].second;
    for (size_t D = 0; D < A.Index.size() && D < O.Index.size(); ++D)
      if (Separating[AK][D] && Separating[OK][D] && A.Index[D] == O.Index[D])
        return true;
    return false;
  };
  for (size_t WK = 0; WK < As.size(); ++WK) {
    const auto &[W, WS] = As[WK];
    if (!W->IsWrite)
      continue;
    // (separates() ranges over the loops inside For only.)
    if (!(!AlsoInner && separates(F, *W, WS.Index, L, For)) &&
        !independentAcrossIterations(WS, WS, Outer))
      return "iterations may write the same element of '" + F.nameOf(B) + "'";
    // Another subscript (the same one is the same element, which the
    // separation covers): no other iteration may reach W's element.
    for (size_t OK = 0; OK < As.size(); ++OK)
      if (const auto &[O, OS] = As[OK];
          O != W && OS.Index != WS.Index && !SameDimensionSeparates(WK, OK) &&
          !independentAcrossIterations(WS, OS, Outer))
        return "'" + F.nameOf(B) +
               "' is written and accessed at different subscripts, which "
               "may be a loop-carried dependence";
  }
  return "";
}

/// The run-time test that separates the iterations of L in their accesses
/// to B, when every access to B is `b[k]` with k the variable of a loop
/// over the same row `rows[j + c] .. rows[j + c + 1] - 1` of a sparse
/// structure, j being L's variable: the rows of different iterations are
/// disjoint when rows does not decrease over them.
static std::optional<RowTest> rowTest(const RegionFacts &F, const ValueDecl *B,
                                      const CanonicalLoop &L) {
  const RowRange *Common = nullptr;
  for (const Access &A : F.accesses()) {
    if (A.Base != B)
      continue;
    const auto *D = A.Indices.size() == 1 && !A.Via
                        ? dyn_cast<DeclRefExpr>(A.Indices[0]->IgnoreParenImpCasts())
                        : nullptr;
    if (!D)
      return std::nullopt;
    const RowRange *RR = nullptr;
    for (int I : A.RowLoops)
      if (F.rowRanges()[I].IV == D->getDecl())
        RR = &F.rowRanges()[I];
    if (!RR || (Common && (Common->Rows != RR->Rows || Common->Row != RR->Row)))
      return std::nullopt;
    Common = RR;
  }
  if (!Common)
    return std::nullopt;
  // The row is j + c, c fixed while L runs (no variable of a loop of the
  // region).
  std::optional<Poly> C = Common->Row.coefficientOf(L.Symbol);
  if (!C || *C != Poly::constant(1))
    return std::nullopt;
  Poly Rest = Common->Row - Poly::symbol(L.Symbol);
  for (const CanonicalLoop &CL : F.loops())
    if (Rest.mentions(CL.Symbol))
      return std::nullopt;
  return RowTest{Common->Rows, Rest + L.Min, Rest + L.Max + Poly::constant(1)};
}

/// The arrays the region writes (less those of Private), in the order of
/// their first write (the reason named is the same from run to run); Bases
/// gets them too.
static std::vector<const ValueDecl *>
writtenArrays(const RegionFacts &F, const std::set<const ValueDecl *> *Private,
              llvm::DenseSet<const ValueDecl *> &Bases) {
  std::vector<const ValueDecl *> Order;
  for (const Access &A : F.accesses())
    if (A.IsWrite && !(Private && Private->count(A.Base)) && Bases.insert(A.Base).second)
      Order.push_back(A.Base);
  return Order;
}

ParallelResult testParallel(
    const RegionFacts &F, const ForStmt *For,
    const std::function<bool(const ValueDecl *, const ValueDecl *)> &Distinct,
    bool AtomicUpdates, bool ElementReductions, const std::vector<LoopRange> &Context,
    const std::set<const ValueDecl *> *Private, bool RowTests, bool ArgReductions) {
  const std::vector<CanonicalLoop> &Loops = F.loops();
  ParallelResult R;
  int Self = -1;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Loops[I].For == For)
      Self = static_cast<int>(I);
  if (Self < 0) {
    std::string Why = F.notCanonicalWhy(For);
    R.Why = "the loop is not in canonical form: " +
            (Why.empty() ? std::string("for (i = lo; i < hi; i++)") : Why);
    return R;
  }
  const CanonicalLoop &L = Loops[Self];
  if (F.hasJumps()) {
    R.Why = "the loop body leaves the loop (break, return, goto or throw)";
    return R;
  }
  if (F.hasCallsOrEscapes()) {
    R.Why = "the loop calls a function whose side effects are unknown";
    return R;
  }
  if (!F.opaqueWrite().empty()) {
    R.Why = "the loop writes '" + F.opaqueWrite() +
            "', which the dependence test does not follow (a struct member "
            "or an element reached through one)";
    return R;
  }
  // Scalars declared outside the loop and written in it: reductions or a
  // loop-carried dependence.
  for (const ValueDecl *V : F.externalVars()) {
    if (!F.isWritten(V) || V->getType()->isPointerType() ||
        V->getType()->isArrayType())
      continue;
    // A loop variable of the region is each iteration's own, set by its
    // loop before it is read; unless the region reads it outside its
    // loops, a value an earlier iteration may have left.
    if (const auto *VD = dyn_cast<VarDecl>(V);
        VD && F.isLoopVar(VD) && !F.readsOutsideItsLoops(VD))
      continue;
    ScalarUse U = classifyScalar(For->getBody(), V, F.context());
    if (ArgReductions && U.Role == ScalarRole::Other) {
      if (std::optional<ArgReduction> A = argReductionOf(For, L.IV, V, F, F.context())) {
        R.Reductions.push_back(A->reductionItem());
        R.ArgReductions.push_back(*A);
        continue;
      }
      // The index of an arg reduction with a tie rule reads itself (`i <
      // at`): the reduction's (its value found by the second pass).
      bool TieIndex = false;
      for (const ValueDecl *W : F.externalVars())
        if (W != V && F.isWritten(W))
          if (std::optional<ArgReduction> A = argReductionOf(For, L.IV, W, F, F.context());
              A && A->TieRule && A->Index == V)
            TieIndex = true;
      if (TieIndex) {
        R.Privates.push_back(F.nameOf(V));
        continue;
      }
    }
    switch (U.Role) {
    case ScalarRole::Reduction:
      R.Reductions.push_back(U.Op + ": " + F.nameOf(V));
      break;
    case ScalarRole::SharedFlag:
      R.Shared.push_back(F.nameOf(V));
      break;
    case ScalarRole::Private:
    case ScalarRole::WriteOnly: // private; its value after the loop, if read,
                                // is the caller's concern (lastprivate)
      R.Privates.push_back(F.nameOf(V));
      break;
    case ScalarRole::Other:
      R.Why = U.Why;
      return R;
    }
  }
  // Arrays: every access to a written array must be the same element, and
  // that element must differ between iterations.
  // In the order of their first write (the reason named is the same from
  // run to run).
  llvm::DenseSet<const ValueDecl *> WrittenBases;
  std::vector<const ValueDecl *> WrittenOrder = writtenArrays(F, Private, WrittenBases);
  for (const ValueDecl *B : WrittenOrder) {
    std::string Why = arrayWhy(F, B, For, L, Context);
    if (Why.empty())
      continue;
    if (RowTests)
      if (std::optional<RowTest> T = rowTest(F, B, L)) {
        auto Same = [&](const RowTest &O) {
          return O.Rows == T->Rows && O.From == T->From && O.To == T->To;
        };
        if (llvm::none_of(R.RowTests, Same))
          R.RowTests.push_back(std::move(*T));
        continue;
      }
    // What the test cannot separate may still be updates that commute: of
    // one element (a reduction), or of many (atomics).
    if (ElementReductions) {
      if (std::string Item = elementReduction(F, B, For, L, Context); !Item.empty()) {
        R.ElementReductions.push_back(Item);
        continue;
      }
    }
    if (AtomicUpdates && onlyCommutativeUpdates(F, B, For, R.Updates))
      continue;
    // Updates of many elements that iterations share: an array reduction.
    std::vector<const Expr *> Found;
    std::set<const ArraySubscriptExpr *> Elems;
    if (std::string Op = ElementReductions
                             ? commutativeUpdates(F, B, For, /*MinMax=*/true, Found, Elems)
                             : "";
        !Op.empty()) {
      R.ArrayReductions.push_back(Op + ": " + F.nameOf(B));
      continue;
    }
    R.Why = Why;
    return R;
  }
  R.Why = mayAliasWhy(F, WrittenBases, Distinct);
  if (!R.Why.empty())
    return R;
  R.Parallel = true;
  return R;
}

ParallelResult testInterchanged(
    const RegionFacts &F, const ForStmt *Outer, const ForStmt *Inner,
    const std::function<bool(const ValueDecl *, const ValueDecl *)> &Distinct,
    const std::vector<LoopRange> &Context) {
  ParallelResult R;
  const CanonicalLoop *LO = F.loopOf(Outer), *LI = F.loopOf(Inner);
  if (!LO || !LI) {
    R.Why = "a loop of the nest is not in canonical form";
    return R;
  }
  // Rectangular: the inner loop's range is the same for every outer
  // iteration, so the two headers can trade places.
  if (LI->Min.mentions(LO->Symbol) || LI->Max.mentions(LO->Symbol)) {
    R.Why = "the inner loop's range depends on the outer loop's variable";
    return R;
  }
  if (F.hasJumps() || F.hasCallsOrEscapes() || !F.opaqueWrite().empty()) {
    R.Why = "the nest leaves itself, calls a function or writes through a member";
    return R;
  }
  // Scalars: loop variables, and temporaries each iteration of the inner
  // body writes before it reads them (the same in either order).
  for (const ValueDecl *V : F.externalVars()) {
    if (!F.isWritten(V) || V->getType()->isPointerType() || V->getType()->isArrayType())
      continue;
    if (const auto *VD = dyn_cast<VarDecl>(V);
        VD && F.isLoopVar(VD) && !F.readsOutsideItsLoops(VD))
      continue;
    ScalarUse U = classifyScalar(Inner->getBody(), V, F.context());
    if (U.Role != ScalarRole::Private && U.Role != ScalarRole::WriteOnly) {
      R.Why = "'" + F.nameOf(V) + "' is not a temporary of each iteration of the nest";
      return R;
    }
    R.Privates.push_back(F.nameOf(V));
  }
  // Arrays: no two iterations of the inner loop reach the same element of
  // a written array, whatever the outer loop's iterations (the outer loop
  // taken as inside the inner one). Every dependence is then carried by
  // the outer loop alone, which the interchanged nest runs in its order
  // inside each iteration of the new outer loop.
  llvm::DenseSet<const ValueDecl *> WrittenBases;
  std::vector<const ValueDecl *> WrittenOrder = writtenArrays(F, nullptr, WrittenBases);
  for (const ValueDecl *B : WrittenOrder)
    if (std::string Why = arrayWhy(F, B, Inner, *LI, Context, Outer); !Why.empty()) {
      R.Why = Why;
      return R;
    }
  R.Why = mayAliasWhy(F, WrittenBases, Distinct);
  if (!R.Why.empty())
    return R;
  R.Parallel = true;
  return R;
}

} // namespace ompm
