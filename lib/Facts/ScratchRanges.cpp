//===- ScratchRanges.cpp - Scratch arrays covered by ranges ---------------===//
#include "Facts/ScratchRanges.h"
#include "Analysis/AstQueries.h"
#include "Analysis/PrivateArrays.h"
#include "Facts/Directives.h"
#include "Facts/Feasibility.h"
#include "Facts/Regions.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <optional>
#include <set>

using namespace clang;

namespace ompm {

/// What a statement (and the functions of the file it calls) may write:
/// variables, and whether some write lands where it cannot be told
/// (through a pointer that is no parameter bound to a named array, or in
/// a function with no body in the file that is not a pure library one).
struct ScratchWrites {
  llvm::DenseSet<const VarDecl *> Vars;
  bool Unknown = false;
  bool CallsFn = false; ///< reaches the function being analysed
  /// The functions of the file it reaches (canonical declarations).
  std::set<const FunctionDecl *> Reached;
};

namespace {

const VarDecl *refVar(const Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

/// The variable an lvalue's storage belongs to: `a[i][j]` and `a` give a;
/// `*p`, `p[i]` give p (a pointer: the storage is elsewhere, Through set).
const VarDecl *storageOf(const Expr *E, bool &Through) {
  Through = false;
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = AS->getBase()->IgnoreParenImpCasts();
      if (!B->getType()->isArrayType() && !isa<ArraySubscriptExpr>(B) &&
          !(isa<DeclRefExpr>(B) && cast<DeclRefExpr>(B)->getDecl()->getType()->isArrayType()))
        Through = true;
      E = B;
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      Through = true;
      E = U->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      Through |= M->isArrow();
      E = M->getBase()->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  return refVar(E);
}


void collectWrites(const Stmt *S, const FunctionDecl *Self,
                   const std::map<const ParmVarDecl *, const VarDecl *> &Params, ScratchWrites &W,
                   std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return;
  if (const Expr *T = writtenLValue(S)) {
    bool Through = false;
    const VarDecl *V = storageOf(T, Through);
    if (!V) {
      W.Unknown = true;
    } else if (Through || (isa<UnaryOperator>(S) &&
                           cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf &&
                           V->getType()->isPointerType())) {
      // Through a pointer: a parameter bound to a named array writes it.
      const auto *P = dyn_cast<ParmVarDecl>(V);
      auto It = P ? Params.find(P) : Params.end();
      if (It != Params.end() && It->second)
        W.Vars.insert(It->second);
      else
        W.Unknown = true;
    } else {
      W.Vars.insert(V);
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def) {
      if (Def->getCanonicalDecl() == Self->getCanonicalDecl())
        W.CallsFn = true;
      W.Reached.insert(Def->getCanonicalDecl());
      // Its pointer parameters, bound to what the call passes when that
      // is a named array (`dtemp`, `&a[0]`): their writes are its writes.
      std::map<const ParmVarDecl *, const VarDecl *> Bound;
      for (unsigned I = 0; I < C->getNumArgs() && I < Def->getNumParams(); ++I) {
        const ParmVarDecl *P = Def->getParamDecl(I);
        if (!P->getType()->isPointerType())
          continue;
        const Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
        if (const auto *U = dyn_cast<UnaryOperator>(Arg); U && U->getOpcode() == UO_AddrOf)
          Arg = U->getSubExpr()->IgnoreParenImpCasts();
        while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Arg))
          Arg = AS->getBase()->IgnoreParenImpCasts();
        const VarDecl *V = refVar(Arg);
        if (V && V->getType()->isArrayType())
          Bound[P] = V;
        else if (const auto *PP = dyn_cast_or_null<ParmVarDecl>(V); PP && Params.count(PP))
          Bound[P] = Params.at(PP);
        else
          Bound[P] = nullptr;
      }
      if (Seen.insert(Def).second || !Bound.empty())
        collectWrites(Def->getBody(), Self, Bound, W, Seen);
    } else if (!FD || !isPureFunction(FD->getName())) {
      W.Unknown = true;
    }
  }
  for (const Stmt *C : S->children())
    collectWrites(C, Self, Params, W, Seen);
}

ScratchWrites writesOf(const Stmt *S, const FunctionDecl *Self) {
  ScratchWrites W;
  std::set<const FunctionDecl *> Seen;
  collectWrites(S, Self, {}, W, Seen);
  return W;
}

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
  bool mentionsA(const Stmt *S) const {
    if (!S)
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A)
      return true;
    for (const Stmt *C : S->children())
      if (mentionsA(C))
        return true;
    return false;
  }
  void assume(const Poly &P) {
    if (std::optional<LinearConstraint> C = linearNonNegative(P))
      Assume.push_back(*C);
  }
  /// Whether P >= 0 follows from what is assumed.
  bool proves(const Poly &P) const {
    if (std::optional<int64_t> K = P.constantValue())
      return *K >= 0;
    std::optional<LinearConstraint> Neg = linearNonNegative(P.scaled(-1) - Poly::constant(1));
    if (!Neg)
      return false;
    std::vector<LinearConstraint> System = Assume;
    System.push_back(*Neg);
    return provedInfeasible(std::move(System), 400);
  }
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
    std::set<const FunctionDecl *> Seen;
    ScratchWrites W;
    collectWrites(S, Fn, {}, W, Seen);
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
    Assume.resize(AssumedBefore);
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

