//===- Scalars.cpp - How a loop uses a scalar declared outside it --------===//
#include "Facts/Scalars.h"
#include "Facts/StmtWalk.h"
#include "Analysis/Liveness.h"
#include "clang/AST/ParentMap.h"
#include "Facts/Directives.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>

using namespace clang;

namespace ompm {
namespace {

const Expr *strip(const Expr *E) { return E->IgnoreParenImpCasts(); }

/// E names V: `v`, or `this->v` for a member.
bool isRef(const Expr *E, const ValueDecl *V) {
  E = strip(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl() == V;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl() == V &&
           isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
  return false;
}

/// The variable a loop body's scalar is classified for, with where the
/// body references it: the statements on a path from the body down to a
/// reference (sizeof's operands included), found in one walk. A walk
/// looking for what is done to V need not go down anywhere else. The same
/// walk notes whether the body has a label.
class Target {
public:
  Target(const Stmt *Body, const ValueDecl *V) : Decl(V) { mark(Body); }
  operator const ValueDecl *() const { return Decl; }
  const ValueDecl *operator->() const { return Decl; }
  /// Whether S or a statement under it references V.
  bool reaches(const Stmt *S) const { return On.contains(S); }
  bool HasLabel = false;

private:
  bool mark(const Stmt *S) {
    if (!S)
      return false;
    HasLabel |= isa<LabelStmt>(S) || isa<SwitchCase>(S);
    bool Found = false;
    if (const auto *E = dyn_cast<Expr>(S))
      Found = (isa<DeclRefExpr>(S) || isa<MemberExpr>(S)) && isRef(E, Decl);
    for (const Stmt *C : S->children())
      Found |= mark(C);
    if (Found)
      On.insert(S);
    return Found;
  }
  const ValueDecl *Decl;
  llvm::DenseSet<const Stmt *> On;
};

/// The references to V in S (sizeof and friends read nothing).
unsigned countRefs(const Stmt *S, const Target &V) {
  if (!S || isa<UnaryExprOrTypeTraitExpr>(S) || !V.reaches(S))
    return 0;
  if (const auto *E = dyn_cast<Expr>(S); E && isRef(E, V) &&
      (isa<DeclRefExpr>(S) || isa<MemberExpr>(S)))
    return 1;
  unsigned N = 0;
  for (const Stmt *C : S->children())
    N += countRefs(C, V);
  return N;
}

bool mentions(const Expr *E, const Target &V) { return countRefs(E, V) > 0; }

/// The reduction operator of a compound assignment.
llvm::StringRef compoundOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_AddAssign: case BO_SubAssign: return "+";
  case BO_MulAssign: return "*";
  case BO_AndAssign: return "&";
  case BO_OrAssign: return "|";
  case BO_XorAssign: return "^";
  default: return "";
  }
}

/// The reduction operator of `v = v op e` (and `v = e op v` when op
/// commutes; `v = v - e` adds).
llvm::StringRef binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_Sub: return "+";
  case BO_Mul: return "*";
  case BO_And: return "&";
  case BO_Or: return "|";
  case BO_Xor: return "^";
  case BO_LAnd: return "&&";
  case BO_LOr: return "||";
  default: return "";
  }
}

/// "max" or "min" for a call of a maximum or minimum function.
llvm::StringRef minMaxCall(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || C->getNumArgs() != 2)
    return "";
  std::string N = F->getQualifiedNameAsString();
  return llvm::StringSwitch<llvm::StringRef>(N)
      .Cases({"fmax", "fmaxf", "fmaxl", "max", "std::max", "std::fmax"}, "max")
      .Cases({"fmin", "fminf", "fminl", "min", "std::min", "std::fmin"}, "min")
      .Default("");
}

