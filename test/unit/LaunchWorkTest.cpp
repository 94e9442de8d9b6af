//===- LaunchWorkTest.cpp - The work of one kernel launch, bounded --------===//
#include "Facts/LaunchWork.h"
#include "Facts/HostParallel.h"
#include "ParseCode.h"
#include "Facts/LoopShapes.h"
#include "Facts/Regions.h"
#include "LoopFixture.h"
#include "clang/AST/ParentMap.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// The bound of f's first loop, "unknown" when there is none, with what
/// bounds it after a '|'.
std::string work(const std::string &Code) {
  Fixture X = parse(Code);
  if (!X.Loop)
    return "no loop";
  RegionFacts F(X.Loop, X.ctx());
  clang::ParentMap PM(X.F->getBody());
  std::optional<LaunchWork> W = launchWork(X.Loop, F, constantLocals(X.F, X.ctx()), PM);
  if (!W)
    return "unknown";
  return std::to_string(W->Iterations) + (W->BoundedBy.empty() ? "" : "|" + W->BoundedBy);
}
} // namespace

TEST(LaunchWorkTest, ConstantTripCounts) {
  // 10 iterations of the outer loop, each 1 + 20 of the inner one.
  EXPECT_EQ(work("void f(double *a) {\n"
                 "  for (int i = 0; i < 10; i++)\n"
                 "    for (int j = 0; j < 20; j++)\n"
                 "      a[i * 20 + j] = 0;\n"
                 "}\n"),
            "210");
  // So does a macro constant.
  EXPECT_EQ(work("#define N 1000\n"
                 "void f(double *a) {\n"
                 "  for (int i = 1; i < N - 1; i++)\n"
                 "    a[i] = 0;\n"
                 "}\n"),
            "998");
  // A constant local counts as a constant.
  EXPECT_EQ(work("void f(double *a) {\n"
                 "  int len = 100;\n"
                 "  for (int i = 0; i < len; i++)\n"
                 "    a[i] = 0;\n"
                 "}\n"),
            "100");
}

TEST(LaunchWorkTest, ExtentsBoundLoopsWithoutConstantBounds) {
  // durbin: `i < k`, k a host loop's variable; r and y have 400 elements.
  EXPECT_EQ(work("void f(int k, double r[400], double y[400]) {\n"
                 "  double sum = 0;\n"
                 "  for (int i = 0; i < k; i++)\n"
                 "    sum += r[k - i - 1] * y[i];\n"
                 "}\n"),
            "400|'r' (400 elements)");
  // The smallest extent; the second dimension of a row pointer too.
  EXPECT_EQ(work("static double g[50];\n"
                 "void f(int n, double (*A)[30]) {\n"
                 "  for (int i = 0; i < n; i++) {\n"
                 "    g[i] = 1;\n"
                 "    for (int j = 0; j < n; j++)\n"
                 "      A[i][j] = g[i];\n"
                 "  }\n"
                 "}\n"),
            "1550|'g' (50 elements)");
  // trisolv: a triangular inner loop, bounded like the outer one.
  EXPECT_EQ(work("void f(int n, double L[100][100], double x[64]) {\n"
                 "  for (int i = 0; i < n; i++) {\n"
                 "    for (int j = 0; j < i; j++)\n"
                 "      x[i] -= L[i][j] * x[j];\n"
                 "    x[i] = x[i] / L[i][i];\n"
                 "  }\n"
                 "}\n"),
            "4160|'x' (64 elements)");
  // An access of the inner loop's only does not bound the outer loop.
  EXPECT_EQ(work("void f(int n, double x[64]) {\n"
                 "  for (int i = 0; i < n; i++)\n"
                 "    for (int j = 0; j < 4; j++)\n"
                 "      x[i] += j;\n"
                 "}\n"),
            "unknown");
}

TEST(LaunchWorkTest, NoBound) {
  // A pointer: no extent.
  EXPECT_EQ(work("void f(int n, double *a) {\n"
                 "  for (int i = 0; i < n; i++)\n"
                 "    a[i] = 0;\n"
                 "}\n"),
            "unknown");
  // The access under a condition: not every iteration is in bounds by it.
  EXPECT_EQ(work("void f(int n, double a[10], double *b) {\n"
                 "  for (int i = 0; i < n; i++)\n"
                 "    if (b[i] > 0)\n"
                 "      a[i] = 0;\n"
                 "}\n"),
            "unknown");
  // Twice the variable: the subscript does not tell the iterations apart
  // one for one.
  EXPECT_EQ(work("void f(int n, double a[10]) {\n"
                 "  for (int i = 0; i < n; i++)\n"
                 "    a[2 * i] = 0;\n"
                 "}\n"),
            "unknown");
  // A `continue` may skip the access.
  EXPECT_EQ(work("void f(int n, double a[10], double *b) {\n"
                 "  for (int i = 0; i < n; i++) {\n"
                 "    if (b[i] > 0)\n"
                 "      continue;\n"
                 "    a[i] = 0;\n"
                 "  }\n"
                 "}\n"),
            "unknown");
  // A while loop inside, or a call to a function of the program.
  EXPECT_EQ(work("void f(double a[10]) {\n"
                 "  for (int i = 0; i < 10; i++) {\n"
                 "    int k = 0;\n"
                 "    while (k < i) k++;\n"
                 "    a[i] = k;\n"
                 "  }\n"
                 "}\n"),
            "unknown");
  EXPECT_EQ(work("double g(double);\n"
                 "void f(double a[10]) {\n"
                 "  for (int i = 0; i < 10; i++)\n"
                 "    a[i] = g(i);\n"
                 "}\n"),
            "unknown");
  // The C library's pure functions are work like any other statement.
  EXPECT_EQ(work("double sqrt(double);\n"
                 "void f(double a[10]) {\n"
                 "  for (int i = 0; i < 10; i++)\n"
                 "    a[i] = sqrt(i);\n"
                 "}\n"),
            "10");
}

