//===- SerialLoopsTest.cpp - Serial loops proved parallel -----------------===//
#include "Facts/SerialLoops.h"
#include "ParseCode.h"
#include "clang/Basic/SourceManager.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// "line: parallel[, collapse N][, reductions]" or "line: why" per loop.
std::vector<std::string> loops(llvm::StringRef Code) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {"-fopenacc", "-fopenmp"});
  if (!AST)
    return {};
  std::vector<std::string> V;
  const clang::SourceManager &SM = AST->getASTContext().getSourceManager();
  for (const SerialLoop &L : findSerialLoops(AST->getASTContext())) {
    std::string S = std::to_string(SM.getPresumedLineNumber(L.For->getBeginLoc())) + ": ";
    if (!L.Parallel) {
      V.push_back(S + L.Why);
      continue;
    }
    S += "parallel";
    if (L.Collapse > 1)
      S += ", collapse " + std::to_string(L.Collapse);
    for (const std::string &R : L.Reductions)
      S += ", " + R;
    for (const std::string &R : L.LastPrivate)
      S += ", lastprivate " + R;
    if (!L.LastIterationTest.empty())
      S += ", last iteration " + L.LastIterationTest;
    V.push_back(S);
  }
  return V;
}
} // namespace

TEST(SerialLoopsTest, OutermostParallelLoopAndInnerLoopsOfASerialOne) {
  EXPECT_EQ(loops("void f(int n, int m, int steps, double *restrict a, double *restrict b) {\n"
                  "  for (int t = 0; t < steps; t++)\n"
                  "    for (int i = 0; i < n; i++)\n"
                  "      for (int j = 0; j < m; j++)\n"
                  "        a[i * m + j] = a[i * m + j] * 0.5 + b[i * m + j];\n"
                  "}\n"),
            (std::vector<std::string>{
                "2: iterations may write the same element of 'a'",
                "3: parallel, collapse 2"}));
}

TEST(SerialLoopsTest, ReductionsIntoArraysAreProvedButKept) {
  // Every time step adds to the same elements: an array reduction over t,
  // which is not emitted; the rows below are offloaded.
  EXPECT_EQ(loops("void f(int n, int m, int steps, double *restrict a, double *restrict b) {\n"
                  "  for (int t = 0; t < steps; t++)\n"
                  "    for (int i = 0; i < n; i++)\n"
                  "      for (int j = 0; j < m; j++)\n"
                  "        a[i * m + j] += b[i * m + j];\n"
                  "}\n"),
            (std::vector<std::string>{
                "2: 'a' is updated (+) at elements the iterations share: the loop "
                "needs an array reduction, which omp-migrate does not emit yet "
                "(clang 19 on a GPU not checked)",
                "3: parallel, collapse 2"}));
  // One element per row, accumulated over k < j below the diagonal (LU):
  // A[i][j] is the target of every iteration, and no A[i][k] or A[k][j]
  // reaches it (k < j < i).
  EXPECT_EQ(loops("double A[300][300];\n"
                  "void lu(int n) {\n"
                  "  for (int i = 0; i < n; i++) {\n"
                  "    for (int j = 0; j < i; j++) {\n"
                  "      for (int k = 0; k < j; k++)\n"
                  "        A[i][j] -= A[i][k] * A[k][j];\n"
                  "      A[i][j] /= A[j][j];\n"
                  "    }\n"
                  "    for (int j = i; j < n; j++)\n"
                  "      for (int k = 0; k < i; k++)\n"
                  "        A[i][j] -= A[i][k] * A[k][j];\n"
                  "  }\n"
                  "}\n"),
            (std::vector<std::string>{
                "3: 'A' is written and accessed at different subscripts, which may "
                "be a loop-carried dependence",
                "4: 'A' is written and accessed at different subscripts, which may "
                "be a loop-carried dependence",
                "5: 'A[i][j]' is a reduction target of every iteration: OpenMP "
                "reduces an array element only as a one-element array section, "
                "which omp-migrate does not emit (clang 19 fails to link it for a "
                "global array; not checked on a GPU): accumulate into a scalar to "
                "offload the loop",
                "9: parallel"}));
  // With k <= j the last iteration reads the target: not a reduction.
  EXPECT_EQ(loops("double A[300][300];\n"
                  "void lu(int n, int i, int j) {\n"
                  "  for (int k = 0; k <= j; k++)\n"
                  "    A[i][j] -= A[i][k] * A[k][j];\n"
                  "}\n"),
            (std::vector<std::string>{
                "3: iterations may write the same element of 'A'"}));
}

