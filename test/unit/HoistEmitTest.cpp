//===- HoistEmitTest.cpp - A data region's lines and updates --------------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(HoistEmitTest, AReturnGetsAnExitDataBeforeIt) {
  PlacementFixture X("int f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    if (t == n) return 1;\n"
                     "  }\n"
                     "  return 0;\n"
                     "}\n");
  X.Placer->run();
  EXPECT_EQ(X.result(),
            "int f(int n, int steps, float *restrict a) {\n"
            "  #pragma omp target enter data map(to: a[0:n])\n"
            "  for (int t = 0; t < steps; t++) {\n"
            "    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])\n"
            "    for (int i = 0; i < n; i++)\n"
            "      a[i] += 1;\n"
            "    if (t == n) {\n"
            "      #pragma omp target exit data map(from: a[0:n])\n"
            "      return 1;\n"
            "    }\n"
            "  }\n"
            "  #pragma omp target exit data map(from: a[0:n])\n"
            "  return 0;\n"
            "}\n");
}

TEST(HoistEmitTest, AGuardedHostAccessGetsBraces) {
  PlacementFixture X("void f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    if (t % 10 == 0)\n"
                     "      a[0] = 0;\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  EXPECT_NE(X.result().find("    if (t % 10 == 0)\n"
                            "      {\n"
                            "        a[0] = 0;\n"
                            "        #pragma omp target update to(a[0:1])\n"
                            "      }\n"),
            std::string::npos)
      << X.result();
}