namespace {

/// Whether a call in S may run Fn: a function of the file whose body may,
/// an indirect call, or a function the file does not define when Fn can
/// be called from elsewhere (external linkage, or its address taken).
bool mayReach(const Stmt *S, const FunctionDecl *Fn, bool Escapes,
              std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD)
      return true;
    if (FD->getCanonicalDecl() == Fn->getCanonicalDecl())
      return true;
    if (FD->hasBody(Def) && Def) {
      if (Seen.insert(Def).second && mayReach(Def->getBody(), Fn, Escapes, Seen))
        return true;
    } else if (Escapes && !isPureFunction(FD->getName())) {
      // A C library function calls back only through a function pointer
      // it is given (qsort, atexit).
      bool Callback = !inSystemHeader(FD);
      for (const Expr *Arg : C->arguments()) {
        QualType T = Arg->IgnoreParenImpCasts()->getType();
        Callback |= T->isFunctionPointerType() || T->isFunctionType();
      }
      if (Callback)
        return true;
    }
  }
  for (const Stmt *X : S->children())
    if (mayReach(X, Fn, Escapes, Seen))
      return true;
  return false;
}

} // namespace

bool ScratchRanges::fixedForProgram(const VarDecl *V) {
  auto [It, New] = Fixed.try_emplace(V, false);
  if (!New)
    return It->second;
  if (V->getType().isConstQualified() && V->hasInit())
    return It->second = true;
  // A variable of this file alone (static, at file scope) ...
  if (!V->hasGlobalStorage() || V->isStaticLocal() || V->getStorageClass() != SC_Static ||
      !V->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
      V->getType().isVolatileQualified())
    return false;
  const FunctionDecl *Main = nullptr;
  bool Escapes = Fn->isExternallyVisible();
  std::vector<std::pair<const FunctionDecl *, const Stmt *>> Writes;
  bool Ok = true;
  // `fscanf(fp, "%d", &grid_points[0])`: a C library function that writes
  // through its arguments during the call and keeps no pointer: a write at
  // the call.
  auto WritesDuringCall = [](const CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    return FD && inSystemHeader(FD) &&
           llvm::is_contained({"scanf", "fscanf", "sscanf", "fread", "fgets", "memcpy",
                               "memmove", "memset", "strcpy", "strncpy", "sprintf",
                               "snprintf"},
                              FD->getName());
  };
  auto ArgNames = [&](const Expr *Arg) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    return refVar(E) == V;
  };
  std::function<void(const Stmt *, const FunctionDecl *)> Walk = [&](const Stmt *S,
                                                                    const FunctionDecl *In) {
    if (!S || !Ok)
      return;
    if (const auto *C = dyn_cast<CallExpr>(S); C && WritesDuringCall(C)) {
      for (const Expr *Arg : C->arguments()) {
        if (ArgNames(Arg))
          Writes.push_back({In, C});
        else
          Walk(Arg, In);
      }
      return;
    }
    if (const Expr *T = writtenLValue(S)) {
      bool Through = false;
      if (storageOf(T, Through) == V) {
        if (Through || (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf))
          Ok = false; // its address taken: written who knows where
        Writes.push_back({In, S});
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf)
      if (const auto *D = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
          D && D->getDecl() == Fn)
        Escapes = true;
    for (const Stmt *C : S->children())
      Walk(C, In);
  };
  // An array used other than through subscripts escapes.
  std::function<bool(const Stmt *)> ArrayEscapes = [&](const Stmt *S) -> bool {
    if (!S)
      return false;
    if (const auto *C = dyn_cast<CallExpr>(S); C && WritesDuringCall(C)) {
      for (const Expr *Arg : C->arguments())
        if (!ArgNames(Arg) && ArrayEscapes(Arg))
          return true;
      return false;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      const Expr *E = AS;
      std::vector<const Expr *> Idx;
      while (const auto *X = dyn_cast<ArraySubscriptExpr>(E)) {
        Idx.push_back(X->getIdx());
        E = X->getBase()->IgnoreParenImpCasts();
      }
      if (refVar(E) == V) {
        for (const Expr *I : Idx)
          if (ArrayEscapes(I))
            return true;
        return false;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V)
      return V->getType()->isArrayType();
    for (const Stmt *C : S->children())
      if (ArrayEscapes(C))
        return true;
    return false;
  };
  std::function<void(const DeclContext *)> Scan = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->doesThisDeclarationHaveABody()) {
        if (FD->isMain())
          Main = FD;
        Walk(FD->getBody(), FD);
        Ok &= !ArrayEscapes(FD->getBody());
      } else if (const auto *G = dyn_cast<VarDecl>(D); G && G->getInit()) {
        Ok &= !ArrayEscapes(G->getInit());
        Walk(G->getInit(), nullptr);
      }
      if (const auto *Inner = dyn_cast<DeclContext>(D); Inner && !isa<FunctionDecl>(D))
        Scan(Inner);
    }
  };
  Scan(Ctx.getTranslationUnitDecl());
  if (!Ok)
    return false;
  if (Writes.empty())
    return It->second = true;
  // ... written only by main's own statements, all before the first of
  // them that may run the function (NPB: grid_points set from the problem
  // size at the top of main): every run of the loop sees one value.
  if (!Main || Main == Fn)
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Main->getBody());
  if (!Body)
    return false;
  auto Within = [](const Stmt *X, const Stmt *Root) {
    std::function<bool(const Stmt *)> F = [&](const Stmt *S) {
      if (S == X)
        return true;
      for (const Stmt *C : S->children())
        if (C && F(C))
          return true;
      return false;
    };
    return F(Root);
  };
  size_t Done = 0;
  for (const Stmt *Top : Body->body()) {
    size_t Here = 0;
    for (const auto &[In, W] : Writes)
      if (In == Main && Within(W, Top))
        ++Here;
    std::set<const FunctionDecl *> Seen;
    if (mayReach(Top, Fn, Escapes, Seen))
      return false; // a write after it, or in the same statement
    Done += Here;
    if (Done == Writes.size())
      return It->second = true;
  }
  return false;
}

