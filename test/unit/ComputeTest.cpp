//===- ComputeTest.cpp - Compute constructs: clauses and the whole --------===//
#include "PlanFixture.h"
#include "Translate/Compute.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

namespace {
void translate(PlanFixture &X, DK Kind) {
  ComputeTranslator(*X.Base, *X.St, X.dir(Kind)).run();
}
} // namespace

TEST(ComputeTest, ConstructClausesBecomeTeamsClauses) {
  PlanFixture X("void f(int n, int c, float *restrict a) {\n"
                "  #pragma acc parallel loop if(c) num_gangs(8) num_workers(4) vector_length(32) copyout(a[0:n])\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] = i;\n"
                "}\n");
  translate(X, DK::ParallelLoop);
  const ConstructRecord &R = X.only();
  ASSERT_TRUE(R.Translated) << R.Reason;
  EXPECT_EQ(R.Emitted, std::vector<std::string>{
                           "#pragma omp target teams distribute parallel for "
                           "if(target: (c)) num_teams(8) thread_limit((4) * (32)) "
                           "map(from: a[0:n])"});
  // The construct is a kernel for data placement, with its section.
  ASSERT_EQ(X.St->Kernels.size(), 1u);
  EXPECT_TRUE(X.St->Kernels[0].Conditional);
  ASSERT_EQ(X.St->Kernels[0].Items.size(), 1u);
  EXPECT_EQ(X.St->Kernels[0].Items[0].Section, "a[0:n]");
  EXPECT_EQ(X.St->Kernels[0].Items[0].Type, "from");
}

TEST(ComputeTest, AnUnsupportedClauseLeavesEverythingInside) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc parallel copy(a[0:n]) async(1)\n"
                "  {\n"
                "    #pragma acc loop\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = i;\n"
                "    #pragma acc update self(a[0:n])\n"
                "  }\n"
                "}\n");
  translate(X, DK::Parallel);
  // No record of the loop as translated: a failure after its rendering
  // leaves it with the construct.
  ASSERT_EQ(X.Out.Records.size(), 3u);
  for (const ConstructRecord &R : X.Out.Records)
    EXPECT_FALSE(R.Translated);
  EXPECT_EQ(X.Out.Records[2].Reason,
            "directive 'update' inside a compute construct is not supported");
  EXPECT_EQ(X.Out.Records[0].Reason, "inside an untranslated parallel construct");
  EXPECT_TRUE(X.Out.Edits.empty());
  EXPECT_TRUE(X.St->FailedConstructs.count(X.Dirs[X.dir(DK::Parallel)].S));
  EXPECT_TRUE(X.St->Kernels.empty());
}

TEST(ComputeTest, AtomicAndCacheInsideAreTranslatedWithIt) {
  PlanFixture X("void f(int n, float *a, float *s) {\n"
                "  #pragma acc parallel loop copy(s[0:1]) copyin(a[0:n])\n"
                "  for (int i = 0; i < n; i++) {\n"
                "    #pragma acc cache(a[i:1])\n"
                "    #pragma acc atomic update\n"
                "    s[0] += a[i];\n"
                "  }\n"
                "}\n");
  translate(X, DK::ParallelLoop);
  ASSERT_EQ(X.Out.Records.size(), 3u);
  EXPECT_EQ(X.result(),
            "void f(int n, float *a, float *s) {\n"
            "  #pragma omp target teams distribute parallel for map(tofrom: s[0:1]) map(to: a[0:n])\n"
            "  for (int i = 0; i < n; i++) {\n"
            "    #pragma omp atomic update\n"
            "    s[0] += a[i];\n"
            "  }\n"
            "}\n");
}