TEST(SerialLoopsTest, ReductionsAndTemporaries) {
  EXPECT_EQ(loops("double f(int n, const double *restrict a) {\n"
                  "  double s = 0, t;\n"
                  "  for (int i = 0; i < n; i++) {\n"
                  "    t = a[i] * a[i];\n"
                  "    s += t;\n"
                  "  }\n"
                  "  return s;\n"
                  "}\n"),
            std::vector<std::string>{"3: parallel, +: s"});
}

TEST(SerialLoopsTest, EveryRefusalHasItsReason) {
  EXPECT_EQ(loops("#include <stdio.h>\n"
                  "double g[4096];\n"
                  "int f(int n, double *p, double *restrict q) {\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    g[i] = p[i];\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    printf(\"%f\", q[i]);\n"
                  "  int last = 0;\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    if (q[i] < 0) { last = i; q[i] = 0; }\n"
                  "  for (int i = 0; i < 8; i++)\n"
                  "    q[i] = 0;\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    if (q[i] < 0) break;\n"
                  "  #pragma omp parallel for\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    q[i] = 1;\n"
                  "  return last;\n"
                  "}\n"),
            (std::vector<std::string>{
                // g and p may overlap: versioned (SerialTest has the test).
                "4: parallel",
                "6: the loop calls 'printf', which is not a pure function of the C "
                "library",
                "9: 'last' is read after the loop, and only some iterations write "
                "it: its value would need lastprivate(conditional:), which clang 19 "
                "does not give back from a GPU",
                "11: its 8 iterations are too few to offload (fewer than 1000)",
                "13: the loop body leaves the loop (break, return, goto or throw)"}));
}

TEST(SerialLoopsTest, DeviceFunctionsAreNotLookedAt) {
  EXPECT_EQ(loops("#pragma acc routine seq\n"
                  "void f(int n, double *restrict a) {\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    a[i] = 0;\n"
                  "}\n"),
            std::vector<std::string>{});
}

TEST(SerialLoopsTest, ElementsReachedOtherwiseThanBySubscriptsAreNeverOffloaded) {
  EXPECT_EQ(loops("double h[5000];\n"
                  "void f(int n, double *restrict a) {\n"
                  "  for (int i = 0; i < 4000; i++)\n"
                  "    h[i] = *(h + i + 1);\n"
                  "  for (int i = 0; i < n - 1; i++)\n"
                  "    a[i] = (a + 1)[i];\n"
                  "  double *p = h;\n"
                  "  for (int i = 0; i < 4000; i++)\n"
                  "    h[i] = p[i + 1];\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    a[2 * i] = a[2 * i + 2];\n"
                  "  int k = 0;\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    a[k++] = i;\n"
                  "}\n"),
            (std::vector<std::string>{
                "3: 'h' is used other than through subscripts (offset, passed on "
                "or its address taken): the dependence test cannot see which elements",
                "5: 'a' is used other than through subscripts (offset, passed on "
                "or its address taken): the dependence test cannot see which elements",
                "8: 'h' and 'p' may be the same memory (declare the pointers restrict, or pass distinct arrays to a static function)",
                "10: 'a' is written and accessed at different subscripts, which may "
                "be a loop-carried dependence",
                // k++ would be a sum, but the subscript reads its value.
                "13: the loop uses the value of 'k++': each iteration reads what the "
                "ones before it made of 'k', no reduction"}));
}

TEST(SerialLoopsTest, ValuesLiveAfterTheLoop) {
  // A value every iteration writes would need lastprivate (which clang 19
  // does not give back from a GPU): the last iteration, found by its test,
  // stores it for the host (lib/Translate/Serial). The loop variable itself
  // gets its final value on the host after the loop when the loop is a
  // statement of a block (else it stays); a value not written by every
  // iteration keeps the loop; a value assigned again before any read is
  // dead (the next loop's initialization, or an inner loop's).
  EXPECT_EQ(loops("int f(int n, double *restrict a) {\n"
                  "  double t = 0, u = 0;\n"
                  "  int i, j, k;\n"
                  "  for (int x = 0; x < n; x++) {\n"
                  "    t = a[x];\n"
                  "    a[x] = t * 2;\n"
                  "  }\n"
                  "  for (int x = 0; x < n; x++) {\n"
                  "    if (x % 2) continue;\n"
                  "    u = a[x];\n"
                  "    a[x] = u;\n"
                  "  }\n"
                  "  for (i = 0; i < n; i++)\n"
                  "    a[i] = 0;\n"
                  "  k = i;\n"
                  "  for (j = 0; j < n; j++)\n"
                  "    for (k = 0; k < n; k++)\n"
                  "      a[j * n + k] = 1;\n"
                  "  for (j = 0; j < n; j++)\n"
                  "    a[j] = 2;\n"
                  "  return t + u + k;\n"
                  "}\n"),
            (std::vector<std::string>{
                "4: parallel, lastprivate t, last iteration x + 1 >= (n)",
                "8: 'u' is read after the loop, and only some iterations write it: "
                "its value would need lastprivate(conditional:), which clang 19 "
                "does not give back from a GPU",
                "13: parallel", // i's final value set after it
                "16: 'k' is read after the loop: its last value would need "
                "lastprivate, which clang 19 does not give back from a GPU",
                "17: the loop variable 'k' is read after the loop: its final value "
                "would need lastprivate, which clang 19 does not give back from a "
                "GPU (declare it in the for statement if the later code does not "
                "need it)",
                "19: parallel"}));
}

