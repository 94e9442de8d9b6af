//===- StmtWalk.cpp - Walking statements through OpenMP directives --------===//
#include "Facts/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ompm {

void walkStmts(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Pre) {
  if (!S || isa<LambdaExpr>(S) || !Pre(S))
    return;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (D->hasAssociatedStmt())
      walkStmts(D->getRawStmt(), Pre);
    return;
  }
  for (const Stmt *C : S->children())
    walkStmts(C, Pre);
}

std::vector<const Stmt *> blockStatements(const Stmt *S) {
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return {CS->body_begin(), CS->body_end()};
  return {S};
}

llvm::SmallVector<const Stmt *, 4> codeChildren(const Stmt *S) {
  llvm::SmallVector<const Stmt *, 4> Out;
  if (!S)
    return Out;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (D->hasAssociatedStmt())
      Out.push_back(D->getRawStmt());
    return Out;
  }
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    Out.push_back(CS->getCapturedStmt());
    return Out;
  }
  for (const Stmt *C : S->children())
    Out.push_back(C);
  return Out;
}

bool usesVar(const Stmt *S, const ValueDecl *V) {
  bool Found = false;
  walkStmts(S, [&](const Stmt *C) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(C); DR && DR->getDecl() == V)
      Found = true;
    return !Found;
  });
  return Found;
}

std::vector<const DeclRefExpr *> referencesTo(const Stmt *S, const ValueDecl *V) {
  std::vector<const DeclRefExpr *> Out;
  walkStmts(S, [&](const Stmt *C) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(C); DR && DR->getDecl() == V)
      Out.push_back(DR);
    return true;
  });
  return Out;
}

void CodeUsers::forEachUser(const VarDecl *V,
                            llvm::function_ref<void(const Stmt *, const FunctionDecl *)> F) {
  if (!Indexed) {
    Indexed = true;
    forEachCode(Ctx, [&](const Stmt *Code, const FunctionDecl *In) {
      unsigned Piece = Pieces.size();
      Pieces.push_back({Code, In});
      walkStmts(Code, [&](const Stmt *C) {
        if (const auto *DR = dyn_cast<DeclRefExpr>(C))
          if (const auto *X = dyn_cast<VarDecl>(DR->getDecl()); X && X->hasGlobalStorage()) {
            std::vector<unsigned> &Of = ByVar[X];
            if (Of.empty() || Of.back() != Piece)
              Of.push_back(Piece);
          }
        return true;
      });
    });
  }
  auto It = ByVar.find(V);
  if (It == ByVar.end())
    return;
  for (unsigned Piece : It->second)
    F(Pieces[Piece].first, Pieces[Piece].second);
}

const ValueDecl *subscriptedVar(const Expr *E) {
  const Expr *Base = E->IgnoreParenImpCasts();
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(Base))
    Base = A->getBase()->IgnoreParenImpCasts();
  const auto *DR = dyn_cast<DeclRefExpr>(Base);
  return DR ? DR->getDecl() : nullptr;
}

const Expr *subscriptChain(const ArraySubscriptExpr *E,
                           llvm::SmallVectorImpl<const Expr *> &Idx) {
  const Expr *Base = E;
  while (const auto *X = dyn_cast<ArraySubscriptExpr>(Base)) {
    Idx.push_back(X->getIdx());
    Base = X->getBase()->IgnoreParenImpCasts();
  }
  return Base;
}

const Stmt *directiveIn(const Stmt *S, llvm::DenseMap<const Stmt *, const Stmt *> &Memo) {
  if (!S)
    return nullptr;
  if (isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S))
    return S;
  if (auto It = Memo.find(S); It != Memo.end())
    return It->second;
  const Stmt *Found = nullptr;
  for (const Stmt *C : S->children())
    if ((Found = directiveIn(C, Memo)))
      break;
  Memo[S] = Found;
  return Found;
}

} // namespace ompm
