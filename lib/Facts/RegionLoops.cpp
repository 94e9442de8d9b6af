//===- RegionLoops.cpp - Canonical loops and subscripts of a region -------===//
//
// The part of RegionFacts (lib/Facts/Regions.h) that reads a region's loops
// and subscripts as polynomials: which for loops are canonical and, when one
// is not, what is not proved; an index expression as a polynomial over the
// loop variables and invariant atoms; scalars assigned once that stand for
// their expression (`k1 = k + 1`).
//
//===----------------------------------------------------------------------===//
#include "Facts/Regions.h"
#include "Facts/Directives.h"
#include "Facts/RegionsDetail.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ParentMap.h"
#include <functional>

using namespace clang;

namespace ompm {
using namespace regions_detail;

void RegionFacts::findSubstitutes() {
  // C89 code computes neighbour indices into scalars declared at the top of
  // the function (`k1 = k + 1; ... lhs[n][i][j][k1]`): a scalar the region
  // assigns once, by a statement of a block, and reads only after it in that
  // block, stands for the assigned expression there. The expression's loop
  // variables are those of loops around the block (they do not change in
  // it); anything else it reads the region must not write, which toPoly
  // checks when it is used.
  llvm::DenseMap<const VarDecl *, unsigned> Count;
  for (const Stmt *W : ScalarWrites)
    if (const auto *E = dyn_cast<Expr>(W))
      if (const auto *VD = dyn_cast_or_null<VarDecl>(baseDecl(
              isa<BinaryOperator>(E) ? cast<BinaryOperator>(E)->getLHS()
                                     : cast<UnaryOperator>(E)->getSubExpr())))
        ++Count[VD];
  std::unique_ptr<ParentMap> PM;
  for (const Stmt *W : ScalarWrites) {
    const auto *B = dyn_cast<BinaryOperator>(W);
    if (!B || B->getOpcode() != BO_Assign)
      continue;
    const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!VD || Count[VD] != 1 || Declared.count(VD) || Escaped.count(VD) ||
        !VD->hasLocalStorage() || !VD->getType()->isIntegerType() ||
        VD->getType().isVolatileQualified() || !B->getRHS()->getType()->isIntegerType())
      continue;
    if (!PM)
      PM = std::make_unique<ParentMap>(const_cast<Stmt *>(Region));
    const auto *CS = dyn_cast_or_null<CompoundStmt>(PM->getParent(B));
    if (!CS)
      continue;
    // Every other mention of VD in the region is in a statement after B in
    // CS.
    const auto *At = llvm::find(CS->body(), B);
    bool Ok = true;
    std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool After) {
      if (!S || !Ok)
        return;
      if (S == B) {
        Walk(B->getRHS(), false);
        return;
      }
      if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == VD && !After)
        Ok = false;
      // Passed to a reference parameter (C++): the callee may assign it.
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *FD = Call->getDirectCallee();
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          if (const auto *D = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
              D && D->getDecl() == VD &&
              (!FD || I >= FD->getNumParams() ||
               FD->getParamDecl(I)->getType()->isReferenceType()))
            Ok = false;
      }
      if (const auto *C = dyn_cast<CompoundStmt>(S); C == CS) {
        for (const Stmt *X : C->body())
          Walk(X, X != B && llvm::find(C->body(), X) > At);
        return;
      }
      for (const Stmt *C : codeChildren(S))
        Walk(C, After);
    };
    Walk(Region, false);
    // The loop variables it reads belong to loops around the block.
    std::function<void(const Stmt *)> IVs = [&](const Stmt *S) {
      if (!S || !Ok)
        return;
      if (const auto *D = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
          bool WrittenHere = Written.count(V) && V != VD;
          if (WrittenHere) {
            // Only as the variable of a for loop whose body holds CS.
            bool Around = false;
            for (const Stmt *Up = PM->getParent(CS); Up; Up = PM->getParent(Up))
              if (const auto *F = dyn_cast<ForStmt>(Up))
                if (const auto *Init = dyn_cast_or_null<BinaryOperator>(F->getInit()))
                  if (const auto *L = dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParenImpCasts());
                      L && L->getDecl() == V)
                    Around = true;
            for (const Stmt *Up = PM->getParent(CS); Up; Up = PM->getParent(Up))
              if (const auto *F = dyn_cast<ForStmt>(Up))
                if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
                    DS && DS->isSingleDecl() && DS->getSingleDecl() == V)
                  Around = true;
            Ok &= Around;
          }
        }
      for (const Stmt *C : S->children())
        IVs(C);
    };
    IVs(B->getRHS());
    if (Ok)
      Substitutes[VD] = B->getRHS();
  }
}

