//===- RunsTest.cpp - Regions around straight-line runs of kernels --------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(RunsTest, KernelsSharingAnArrayGetOneRegion) {
  PlacementFixture X("void f(int n, float *restrict a, float *restrict b) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] = i;\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    b[i] = a[i];\n"
                     "}\n");
  X.Placer->run();
  ASSERT_EQ(X.Out.Records.size(), 3u);
  const ConstructRecord &R = X.Out.Records[2];
  EXPECT_EQ(R.Original, "(statements at lines 2-7)");
  EXPECT_EQ(R.Emitted, (std::vector<std::string>{
                           "#pragma omp target enter data map(alloc: a[0:n], b[0:n])",
                           "#pragma omp target exit data map(from: a[0:n], b[0:n])"}));
}

TEST(RunsTest, ADirectiveOfTheInputCutsTheRun) {
  PlacementFixture X("void f(int n, float *restrict a) {\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] = i;\n"
                     "  #pragma acc update self(a[0:n])\n"
                     "  #pragma acc parallel loop\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] += 1;\n"
                     "}\n");
  size_t Before = X.Out.Records.size();
  X.Placer->run();
  EXPECT_EQ(X.Out.Records.size(), Before);
}
