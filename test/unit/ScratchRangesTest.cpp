//===- ScratchRangesTest.cpp - Facts/ScratchRanges ------------------------===//
#include "Facts/ScratchRanges.h"
#include "LoopOnLine.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace ompm {
namespace {

/// Why the array Var may not be private to the for loop on line Line of
/// the function f; "" when it may, then "guards: ..." with its guards.
std::string whyNot(const std::string &Code, unsigned Line, llvm::StringRef Var) {
  LoopOnLine X = findLoopOnLine(Code, Line, Var);
  if (!X.found())
    return "not found";
  ParentMap PM(const_cast<Stmt *>(X.F->getBody()));
  std::vector<Poly> Guards;
  CodeUsers Users(X.ctx());
  std::string Why = ScratchRanges(X.F, X.ctx(), PM, Users)
                        .whyNotPrivate(cast<ForStmt>(X.Loop), X.V, Guards);
  if (!Why.empty())
    return Why;
  std::string G;
  for (const Poly &P : Guards)
    G += (G.empty() ? "" : ", ") + P.str() + " >= 0";
  return G.empty() ? "" : "guards: " + G;
}

const char *Head = "static double ue[24][5], out[24][24];\n"
                   "static int n[3];\n";

} // namespace

TEST(ScratchRangesTest, RowFilledThenReadAtNeighbours) {
  // Line 4: the j loop; its i loops fill ue[0..n[0]-1] and read i-1..i+1.
  std::string Code = std::string(Head) +
                     "void f(void) {\n"
                     "  for (int j = 0; j < n[1]; j++) {\n"
                     "    for (int i = 0; i < n[0]; i++)\n"
                     "      for (int m = 0; m < 5; m++)\n"
                     "        ue[i][m] = i + j + m;\n"
                     "    for (int i = 1; i < n[0] - 1; i++)\n"
                     "      out[i][j] = ue[i - 1][0] + ue[i + 1][4];\n"
                     "  }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 4, "ue"), "");
}

TEST(ScratchRangesTest, ConstantRowsNeedAGuard) {
  // ue[3] is written only when n[0] - 1 >= 3: a guard; `i = n[0] - 3`
  // reads ue[n[0] - 5], written when n[0] >= 5, which implies the other.
  std::string Code = std::string(Head) +
                     "void f(void) {\n"
                     "  int i;\n"
                     "  for (int j = 0; j < n[1]; j++) {\n"
                     "    for (i = 0; i < n[0]; i++)\n"
                     "      ue[i][0] = i * j;\n"
                     "    i = 1;\n"
                     "    out[0][j] = ue[i + 2][0];\n"
                     "    i = n[0] - 3;\n"
                     "    out[1][j] = ue[i - 2][0];\n"
                     "  }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 5, "ue"), "guards: n[0] - 5 >= 0");
}

