//===- ArgReductions.cpp - Arg-max and arg-min in serial loops ------------===//
#include "Facts/ArgReductions.h"
#include "Analysis/AstQueries.h"
#include "Facts/AtomicForms.h"
#include "Facts/Regions.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include <functional>

using namespace clang;

namespace ompm {

std::string ArgReduction::reductionItem() const {
  return std::string(Max ? "max" : "min") + ": " + Value->getNameAsString();
}

std::string ArgReduction::what() const {
  return "'" + Value->getNameAsString() + "' and '" + Index->getNameAsString() +
         "' are an arg-" + (Max ? "max" : "min");
}

namespace {

/// `X = Y` as a statement: X's variable and Y; nulls otherwise.
std::pair<const VarDecl *, const Expr *> assignmentOf(const Stmt *S) {
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (const auto *E = dyn_cast<Expr>(S))
    BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO || BO->getOpcode() != BO_Assign)
    return {nullptr, nullptr};
  const auto *LHS = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
  return {LHS ? dyn_cast<VarDecl>(LHS->getDecl()) : nullptr, BO->getRHS()};
}

/// Whether evaluating E again after the loop gives what it gave in its
/// iteration: no call, no side effect, nothing the loop writes but the
/// loop variable.
bool reevaluable(const Expr *E, const VarDecl *IV, const RegionFacts &F, ASTContext &Ctx) {
  if (E->HasSideEffects(Ctx))
    return false;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (isa<CallExpr>(S) || isa<StmtExpr>(S)) {
      Ok = false;
      return;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      if (!V && !isa<EnumConstantDecl>(D->getDecl()))
        Ok = false;
      else if (V && V != IV && (F.isWritten(V) || V->getType().isVolatileQualified()))
        Ok = false;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Ok;
}

/// `e == best && i < at` (either side of each, either order): the tie
/// rule of R, whose compared value is e; sets R.TieRule and R.Last (`i >
/// at`: the highest index).
bool tieRule(const BinaryOperator *Tie, ArgReduction &R, const VarDecl *IV, ASTContext &Ctx) {
  const auto *A = dyn_cast<BinaryOperator>(Tie->getLHS()->IgnoreParenImpCasts());
  const auto *B = dyn_cast<BinaryOperator>(Tie->getRHS()->IgnoreParenImpCasts());
  if (A && B && A->getOpcode() != BO_EQ)
    std::swap(A, B);
  if (!A || !B || A->getOpcode() != BO_EQ || !B->isRelationalOp())
    return false;
  // e == best
  const Expr *L = A->getLHS()->IgnoreParenImpCasts(), *Rt = A->getRHS()->IgnoreParenImpCasts();
  if (refVar(L) == R.Value)
    std::swap(L, Rt);
  if (refVar(Rt) != R.Value || !sameExpr(L, R.Compared, Ctx))
    return false;
  // i < at (lowest) or i > at (highest), either side.
  BinaryOperatorKind Op = B->getOpcode();
  if (refVar(B->getLHS()) == R.Index && refVar(B->getRHS()) == IV)
    Op = BinaryOperator::reverseComparisonOp(Op);
  else if (!(refVar(B->getLHS()) == IV && refVar(B->getRHS()) == R.Index))
    return false;
  if (Op != BO_LT && Op != BO_GT)
    return false;
  R.TieRule = true;
  R.Last = Op == BO_GT;
  return true;
}

} // namespace

std::optional<ArgReduction> argIfOf(const IfStmt *If, const VarDecl *IV, const VarDecl *V,
                                    ASTContext &Ctx) {
  if (!If || !V || !IV || If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  // The condition: the compared value against V, either side; or that,
  // `||` a tie rule on the index (below).
  const auto *Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  const BinaryOperator *Tie = nullptr;
  if (Cond && Cond->getOpcode() == BO_LOr) {
    Tie = dyn_cast<BinaryOperator>(Cond->getRHS()->IgnoreParenImpCasts());
    Cond = dyn_cast<BinaryOperator>(Cond->getLHS()->IgnoreParenImpCasts());
    if (!Tie || Tie->getOpcode() != BO_LAnd || !Cond ||
        (Cond->getOpcode() != BO_GT && Cond->getOpcode() != BO_LT))
      return std::nullopt;
  }
  if (!Cond || !Cond->isRelationalOp())
    return std::nullopt;
  ArgReduction R;
  R.If = If;
  R.Value = V;
  BinaryOperatorKind Op = Cond->getOpcode();
  if (refVar(Cond->getLHS()) == V) { // best < e is e > best
    R.Compared = Cond->getRHS()->IgnoreParenImpCasts();
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else if (refVar(Cond->getRHS()) == V) {
    R.Compared = Cond->getLHS()->IgnoreParenImpCasts();
  } else {
    return std::nullopt;
  }
  R.Max = Op == BO_GT || Op == BO_GE;
  R.Last = Op == BO_GE || Op == BO_LE;
  // Of V's own type: the second pass compares it with V for equality.
  if (R.Compared->getType().getCanonicalType().getUnqualifiedType() !=
      V->getType().getCanonicalType().getUnqualifiedType())
    return std::nullopt;
  // The branch: `V = e; A = i;` in either order, and nothing else.
  std::vector<const Stmt *> Then;
  if (const auto *CS = dyn_cast<CompoundStmt>(If->getThen()))
    Then.assign(CS->body_begin(), CS->body_end());
  if (Then.size() != 2)
    return std::nullopt;
  for (const Stmt *S : Then) {
    auto [X, Y] = assignmentOf(S);
    if (!X)
      return std::nullopt;
    if (X == V) {
      if (!sameExpr(Y->IgnoreParenImpCasts(), R.Compared, Ctx))
        return std::nullopt;
    } else if (refVar(Y) == IV && X != IV && X->getType()->isIntegerType() &&
               !X->getType().isVolatileQualified()) {
      R.Index = X;
    } else {
      return std::nullopt;
    }
  }
  if (!R.Index || (Tie && !tieRule(Tie, R, IV, Ctx)))
    return std::nullopt;
  // V and the index appear nowhere else in the `if`: the compared value
  // reads neither.
  std::vector<const DeclRefExpr *> VUses = referencesTo(If, V),
                                   IndexUses = referencesTo(If, R.Index);
  if (VUses.size() != (Tie ? 3u : 2u) || IndexUses.size() != (Tie ? 2u : 1u))
    return std::nullopt;
  return R;
}

std::optional<ArgReduction> argReductionOf(const ForStmt *For, const VarDecl *IV,
                                           const ValueDecl *VD, const RegionFacts &F,
                                           ASTContext &Ctx) {
  const auto *V = dyn_cast<VarDecl>(VD);
  if (!V || !IV || !V->getType()->isArithmeticType() || V->getType().isVolatileQualified())
    return std::nullopt;
  // The `if` that holds V's every use: a statement of the body itself (it
  // runs once in every iteration; the second pass asks only its value).
  std::vector<const DeclRefExpr *> Uses = referencesTo(For->getBody(), V);
  if (Uses.empty())
    return std::nullopt;
  const IfStmt *If = nullptr;
  std::vector<const Stmt *> Top = blockStatements(For->getBody());
  for (const Stmt *S : Top)
    if (const auto *I = dyn_cast<IfStmt>(S)) {
      std::vector<const DeclRefExpr *> In = referencesTo(I, V);
      if (In.size() == Uses.size())
        If = I;
    }
  std::optional<ArgReduction> Found = argIfOf(If, IV, V, Ctx);
  if (!Found)
    return std::nullopt;
  ArgReduction R = *Found;
  std::vector<const DeclRefExpr *> IndexUses = referencesTo(For->getBody(), R.Index);
  if (IndexUses.size() != (R.TieRule ? 2u : 1u) || IV->getType()->isBooleanType())
    return std::nullopt;
  if (!reevaluable(R.Compared, IV, F, Ctx))
    return std::nullopt;
  if (floatingArithmetic(R.Compared))
    return std::nullopt;
  return R;
}

bool floatingArithmetic(const Expr *E) {
  bool Computed = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Computed)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getType()->isFloatingType())
      Computed = true;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Computed;
}

std::optional<ConditionalLast> conditionalLastOf(const ForStmt *For, const VarDecl *IV,
                                                 const ValueDecl *VD, const RegionFacts &F,
                                                 ASTContext &Ctx) {
  const auto *V = dyn_cast<VarDecl>(VD);
  if (!V || !IV || !V->getType()->isScalarType() || V->getType().isVolatileQualified())
    return std::nullopt;
  std::vector<const DeclRefExpr *> Uses = referencesTo(For->getBody(), V);
  if (Uses.size() != 1)
    return std::nullopt;
  std::vector<const Stmt *> Top = blockStatements(For->getBody());
  for (const Stmt *S : Top) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      continue;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
      if (CS->size() != 1)
        continue;
      Then = CS->body_front();
    }
    auto [X, E] = assignmentOf(Then);
    if (X != V || !E)
      continue;
    std::vector<const DeclRefExpr *> InCond = referencesTo(If->getCond(), V),
                                     InValue = referencesTo(E, V);
    if (!InCond.empty() || !InValue.empty() || !reevaluable(If->getCond(), IV, F, Ctx) ||
        !reevaluable(E, IV, F, Ctx))
      return std::nullopt;
    return ConditionalLast{V, If, If->getCond(), E};
  }
  return std::nullopt;
}

} // namespace ompm
