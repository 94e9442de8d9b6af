//===- HoistTest.cpp - What a data region around host code may hold -------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// tryHoist on f's first host loop: the reason there is no region, or
/// "region".
std::string hoist(llvm::StringRef Code) {
  PlacementFixture X(Code);
  const clang::FunctionDecl *F = X.function("f");
  const clang::Stmt *L = X.first<clang::WhileStmt>(F);
  if (!L)
    L = X.first<clang::ForStmt>(F);
  return X.Placer->tryHoist(L, F) ? "region" : X.Placer->HoistWhy;
}
} // namespace

TEST(HoistTest, TheLoopMustBeAStatementOfABlock) {
  EXPECT_EQ(hoist("void f(int n, float *restrict a, int c) {\n"
                  "  if (c)\n"
                  "    while (c--) {\n"
                  "      #pragma acc parallel loop\n"
                  "      for (int i = 0; i < n; i++)\n"
                  "        a[i] += 1;\n"
                  "    }\n"
                  "}\n"),
            "it is not a statement of a block ({ ... }), where a directive "
            "could go before it");
}

TEST(HoistTest, ASectionThatChangesInsideIsLeft) {
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  while (n > 1) {\n"
                  "    #pragma acc parallel loop\n"
                  "    for (int i = 0; i < n; i++)\n"
                  "      a[i] += 1;\n"
                  "    n = n / 2;\n"
                  "  }\n"
                  "}\n"),
            "a: its section names 'n', which changes inside");
}

TEST(HoistTest, AsyncKernelsAndJumps) {
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  while (n--) {\n"
                  "    #pragma acc parallel loop async(1) copy(a[0:8])\n"
                  "    for (int i = 0; i < 8; i++)\n"
                  "      a[i] += 1;\n"
                  "  }\n"
                  "}\n"),
            "a kernel inside is asynchronous (async, nowait or depend)");
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  while (n--) {\n"
                  "    #pragma acc parallel loop copy(a[0:8])\n"
                  "    for (int i = 0; i < 8; i++)\n"
                  "      a[i] += 1;\n"
                  "    if (a[0] > 3) goto out;\n"
                  "  }\n"
                  "out:;\n"
                  "}\n"),
            "a goto, throw or return in a lambda or macro leaves it");
}

TEST(HoistTest, ASectionOverTheLoopAroundItIsTheUnion) {
  // a[0:k + 1] for k in 0..n-1: the region maps a[0:n].
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  for (int k = 0; k < n; k++) {\n"
                  "    #pragma acc parallel loop\n"
                  "    for (int i = 0; i <= k; i++)\n"
                  "      a[i] += 1;\n"
                  "  }\n"
                  "}\n"),
            "region");
  // Under an if, or inside a loop whose range names k (empty for some k),
  // the kernel does not run in every iteration: the union over k's range
  // could map what no kernel maps.
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  for (int k = 0; k < n + 3; k++) {\n"
                  "    if (k < n)\n"
                  "    #pragma acc parallel loop\n"
                  "    for (int i = 0; i <= k; i++)\n"
                  "      a[i] += 1;\n"
                  "  }\n"
                  "}\n"),
            "a: its section names 'k', which changes inside");
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  for (int k = 0; k < n + 3; k++) {\n"
                  "    for (int t = k; t < n; t++) {\n"
                  "      #pragma acc parallel loop\n"
                  "      for (int i = 0; i <= k; i++)\n"
                  "        a[i] += t;\n"
                  "    }\n"
                  "  }\n"
                  "}\n"),
            "a: its section names 'k', which changes inside");
  // A step of 2 reaches not every value of the range.
  EXPECT_EQ(hoist("void f(int n, float *restrict a) {\n"
                  "  for (int k = 0; k < n; k += 2) {\n"
                  "    #pragma acc parallel loop\n"
                  "    for (int i = 0; i <= k; i++)\n"
                  "      a[i] += 1;\n"
                  "  }\n"
                  "}\n"),
            "a: its section names 'k', which changes inside");
}