bool ScratchRanges::isCandidate(const VarDecl *A) {
  auto [It, New] = Candidates.try_emplace(A, false);
  if (!New)
    return It->second;
  QualType Elem;
  uint64_t N = arithmeticElements(A->getType(), Ctx, &Elem);
  if (N == 0 || N > MaxPrivateArrayElements || A->getType().isVolatileQualified() ||
      isa<ParmVarDecl>(A))
    return false;
  // C only: a C++ reference to an element would write it unseen.
  if (Ctx.getLangOpts().CPlusPlus)
    return false;
  bool Local = A->hasLocalStorage();
  bool FileStatic = A->hasGlobalStorage() && !A->isStaticLocal() &&
                    A->getStorageClass() == SC_Static &&
                    A->getDeclContext()->getRedeclContext()->isTranslationUnit();
  if (!Local && !FileStatic)
    return false;
  // Every reference in the function a full element subscript.
  unsigned Rank = 0;
  for (QualType T = A->getType(); const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T);
       T = CA->getElementType())
    ++Rank;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    // `&a[i][j]`: an element's address lets it be written unseen.
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf) {
      const Expr *E = U->getSubExpr()->IgnoreParenImpCasts();
      while (const auto *X = dyn_cast<ArraySubscriptExpr>(E))
        E = X->getBase()->IgnoreParenImpCasts();
      if (refVar(E) == A) {
        Ok = false;
        return;
      }
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      const Expr *E = AS;
      std::vector<const Expr *> Idx;
      while (const auto *X = dyn_cast<ArraySubscriptExpr>(E)) {
        Idx.push_back(X->getIdx());
        E = X->getBase()->IgnoreParenImpCasts();
      }
      if (refVar(E) == A) {
        if (Idx.size() != Rank)
          Ok = false;
        for (const Expr *I : Idx)
          Walk(I);
        return;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A)
      Ok = false;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  // A file's static array: no initializer mentions it, and the other
  // functions that do use it through element subscripts too (their loops
  // must not read what the loop leaves in it: whyNotPrivate).
  std::set<const FunctionDecl *> &UsedBy = Users[A];
  if (Ok && FileStatic) {
    std::function<bool(const Stmt *)> Mentions = [&](const Stmt *S) {
      if (!S)
        return false;
      if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A)
        return true;
      for (const Stmt *C : S->children())
        if (Mentions(C))
          return true;
      return false;
    };
    std::function<void(const DeclContext *)> Scan = [&](const DeclContext *DC) {
      for (const Decl *D : DC->decls()) {
        if (!Ok)
          return;
        if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
          if (FD->doesThisDeclarationHaveABody() &&
              FD->getCanonicalDecl() != Fn->getCanonicalDecl() && Mentions(FD->getBody())) {
            UsedBy.insert(FD);
            Walk(FD->getBody());
          }
        } else if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->getInit() && Mentions(V->getInit()))
            Ok = false;
        }
        if (const auto *Inner = dyn_cast<DeclContext>(D); Inner && !isa<FunctionDecl>(D))
          Scan(Inner);
      }
    };
    Scan(Ctx.getTranslationUnitDecl());
  }
  It->second = Ok;
  return Ok;
}

