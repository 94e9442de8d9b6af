//===- InputDirectivesTest.cpp - The input's directives, for placement ----===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(InputDirectivesTest, BarriersAndTheInputsDataRegions) {
  PlacementFixture X("void f(int n, float *a, float *b) {\n"
                     "  #pragma acc data copy(a[0:n])\n"
                     "  {\n"
                     "    for (int t = 0; t < 3; t++) {\n"
                     "      #pragma acc parallel loop present(a[0:n]) copy(b[0:n])\n"
                     "      for (int i = 0; i < n; i++)\n"
                     "        a[i] += b[i];\n"
                     "      #pragma acc kernels\n"
                     "      { float x = a[0]; a[1] = x; }\n"
                     "    }\n"
                     "  }\n"
                     "}\n");
  std::vector<Barrier> Bs = X.Input->barriers({});
  ASSERT_EQ(Bs.size(), 2u);
  EXPECT_EQ(Bs[0].Why, "it holds an OpenACC 'data' directive (line 2)");
  EXPECT_FALSE(Bs[0].Untranslated);
  EXPECT_EQ(Bs[1].Why, "a construct inside is left untranslated (line 8)");
  EXPECT_TRUE(Bs[1].Untranslated);
  const clang::FunctionDecl *F = X.function("f");
  const auto *Data = X.first<clang::OpenACCDataConstruct>(F);
  const auto *Loop = X.first<clang::ForStmt>(F);
  EXPECT_EQ(X.Input->userDataBody(Data), Data->getStructuredBlock());
  EXPECT_TRUE(X.Input->isDirective(Data));
  EXPECT_TRUE(X.Input->isConstruct(Data));
  EXPECT_FALSE(X.Input->isConstruct(Loop));
  std::set<const clang::ValueDecl *> Mapped = X.Input->userMappedAround(Loop, F);
  ASSERT_EQ(Mapped.size(), 1u);
  EXPECT_EQ((*Mapped.begin())->getName(), "a");
}
