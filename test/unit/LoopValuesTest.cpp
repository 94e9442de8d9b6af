//===- LoopValuesTest.cpp - The values a canonical loop leaves -----------===//
#include "Facts/LoopValues.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// finalValueStatement and lastIterationTerm of the first for loop of f.
std::pair<std::string, std::string> values(llvm::StringRef Code) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {});
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::ForStmt *For = nullptr;
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D); F && F->hasBody())
      for (const clang::Stmt *S : F->getBody()->children())
        if (!For)
          For = llvm::dyn_cast<clang::ForStmt>(S);
  RegionFacts Facts(For, Ctx);
  const CanonicalLoop &CL = Facts.loops().front();
  return {finalValueStatement(For, CL, Ctx), lastIterationTerm(CL, Ctx)};
}

} // namespace

TEST(LoopValues, ClosedFormAndLastIteration) {
  auto [Final, Last] = values("void f(int n, double *q) {\n  int i;\n"
                              "  for (i = 1; i <= n - 2; i += 3) q[i] = 0;\n}\n");
  EXPECT_EQ(Final, "i = (1) <= (n - 2) ? (1) + (((n - 2) - (1)) / 3 + 1) * 3 : (1); "
                   "/* omp-migrate: the loop's final value */");
  EXPECT_EQ(Last, "i + 3 > (n - 2)");
}

TEST(LoopValues, BoundsThatReadMemory) {
  // The closed form is evaluated again after the loop: not from memory.
  // The last-iteration test runs in the loop, where the bound reads the same.
  auto [Final, Last] = values("void f(int *g, double *q) {\n  int i;\n"
                              "  for (i = 0; i < g[0]; i++) q[i] = 0;\n}\n");
  EXPECT_EQ(Final, "");
  EXPECT_EQ(Last, "i + 1 >= (g[0])");
  // A variable declared by the loop is not read after it.
  EXPECT_EQ(values("void f(int n, double *q) {\n"
                   "  for (int i = 0; i < n; i++) q[i] = 0;\n}\n").first,
            "");
}
