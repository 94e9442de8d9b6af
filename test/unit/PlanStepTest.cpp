//===- PlanStepTest.cpp - The base of each step that plans edits ----------===//
#include "PlanFixture.h"
#include "clang/AST/Stmt.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// The helpers of PlanStep, opened for the test.
struct Step : PlanStep {
  using PlanStep::PlanStep;
  using PlanStep::endsItsLine;
  using PlanStep::fail;
  using PlanStep::loopRecord;
  using PlanStep::succeed;
  using PlanStep::within;
};

/// The statements of f's body.
std::vector<const clang::Stmt *> bodyOf(clang::ASTContext &Ctx) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (F->getName() == "f" && F->hasBody()) {
        const auto *B = llvm::cast<clang::CompoundStmt>(F->getBody());
        return {B->body_begin(), B->body_end()};
      }
  return {};
}
} // namespace

TEST(PlanStepTest, WithinEndsItsLineAndLoopRecord) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] = 0; // set\n"
                "  a[0] = 1; a[1] = 2;\n"
                "}\n");
  Step S(X.ctx(), X.Out);
  std::vector<const clang::Stmt *> B = bodyOf(X.ctx());
  ASSERT_EQ(B.size(), 3u);
  const auto *Loop = llvm::cast<clang::ForStmt>(B[0]);
  EXPECT_TRUE(S.within(Loop->getBody(), Loop));
  EXPECT_FALSE(S.within(B[1], Loop));
  EXPECT_TRUE(S.endsItsLine(Loop));  // a // comment may follow
  EXPECT_FALSE(S.endsItsLine(B[1])); // another statement follows
  ConstructRecord R = S.loopRecord("data region", Loop);
  EXPECT_EQ(R.Line, 2u);
  EXPECT_EQ(R.Column, 3u);
  EXPECT_EQ(R.Original, "(loop at line 2)");
}

TEST(PlanStepTest, FailDropsEditsSucceedKeepsThem) {
  PlanFixture X("void f(float *a) {\n  a[0] = 1;\n}\n");
  Step S(X.ctx(), X.Out);
  const clang::Stmt *A = bodyOf(X.ctx())[0];
  EditSet E(X.ctx().getSourceManager());
  E.insertLinesBefore(A->getBeginLoc(), {"#pragma omp target update to(a[0:1])"});
  ConstructRecord R;
  R.Emitted.push_back("x");
  S.fail(R, "why not");
  ASSERT_EQ(X.Out.Records.size(), 1u);
  EXPECT_FALSE(X.Out.Records[0].Translated);
  EXPECT_EQ(X.Out.Records[0].Reason, "why not");
  EXPECT_TRUE(X.Out.Records[0].Emitted.empty());
  EXPECT_TRUE(X.Out.Edits.empty());
  S.succeed(R, E);
  EXPECT_TRUE(X.Out.Records[1].Translated);
  EXPECT_EQ(X.result(), "void f(float *a) {\n"
                        "  #pragma omp target update to(a[0:1])\n"
                        "  a[0] = 1;\n}\n");
}
