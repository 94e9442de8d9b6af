//===- LoopOnLine.h - A function's loop and a variable, for the unit tests -*- C++ -*-===//
#ifndef OMPM_TEST_LOOPONLINE_H
#define OMPM_TEST_LOOPONLINE_H

#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace ompm {

/// Code parsed as C99; in it the function f, the first loop of f that
/// starts on Line (a for loop, or with AnyLoop a while or do too), and the
/// variable Var (f's, else one at file scope). Expects all three.
struct LoopOnLine {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *F = nullptr;
  const clang::Stmt *Loop = nullptr;
  const clang::VarDecl *V = nullptr;
  bool found() const { return F && Loop && V; }
  clang::ASTContext &ctx() const { return AST->getASTContext(); }
};

inline LoopOnLine findLoopOnLine(llvm::StringRef Code, unsigned Line, llvm::StringRef Var,
                                 bool AnyLoop = false) {
  using namespace clang;
  LoopOnLine R;
  R.AST = parseCode(Code, {"-std=c99"});
  ASTContext &Ctx = R.AST->getASTContext();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->getName() == "f" && FD->hasBody())
      R.F = FD;
  struct Find : RecursiveASTVisitor<Find> {
    const SourceManager *SM;
    unsigned Line;
    llvm::StringRef Var;
    bool AnyLoop;
    const Stmt *Loop = nullptr;
    const VarDecl *V = nullptr;
    bool VisitStmt(Stmt *S) {
      if (!Loop && (isa<ForStmt>(S) || (AnyLoop && (isa<WhileStmt>(S) || isa<DoStmt>(S)))) &&
          SM->getSpellingLineNumber(S->getBeginLoc()) == Line)
        Loop = S;
      return true;
    }
    bool VisitVarDecl(VarDecl *D) {
      if (D->getName() == Var)
        V = D;
      return true;
    }
  } Fi;
  Fi.SM = &Ctx.getSourceManager();
  Fi.Line = Line;
  Fi.Var = Var;
  Fi.AnyLoop = AnyLoop;
  if (R.F)
    Fi.TraverseDecl(const_cast<FunctionDecl *>(R.F));
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *G = dyn_cast<VarDecl>(D); G && !Fi.V && G->getName() == Var)
      Fi.V = G;
  R.Loop = Fi.Loop;
  R.V = Fi.V;
  EXPECT_TRUE(R.found());
  return R;
}

} // namespace ompm

#endif