/// The same expression, with no side effects (it is evaluated twice).
bool same(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  if (A->HasSideEffects(Ctx) || B->HasSideEffects(Ctx))
    return false;
  llvm::FoldingSetNodeID IA, IB;
  strip(A)->Profile(IA, Ctx, /*Canonical=*/true);
  strip(B)->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// For a comparison `A op B` between V and an expression E that does not
/// mention V: whether the comparison is true when E is the larger (E > V
/// or V < E), the smaller, or neither form.
enum class Order { Larger, Smaller, None };
Order comparisonOrder(const Expr *Cond, const Target &V, const Expr *&E) {
  const auto *B = dyn_cast<BinaryOperator>(strip(Cond));
  if (!B)
    return Order::None;
  bool Gt = B->getOpcode() == BO_GT || B->getOpcode() == BO_GE;
  bool Lt = B->getOpcode() == BO_LT || B->getOpcode() == BO_LE;
  if (!Gt && !Lt)
    return Order::None;
  if (isRef(B->getRHS(), V) && !mentions(B->getLHS(), V)) {
    E = B->getLHS(); // E > V: true when E is larger
    return Gt ? Order::Larger : Order::Smaller;
  }
  if (isRef(B->getLHS(), V) && !mentions(B->getRHS(), V)) {
    E = B->getRHS(); // V < E: true when E is larger
    return Lt ? Order::Larger : Order::Smaller;
  }
  return Order::None;
}

/// One update of V by a reduction operator: the operator and the number of
/// references to V it accounts for. Op empty when S is no such update.
struct Update {
  std::string Op;
  unsigned Refs = 0;
};

Update reductionUpdate(const Stmt *S, const Target &V, const ASTContext &Ctx) {
  // v++, --v: a sum (of 1 or -1 each time), when v is arithmetic (a
  // pointer steps by its element size).
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() && isRef(U->getSubExpr(), V) &&
      V->getType()->isArithmeticType())
    return {"+", 1};
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(S)) {
    llvm::StringRef Op = compoundOp(CA->getOpcode());
    if (!Op.empty() && isRef(CA->getLHS(), V) && !mentions(CA->getRHS(), V))
      return {Op.str(), 1};
    return {};
  }
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    // if (e > v) v = e;   if (e < v) v = e;
    if (IS->getElse() || IS->getInit() || IS->getConditionVariable())
      return {};
    const Stmt *Then = IS->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    const auto *A = dyn_cast<BinaryOperator>(Then);
    const Expr *E = nullptr;
    Order O = comparisonOrder(IS->getCond(), V, E);
    if (!A || A->getOpcode() != BO_Assign || !isRef(A->getLHS(), V) ||
        O == Order::None || !same(A->getRHS(), E, Ctx))
      return {};
    return {O == Order::Larger ? "max" : "min", 2};
  }
  const auto *A = dyn_cast<BinaryOperator>(S);
  if (!A || A->getOpcode() != BO_Assign || !isRef(A->getLHS(), V))
    return {};
  const Expr *RHS = strip(A->getRHS());
  if (const auto *B = dyn_cast<BinaryOperator>(RHS)) {
    llvm::StringRef Op = binaryOp(B->getOpcode());
    if (Op.empty())
      return {};
    if (isRef(B->getLHS(), V) && !mentions(B->getRHS(), V))
      return {Op.str(), 2};
    if (B->getOpcode() != BO_Sub && isRef(B->getRHS(), V) && !mentions(B->getLHS(), V))
      return {Op.str(), 2};
    return {};
  }
  if (const auto *C = dyn_cast<CallExpr>(RHS)) {
    llvm::StringRef Op = minMaxCall(C);
    if (Op.empty())
      return {};
    const Expr *X = C->getArg(0), *Y = C->getArg(1);
    if ((isRef(X, V) && !mentions(Y, V)) || (isRef(Y, V) && !mentions(X, V)))
      return {Op.str(), 2};
    return {};
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(RHS)) {
    // v = e > v ? e : v   (max), v = e < v ? e : v   (min), and the mirror
    // forms that pick v when the comparison holds.
    const Expr *E = nullptr;
    Order O = comparisonOrder(CO->getCond(), V, E);
    if (O == Order::None)
      return {};
    bool PicksE = same(CO->getTrueExpr(), E, Ctx) && isRef(CO->getFalseExpr(), V);
    bool PicksV = isRef(CO->getTrueExpr(), V) && same(CO->getFalseExpr(), E, Ctx);
    if (!PicksE && !PicksV)
      return {};
    bool Max = (O == Order::Larger) == PicksE;
    return {Max ? "max" : "min", 3};
  }
  return {};
}

