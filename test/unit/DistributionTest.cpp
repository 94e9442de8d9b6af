//===- DistributionTest.cpp - A loop that runs as two loops ---------------===//
#include "Facts/Distribution.h"
#include "Facts/Regions.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// Why f's first loop may not run as its statements before its last loop,
/// then that loop; "no tail" when the shape is not there.
std::string why(const std::string &Code) {
  Fixture X = parse(Code);
  if (!X.Loop)
    return "no loop";
  const clang::ForStmt *J = distributableTail(X.Loop, X.ctx());
  if (!J)
    return "no tail";
  RegionFacts F(X.Loop, X.ctx());
  return distributionWhy(X.Loop, J, F);
}

const char *const Atax = "void f(int m, int n, double (*A)[8], double *x, double *y,\n"
                         "       double *tmp) {\n"
                         "  int i, j;\n"
                         "  for (i = 0; i < m; i++) {\n"
                         "    tmp[i] = 0;\n"
                         "    for (j = 0; j < n; j++)\n"
                         "      tmp[i] += A[i][j] * x[j];\n"
                         "    for (j = 0; j < n; j++)\n"
                         "      y[j] += A[i][j] * tmp[i];\n"
                         "  }\n"
                         "}\n";
} // namespace

TEST(DistributionTest, AtaxRunsAsTwoLoops) { EXPECT_EQ(why(Atax), ""); }

TEST(DistributionTest, TheShape) {
  // The last statement not a loop.
  EXPECT_EQ(why("void f(int m, int n, double *y, long *c) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += i;\n"
                "    c[0]++;\n"
                "  }\n"
                "}\n"),
            "no tail");
  // The loop alone in the body: an exchange (Facts/Interchange), not this.
  EXPECT_EQ(why("void f(int m, int n, double *y) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += i;\n"
                "  }\n"
                "}\n"),
            "no tail");
  // A preprocessor line inside.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    t[i] = 0;\n"
                "#ifndef NO_Y\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "#endif\n"
                "  }\n"
                "}\n"),
            "no tail");
  // The tail not at the start of its line.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    t[i] = 0; for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "  }\n"
                "}\n"),
            "no tail");
}

TEST(DistributionTest, WhatKeepsTheLoopWhole) {
  // A scalar the first part sets for the second.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *x) {\n"
                "  double s;\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    s = x[i];\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += s;\n"
                "  }\n"
                "}\n"),
            "'s' is written by one part and used by the other");
  // The second part writes elements the first reads at other iterations.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    t[i] = y[i];\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "  }\n"
                "}\n"),
            "'y' is written by one part and reached by the other at elements other "
            "iterations reach");
  // A variable of the loop's own used by both.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *x) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    double t = x[i];\n"
                "    x[i] = t + 1;\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t;\n"
                "  }\n"
                "}\n"),
            "'t' is declared in the loop and used by both parts");
  // A jump.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    if (t[i] < 0)\n"
                "      break;\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "  }\n"
                "}\n"),
            "its body jumps or holds a label");
  // A call.
  EXPECT_EQ(why("void g(double *);\n"
                "void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    g(t);\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "  }\n"
                "}\n"),
            "it calls a function that is not a pure function of the C library");
  // A write through a pointer.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    *(t + i) = 1;\n"
                "    for (int j = 0; j < n; j++)\n"
                "      y[j] += t[i];\n"
                "  }\n"
                "}\n"),
            "it writes through a pointer or a member");
  // An array both use, one part reading it other than through subscripts.
  EXPECT_EQ(why("void f(int m, int n, double *u, double *t) {\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    u[i] = *(t + i);\n"
                "    for (int j = 0; j < n; j++)\n"
                "      t[j] += u[i];\n"
                "  }\n"
                "}\n"),
            "'t' is used other than through subscripts");
}

TEST(DistributionTest, LoopVariablesOfBothParts) {
  // j is the variable of a loop in each part, set by each before use.
  EXPECT_EQ(why(Atax), "");
  // j read by the second part before its loop sets it: kept whole.
  EXPECT_EQ(why("void f(int m, int n, double *y, double *t) {\n"
                "  int j;\n"
                "  for (int i = 0; i < m; i++) {\n"
                "    for (j = 0; j < n; j++)\n"
                "      t[i] += 1;\n"
                "    for (int k = j; k < n; k++)\n"
                "      y[k] += t[i];\n"
                "  }\n"
                "}\n"),
            "'j' is written by one part and used by the other");
}
