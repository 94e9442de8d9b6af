//===- StmtWalkTest.cpp - Walking statements through OpenMP directives ----===//
#include "Facts/StmtWalk.h"
#include "ParseCode.h"
#include "clang/AST/StmtOpenMP.h"
#include <functional>
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {
/// The last function of the file with a body.
const FunctionDecl *lastDefinition(ASTUnit &AST) {
  const FunctionDecl *F = nullptr;
  for (const Decl *D : AST.getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->hasBody())
      F = FD;
  return F;
}
} // namespace

TEST(StmtWalk, ThroughDirectivesAndWhatIsWritten) {
  std::unique_ptr<ASTUnit> AST =
      parseCode("double a[9], s;\nvoid f(int *p) {\n  #pragma omp parallel for\n"
                "  for (int i = 0; i < 9; i++) {\n    #pragma omp critical\n"
                "    s += a[i];\n    a[i]++;\n    *p = 1;\n  }\n}\n",
                {"-fopenmp"});
  const FunctionDecl *F = lastDefinition(*AST);
  ASSERT_TRUE(F);
  std::vector<std::string> Written;
  unsigned Refs = 0;
  walkStmts(F->getBody(), [&](const Stmt *S) {
    if (const Expr *T = writtenLValue(S))
      Written.push_back(subscriptedVar(T) ? subscriptedVar(T)->getNameAsString() : "?");
    Refs += isa<DeclRefExpr>(S);
    return true;
  });
  // The loop variable i, s (under the critical), a, and *p (no
  // subscripted variable).
  EXPECT_EQ(Written, (std::vector<std::string>{"i", "s", "a", "?"}));
  // s, a, i: the loop's own references, the critical's included.
  EXPECT_GE(Refs, 8u);
  // Pre returning false skips what a statement holds.
  unsigned Top = 0;
  walkStmts(F->getBody(), [&](const Stmt *S) {
    ++Top;
    return isa<CompoundStmt>(S);
  });
  EXPECT_EQ(Top, 2u); // the body and the parallel for
  // s is used under the critical, inside the directive's statement.
  const VarDecl *S = nullptr;
  for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == "s")
      S = V;
  EXPECT_TRUE(usesVar(F->getBody(), S));
  EXPECT_TRUE(usesVar(F->getBody(), F->getParamDecl(0))); // *p = 1
  EXPECT_FALSE(usesVar(F->getBody(), F));                 // f itself
}

TEST(StmtWalk, CodeChildrenOfADirectiveAreItsStatement) {
  // A plain children() walk of `#pragma omp parallel for` stops at the
  // captured statement's captures: a loop kept on the host would be
  // invisible to data placement (issue #29, item 4).
  std::unique_ptr<ASTUnit> AST =
      parseCode("double a[9];\nvoid f(void) {\n  #pragma omp parallel for\n"
                "  for (int i = 0; i < 9; i++)\n    a[i] = i;\n}\n",
                {"-fopenmp"});
  const FunctionDecl *F = lastDefinition(*AST);
  ASSERT_TRUE(F);
  const auto *Body = cast<CompoundStmt>(F->getBody());
  const Stmt *Dir = Body->body_front();
  ASSERT_TRUE(isa<OMPExecutableDirective>(Dir));
  llvm::SmallVector<const Stmt *, 4> C = codeChildren(Dir);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_TRUE(isa<ForStmt>(C.front()));
  // Through codeChildren, a recursive walk finds the store to a.
  unsigned Stores = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const Expr *T = writtenLValue(S); T && subscriptedVar(T) &&
                                          subscriptedVar(T)->getName() == "a")
      ++Stores;
    for (const Stmt *X : codeChildren(S))
      Walk(X);
  };
  Walk(Body);
  EXPECT_EQ(Stores, 1u);
}

TEST(StmtWalk, BlockStatementsOneLevelDown) {
  std::unique_ptr<ASTUnit> AST =
      parseCode("int a[9];\nvoid f(void) {\n  for (int i = 0; i < 9; i++) {\n"
                "    a[i] = 0;\n    { a[i]++; a[i]++; }\n  }\n"
                "  for (int i = 0; i < 9; i++)\n    a[i] = 1;\n}\n");
  const FunctionDecl *F = lastDefinition(*AST);
  ASSERT_TRUE(F);
  const auto *Body = cast<CompoundStmt>(F->getBody());
  ASSERT_EQ(Body->size(), 2u);
  const auto *Block = cast<ForStmt>(Body->body_front())->getBody();
  const auto *Single = cast<ForStmt>(Body->body_back())->getBody();
  // The block's two statements (the inner block is one of them, not
  // opened); a body that is no block is itself.
  std::vector<const Stmt *> B = blockStatements(Block);
  ASSERT_EQ(B.size(), 2u);
  EXPECT_TRUE(isa<BinaryOperator>(B[0]));
  EXPECT_TRUE(isa<CompoundStmt>(B[1]));
  EXPECT_EQ(blockStatements(Single), (std::vector<const Stmt *>{Single}));
}

// Each piece of code that names a global, in the translation unit's order,
// an initializer with no function; the same answers as usesVar over
// forEachCode.
TEST(StmtWalk, CodeUsersOfAGlobal) {
  std::unique_ptr<ASTUnit> AST =
      parseCode("static double a[8], b[8];\nstatic double *p = a;\n"
                "void f(void) { a[0] = 1; }\nvoid g(void) { b[0] = 2; }\n"
                "void h(void) { double c = a[1]; b[1] = c; }\n");
  ASTContext &Ctx = AST->getASTContext();
  const VarDecl *A = nullptr, *B = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (V->getName() == "a")
        A = V;
      else if (V->getName() == "b")
        B = V;
    }
  ASSERT_TRUE(A && B);
  CodeUsers Users(Ctx);
  for (const VarDecl *V : {A, B}) {
    std::vector<std::string> Got, Want;
    Users.forEachUser(V, [&](const Stmt *, const FunctionDecl *In) {
      Got.push_back(In ? In->getNameAsString() : "(initializer)");
    });
    forEachCode(Ctx, [&](const Stmt *Code, const FunctionDecl *In) {
      if (usesVar(Code, V))
        Want.push_back(In ? In->getNameAsString() : "(initializer)");
    });
    EXPECT_EQ(Got, Want);
  }
  std::vector<std::string> OfA;
  Users.forEachUser(A, [&](const Stmt *, const FunctionDecl *In) {
    OfA.push_back(In ? In->getNameAsString() : "(initializer)");
  });
  EXPECT_EQ(OfA, (std::vector<std::string>{"(initializer)", "f", "h"}));
}
