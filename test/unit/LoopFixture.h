//===- LoopFixture.h - A function f and its first loop, for unit tests -*- C++ -*-===//
#ifndef OMPM_TEST_LOOPFIXTURE_H
#define OMPM_TEST_LOOPFIXTURE_H

#include "ParseCode.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace ompm {
namespace {

/// A parsed function f and the outermost for loop of its body.
struct Fixture {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *F = nullptr;
  const clang::ForStmt *Loop = nullptr;

  clang::ASTContext &ctx() { return AST->getASTContext(); }
  const clang::ValueDecl *param(llvm::StringRef Name) const {
    for (const clang::ParmVarDecl *P : F->parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  }
};

const clang::ForStmt *firstFor(const clang::Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *F = llvm::dyn_cast<clang::ForStmt>(S))
    return F;
  for (const clang::Stmt *C : S->children())
    if (const clang::ForStmt *F = firstFor(C))
      return F;
  return nullptr;
}

Fixture parse(llvm::StringRef Code) {
  Fixture X;
  X.AST = parseCode(Code);
  if (!X.AST)
    return X;
  for (const clang::Decl *D : X.ctx().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (FD->getName() == "f" && FD->hasBody())
        X.F = FD;
  EXPECT_NE(X.F, nullptr);
  if (X.F)
    X.Loop = firstFor(X.F->getBody());
  return X;
}

} // namespace
} // namespace ompm

#endif
