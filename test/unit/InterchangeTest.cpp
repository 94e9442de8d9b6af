//===- InterchangeTest.cpp - Two loops whose headers may trade places -----===//
#include "Facts/Interchange.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// The header text of the inner loop interchangeableInner finds for f's
/// first loop, or "none".
std::string inner(const std::string &Code) {
  Fixture X = parse(Code);
  if (!X.Loop)
    return "no loop";
  const clang::ForStmt *J = interchangeableInner(X.Loop, X.ctx());
  return J ? headerText(J, X.ctx()) : "none";
}
} // namespace

TEST(InterchangeTest, APerfectNestOfTwo) {
  EXPECT_EQ(inner("void f(int m, int n, double (*a)[8]) {\n"
                  "  for (int i = 1; i < m; i++)\n"
                  "    for (int j = 0; j < n; j++ )\n"
                  "      a[i][j] = a[i - 1][j];\n"
                  "}\n"),
            "for (int j = 0; j < n; j++ )");
  // The inner loop alone in a block.
  EXPECT_EQ(inner("void f(int m, int n, double (*a)[8]) {\n"
                  "  int i, j;\n"
                  "  for (i = 1; i < m; i++) {\n"
                  "    for (j = 0; j < n; j++)\n"
                  "      a[i][j] = a[i - 1][j];\n"
                  "  }\n"
                  "}\n"),
            "for (j = 0; j < n; j++)");
}

TEST(InterchangeTest, WhatCannotTradePlaces) {
  // Another statement beside the inner loop.
  EXPECT_EQ(inner("void f(int m, int n, double (*a)[8], int *c) {\n"
                  "  for (int i = 1; i < m; i++) {\n"
                  "    c[0]++;\n"
                  "    for (int j = 0; j < n; j++)\n"
                  "      a[i][j] = a[i - 1][j];\n"
                  "  }\n"
                  "}\n"),
            "none");
  // A header that names the other loop's variable.
  EXPECT_EQ(inner("void f(int m, double (*a)[8]) {\n"
                  "  for (int i = 1; i < m; i++)\n"
                  "    for (int j = 0; j < i; j++)\n"
                  "      a[i][j] = a[i - 1][j];\n"
                  "}\n"),
            "none");
  // A header from a macro.
  EXPECT_EQ(inner("#define ROWS(v) for (int v = 1; v < m; v++)\n"
                  "void f(int m, int n, double (*a)[8]) {\n"
                  "  for (int i = 1; i < m; i++)\n"
                  "    ROWS(j)\n"
                  "      a[i][j] = a[i - 1][j];\n"
                  "}\n"),
            "none");
}