std::optional<CanonicalLoop> RegionFacts::canonical(const ForStmt *F) {
  auto Fail = [&](std::string Why) -> std::optional<CanonicalLoop> {
    NotCanonical[F] = std::move(Why);
    return std::nullopt;
  };
  const VarDecl *IV = nullptr;
  const Expr *Start = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
        if (VD->getInit() && VD->getType()->isIntegerType()) {
          IV = VD;
          Start = VD->getInit();
        }
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(F->getInit())) {
    if (B->getOpcode() == BO_Assign)
      if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
          if (VD->getType()->isIntegerType()) {
            IV = VD;
            Start = B->getRHS();
          }
  }
  if (!IV)
    return Fail("its initialization does not assign an integer loop variable "
                "(for (i = lo; i < hi; i++))");
  auto IsIV = [&](const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(strip(E));
    return D && D->getDecl() == IV;
  };
  // Step: a constant increment (++, --, += c, -= c, i = i + c, i = i - c).
  int64_t Step = 0;
  auto ConstantOf = [&](const Expr *E) -> int64_t {
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getSignificantBits() > 32)
      return 0;
    return R.Val.getInt().getExtValue();
  };
  const Expr *Inc = F->getInc();
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (IsIV(U->getSubExpr()))
      Step = U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (IsIV(CA->getLHS()))
      Step = CA->getOpcode() == BO_AddAssign   ? ConstantOf(CA->getRHS())
             : CA->getOpcode() == BO_SubAssign ? -ConstantOf(CA->getRHS())
                                               : 0;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (B->getOpcode() == BO_Assign && IsIV(B->getLHS()))
      if (const auto *Add = dyn_cast<BinaryOperator>(strip(B->getRHS())))
        if ((Add->getOpcode() == BO_Add || Add->getOpcode() == BO_Sub) &&
            IsIV(Add->getLHS()))
          Step = Add->getOpcode() == BO_Add ? ConstantOf(Add->getRHS())
                                            : -ConstantOf(Add->getRHS());
  }
  if (Step == 0)
    return Fail("its increment is not a constant step of '" + IV->getNameAsString() +
                "' (i++, i--, i += c)");
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond)
    return Fail("its condition is not a comparison of '" + IV->getNameAsString() +
                "' with a bound");
  BinaryOperatorKind Op = Cond->getOpcode();
  const Expr *Limit = nullptr;
  if (IsIV(Cond->getLHS())) {
    Limit = Cond->getRHS();
  } else if (IsIV(Cond->getRHS())) {
    Limit = Cond->getLHS();
    switch (Op) { // normalise "n > i" to "i < n"
    case BO_GT: Op = BO_LT; break;
    case BO_GE: Op = BO_LE; break;
    case BO_LT: Op = BO_GT; break;
    case BO_LE: Op = BO_GE; break;
    default: break;
    }
  }
  if (!Limit)
    return Fail("its condition is not a comparison of '" + IV->getNameAsString() +
                "' with a bound");
  // The IV must not be written in the body. Only a write of it other than
  // the loop's own initialization and increment needs the body read (a
  // nest would read its inner loops' bodies once per level).
  if (!WritesOfBuilt) {
    WritesOfBuilt = true;
    for (const Expr *T : WriteTargets)
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(T)))
        WritesOf[D->getDecl()].push_back(T);
  }
  auto Within = [](const Stmt *X, const Stmt *Root) {
    bool Found = false;
    walkStmts(Root, [&](const Stmt *Y) { return !(Found |= Y == X); });
    return Found;
  };
  bool OtherWrite = false;
  if (auto It = WritesOf.find(IV); It != WritesOf.end())
    for (const Expr *T : It->second)
      OtherWrite |= !Within(T, F->getInit()) && !Within(T, F->getInc());
  bool BodyWritesIV = false;
  std::function<void(const Stmt *)> W = [&](const Stmt *S) {
    if (!S || BodyWritesIV)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      if (WriteTargets.count(E->IgnoreParenImpCasts()) && IsIV(E))
        BodyWritesIV = true;
    for (const Stmt *C : S->children())
      W(C);
  };
  // Whether such a write is in the body: by its place in the file, where
  // the write and the body are written there (not in a macro); by a walk
  // of the body otherwise.
  if (OtherWrite) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *Body = F->getBody();
    SourceLocation BB = Body ? Body->getBeginLoc() : SourceLocation(),
                   BE = Body ? Body->getEndLoc() : SourceLocation();
    bool ByPlace = BB.isFileID() && BE.isFileID() && BB.isValid() && BE.isValid();
    const llvm::SmallVector<const Expr *, 2> &Targets = WritesOf.find(IV)->second;
    for (const Expr *T : Targets)
      ByPlace &= T->getBeginLoc().isValid() && T->getBeginLoc().isFileID() &&
                 T->getEndLoc().isValid() && T->getEndLoc().isFileID();
    if (!ByPlace) {
      W(Body);
    } else {
      for (const Expr *T : Targets)
        BodyWritesIV |= !SM.isBeforeInTranslationUnit(T->getBeginLoc(), BB) &&
                        !SM.isBeforeInTranslationUnit(BE, T->getEndLoc());
    }
  }
  if (BodyWritesIV)
    return Fail("its body writes the loop variable '" + IV->getNameAsString() + "'");
  // With a step other than 1, i != hi may step over hi.
  if (Step != 1 && Step != -1 && Op == BO_NE)
    return Fail("'" + IV->getNameAsString() + " != ...' with a step of " +
                std::to_string(Step) + " may step over its bound");
  CanonicalLoop L;
  L.For = F;
  L.IV = IV;
  L.Step = Step;
  L.Start = Start;
  L.Limit = Limit;
  L.Op = Op;
  L.Symbol = "@" + IV->getNameAsString() + "." + std::to_string(Loops.size());
  std::optional<Poly> S = toPoly(Start), Lim = toPoly(Limit);
  if (!S || !Lim) {
    if (Frames.empty())
      if (std::optional<RowRange> R = rowRange(F, IV, Start, Limit, Op, Step))
        RowRanges.push_back(std::move(*R));
    const Expr *Bad = S ? Limit : Start;
    std::string What = variantWhy(Bad);
    std::string Text = exprText(Bad, Ctx);
    return Fail("its " + std::string(S ? "bound" : "start") +
                (Text.empty() ? std::string() : " '" + Text + "'") + " is not proved invariant" +
                (What.empty() ? std::string(" (an integer expression of variables the loop "
                                            "does not change)")
                              : ": " + What));
  }
  if (Step > 0 && (Op == BO_LT || Op == BO_NE)) {
    L.Min = *S;
    L.Max = *Lim - Poly::constant(1);
  } else if (Step > 0 && Op == BO_LE) {
    L.Min = *S;
    L.Max = *Lim;
  } else if (Step < 0 && (Op == BO_GT || Op == BO_NE)) {
    L.Max = *S;
    L.Min = *Lim + Poly::constant(1);
  } else if (Step < 0 && Op == BO_GE) {
    L.Max = *S;
    L.Min = *Lim;
  } else {
    return Fail("its condition goes the other way from its step");
  }
  return L;
}