TEST(SerialLoopsTest, TheLastIterationOfACollapsedNestStoresTheValue) {
  // A value the innermost body writes, read after the nest: the nest is
  // collapsed and its last iteration is the last of every level (bounds
  // that read memory the nest does not write are fine on the device). A
  // bound that calls a function is no canonical bound at all; a body
  // without braces has no place for the store: kept.
  EXPECT_EQ(loops("int dims[3];\n"
                  "double g[100][64];\n"
                  "static int m(void) { return 100; }\n"
                  "double f(void) {\n"
                  "  double t = 0;\n"
                  "  int i, j;\n"
                  "  for (i = 0; i < dims[0]; i++)\n"
                  "    for (j = dims[1] - 1; j >= 1; j -= 2) {\n"
                  "      t = g[i][j];\n"
                  "      g[i][j] = t + 1;\n"
                  "    }\n"
                  "  double u = t;\n"
                  "  for (i = 0; i < m(); i++) {\n"
                  "    t = g[i][0];\n"
                  "    g[i][0] = t + 1;\n"
                  "  }\n"
                  "  u += t;\n"
                  "  for (i = 0; i < dims[0]; i++)\n"
                  "    t = g[i][1] * 2;\n"
                  "  return u + t;\n"
                  "}\n"),
            (std::vector<std::string>{
                "7: parallel, collapse 2, lastprivate t, last iteration i + 1 >= "
                "(dims[0]) && j - 2 < (1)",
                "13: the loop is not in canonical form: its bound 'm()' is not "
                "proved invariant: it calls 'm'",
                "18: 't' is read after the loop: its last value would need "
                "lastprivate, which clang 19 does not give back from a GPU"}));
  // The function's `{` shares its line with code: no line for the copies.
  EXPECT_EQ(loops("double f(int n, double *restrict a) { double t = 0;\n"
                  "  for (int i = 0; i < n; i++) {\n"
                  "    t = a[i];\n"
                  "    a[i] = t * 2;\n"
                  "  }\n"
                  "  return t;\n"
                  "}\n"),
            (std::vector<std::string>{
                "2: 't' is read after the loop: its last value would need "
                "lastprivate, which clang 19 does not give back from a GPU"}));
}

TEST(SerialLoopsTest, ReductionNestsAreCollapsed) {
  // The inner level reduces the outer loop's scalar: one reduction over
  // the collapsed nest; an inner reduction of its own stops the collapse.
  EXPECT_EQ(loops("double f(int n, int m, const double *restrict a, double *restrict r) {\n"
                  "  double s = 0;\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    for (int j = 0; j < m; j++)\n"
                  "      s += a[i * m + j];\n"
                  "  for (int i = 0; i < n; i++) {\n"
                  "    double t = 0;\n"
                  "    for (int j = 0; j < m; j++)\n"
                  "      t += a[i * m + j];\n"
                  "    r[i] = t;\n"
                  "  }\n"
                  "  return s;\n"
                  "}\n"),
            (std::vector<std::string>{"3: parallel, collapse 2, +: s", "6: parallel"}));
}

TEST(SerialLoopsTest, ALoopAroundAConstructOfTheInputStaysOnTheHost) {
  // Its iterations are independent (a sum), but its kernel would hold the
  // construct's: OpenMP nests no kernel in a kernel.
  EXPECT_EQ(loops("double f(int n, int steps, double *restrict a) {\n"
                  "  double chk = 0;\n"
                  "  for (int t = 0; t < steps; t++) {\n"
                  "    double s = 0;\n"
                  "    #pragma acc parallel loop reduction(+:s)\n"
                  "    for (int i = 0; i < n; i++)\n"
                  "      s += a[i];\n"
                  "    chk += s;\n"
                  "  }\n"
                  "  for (int t = 0; t < steps; t++) {\n"
                  "    #pragma omp parallel for\n"
                  "    for (int i = 0; i < n; i++)\n"
                  "      a[i] += 1;\n"
                  "  }\n"
                  "  return chk;\n"
                  "}\n"),
            (std::vector<std::string>{
                "3: it holds the OpenACC construct at line 5, whose kernel does not start "
                "inside another",
                "10: it holds the OpenMP directive at line 11, whose kernel does not start "
                "inside another"}));
}
