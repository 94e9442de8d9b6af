//===- CallSummariesTest.cpp - Calls that are kernels of their caller -----===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(CallSummariesTest, ACallIsAKernelOfItsCaller) {
  PlacementFixture X("static void step(int n, float *restrict a) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] += 1;\n"
                     "}\n"
                     "void f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++)\n"
                     "    step(n, a);\n"
                     "}\n");
  X.Placer->run();
  ASSERT_EQ(X.Placer->SummarizedCalls.size(), 1u);
  ASSERT_EQ(X.Placer->Kernels.size(), 2u);
  const Kernel &K = X.Placer->Kernels[1];
  EXPECT_EQ(K.Fn, X.function("f"));
  EXPECT_EQ(K.Body, nullptr);
  ASSERT_EQ(K.Items.size(), 1u);
  EXPECT_EQ(K.Items[0].Section, "a[0:n]");
  EXPECT_NE(X.result().find("  #pragma omp target data map(tofrom: a[0:n])\n"
                            "  for (int t = 0; t < steps; t++)\n"),
            std::string::npos)
      << X.result();
}

TEST(CallSummariesTest, RecursionHasNoSummary) {
  PlacementFixture X("void f(int n, float *restrict a) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] += 1;\n"
                     "  if (n > 1)\n"
                     "    f(n / 2, a);\n"
                     "}\n"
                     "void g(int n, float *restrict a) {\n"
                     "  for (int t = 0; t < 4; t++)\n"
                     "    f(n, a);\n"
                     "}\n");
  X.Placer->run();
  EXPECT_TRUE(X.Placer->SummarizedCalls.empty());
}

// The host code of a summarized function, and of the host functions it
// calls: each global array a read or a write, and those it uses between
// kernels that use them (one side writing) poisoned.
TEST(CallSummariesTest, HostUsesOfGlobalsAreSummarized) {
  PlacementFixture X("static double u[100], s[100], g[100];\n"
                     "static int lim[1] = {100};\n"
                     "static void prefix(void) {\n"
                     "  for (int i = 1; i < 100; i++)\n"
                     "    s[i] = s[i - 1] + u[i];\n"
                     "}\n"
                     "static void solve(int t) {\n"
                     "  prefix();\n"
                     "  g[t] = 1;\n"
                     "  for (int c = 0; c < lim[0]; c++) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < 100; i++)\n"
                     "    u[i] += s[i];\n"
                     "  }\n"
                     "}\n"
                     "void f(void) {\n"
                     "  for (int t = 0; t < 10; t++)\n"
                     "    solve(t);\n"
                     "}\n");
  X.Placer->run();
  ASSERT_EQ(X.Placer->SummarizedCalls.size(), 1u);
  auto It = X.Placer->SummaryHost.find(X.function("solve")->getCanonicalDecl());
  ASSERT_NE(It, X.Placer->SummaryHost.end());
  std::map<std::string, bool> Uses;
  for (const auto &[V, W] : It->second.Uses)
    Uses[V->getNameAsString()] = W;
  std::set<std::string> Poisoned;
  for (const clang::VarDecl *V : It->second.Poisoned)
    Poisoned.insert(V->getNameAsString());
  // prefix writes s and reads u; solve writes g and reads lim.
  EXPECT_EQ(Uses, (std::map<std::string, bool>{
                      {"g", true}, {"lim", false}, {"s", true}, {"u", false}}));
  // s: written by the host, read by the kernel; u: read by the host,
  // written by the kernel.
  EXPECT_EQ(Poisoned, (std::set<std::string>{"s", "u"}));
  // f's loop holds neither (solve's own loop has a region for them).
  EXPECT_NE(X.result().find("void f(void) {\n"
                            "  for (int t = 0; t < 10; t++)\n"
                            "    solve(t);\n"),
            std::string::npos)
      << X.result();
}

// A global the summarized function only reads on the host, and no kernel of
// it writes, may stay on the device across its calls.
TEST(CallSummariesTest, AHostReadOfAnArrayItsKernelsOnlyReadIsNoObstacle) {
  PlacementFixture X("static double u[100], w[100];\n"
                     "static void step(void) {\n"
                     "  if (w[0] > 0) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < 100; i++)\n"
                     "    u[i] += w[i];\n"
                     "  }\n"
                     "}\n"
                     "void f(void) {\n"
                     "  for (int t = 0; t < 10; t++)\n"
                     "    step();\n"
                     "}\n");
  X.Placer->run();
  auto It = X.Placer->SummaryHost.find(X.function("step")->getCanonicalDecl());
  ASSERT_NE(It, X.Placer->SummaryHost.end());
  EXPECT_TRUE(It->second.Poisoned.empty());
  EXPECT_NE(X.result().find("  #pragma omp target data map(tofrom: u) map(to: w)\n"
                            "  for (int t = 0; t < 10; t++)\n"),
            std::string::npos)
      << X.result();
}