std::optional<RowRange> RegionFacts::rowRange(const ForStmt *F, const VarDecl *IV,
                                              const Expr *Start, const Expr *Limit,
                                              BinaryOperatorKind Op, int64_t Step) const {
  if (Step != 1 || (Op != BO_LT && Op != BO_LE))
    return std::nullopt;
  // rows[e]: an integer array (or pointer) the region does not change.
  auto Element = [&](const Expr *E, const VarDecl *&Rows) -> std::optional<Poly> {
    const auto *AS = dyn_cast<ArraySubscriptExpr>(strip(E));
    if (!AS)
      return std::nullopt;
    const auto *D = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || (Rows && V != Rows) || Written.count(V) || PointeeWritten.count(V) ||
        Escaped.count(V) || Declared.count(V) || V->getType().isVolatileQualified() ||
        !AS->getType()->isIntegerType() ||
        !(V->getType()->isArrayType() || V->getType()->isPointerType()))
      return std::nullopt;
    Rows = V;
    return toPoly(AS->getIdx());
  };
  const VarDecl *Rows = nullptr;
  std::optional<Poly> Row = Element(Start, Rows);
  if (!Row)
    return std::nullopt;
  // k < rows[e + 1], or k <= rows[e + 1] - 1.
  const Expr *End = Limit;
  if (Op == BO_LE) {
    const auto *Sub = dyn_cast<BinaryOperator>(strip(Limit));
    Expr::EvalResult One;
    if (!Sub || Sub->getOpcode() != BO_Sub || !Sub->getRHS()->EvaluateAsInt(One, Ctx) ||
        One.Val.getInt() != 1)
      return std::nullopt;
    End = Sub->getLHS();
  }
  std::optional<Poly> Next = Element(End, Rows);
  if (!Next || *Next - *Row != Poly::constant(1))
    return std::nullopt;
  return RowRange{F, IV, Rows, *Row};
}

