//===- LoopShapes.cpp - What a loop's shape says, for the serial search ---===//
#include "Facts/LoopShapes.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>

using namespace clang;

namespace ompm {

/// The constant trip count of a canonical loop, when both bounds are
/// constants once the function's constant locals (Consts) are put in.
std::optional<long long> tripCount(const CanonicalLoop &L,
                                   const std::map<std::string, Poly> &Consts) {
  Poly Min = L.Min.substituteAll(Consts), Max = L.Max.substituteAll(Consts);
  if (!Min.isConstant() || !Max.isConstant())
    return std::nullopt;
  long long Span = *Max.constantValue() - *Min.constantValue();
  return Span < 0 ? 0 : Span / (L.Step < 0 ? -L.Step : L.Step) + 1;
}

std::optional<long long> tripCountOf(const ForStmt *For, const RegionFacts &F,
                                     const std::map<std::string, Poly> &Consts) {
  const CanonicalLoop *L = F.loopOf(For);
  if (!L)
    return std::nullopt;
  if (F.macroConstants().empty())
    return tripCount(*L, Consts);
  std::map<std::string, Poly> With = Consts;
  for (const auto &[Name, Value] : F.macroConstants())
    With.emplace(Name, Poly::constant(Value));
  return tripCount(*L, With);
}

/// Whether S (an expression statement) assigns V, directly or in a chain
/// (`a = v = 0`).
bool assigns(const Stmt *S, const ValueDecl *V) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != BO_Assign)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
      DR && DR->getDecl() == V)
    return true;
  return assigns(B->getRHS(), V);
}

/// Whether a continue statement of For itself is in S (not one of a loop
/// nested in it).
bool hasOwnContinue(const Stmt *S) {
  if (!S || isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    return false;
  if (isa<ContinueStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasOwnContinue(C))
      return true;
  return false;
}

/// Whether every iteration of For writes V: a statement of its body, not
/// under a condition and not after a continue, assigns it (or is a for loop
/// whose initialization does). The value after the loop is then the last
/// iteration's.
bool writtenInEveryIteration(const ForStmt *For, const ValueDecl *V) {
  const Stmt *Body = For->getBody();
  if (hasOwnContinue(Body))
    return false;
  std::vector<const Stmt *> Top = blockStatements(Body);
  for (const Stmt *S : Top) {
    if (assigns(S, V))
      return true;
    if (const auto *Inner = dyn_cast<ForStmt>(S); Inner && Inner->getInit() &&
                                                  assigns(Inner->getInit(), V))
      return true;
  }
  return false;
}

/// The integer locals of F initialized with a constant and never assigned,
/// incremented or taken the address of in F (C89 code's `int len = 20;`),
/// by name; a name declared twice in F is left out.
std::map<std::string, Poly> constantLocals(const FunctionDecl *F, ASTContext &Ctx) {
  std::map<std::string, Poly> Out;
  std::map<std::string, unsigned> Decls;
  llvm::DenseSet<const VarDecl *> Changed;
  std::vector<const VarDecl *> Candidates;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          ++Decls[V->getNameAsString()];
          Candidates.push_back(V);
        }
    auto Note = [&](const Expr *E) {
      if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Changed.insert(V);
    };
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Note(B->getLHS());
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
      Note(U->getSubExpr());
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(F->getBody());
  for (const VarDecl *V : Candidates) {
    Expr::EvalResult R;
    if (Decls[V->getNameAsString()] != 1 || Changed.count(V) || !V->hasLocalStorage() ||
        !V->getType()->isIntegerType() || V->getType().isVolatileQualified() ||
        V->getType()->isReferenceType() || !V->getInit() ||
        !V->getInit()->EvaluateAsInt(R, Ctx) || R.Val.getInt().getSignificantBits() > 32)
      continue;
    Out[V->getNameAsString()] = Poly::constant(R.Val.getInt().getExtValue());
  }
  return Out;
}

} // namespace ompm
