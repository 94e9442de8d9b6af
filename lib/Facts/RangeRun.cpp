//===- RangeRun.cpp - One iteration interpreted on ranges of elements -----===//
#include "Facts/RangeRun.h"
#include "Analysis/AstQueries.h"
#include "Facts/Directives.h"
#include "Facts/Feasibility.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include <map>
#include <optional>

using namespace clang;

namespace ompm {
namespace {
/// The elements written so far: a range per dimension, valid when each of
/// Conds (P >= 0) holds (the loops that wrote them ran).
struct Box {
  std::vector<Poly> Lo, Hi;
  std::vector<Poly> Conds;
};

/// One iteration of a loop, interpreted on the ranges of A's elements.
class RangeRun {
public:
  /// Fn: the function of Loop; Home: the function of the loop being
  /// offloaded (the test goes before it, at At); Users: the functions that
  /// use A, which Loop may not call.
  RangeRun(ASTContext &Ctx, const FunctionDecl *Fn, const FunctionDecl *Home, const VarDecl *A,
           const ForStmt *Loop, const ScratchWrites &FnWrites, std::vector<Poly> &Guards,
           SourceLocation At, std::function<bool(const VarDecl *)> Fixed,
           const std::set<const FunctionDecl *> &Users)
      : Ctx(Ctx), Fn(Fn), Home(Home), A(A), Loop(Loop), FnWrites(FnWrites), Guards(Guards),
        At(At), Fixed(std::move(Fixed)), Users(Users) {
    QualType T = A->getType();
    while (const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T)) {
      Dims.push_back(static_cast<int64_t>(CA->getSize().getZExtValue()));
      T = CA->getElementType();
    }
    LoopWrites = writesOf(Loop, Fn);
    for (const Poly &G : Guards)
      assume(G);
  }

  bool run(std::string &Why) {
    if (LoopWrites.CallsFn)
      return fail("the loop calls '" + Fn->getNameAsString() + "' itself", Why);
    for (const FunctionDecl *U : Users)
      if (LoopWrites.Reached.count(U->getCanonicalDecl()))
        return fail("the loop calls '" + U->getNameAsString() + "', which uses '" +
                        A->getNameAsString() + "'",
                    Why);
    if (mentionsA(Loop->getInit()) || mentionsA(Loop->getCond()) || mentionsA(Loop->getInc()))
      return fail("its loop header uses '" + A->getNameAsString() + "'", Why);
    bool Ok = forLoop(Loop, /*Top=*/true);
    Why = this->Why;
    return Ok;
  }

private:
  ASTContext &Ctx;
  const FunctionDecl *Fn, *Home;
  const VarDecl *A;
  const ForStmt *Loop;
  const ScratchWrites &FnWrites;
  std::vector<Poly> &Guards;
  SourceLocation At; ///< where the test goes: the offloaded loop's start
  /// Whether a variable keeps one value for every call of the function
  /// (ScratchRanges::fixedForProgram).
  std::function<bool(const VarDecl *)> Fixed;
  const std::set<const FunctionDecl *> &Users;
  std::vector<int64_t> Dims;
  ScratchWrites LoopWrites;
  std::map<const VarDecl *, Poly> Env;
  std::vector<LinearConstraint> Assume;
  std::vector<Box> Written;
  std::map<std::string, const void *> AtomOwner;
  unsigned LoopCount = 0;
  std::string Why;

