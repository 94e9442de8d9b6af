//===- AstQueries.cpp - Small syntactic questions the analyses share ------===//
#include "Analysis/AstQueries.h"
#include "clang/AST/ExprCXX.h"
#include <functional>
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ompm {

uint64_t arithmeticElements(QualType T, const ASTContext &Ctx, QualType *Elem) {
  uint64_t N = 1;
  bool Array = false;
  while (const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T)) {
    N *= CA->getSize().getZExtValue();
    T = CA->getElementType();
    Array = true;
  }
  if (Elem)
    *Elem = T.getCanonicalType().getUnqualifiedType();
  return Array && T->isArithmeticType() ? N : 0;
}

const Expr *writtenLValue(const Stmt *S) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(S); B && B->isAssignmentOp())
    return B->getLHS();
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    return U->getSubExpr();
  return nullptr;
}

bool hasJumpsOrLabels(const Stmt *S) {
  if (!S)
    return false;
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
      isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S) ||
      isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasJumpsOrLabels(C))
      return true;
  return false;
}

const VarDecl *refVar(const Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

void forEachCode(const ASTContext &Ctx,
                 llvm::function_ref<void(const Stmt *, const FunctionDecl *)> F) {
  std::function<void(const DeclContext *)> Scan = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->doesThisDeclarationHaveABody())
        F(FD->getBody(), FD);
      else if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
        F(V->getInit(), nullptr);
      if (const auto *Inner = dyn_cast<DeclContext>(D); Inner && !isa<FunctionDecl>(D))
        Scan(Inner);
    }
  };
  Scan(Ctx.getTranslationUnitDecl());
}

bool inSystemHeader(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

} // namespace ompm
