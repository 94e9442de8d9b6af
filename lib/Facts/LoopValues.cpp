//===- LoopValues.cpp - The values a canonical loop leaves ---------------===//
#include "Facts/LoopValues.h"
#include "Facts/Directives.h"
#include "Facts/StmtWalk.h"
#include <functional>

using namespace clang;

namespace ompm {

/// Whether a loop bound can be written again as host or device code with
/// the same value: no memory read through a subscript, member or pointer,
/// no call, no side effect.
static bool plainBound(const Expr *E, ASTContext &Ctx) {
  bool Plain = E != nullptr;
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    if (!S || !Plain)
      return;
    if (isa<ArraySubscriptExpr>(S) || isa<CallExpr>(S) || isa<MemberExpr>(S) ||
        (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_Deref))
      Plain = false;
    for (const Stmt *C : S->children())
      Check(C);
  };
  Check(E);
  return Plain && !E->HasSideEffects(Ctx);
}

std::string lastIterationTerm(const CanonicalLoop &CL, ASTContext &Ctx) {
  if (!CL.IV || !CL.Limit || CL.Step == 0 || CL.Limit->HasSideEffects(Ctx))
    return "";
  bool Calls = false;
  walkStmts(CL.Limit, [&](const Stmt *S) {
    Calls |= isa<CallExpr>(S);
    return !Calls;
  });
  if (Calls)
    return "";
  std::string Hi = "(" + exprText(CL.Limit, Ctx) + ")";
  if (Hi == "()")
    return "";
  long long C = CL.Step < 0 ? -CL.Step : CL.Step;
  std::string Next = CL.IV->getNameAsString() + (CL.Step > 0 ? " + " : " - ") + std::to_string(C);
  switch (CL.Op) {
  case BO_NE:
    return Next + " == " + Hi;
  case BO_LT:
    return CL.Step > 0 ? Next + " >= " + Hi : "";
  case BO_LE:
    return CL.Step > 0 ? Next + " > " + Hi : "";
  case BO_GT:
    return CL.Step < 0 ? Next + " <= " + Hi : "";
  case BO_GE:
    return CL.Step < 0 ? Next + " < " + Hi : "";
  default:
    return "";
  }
}

std::string finalValueStatement(const ForStmt *For, const CanonicalLoop &CL, ASTContext &Ctx) {
  const VarDecl *IV = CL.IV;
  // (An initialization that declares the variable scopes it to the loop:
  // nothing reads it after.)
  if (!IV || !isa_and_nonnull<BinaryOperator>(For->getInit()) ||
      !IV->getType()->isSignedIntegerType())
    return "";
  BinaryOperatorKind Op = CL.Op;
  const Expr *Start = CL.Start, *Limit = CL.Limit;
  if (!plainBound(Start, Ctx) || !plainBound(Limit, Ctx))
    return "";
  std::string Lo = "(" + exprText(Start, Ctx) + ")", Hi = "(" + exprText(Limit, Ctx) + ")";
  if (Lo == "()" || Hi == "()")
    return "";
  std::string I = IV->getNameAsString();
  long long C = CL.Step < 0 ? -CL.Step : CL.Step;
  std::string Cs = std::to_string(C);
  std::string Value;
  if (Op == BO_NE)
    Value = Hi; // a step of 1 or -1 (canonical): it stops at the bound
  else if (CL.Step > 0 && Op == BO_LT)
    Value = C == 1 ? Lo + " < " + Hi + " ? " + Hi + " : " + Lo
                   : Lo + " < " + Hi + " ? " + Lo + " + (" + Hi + " - " + Lo + " + " +
                         std::to_string(C - 1) + ") / " + Cs + " * " + Cs + " : " + Lo;
  else if (CL.Step > 0 && Op == BO_LE)
    Value = Lo + " <= " + Hi + " ? " + Lo + " + ((" + Hi + " - " + Lo + ") / " + Cs +
            " + 1) * " + Cs + " : " + Lo;
  else if (CL.Step < 0 && Op == BO_GT)
    Value = C == 1 ? Lo + " > " + Hi + " ? " + Hi + " : " + Lo
                   : Lo + " > " + Hi + " ? " + Lo + " - (" + Lo + " - " + Hi + " + " +
                         std::to_string(C - 1) + ") / " + Cs + " * " + Cs + " : " + Lo;
  else if (CL.Step < 0 && Op == BO_GE)
    Value = Lo + " >= " + Hi + " ? " + Lo + " - ((" + Lo + " - " + Hi + ") / " + Cs +
            " + 1) * " + Cs + " : " + Lo;
  else
    return "";
  return I + " = " + Value + "; /* omp-migrate: the loop's final value */";
}

} // namespace ompm