/// Whether the child C of P is evaluated for its effects only (a statement
/// of a block, a loop's increment, the left side of a comma), when P's own
/// value is discarded if P is an expression. `tmp[t++]` reads the value of
/// `t++`: an update whose value is used is no reduction.
bool valueDiscarded(const Stmt *P, const Stmt *C, bool PDiscarded) {
  if (isa<CompoundStmt>(P) || isa<LabelStmt>(P) || isa<AttributedStmt>(P) ||
      isa<DefaultStmt>(P))
    return true;
  if (const auto *CS = dyn_cast<CaseStmt>(P))
    return C == CS->getSubStmt();
  if (const auto *If = dyn_cast<IfStmt>(P))
    return C == If->getThen() || C == If->getElse() || C == If->getInit();
  if (const auto *F = dyn_cast<ForStmt>(P))
    return C == F->getInit() || C == F->getInc() || C == F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(P))
    return C == W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(P))
    return C == D->getBody();
  if (const auto *Sw = dyn_cast<SwitchStmt>(P))
    return C == Sw->getBody() || C == Sw->getInit();
  if (isa<OpenACCAssociatedStmtConstruct>(P)) // its one child: the statement
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->getOpcode() == BO_Comma)
    return C == B->getLHS() || PDiscarded;
  if (isa<ParenExpr>(P) || isa<FullExpr>(P))
    return PDiscarded;
  if (const auto *Cast = dyn_cast<CStyleCastExpr>(P))
    return PDiscarded || Cast->getType()->isVoidType();
  return false;
}

bool isReduction(const Stmt *Body, const Target &V, std::string &Op,
                 const ASTContext &Ctx, const Stmt **ValueUsed = nullptr) {
  unsigned Accounted = 0;
  bool Mixed = false;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool Discarded) {
    if (!S || !V.reaches(S))
      return;
    Update U = reductionUpdate(S, V, Ctx);
    if (!U.Op.empty()) {
      Mixed |= (!Op.empty() && Op != U.Op) || !Discarded;
      if (!Discarded && ValueUsed && !*ValueUsed)
        *ValueUsed = S;
      Op = U.Op;
      Accounted += U.Refs;
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C, valueDiscarded(S, C, Discarded));
  };
  Walk(Body, true);
  return !Op.empty() && !Mixed && Accounted == countRefs(Body, V);
}

/// Every reference to V is `v = C` with one constant C.
bool isSharedFlag(const Stmt *Body, const Target &V, ASTContext &Ctx) {
  unsigned Sets = 0;
  bool Same = true;
  std::optional<llvm::APSInt> Value;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !V.reaches(S))
      return;
    if (const auto *A = dyn_cast<BinaryOperator>(S);
        A && A->getOpcode() == BO_Assign && isRef(A->getLHS(), V)) {
      Expr::EvalResult R;
      if (!A->getRHS()->EvaluateAsInt(R, Ctx)) {
        Same = false;
        return;
      }
      llvm::APSInt X = R.Val.getInt();
      if (Value && llvm::APSInt::compareValues(*Value, X) != 0)
        Same = false;
      Value = X;
      ++Sets;
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Same && Sets > 0 && Sets == countRefs(Body, V);
}

/// What a statement list does with V before any read of it, read from the
/// top: nothing (no mention), a read that may see the value of the
/// iteration before (Exposed), every read preceded by an assignment on its
/// path but V possibly left unassigned (Covered: a loop that may run no
/// iteration, an `if` that assigns it in one branch), or V assigned on every
/// path before any read (Assigned).
enum class FirstUse { None, Exposed, Covered, Assigned };

