//===- PrivateArraysTest.cpp - Analysis/PrivateArrays -----------------------===//
#include "Analysis/PrivateArrays.h"
#include "LoopOnLine.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace ompm {
namespace {

/// Why the array Var may not be private to the loop (for, while or do) on
/// line Line of the function f; "" when it may.
std::string whyNot(llvm::StringRef Code, unsigned Line, llvm::StringRef Var) {
  LoopOnLine X = findLoopOnLine(Code, Line, Var, /*AnyLoop=*/true);
  if (!X.found())
    return "not found";
  ParentMap PM(const_cast<Stmt *>(X.F->getBody()));
  return PrivateArrays(X.F, X.ctx(), PM).whyNotPrivate(X.Loop, X.V);
}

// A helper fills the array through its parameter, then the loop reads it.
const char *Helper = "static void fill(double x, double d[5]) {\n"
                     "  int m;\n"
                     "  for (m = 0; m < 5; m++) d[m] = x * m;\n"
                     "}\n"
                     "void f(int n, double *u) {\n"
                     "  double t[5];\n"
                     "  int i, m;\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    fill(i, t);\n"
                     "    for (m = 0; m < 5; m++) u[5 * i + m] = t[m];\n"
                     "  }\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    fill(2 * i, t);\n"
                     "    u[i] += t[4];\n"
                     "  }\n"
                     "}\n";

TEST(PrivateArraysTest, FilledByAHelperThenRead) {
  EXPECT_EQ(whyNot(Helper, 8, "t"), "");
  // The second loop reads t only after filling it: no value crosses.
  EXPECT_EQ(whyNot(Helper, 12, "t"), "");
}

// Slices filled through element addresses and partial subscripts, in an
// inner loop of constant bounds; then read at constant places.
TEST(PrivateArraysTest, SlicesThroughAddresses) {
  const char *Code = "static void fill(double x, double d[5]) {\n"
                     "  for (int m = 0; m < 5; m++) d[m] = x + m;\n"
                     "}\n"
                     "void f(int n, double *u) {\n"
                     "  double P[2][3][5], Q[2][3][5];\n"
                     "  int i, k;\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    for (k = 0; k < 2; k++) {\n"
                     "      fill(i, &P[k][0][0]);\n"
                     "      fill(i, P[k][1]);\n"
                     "    }\n"
                     "    u[i] = P[1][0][4] + P[0][1][0];\n"
                     "  }\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    fill(i, &Q[0][0][0]);\n"
                     "    u[i] = Q[0][0][1] + Q[0][2][0];\n" // [0][2] never written
                     "  }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 7, "P"), "");
  EXPECT_EQ(whyNot(Code, 14, "Q"), "'Q' is not written before it is read in each "
                                   "iteration (as far as its elements can be told apart)");
}

// Both branches of an if write the element; one branch alone does not.
// A loop of unknown trip count writes nothing for sure, but its own
// iterations may read what they wrote.
TEST(PrivateArraysTest, BranchesAndUnknownLoops) {
  const char *Code = "void f(int n, int r, double *u) {\n"
                     "  double a[2], b[2], c[3], e[3];\n"
                     "  int i, k;\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    if (u[i] > 0) a[0] = 1; else a[0] = 2;\n"
                     "    u[i] = a[0];\n"
                     "  }\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    if (u[i] > 0) b[0] = 1;\n"
                     "    u[i] = b[0];\n"
                     "  }\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    for (k = 0; k < r; k++) { c[2] = k; u[i] += c[2]; }\n"
                     "    u[i] += c[2];\n"
                     "  }\n"
                     "  for (i = 0; i < n; i++) {\n"
                     "    for (k = 0; k < r; k++) { e[1] = k; u[i] += e[1]; }\n"
                     "  }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 4, "a"), "");
  EXPECT_NE(whyNot(Code, 8, "b"), "");
  EXPECT_EQ(whyNot(Code, 12, "c"), "'c' is not written before it is read in each "
                                   "iteration (as far as its elements can be told apart)");
  // (c[2] after a loop that may run no iteration.)
  EXPECT_EQ(whyNot(Code, 16, "e"), "");
}

// What the loop leaves in the array is read after it, or the array is
// reached in ways the interpretation does not follow.
TEST(PrivateArraysTest, ValuesWantedOrNotFollowed) {
  const char *Code = "double g[4];\n"
                     "void ext(double *);\n"
                     "void f(int n, double *u) {\n"
                     "  double a[2], b[2], c[2], d[2], e[2], *p;\n"
                     "  static double s[2];\n"
                     "  int i, j;\n"
                     "  for (i = 0; i < n; i++) { a[0] = u[i]; u[i] = a[0]; }\n"
                     "  u[0] = a[0];\n"
                     "  for (i = 0; i < n; i++) { b[0] = u[i]; u[i] = b[0]; }\n"
                     "  b[1] = 3;\n" // a plain assignment: no read
                     "  for (i = 0; i < n; i++) { c[0] = u[i]; ext(c); u[i] = c[0]; }\n"
                     "  for (i = 0; i < n; i++) { d[0] = u[i]; j = i; u[i] = d[j]; }\n"
                     "  p = e;\n"
                     "  for (i = 0; i < n; i++) { e[0] = u[i]; u[i] = e[0]; }\n"
                     "  for (i = 0; i < n; i++) { s[0] = u[i]; u[i] = s[0]; }\n"
                     "  for (i = 0; i < n; i++) { g[0] = u[i]; u[i] = g[0]; }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 7, "a"),
            "'a' may be read outside the loop, where what the loop's iterations "
            "leave in it would be wanted (a private copy gives nothing back)");
  EXPECT_EQ(whyNot(Code, 9, "b"), "");
  EXPECT_NE(whyNot(Code, 11, "c"), ""); // passed to a function without a body
  EXPECT_NE(whyNot(Code, 12, "d"), ""); // d[j]: j unknown, reads all of d
  EXPECT_NE(whyNot(Code, 14, "e"), ""); // its address kept in p
  EXPECT_EQ(whyNot(Code, 15, "s"), "'s' is not an array of the function's own "
                                   "(a parameter, a static or a global)");
  EXPECT_EQ(whyNot(Code, 16, "g"), "'g' is not an array of the function's own "
                                   "(a parameter, a static or a global)");
}

// Too large for a thread's private copy; not numbers.
TEST(PrivateArraysTest, SizeAndType) {
  const char *Code = "struct P { double x; };\n"
                     "void f(int n, double *u) {\n"
                     "  double big[600];\n"
                     "  struct P q[2];\n"
                     "  int i;\n"
                     "  for (i = 0; i < n; i++) { big[0] = u[i]; u[i] = big[0]; }\n"
                     "  for (i = 0; i < n; i++) { q[0].x = u[i]; u[i] = q[0].x; }\n"
                     "}\n";
  EXPECT_EQ(whyNot(Code, 6, "big"), "'big' has 600 elements, more than a GPU thread's "
                                    "private copy may hold (512)");
  EXPECT_EQ(whyNot(Code, 7, "q"), "'q' is not an array of numbers of constant size");
}

} // namespace
} // namespace ompm