bool ScratchRanges::iterationLocal(const ForStmt *Loop, const VarDecl *A,
                                   std::vector<Poly> &Guards, std::string &Why,
                                   SourceLocation At, const FunctionDecl *In) {
  // Once per loop and array (the loops of a function ask about each other):
  // its own guards, joined to the caller's.
  auto [It, New] = Runs.try_emplace(std::make_pair(Loop, A));
  RunResult &R = It->second;
  if (New) {
    std::shared_ptr<ScratchWrites> &W = FnWrites[In];
    if (!W)
      W = std::make_shared<ScratchWrites>(writesOf(In->getBody(), In));
    RangeRun Run(Ctx, In, Fn, A, Loop, *W, R.Guards, At,
                 [this](const VarDecl *V) { return fixedForProgram(V); }, Users[A]);
    R.Local = Run.run(R.Why);
  }
  Why = R.Why;
  for (const Poly &G : R.Guards)
    if (!llvm::is_contained(Guards, G))
      Guards.push_back(G);
  return R.Local;
}

std::string ScratchRanges::whyNotPrivate(const ForStmt *Loop, const VarDecl *A,
                                         std::vector<Poly> &Guards) {
  if (!isCandidate(A))
    return "'" + A->getNameAsString() + "' is not a scratch array the ranges follow";
  std::vector<Poly> G;
  std::string Why;
  // A guard goes before the loop; a local it reads must be declared
  // before the function's first statement that is no declaration (the
  // same for every loop of the function, which share their answers).
  SourceLocation At = Fn->getBody()->getEndLoc();
  if (const auto *Body = dyn_cast<CompoundStmt>(Fn->getBody()))
    for (const Stmt *X : Body->body())
      if (!isa<DeclStmt>(X)) {
        At = X->getBeginLoc();
        break;
      }
  if (!iterationLocal(Loop, A, G, Why, At, Fn))
    return Why;
  // What the loop leaves in it: every other reference lies in a loop, not
  // around this one, whose iterations also write what they read of it
  // first (under guards that join this loop's).
  std::set<const ForStmt *> Checked;
  std::function<bool(const Stmt *)> Others = [&](const Stmt *S) -> bool {
    if (!S || S == Loop)
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A) {
      // The outermost loop around the reference that is not around Loop.
      const ForStmt *Best = nullptr;
      for (const Stmt *Up = PM.getParent(S); Up; Up = PM.getParent(Up))
        if (const auto *F = dyn_cast<ForStmt>(Up)) {
          bool Around = false;
          for (const Stmt *X = PM.getParent(Loop); X; X = PM.getParent(X))
            Around |= X == F;
          if (Around)
            break;
          Best = F;
        }
      if (!Best) {
        Why = "'" + A->getNameAsString() + "' is used outside a loop after or before this one, "
              "where what the loop leaves in it may be read";
        return false;
      }
      if (Checked.insert(Best).second) {
        std::string W;
        if (!iterationLocal(Best, A, G, W, At, Fn)) {
          Why = "'" + A->getNameAsString() + "' may be read outside the loop, where what its "
                "iterations leave in it would be wanted (the loop at line " +
                std::to_string(Ctx.getSourceManager().getPresumedLineNumber(Best->getBeginLoc())) +
                ": " + W + ")";
          return false;
        }
      }
      return true;
    }
    for (const Stmt *C : S->children())
      if (!Others(C))
        return false;
    return true;
  };
  if (!Others(Fn->getBody()))
    return Why;
  // In the other functions that use it (NPB SP's lhsx, lhsy, lhsz share
  // cv and rhon), every reference in a loop whose iterations write what
  // they read of it first.
  for (const FunctionDecl *U : Users[A]) {
    ParentMap UPM(const_cast<Stmt *>(U->getBody()));
    std::set<const ForStmt *> Done;
    std::function<bool(const Stmt *)> Uses = [&](const Stmt *S) -> bool {
      if (!S)
        return true;
      if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A) {
        const ForStmt *Best = nullptr;
        for (const Stmt *Up = UPM.getParent(S); Up; Up = UPM.getParent(Up))
          if (const auto *F = dyn_cast<ForStmt>(Up))
            Best = F;
        std::string W;
        if (!Best || (Done.insert(Best).second &&
                      !iterationLocal(Best, A, G, W, At, U))) {
          Why = "'" + A->getNameAsString() + "' is also used by '" + U->getNameAsString() +
                "', " +
                (Best ? "in a loop that may read what another left in it (line " +
                            std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                                Best->getBeginLoc())) +
                            ": " + W + ")"
                      : std::string("outside a loop"));
          return false;
        }
        return true;
      }
      for (const Stmt *C : S->children())
        if (!Uses(C))
          return false;
      return true;
    };
    if (!Uses(U->getBody()))
      return Why;
  }
  // The guards, less those the others imply: each is dropped when the
  // ones kept so far and the ones after it imply it.
  std::vector<Poly> Kept;
  for (size_t I = 0; I < G.size(); ++I) {
    std::vector<LinearConstraint> System;
    for (const Poly &K : Kept)
      if (std::optional<LinearConstraint> C = linearNonNegative(K))
        System.push_back(*C);
    for (size_t J = I + 1; J < G.size(); ++J)
      if (std::optional<LinearConstraint> C = linearNonNegative(G[J]))
        System.push_back(*C);
    std::optional<LinearConstraint> Neg = linearNonNegative(G[I].scaled(-1) - Poly::constant(1));
    bool Implied = false;
    if (Neg && !System.empty()) {
      System.push_back(*Neg);
      Implied = provedInfeasible(std::move(System), 400);
    }
    if (!Implied && !llvm::is_contained(Kept, G[I]))
      Kept.push_back(G[I]);
  }
  for (const Poly &P : Kept)
    if (!llvm::is_contained(Guards, P))
      Guards.push_back(P);
  return "";
}

} // namespace ompm