TEST(LaunchWorkTest, DeclaredExtent) {
  Fixture X = parse("void f(double A[5][7], double (*B)[3], double *c) {\n"
                    "  for (int i = 0; i < 1; i++) c[i] = A[i][i] + B[i][i];\n"
                    "}\n");
  ASSERT_NE(X.F, nullptr);
  EXPECT_EQ(declaredExtent(X.param("A"), 0), 5u);
  EXPECT_EQ(declaredExtent(X.param("A"), 1), 7u);
  EXPECT_EQ(declaredExtent(X.param("A"), 2), std::nullopt);
  EXPECT_EQ(declaredExtent(X.param("B"), 0), std::nullopt);
  EXPECT_EQ(declaredExtent(X.param("B"), 1), 3u);
  EXPECT_EQ(declaredExtent(X.param("c"), 0), std::nullopt);
}

namespace {
/// keepSmallLaunches' verdict on each CPU parallel construct of Code
/// (-fopenmp): "kernel", or the start of why it stays.
std::vector<std::string> kept(llvm::StringRef Code, uint64_t Min = 16384) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  std::vector<HostParallel> Host = findHostParallel(AST->getASTContext());
  keepSmallLaunches(Host, AST->getASTContext(), Min);
  std::vector<std::string> Out;
  for (const HostParallel &H : Host)
    Out.push_back(H.Why.empty() ? "kernel" : H.Why.substr(0, 40));
  return Out;
}
} // namespace

TEST(LaunchWorkTest, CPUParallelLoopsOfATimeLoop) {
  const char *Small = "static double a[1000], b[1000];\n"
                      "void f(int steps) {\n"
                      "  for (int t = 0; t < steps; t++) {\n"
                      "#pragma omp parallel for\n"
                      "    for (int i = 0; i < 1000; i++) b[i] = a[i];\n"
                      "#pragma omp parallel for\n"
                      "    for (int i = 0; i < 1000; i++) a[i] = b[i] + t;\n"
                      "  }\n"
                      "}\n";
  std::vector<std::string> Both(2, "each launch would run at most 1000 itera");
  EXPECT_EQ(kept(Small), Both);
  // 0: no limit.
  EXPECT_EQ(kept(Small, 0), std::vector<std::string>(2, "kernel"));
  // A limit below the work.
  EXPECT_EQ(kept(Small, 999), std::vector<std::string>(2, "kernel"));
  // Outside a host loop: one launch.
  EXPECT_EQ(kept("static double a[1000];\n"
                 "void f(void) {\n"
                 "#pragma omp parallel for\n"
                 "  for (int i = 0; i < 1000; i++) a[i] = i;\n"
                 "}\n"),
            std::vector<std::string>{"kernel"});
  // A host loop of a few iterations does not count.
  EXPECT_EQ(kept("static double a[1000];\n"
                 "void f(void) {\n"
                 "  for (int m = 0; m < 5; m++) {\n"
                 "#pragma omp parallel for\n"
                 "    for (int i = 0; i < 1000; i++) a[i] += m;\n"
                 "  }\n"
                 "}\n"),
            std::vector<std::string>{"kernel"});
  // A large one beside a small one: both kernels.
  EXPECT_EQ(kept("static double a[1000], c[100000];\n"
                 "void f(int steps) {\n"
                 "  for (int t = 0; t < steps; t++) {\n"
                 "#pragma omp parallel for\n"
                 "    for (int i = 0; i < 1000; i++) a[i] += t;\n"
                 "#pragma omp parallel for\n"
                 "    for (int i = 0; i < 100000; i++) c[i] += t;\n"
                 "  }\n"
                 "}\n"),
            std::vector<std::string>(2, "kernel"));
  // A call to a function of the program in the host loop.
  EXPECT_EQ(kept("static double a[1000];\n"
                 "void g(void) {}\n"
                 "void f(int steps) {\n"
                 "  for (int t = 0; t < steps; t++) {\n"
                 "    g();\n"
                 "#pragma omp parallel for\n"
                 "    for (int i = 0; i < 1000; i++) a[i] += t;\n"
                 "  }\n"
                 "}\n"),
            std::vector<std::string>{"kernel"});
}
