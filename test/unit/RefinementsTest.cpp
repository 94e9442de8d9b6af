//===- RefinementsTest.cpp - What a data region need not move -------------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(RefinementsTest, ATemporaryOfEachIterationStaysOnTheDevice) {
  PlacementFixture X("#include <stdlib.h>\n"
                     "void f(int n, int steps, float *restrict a) {\n"
                     "  float *restrict t = malloc(n * sizeof(float));\n"
                     "  for (int s = 0; s < steps; s++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      t[i] = 2 * a[i];\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] = t[i];\n"
                     "  }\n"
                     "  free(t);\n"
                     "}\n");
  const clang::FunctionDecl *F = X.function("f");
  const auto *Host = X.first<clang::ForStmt>(F);
  RegionFacts LF(Host, X.ctx());
  const clang::ValueDecl *T = nullptr;
  for (const clang::ValueDecl *V : LF.externalVars())
    if (V->getName() == "t")
      T = V;
  ASSERT_TRUE(T);
  EXPECT_EQ(X.Placer->deviceOnlyArrays(Host, F, {T}, LF),
            std::set<const clang::ValueDecl *>{T});
  X.Placer->run();
  ASSERT_EQ(X.Out.Records.size(), 3u);
  EXPECT_EQ(X.Out.Records[2].Emitted,
            std::vector<std::string>{
                "#pragma omp target data map(alloc: t[0:n]) map(tofrom: a[0:n])"});
}

TEST(RefinementsTest, ADenseHostOverwriteNeedsNoFetch) {
  PlacementFixture X("void f(int n, int steps, float *restrict a) {\n"
                     "  for (int s = 0; s < steps; s++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] += 1;\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] = 0;\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  std::string R = X.result();
  EXPECT_EQ(R.find("target update from"), std::string::npos) << R;
  EXPECT_NE(R.find("#pragma omp target update to(a[0:n])"), std::string::npos) << R;
}