std::optional<Poly> RegionFacts::toPoly(const Expr *E) const {
  // Once the facts are built, an expression's polynomial no longer changes
  // (the dependence test, the sections and the bounds ask for the same
  // subscripts many times); while they are built, loops and a followed
  // call's parameters are still being added.
  if (!Built || !Frames.empty())
    return polyOf(E);
  if (auto It = Polys.find(strip(E)); It != Polys.end())
    return It->second;
  // (polyOf asks for the subexpressions first: an insertion before it
  // returns may move the map's entries.)
  std::optional<Poly> P = polyOf(E);
  Polys.try_emplace(strip(E), P);
  return P;
}

std::optional<Poly> RegionFacts::polyOf(const Expr *E) const {
  E = strip(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    // A scalar parameter of a followed call: what the call passes, in the
    // caller's terms.
    if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl()); P && !Frames.empty()) {
      auto It = Frames.back().Scalars.find(P);
      if (It != Frames.back().Scalars.end()) {
        const Expr *Arg = It->second;
        Frame Top = std::move(Frames.back());
        Frames.pop_back();
        std::optional<Poly> R = toPoly(Arg);
        Frames.push_back(std::move(Top));
        return R;
      }
    }
    if (const auto *VD = dyn_cast<VarDecl>(D->getDecl())) {
      // The loop over VD around this reference (RefLoop): while the
      // facts are built, the one scan() is inside; a reference scan()
      // did not meet reads VD's only loop. Outside every loop over it,
      // VD is a variable the region writes (below).
      if (auto It = IVLoop.find(VD); It != IVLoop.end()) {
        int Loop = -1;
        if (!Built) {
          if (auto S = ScopeLoop.find(VD); S != ScopeLoop.end())
            Loop = S->second;
        } else if (auto R = RefLoop.find(D); R != RefLoop.end()) {
          Loop = R->second;
        } else {
          Loop = It->second; // -1 when several loops have VD
        }
        if (Loop >= 0)
          return Poly::symbol(Loops[Loop].Symbol);
      }
      // A value assigned before it in its block (`i = 1; a[i] = 0;`).
      if (Built)
        if (auto It = RefAssign.find(D); It != RefAssign.end())
          return toPoly(It->second);
      // A local of the region that keeps the value of its initializer: an
      // affine function of the loop variables around it (`int j = d - i;`),
      // whose uses are in its scope, so in the iterations that set it.
      if (Declared.count(VD) && !Written.count(VD) && !Escaped.count(VD) &&
          VD->hasLocalStorage() && !VD->getType().isVolatileQualified() &&
          VD->getType()->isIntegerType() && VD->getInit() &&
          !IVLoop.count(VD))
        return toPoly(VD->getInit());
      if (auto Sub = Substitutes.find(VD); Sub != Substitutes.end())
        return toPoly(Sub->second);
      if (Written.count(VD) || Declared.count(VD))
        return std::nullopt;
      if (VD->getType()->isIntegerType()) {
        // A const with a known value still prints by name.
        return Poly::symbol(VD->getNameAsString());
      }
      return std::nullopt;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub ||
        B->getOpcode() == BO_Mul) {
      std::optional<Poly> L = toPoly(B->getLHS()), R = toPoly(B->getRHS());
      if (!L || !R)
        return std::nullopt;
      if (B->getOpcode() == BO_Add)
        return *L + *R;
      if (B->getOpcode() == BO_Sub)
        return *L - *R;
      return *L * *R;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) {
      std::optional<Poly> P = toPoly(U->getSubExpr());
      if (!P)
        return std::nullopt;
      return U->getOpcode() == UO_Minus ? P->scaled(-1) : *P;
    }
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  // Fold only what reads no variable: `m / 2` with `const int m = N` would
  // bake today's value of N into the output.
  bool ReadsVariable = false;
  std::function<void(const Stmt *)> Reads = [&](const Stmt *S) {
    if (!S || ReadsVariable)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      ReadsVariable |= isa<VarDecl>(D->getDecl());
    if (isa<UnaryExprOrTypeTraitExpr>(S))
      return; // sizeof(x) does not read x
    for (const Stmt *C : S->children())
      Reads(C);
  };
  Reads(E);
  Expr::EvalResult R;
  if (!ReadsVariable && E->getType()->isIntegerType() && E->EvaluateAsInt(R, Ctx)) {
    int64_t V = R.Val.getInt().getExtValue();
    // A macro constant keeps its name ("N"), which reads better in a map.
    if (E->getBeginLoc().isMacroID() && V >= 1) {
      std::string T = exprText(E, Ctx);
      if (isSimpleAtomText(T) && !isdigit(static_cast<unsigned char>(T[0]))) {
        MacroValues[T] = V;
        return Poly::symbol(T);
      }
    }
    return Poly::constant(V);
  }
  // Any other integer expression that reads nothing the region changes is
  // an atom.
  if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
    return std::nullopt;
  bool Invariant = true;
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    if (!S || !Invariant)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
        if (IVLoop.count(VD) || Written.count(VD) || Declared.count(VD) ||
            PointeeWritten.count(VD))
          Invariant = false;
    // An element of an array the region does not write (`grid_points[0]`,
    // `rowstr[n]`) at subscripts that are invariant too: a bound that reads
    // memory, evaluated once by OpenMP and every time by C, alike when
    // nothing changes it. (A write through another pointer to the same
    // array is the aliasing test's: the array is a base of the loop.)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      // `dims[2][0]`: the row `dims[2]` of a declared array of arrays is
      // no load; the array is `dims` (its subscripts are checked below).
      const Expr *Root = AS->getBase()->IgnoreParenImpCasts();
      while (const auto *Row = dyn_cast<ArraySubscriptExpr>(Root)) {
        if (!Row->getType()->isArrayType())
          break;
        Root = Row->getBase()->IgnoreParenImpCasts();
      }
      const auto *Base = dyn_cast<DeclRefExpr>(Root);
      const auto *BV = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
      if (!BV || Written.count(BV) || PointeeWritten.count(BV) || Escaped.count(BV) ||
          Declared.count(BV) || BV->getType().isVolatileQualified() ||
          !(BV->getType()->isArrayType() || BV->getType()->isPointerType()))
        Invariant = false;
    }
    if (isa<CallExpr>(S))
      Invariant = false;
    for (const Stmt *C : S->children())
      Check(C);
  };
  Check(E);
  if (!Invariant)
    return std::nullopt;
  std::string T = exprText(E, Ctx);
  if (T.empty())
    return std::nullopt;
  return Poly::symbol(isSimpleAtomText(T) ? T : "(" + T + ")");
}

std::string RegionFacts::variantWhy(const Expr *E) const {
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty() || isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = C->getDirectCallee();
      Why = "it calls " + (FD ? "'" + FD->getNameAsString() + "'" : std::string("a function"));
      return;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl())) {
        std::string N = "'" + VD->getNameAsString() + "'";
        if (IVLoop.count(VD))
          Why = "it reads " + N + ", the variable of a loop around it";
        else if (Declared.count(VD))
          Why = "it reads " + N + ", declared in the loop";
        else if (Written.count(VD) || PointeeWritten.count(VD) || Escaped.count(VD))
          Why = "it reads " + N + ", which the loop writes";
        else if (!VD->getType()->isIntegerType() && !VD->getType()->isArrayType() &&
                 !VD->getType()->isPointerType())
          Why = "it reads " + N + ", not an integer";
      }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Why;
}

} // namespace ompm
