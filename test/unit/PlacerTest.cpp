//===- PlacerTest.cpp - Where data regions go -----------------------------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(PlacerTest, ARegionAroundTheHostLoopThatRunsKernels) {
  PlacementFixture X("void f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "  }\n"
                     "}\n");
  const clang::FunctionDecl *F = X.function("f");
  EXPECT_EQ(X.Placer->kernelFunctions(), std::set<const clang::FunctionDecl *>{F});
  const auto *Host = X.first<clang::ForStmt>(F);
  EXPECT_TRUE(X.Placer->hostLoopRunningKernels(Host, F));
  EXPECT_EQ(X.Placer->kernelsIn(Host, F).size(), 1u);
  X.Placer->run();
  ASSERT_EQ(X.Out.Records.size(), 2u);
  const ConstructRecord &R = X.Out.Records[1];
  EXPECT_EQ(R.Kind, "data region");
  EXPECT_EQ(R.Emitted, std::vector<std::string>{"#pragma omp target data map(tofrom: a[0:n])"});
  EXPECT_EQ(R.Notes, std::vector<std::string>{
                         "a[0:n]: (n)*sizeof(float) bytes, moved in once and "
                         "out once for the whole loop"});
}

TEST(PlacerTest, NoRegionIsADecisionWithItsReason) {
  PlacementFixture X("void g(float *);\n"
                     "void f(int n, int steps, float *restrict a) {\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    g(a);\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  ASSERT_EQ(X.Out.Decisions.size(), 1u);
  EXPECT_EQ(X.Out.Decisions[0].Notes,
            std::vector<std::string>{
                "no data region around this loop: a: passed to 'g' (defined in "
                "another file), which may run kernels on it; its kernels keep "
                "their own maps"});
}

TEST(PlacerTest, BarriersByFunctionAndByRange) {
  PlacementFixture X("void f(int n, float *a) {\n"
                     "  #pragma acc enter data copyin(a[0:n])\n"
                     "  #pragma acc parallel loop present(a[0:n])\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] += 1;\n"
                     "}\n"
                     "void g(int n, float *a) {\n"
                     "  #pragma acc parallel loop copy(a[0:n])\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] += 1;\n"
                     "}\n");
  EXPECT_TRUE(X.Placer->barrierInFunction(X.function("f")));
  EXPECT_FALSE(X.Placer->barrierInFunction(X.function("g")));
  const Barrier *B = X.Placer->barrierIn(X.function("f")->getBody(), X.function("f"),
                                         /*Untranslated=*/true);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Why, "it holds an OpenACC 'enter data' directive (line 2)");
}