  bool fail(const std::string &W, std::string &Out) {
    Out = W;
    return false;
  }
  bool fail(const std::string &W) {
    if (Why.empty())
      Why = W;
    return false;
  }
  bool mentionsA(const Stmt *S) const { return S && usesVar(S, A); }
  void assume(const Poly &P) {
    if (std::optional<LinearConstraint> C = linearNonNegative(P)) {
      Assume.push_back(*C);
      Proved.clear();
    }
  }
  /// Assume back to its first N constraints (a loop's bounds dropped).
  void unassume(size_t N) {
    Assume.resize(N);
    Proved.clear();
  }
  /// Whether P >= 0 follows from what is assumed.
  bool proves(const Poly &P) const {
    if (std::optional<int64_t> K = P.constantValue())
      return *K >= 0;
    std::optional<LinearConstraint> Neg = linearNonNegative(P.scaled(-1) - Poly::constant(1));
    if (!Neg)
      return false;
    // The same element read again (a stencil reads u[i+1][m] in many
    // statements): the same question under the same assumptions.
    auto [It, New] = Proved.try_emplace(*Neg, false);
    if (New) {
      std::vector<LinearConstraint> System = Assume;
      System.push_back(*Neg);
      It->second = provedInfeasible(std::move(System), 400);
    }
    return It->second;
  }
  /// proves' answers under the present Assume, by the negated question.
  mutable std::map<LinearConstraint, bool, ConstraintOrder> Proved;
  /// A condition on invariants alone that may hold (a run-time test can
  /// choose the loop by it).
  bool guardable(const Poly &P) const {
    if (P.isConstant())
      return false;
    for (const std::string &S : P.symbols())
      if (!S.empty() && S[0] == '@')
        return false;
    return !proves(P.scaled(-1) - Poly::constant(1));
  }
  /// An invariant of the loop (and, for a guard, of the function) named by
  /// its text; null when two different things would get one name.
  std::optional<Poly> atom(const std::string &Text, const void *Owner) {
    auto [It, New] = AtomOwner.try_emplace(Text, Owner);
    if (!New && It->second != Owner)
      return std::nullopt;
    return Poly::symbol(Text);
  }
  bool writtenInLoop(const VarDecl *V) const {
    return LoopWrites.Vars.count(V) || (V->hasGlobalStorage() && LoopWrites.Unknown);
  }
  /// E as a polynomial of the loops' symbols and invariant atoms (a
  /// variable or an array element the loop does not write, named by its
  /// text), or nothing.
  std::optional<Poly> poly(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (!E->getType()->isIntegerType())
      return std::nullopt;
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *EC = dyn_cast<EnumConstantDecl>(D->getDecl()))
        return Poly::constant(EC->getInitVal().getExtValue());
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      if (!V)
        return std::nullopt;
      if (auto It = Env.find(V); It != Env.end())
        return It->second;
      if (writtenInLoop(V) || V->getType().isVolatileQualified() || V == A)
        return std::nullopt;
      return atom(V->getNameAsString(), V);
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      // grid_points[0], dims[2][0]: an element of an array the loop does
      // not write, at constant subscripts.
      const Expr *B = E;
      while (const auto *X = dyn_cast<ArraySubscriptExpr>(B)) {
        std::optional<Poly> I = poly(X->getIdx());
        if (!I || !I->isConstant())
          return std::nullopt;
        B = X->getBase()->IgnoreParenImpCasts();
      }
      const VarDecl *R = refVar(B);
      if (!R || R == A || !R->getType()->isArrayType() || writtenInLoop(R) ||
          R->getType().isVolatileQualified())
        return std::nullopt;
      std::string T = exprText(AS, Ctx);
      if (T.empty())
        return std::nullopt;
      return atom(T, R);
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub && B->getOpcode() != BO_Mul)
        return constantOf(E);
      std::optional<Poly> L = poly(B->getLHS()), R = poly(B->getRHS());
      if (!L || !R)
        return constantOf(E);
      return B->getOpcode() == BO_Add ? *L + *R : B->getOpcode() == BO_Sub ? *L - *R : *L * *R;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) {
        std::optional<Poly> P = poly(U->getSubExpr());
        if (!P)
          return std::nullopt;
        return U->getOpcode() == UO_Minus ? P->scaled(-1) : *P;
      }
    }
    if (const auto *C = dyn_cast<CStyleCastExpr>(E);
        C && C->getSubExpr()->getType()->isIntegerType())
      return poly(C->getSubExpr());
    return constantOf(E);
  }
  /// An integer constant expression that reads no variable.
  std::optional<Poly> constantOf(const Expr *E) const {
    bool Reads = false;
    std::function<void(const Stmt *)> W = [&](const Stmt *S) {
      if (!S || Reads || isa<UnaryExprOrTypeTraitExpr>(S))
        return;
      if (const auto *D = dyn_cast<DeclRefExpr>(S))
        Reads |= isa<VarDecl>(D->getDecl());
      for (const Stmt *C : S->children())
        W(C);
    };
    W(E);
    Expr::EvalResult R;
    if (Reads || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) ||
        R.Val.getInt().getSignificantBits() > 40)
      return std::nullopt;
    return Poly::constant(R.Val.getInt().getExtValue());
  }

  /// The subscripts of a full element reference of A, else false.
  bool element(const Expr *E, std::vector<const Expr *> &Idx) const {
    E = E->IgnoreParenImpCasts();
    Idx.clear();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Idx.insert(Idx.begin(), AS->getIdx());
      E = AS->getBase()->IgnoreParenImpCasts();
    }
    return refVar(E) == A && Idx.size() == Dims.size();
  }
  /// Reads of a reference's subscripts, then the element read.
  bool read(const std::vector<const Expr *> &Idx, const Expr *At) {
    for (const Expr *I : Idx)
      if (!expr(I))
        return false;
    std::vector<Poly> P;
    for (const Expr *I : Idx) {
      std::optional<Poly> X = poly(I);
      if (!X)
        return fail("the subscript '" + exprText(I, Ctx) + "' of '" + A->getNameAsString() +
                    "' is not an affine function of the loops and invariants");
      P.push_back(*X);
    }
    // A box that holds it: each bound proved, or, failing that, a
    // condition on invariants alone that makes it hold (a guard).
    const Box *Best = nullptr;
    std::vector<Poly> BestMissing;
    for (auto It = Written.rbegin(); It != Written.rend(); ++It) {
      std::vector<Poly> Missing;
      bool Possible = true;
      auto Need = [&](const Poly &C) {
        if (!Possible || proves(C))
          return;
        if (!guardable(C))
          Possible = false;
        else
          Missing.push_back(C);
      };
      for (size_t D = 0; D < P.size() && Possible; ++D) {
        Need(P[D] - It->Lo[D]);
        Need(It->Hi[D] - P[D]);
      }
      for (const Poly &C : It->Conds)
        Need(C);
      if (!Possible)
        continue;
      if (Missing.empty())
        return true;
      if (!Best || Missing.size() < BestMissing.size()) {
        Best = &*It;
        BestMissing = Missing;
      }
    }
    if (!Best)
      return fail("'" + exprText(At, Ctx) + "' may read an element of '" + A->getNameAsString() +
                  "' that the iteration has not written");
    for (const Poly &C : BestMissing) {
      if (proves(C))
        continue;
      if (!guardAtomsFixed(C))
        return fail("'" + exprText(At, Ctx) + "' reads an element of '" + A->getNameAsString() +
                    "' the iteration wrote only when " + C.str() + " >= 0, which may "
                    "change between two runs of the loop (a test before each would "
                    "not keep what the other run left in the array)");
      Guards.push_back(C);
      assume(C);
    }
    return true;
  }
  /// The atoms of a guard are written nowhere in the function (nor by what
  /// it calls): the test before one loop holds for all of its loops.
  /// They also mean the same before the loop being offloaded (At), where
  /// the test goes: a file-scope variable no local of the function hides,
  /// a parameter, or a local of the function's outermost block declared
  /// before it.
  bool guardAtomsFixed(const Poly &C) const {
    for (const std::string &S : C.symbols()) {
      auto It = AtomOwner.find(S);
      if (It == AtomOwner.end())
        return false;
      const auto *V = static_cast<const VarDecl *>(It->second);
      if (FnWrites.Vars.count(V) || (V->hasGlobalStorage() && FnWrites.Unknown))
        return false;
      if (!usableAt(V) || !Fixed(V))
        return false;
    }
    return true;
  }
  bool usableAt(const VarDecl *V) const {
    if (isa<ParmVarDecl>(V))
      return V->getDeclContext() == Home && Fn == Home;
    if (V->getDeclContext()->getRedeclContext()->isTranslationUnit()) {
      bool Hidden = false;
      std::function<void(const Stmt *)> W = [&](const Stmt *S) {
        if (!S || Hidden)
          return;
        if (const auto *DS = dyn_cast<DeclStmt>(S))
          for (const Decl *D : DS->decls())
            if (const auto *L = dyn_cast<VarDecl>(D); L && L->getName() == V->getName())
              Hidden = true;
        for (const Stmt *C : S->children())
          W(C);
      };
      W(Home->getBody());
      for (const ParmVarDecl *P : Home->parameters())
        Hidden |= P->getName() == V->getName();
      return !Hidden;
    }
    const auto *Body = dyn_cast<CompoundStmt>(Home->getBody());
    if (!Body || V->isStaticLocal() || Fn != Home)
      return false;
    for (const Stmt *X : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(X))
        for (const Decl *D : DS->decls())
          if (D == V)
            return Ctx.getSourceManager().isBeforeInTranslationUnit(V->getLocation(), At);
    return false;
  }
  void write(const std::vector<const Expr *> &Idx) {
    Box B;
    for (const Expr *I : Idx) {
      std::optional<Poly> X = poly(I);
      if (!X)
        return; // an element the ranges cannot name: nothing known written
      B.Lo.push_back(*X);
      B.Hi.push_back(*X);
    }
    Written.push_back(std::move(B));
  }
  void forget(const Stmt *S) {
    ScratchWrites W = writesOf(S, Fn);
    for (auto It = Env.begin(); It != Env.end();)
      It = W.Vars.count(It->first) || (It->first->hasGlobalStorage() && W.Unknown) ? Env.erase(It)
                                                                                 : std::next(It);
  }

  bool expr(const Expr *E) {
    if (!E)
      return true;
    E = E->IgnoreParens();
    std::vector<const Expr *> Idx;
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp()) {
      if (!expr(B->getRHS()))
        return false;
      if (element(B->getLHS(), Idx)) {
        if (B->isCompoundAssignmentOp() ? !read(Idx, B->getLHS()) : !readIndices(Idx))
          return false;
        write(Idx);
        return true;
      }
      if (const VarDecl *V = refVar(B->getLHS())) {
        std::optional<Poly> P;
        if (B->getOpcode() == BO_Assign && V->getType()->isIntegerType() &&
            !V->getType().isVolatileQualified() && !V->hasGlobalStorage())
          P = poly(B->getRHS());
        Env.erase(V);
        if (P && !P->mentions(V->getNameAsString()))
          Env.emplace(V, *P);
        return true;
      }
      return expr(B->getLHS());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
      if (element(U->getSubExpr(), Idx)) {
        if (!read(Idx, U->getSubExpr()))
          return false;
        write(Idx);
        return true;
      }
      if (const VarDecl *V = refVar(U->getSubExpr())) {
        Env.erase(V);
        return true;
      }
      return expr(U->getSubExpr());
    }
    if (element(E, Idx))
      return read(Idx, E);
    if (const auto *D = dyn_cast<DeclRefExpr>(E); D && D->getDecl() == A)
      return fail("'" + A->getNameAsString() + "' is used other than through element subscripts");
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      for (const Expr *Arg : C->arguments())
        if (!expr(Arg))
          return false;
      forget(C);
      return true;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp()) {
      // `c && (a[i] = 1)`: the right side may not run; what it writes is
      // not written.
      if (!expr(B->getLHS()) || !maybe([&] { return expr(B->getRHS()); }))
        return false;
      forget(B->getRHS());
      return true;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      if (!expr(CO->getCond()) || !maybe([&] { return expr(CO->getTrueExpr()); }) ||
          !maybe([&] { return expr(CO->getFalseExpr()); }))
        return false;
      forget(CO);
      return true;
    }
    for (const Stmt *C : E->children())
      if (const auto *X = dyn_cast_or_null<Expr>(C); X && !expr(X))
        return false;
    return true;
  }
  /// Runs what may not run (a branch, the right side of &&): its reads are
  /// checked, what it writes is not kept, nor what it assigns to scalars.
  bool maybe(const std::function<bool()> &Run) {
    size_t N = Written.size();
    std::map<const VarDecl *, Poly> Before = Env;
    if (!Run())
      return false;
    Written.resize(N);
    Env = std::move(Before);
    return true;
  }
  bool readIndices(const std::vector<const Expr *> &Idx) {
    for (const Expr *I : Idx)
      if (!expr(I))
        return false;
    return true;
  }

  bool stmt(const Stmt *S) {
    if (!S || isa<NullStmt>(S))
      return true;
    if (const auto *E = dyn_cast<Expr>(S))
      return expr(E);
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *X : CS->body())
        if (!stmt(X))
          return false;
      return true;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->getInit() && !expr(V->getInit()))
            return false;
          Env.erase(V);
          if (V->getInit() && V->getType()->isIntegerType() && !V->isStaticLocal() &&
              !V->getType().isVolatileQualified())
            if (std::optional<Poly> P = poly(V->getInit()))
              Env.emplace(V, *P);
        }
      return true;
    }
    if (const auto *F = dyn_cast<ForStmt>(S))
      return forLoop(F, /*Top=*/false);
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable())
        return mentionsA(If) ? fail("an if with an initialization uses '" +
                                    A->getNameAsString() + "'")
                             : (forget(If), true);
      if (!expr(If->getCond()) || !maybe([&] { return stmt(If->getThen()); }) ||
          !maybe([&] { return stmt(If->getElse()); }))
        return false;
      forget(If);
      return true;
    }
    if (hasJumpsOrLabels(S) || mentionsA(S))
      return fail("'" + A->getNameAsString() + "' is used in a statement the ranges do not "
                  "follow (a while, do, switch or jump)");
    forget(S);
    return true;
  }

  /// A canonical for loop: its body runs with its variable a symbol in
  /// its range; what it writes at `v + c` becomes the range of v, valid
  /// when it runs. Top: the loop being tested (its iteration only).
  bool forLoop(const ForStmt *F, bool Top) {
    const VarDecl *IV = nullptr;
    const Expr *Start = nullptr;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(F->getInit());
        B && B->getOpcode() == BO_Assign) {
      IV = refVar(B->getLHS());
      Start = B->getRHS();
      if (!Top && !expr(Start))
        return false;
    } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
               DS && DS->isSingleDecl()) {
      IV = dyn_cast<VarDecl>(DS->getSingleDecl());
      Start = IV ? IV->getInit() : nullptr;
    }
    int Step = 0;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(F->getInc());
        U && IV && refVar(U->getSubExpr()) == IV)
      Step = U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
    bool BodyWritesIV = IV && writesOf(F->getBody(), Fn).Vars.count(IV);
    std::optional<Poly> Lo, Hi;
    // The body may change what the bounds read: then they are not ranges.
    forget(F->getBody());
    if (IV && Start && Cond && Step != 0 && !BodyWritesIV && refVar(Cond->getLHS()) == IV &&
        !mentionsA(F->getCond()) && !mentionsA(F->getInit()) && !mentionsA(F->getInc())) {
      std::optional<Poly> S = poly(Start), L = poly(Cond->getRHS());
      BinaryOperatorKind Op = Cond->getOpcode();
      if (S && L) {
        if (Step > 0 && Op == BO_LT) { Lo = S; Hi = *L - Poly::constant(1); }
        else if (Step > 0 && Op == BO_LE) { Lo = S; Hi = L; }
        else if (Step < 0 && Op == BO_GT) { Hi = S; Lo = *L + Poly::constant(1); }
        else if (Step < 0 && Op == BO_GE) { Hi = S; Lo = L; }
      }
    }
    if (!Lo && Top && IV) {
      Lo = Poly::symbol("@" + IV->getNameAsString() + "#lo");
      Hi = Poly::symbol("@" + IV->getNameAsString() + "#hi");
    }
    if (!Lo) {
      if (mentionsA(F->getBody()))
        return fail("'" + A->getNameAsString() + "' is used in a loop whose range is not "
                    "an affine function of invariants (for (i = lo; i < hi; i++))");
      forget(F);
      return true;
    }
    std::string Sym = "@" + IV->getNameAsString() + "#" + std::to_string(LoopCount++);
    Poly V = Poly::symbol(Sym);
    size_t AssumedBefore = Assume.size();
    assume(V - *Lo);
    assume(*Hi - V);
    Env.erase(IV);
    Env.emplace(IV, V);
    size_t N = Written.size();
    bool Ok = stmt(F->getBody());
    unassume(AssumedBefore);
    Env.erase(IV);
    if (!Ok || Top)
      return Ok;
    // Over all its iterations: boxes at v + c become ranges of v.
    std::vector<Box> Kept(Written.begin(), Written.begin() + static_cast<long>(N));
    for (size_t K = N; K < Written.size(); ++K) {
      Box B = Written[K];
      bool Keep = true;
      for (const Poly &C : B.Conds)
        Keep &= !C.mentions(Sym);
      for (size_t D = 0; D < B.Lo.size() && Keep; ++D) {
        if (!B.Lo[D].mentions(Sym) && !B.Hi[D].mentions(Sym))
          continue;
        std::optional<Poly> CL = B.Lo[D].coefficientOf(Sym), CH = B.Hi[D].coefficientOf(Sym);
        if (!CL || !CH || *CL != Poly::constant(1) || *CH != Poly::constant(1)) {
          Keep = false;
          break;
        }
        B.Lo[D] = B.Lo[D].substitute(Sym, *Lo);
        B.Hi[D] = B.Hi[D].substitute(Sym, *Hi);
      }
      if (!Keep)
        continue;
      B.Conds.push_back(*Hi - *Lo);
      Kept.push_back(std::move(B));
    }
    Written = std::move(Kept);
    return true;
  }
};

} // namespace

bool iterationWritesFirst(const RangeQuery &Q, std::vector<Poly> &Guards, std::string &Why) {
  RangeRun R(Q.Ctx, Q.In, Q.Home, Q.A, Q.Loop, Q.InWrites, Guards, Q.At, Q.Fixed, Q.Users);
  return R.run(Why);
}

} // namespace ompm
