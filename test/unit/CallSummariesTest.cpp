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