FirstUse firstUse(const Stmt *B, const Target &V) {
  std::vector<const Stmt *> List = blockStatements(B);
  bool Covered = false;
  for (const Stmt *S : List) {
    if (!countRefs(S, V))
      continue;
    if (const auto *A = dyn_cast<BinaryOperator>(S))
      return A->getOpcode() == BO_Assign && isRef(A->getLHS(), V) &&
                     !mentions(A->getRHS(), V)
                 ? FirstUse::Assigned
                 : FirstUse::Exposed;
    // An inner loop that writes V before reading it in each of its
    // iterations: what it reads of V it wrote in the same iteration. The
    // loop may run no iteration, so what follows must itself write V
    // before reading it, or be covered too (NPB BT's lhsx: two `i` loops in
    // a row that each start with `tmp1 = ...`).
    if (const auto *L = dyn_cast<OpenACCLoopConstruct>(S))
      S = L->getLoop();
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      // An inner loop whose initialization assigns V (C89 code reusing a
      // loop variable declared at the top: `for (k = rowstr[j]; ...)`):
      // the initialization always runs first.
      if (const auto *A = dyn_cast_or_null<BinaryOperator>(F->getInit());
          A && A->getOpcode() == BO_Assign && isRef(A->getLHS(), V) &&
          !mentions(A->getRHS(), V))
        return FirstUse::Assigned;
      if (countRefs(F->getInit(), V) || countRefs(F->getCond(), V) ||
          countRefs(F->getInc(), V) || firstUse(F->getBody(), V) == FirstUse::Exposed)
        return FirstUse::Exposed;
      Covered = true;
      continue;
    }
    // An if whose condition does not read V: assigned when both branches
    // assign it; covered when each branch that mentions it assigns it
    // first (LU's `if (jglob != 0) { eta = ...; ... eta ... }`): what
    // follows must then write V first, or be covered too.
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || countRefs(If->getCond(), V))
        return FirstUse::Exposed;
      FirstUse T = firstUse(If->getThen(), V);
      FirstUse E = If->getElse() ? firstUse(If->getElse(), V) : FirstUse::None;
      if (T == FirstUse::Exposed || E == FirstUse::Exposed)
        return FirstUse::Exposed;
      if (T == FirstUse::Assigned && E == FirstUse::Assigned)
        return FirstUse::Assigned;
      Covered = true;
      continue;
    }
    return FirstUse::Exposed;
  }
  return Covered ? FirstUse::Covered : FirstUse::None;
}

/// Assigned or Covered: no read of V in an iteration can see a value of
/// another iteration, every path assigns it before reading it (the
/// iteration's first mention of it assigns it, both branches of an if do,
/// an inner loop or a branch does before its own reads). Whether every
/// iteration assigns it (its value after the loop) is the last-value
/// rule's question. A label in the body: Exposed.
FirstUse privateUse(const Stmt *Body, const Target &V) {
  if (V.HasLabel) // V's Target was made for Body
    return FirstUse::Exposed;
  return firstUse(Body, V);
}

/// Every reference to V is the left side of `v = e`, e not reading v: the
/// iterations never read it (its value after the loop is the last
/// writer's).
bool isWriteOnly(const Stmt *Body, const Target &V) {
  unsigned Sets = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !V.reaches(S))
      return;
    if (const auto *A = dyn_cast<BinaryOperator>(S);
        A && A->getOpcode() == BO_Assign && isRef(A->getLHS(), V)) {
      ++Sets;
      Walk(A->getRHS());
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Sets > 0 && Sets == countRefs(Body, V);
}

} // namespace

ScalarUse classifyScalar(const Stmt *Body, const ValueDecl *Var, ASTContext &Ctx) {
  const Target V(Body, Var);
  ScalarUse U;
  const Stmt *ValueUsed = nullptr;
  if (isReduction(Body, V, U.Op, Ctx, &ValueUsed)) {
    U.Role = ScalarRole::Reduction;
    return U;
  }
  U.Op.clear();
  if (isSharedFlag(Body, V, Ctx)) {
    U.Role = ScalarRole::SharedFlag;
    return U;
  }
  // Only assigned, in some iterations: the value after the loop is the
  // last writer's (WriteOnly says so, below).
  FirstUse First = privateUse(Body, V);
  bool Private = First == FirstUse::Assigned || First == FirstUse::Covered;
  if (Private && (First == FirstUse::Assigned || !isWriteOnly(Body, V))) {
    U.Role = ScalarRole::Private;
    return U;
  }
  U.Why = "the loop writes '" + V->getNameAsString() +
          "', declared outside it, in a way that is neither a reduction, a "
          "flag set to one constant, nor a temporary written before it is read";
  if (ValueUsed) {
    std::string Text = exprText(cast<Expr>(ValueUsed), Ctx);
    U.Why = "the loop uses the value of " +
            (Text.empty() ? "an update of '" + V->getNameAsString() + "'"
                          : "'" + Text + "'") +
            ": each iteration reads what the ones before it made of '" +
            V->getNameAsString() + "', no reduction";
  }
  if (isWriteOnly(Body, V))
    U.Role = ScalarRole::WriteOnly; // Why stays for users that need more
  return U;
}

bool mayBeReadAfter(const Stmt *S, const ValueDecl *V, const FunctionDecl *Fn,
                    ASTContext &Ctx) {
  const auto *VD = dyn_cast<VarDecl>(V);
  return !VD || Liveness(Fn, Ctx).mayBeReadAfter(S, VD);
}

} // namespace ompm
