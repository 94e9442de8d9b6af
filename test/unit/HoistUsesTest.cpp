//===- HoistUsesTest.cpp - The host's uses inside a data region -----------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(HoistUsesTest, HostReadsAndWritesGetUpdates) {
  PlacementFixture X("void f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    a[0] = a[1];\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  EXPECT_EQ(X.result(),
            "void f(int n, int steps, float *restrict a) {\n"
            "  #pragma omp target data map(tofrom: a[0:n])\n"
            "  for (int t = 0; t < steps; t++) {\n"
            "    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])\n"
            "    for (int i = 0; i < n; i++)\n"
            "      a[i] += 1;\n"
            "    #pragma omp target update from(a[0:n])\n"
            "    a[0] = a[1];\n"
            "    #pragma omp target update to(a[0:n])\n"
            "  }\n"
            "}\n");
}

TEST(HoistUsesTest, SwappedBuffersAreMappedAsOne) {
  PlacementFixture X("void f(int n, int steps, float *restrict a, float *restrict b) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      b[i] = a[i];\n"
                     "    float *tmp = a;\n"
                     "    a = b;\n"
                     "    b = tmp;\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  ASSERT_EQ(X.Out.Records.size(), 2u);
  EXPECT_EQ(X.Out.Records[1].Emitted,
            std::vector<std::string>{"#pragma omp target data map(tofrom: b[0:n], a[0:n])"});
}

TEST(HoistUsesTest, HostWritesThroughAPointerThatMayAliasGetUpdates) {
  // c may point into a: a host write through it is a write of a's section.
  PlacementFixture X("void f(int n, int steps, float *a, float *c) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    c[0] = 2;\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  EXPECT_EQ(X.result(),
            "void f(int n, int steps, float *a, float *c) {\n"
            "  #pragma omp target data map(tofrom: a[0:n])\n"
            "  for (int t = 0; t < steps; t++) {\n"
            "    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])\n"
            "    for (int i = 0; i < n; i++)\n"
            "      a[i] += 1;\n"
            "    #pragma omp target update from(a[0:n])\n"
            "    c[0] = 2;\n"
            "    #pragma omp target update to(a[0:n])\n"
            "  }\n"
            "}\n");
  // With restrict they are different memory: nothing moves inside.
  PlacementFixture Y("void f(int n, int steps, float *restrict a, float *restrict c) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    c[0] = 2;\n"
                     "  }\n"
                     "}\n");
  Y.Placer->run();
  EXPECT_EQ(Y.result(),
            "void f(int n, int steps, float *restrict a, float *restrict c) {\n"
            "  #pragma omp target data map(tofrom: a[0:n])\n"
            "  for (int t = 0; t < steps; t++) {\n"
            "    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])\n"
            "    for (int i = 0; i < n; i++)\n"
            "      a[i] += 1;\n"
            "    c[0] = 2;\n"
            "  }\n"
            "}\n");
}
