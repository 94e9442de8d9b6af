//===- ComputeRenderTest.cpp - The OpenMP a compute construct becomes -----===//
#include "PlanFixture.h"
#include "Translate/Compute.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(ComputeRenderTest, KernelsRegionBecomesDataRegionAndKernels) {
  PlanFixture X("void f(int n, float *restrict a, float *restrict b) {\n"
                "  #pragma acc kernels copy(a[0:n]) copyin(b[0:n])\n"
                "  {\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = b[i];\n"
                "    a[0] = 1;\n"
                "  }\n"
                "}\n");
  ComputeTranslator(*X.Base, *X.St, X.dir(DK::Kernels)).run();
  EXPECT_TRUE(X.only().Translated) << X.only().Reason;
  EXPECT_EQ(X.result(),
            "void f(int n, float *restrict a, float *restrict b) {\n"
            "  #pragma omp target data map(tofrom: a[0:n]) map(to: b[0:n])\n"
            "  {\n"
            "    #pragma omp target teams distribute parallel for\n"
            "    for (int i = 0; i < n; i++)\n"
            "      a[i] = b[i];\n"
            "    #pragma omp target\n"
            "    a[0] = 1;\n"
            "  }\n"
            "}\n");
}

TEST(ComputeRenderTest, LoopFormAndTile) {
  PlanOptions O;
  O.Style = LoopStyle::Loop;
  PlanFixture X("void f(int n, float *restrict a) {\n"
                "  #pragma acc parallel loop tile(8, 8) copy(a[0:n*n])\n"
                "  for (int i = 0; i < n; i++)\n"
                "    for (int j = 0; j < n; j++)\n"
                "      a[i * n + j] = 0;\n"
                "}\n", O);
  ComputeTranslator(*X.Base, *X.St, X.dir(DK::ParallelLoop)).run();
  EXPECT_EQ(X.only().Emitted,
            std::vector<std::string>{"#pragma omp target teams loop map(tofrom: "
                                     "a[0:n*n]) collapse(2)\n"
                                     "  #pragma omp tile sizes(8, 8)"});
}

TEST(ComputeRenderTest, SerialConstructIsAPlainTarget) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc serial copy(a[0:n])\n"
                "  {\n"
                "    #pragma acc loop gang\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = i;\n"
                "  }\n"
                "}\n");
  ComputeTranslator(*X.Base, *X.St, X.dir(DK::Serial)).run();
  ASSERT_EQ(X.Out.Records.size(), 2u);
  // The loop's record, then the construct's.
  EXPECT_EQ(X.Out.Records[0].Notes,
            std::vector<std::string>{"directive removed: the loop runs sequentially"});
  EXPECT_EQ(X.Out.Records[1].Emitted,
            std::vector<std::string>{"#pragma omp target map(tofrom: a[0:n])"});
  EXPECT_EQ(X.Out.Records[1].Notes,
            std::vector<std::string>{"serial construct: the loop runs sequentially"});
}

TEST(ComputeRenderTest, ParallelWithoutGangLoopRunsOneTeam) {
  // Gang-redundant code (a call, worker loops) runs once; a gang loop or
  // num_gangs keeps the teams.
  PlanFixture X("void g(float *a);\n"
                "void f(int n, float *a) {\n"
                "  #pragma acc parallel present(a[0:n])\n"
                "  {\n"
                "    #pragma acc loop worker\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = i;\n"
                "  }\n"
                "  #pragma acc parallel present(a[0:n])\n"
                "  {\n"
                "    #pragma acc loop\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = i;\n"
                "  }\n"
                "  #pragma acc parallel present(a[0:n]) num_gangs(4)\n"
                "  { a[0] = 1; }\n"
                "}\n");
  std::vector<std::string> Lines;
  for (int I = 0; I < (int)X.Dirs.size(); ++I)
    if (X.Dirs[I].Kind == DK::Parallel) {
      ComputeTranslator(*X.Base, *X.St, I).run();
      Lines.push_back(X.Out.Records.back().Emitted.at(0));
    }
  EXPECT_EQ(Lines, (std::vector<std::string>{
                       "#pragma omp target teams num_teams(1) map(alloc: a[0:n])",
                       "#pragma omp target teams map(alloc: a[0:n])",
                       "#pragma omp target teams num_teams(4) map(alloc: a[0:n])"}));
}