TEST(ScratchRangesTest, WhatIsNotPrivate) {
  // A read before the write of its element.
  EXPECT_EQ(whyNot(std::string(Head) + "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++)\n"
                                       "    for (int i = 1; i < n[0]; i++) {\n"
                                       "      ue[i][0] = j;\n"
                                       "      out[i][j] = ue[i - 1][0];\n"
                                       "    }\n"
                                       "}\n",
                   4, "ue"),
            "'ue[i - 1][0]' may read an element of 'ue' that the iteration has not written");
  // Written only in a branch.
  EXPECT_EQ(whyNot(std::string(Head) + "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++) {\n"
                                       "    if (j > 2) ue[0][0] = j;\n"
                                       "    out[0][j] = ue[0][0];\n"
                                       "  }\n"
                                       "}\n",
                   4, "ue"),
            "'ue[0][0]' may read an element of 'ue' that the iteration has not written");
  // Another function reads it outside a loop: what f leaves may be read.
  const char *F = "void f(void) {\n"
                  "  for (int j = 0; j < n[1]; j++) {\n"
                  "    ue[0][0] = j;\n"
                  "    out[0][j] = ue[0][0];\n"
                  "  }\n"
                  "}\n";
  EXPECT_EQ(whyNot(std::string(Head) + "double g(void) { return ue[1][1]; }\n" + F, 5, "ue"),
            "'ue' is also used by 'g', outside a loop");
  // ... but a loop of it that writes first (NPB SP's lhsx, lhsy, lhsz).
  EXPECT_EQ(whyNot(std::string(Head) + "void g(void) {\n"
                                       "  for (int k = 0; k < 9; k++) { ue[1][1] = k; "
                                       "out[k][0] = ue[1][1]; }\n"
                                       "}\n" + F,
                   7, "ue"),
            "");
  // A write on the right of && may not run.
  EXPECT_EQ(whyNot(std::string(Head) + "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++) {\n"
                                       "    j > 2 && (ue[0][0] = j);\n"
                                       "    out[0][j] = ue[0][0];\n"
                                       "  }\n"
                                       "}\n",
                   4, "ue"),
            "'ue[0][0]' may read an element of 'ue' that the iteration has not written");
  // An element's address lets a callee write it unseen.
  EXPECT_EQ(whyNot(std::string(Head) + "void h(double *p);\n"
                                       "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++) {\n"
                                       "    ue[0][0] = j; h(&ue[0][0]);\n"
                                       "    out[0][j] = ue[0][0];\n"
                                       "  }\n"
                                       "}\n",
                   5, "ue"),
            "'ue' is not a scratch array the ranges follow");
  // Passing it on is not a use the ranges follow.
  EXPECT_EQ(whyNot(std::string(Head) + "void h(double (*p)[5]);\n"
                                       "void g(void) { h(ue); }\n" + F,
                   6, "ue"),
            "'ue' is not a scratch array the ranges follow");
  // Read after the loop, outside any loop.
  EXPECT_EQ(whyNot(std::string(Head) + "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++) {\n"
                                       "    ue[0][0] = j;\n"
                                       "    out[0][j] = ue[0][0];\n"
                                       "  }\n"
                                       "  out[1][1] = ue[0][0];\n"
                                       "}\n",
                   4, "ue"),
            "'ue' is used outside a loop after or before this one, where what the loop "
            "leaves in it may be read");
  // A guard on what the function changes cannot be tested once.
  EXPECT_EQ(whyNot(std::string(Head) + "void f(void) {\n"
                                       "  for (int j = 0; j < n[1]; j++) {\n"
                                       "    for (int i = 0; i < n[0]; i++) ue[i][0] = j;\n"
                                       "    out[0][j] = ue[2][0];\n"
                                       "  }\n"
                                       "  n[0] = 3;\n"
                                       "}\n",
                   4, "ue"),
            "'ue[2][0]' reads an element of 'ue' the iteration wrote only when n[0] - 3 >= 0, "
            "which may change between two runs of the loop (a test before each would not keep "
            "what the other run left in the array)");
}

TEST(ScratchRangesTest, GuardsOnlyOnWhatEveryRunSees) {
  // n is set by main before it calls f (NPB: grid_points from the problem
  // size): one value for every run, the guard holds for all or none.
  auto Code = [](const char *Main) {
    return std::string(Head) + "void f(void) {\n"
                               "  for (int j = 0; j < n[1]; j++) {\n"
                               "    for (int i = 0; i < n[0]; i++) ue[i][0] = j;\n"
                               "    out[0][j] = ue[2][0];\n"
                               "  }\n"
                               "}\n" + Main;
  };
  EXPECT_EQ(whyNot(Code("int main(void) { n[0] = 8; n[1] = 3; f(); return 0; }\n"), 4, "ue"),
            "guards: n[0] - 3 >= 0");
  // Read by fscanf (NPB BT's input file), which writes during the call.
  EXPECT_EQ(whyNot("#include <stdio.h>\n" +
                       Code("int main(void) { fscanf(stdin, \"%d\", &n[0]); f(); return 0; }\n"),
                   5, "ue"),
            "guards: n[0] - 3 >= 0");
  const char *Changes = "'ue[2][0]' reads an element of 'ue' the iteration wrote only when "
                        "n[0] - 3 >= 0, which may change between two runs of the loop (a test "
                        "before each would not keep what the other run left in the array)";
  EXPECT_EQ(whyNot(Code("int main(void) { n[0] = 8; f(); n[0] = 2; f(); return 0; }\n"), 4, "ue"),
            Changes);
  EXPECT_EQ(whyNot(Code("void g(void) { n[0] = 2; }\nint main(void) { f(); g(); return 0; }\n"),
                   4, "ue"),
            Changes);
  EXPECT_EQ(whyNot(Code("void g(int *p) { p[0] = 2; }\nint main(void) { g(n); f(); return 0; }\n"),
                   4, "ue"),
            Changes);
}

} // namespace ompm
