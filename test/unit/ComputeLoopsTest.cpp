//===- ComputeLoopsTest.cpp - A compute construct's loop nest -------------===//
#include "PlanFixture.h"
#include "Translate/Compute.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

namespace {
/// The emitted lines of each record, in order.
std::vector<std::string> emitted(PlanFixture &X, DK Kind) {
  ComputeTranslator(*X.Base, *X.St, X.dir(Kind)).run();
  std::vector<std::string> V;
  for (const ConstructRecord &R : X.Out.Records) {
    EXPECT_TRUE(R.Translated) << R.Reason;
    for (const std::string &E : R.Emitted)
      V.push_back(E);
  }
  return V;
}
} // namespace

TEST(ComputeLoopsTest, GangWorkerVectorLevels) {
  PlanFixture X("void f(int n, float *restrict a) {\n"
                "  #pragma acc parallel copy(a[0:n*n*n])\n"
                "  {\n"
                "    #pragma acc loop gang\n"
                "    for (int i = 0; i < n; i++)\n"
                "      #pragma acc loop worker\n"
                "      for (int j = 0; j < n; j++)\n"
                "        #pragma acc loop vector\n"
                "        for (int k = 0; k < n; k++)\n"
                "          a[(i * n + j) * n + k] = 0;\n"
                "  }\n"
                "}\n");
  emitted(X, DK::Parallel);
  EXPECT_EQ(X.Out.Records.back().Emitted,
            (std::vector<std::string>{
                "#pragma omp target teams map(tofrom: a[0:n*n*n])",
                "#pragma omp distribute",
                "#pragma omp parallel for",
                "#pragma omp simd"}));
}

TEST(ComputeLoopsTest, KernelsLoopIsTestedForDependences) {
  PlanFixture X("void f(int n, float *restrict a, float *restrict b) {\n"
                "  #pragma acc kernels loop copy(a[0:n]) copyin(b[0:n])\n"
                "  for (int i = 1; i < n; i++)\n"
                "    a[i] = a[i - 1] + b[i];\n"
                "}\n");
  ComputeTranslator(*X.Base, *X.St, X.dir(DK::KernelsLoop)).run();
  const ConstructRecord &R = X.only();
  EXPECT_EQ(R.Emitted, std::vector<std::string>{
                           "#pragma omp target map(tofrom: a[0:n]) map(to: b[0:n])"});
  ASSERT_EQ(R.Warnings.size(), 1u);
  EXPECT_EQ(R.Warnings[0],
            "loop at line 3 runs on one GPU thread: 'a' is written and "
            "accessed at different subscripts, which may be a loop-carried "
            "dependence; if its iterations are independent, say so (loop "
            "independent)");
}

TEST(ComputeLoopsTest, ReductionFoundAndInheritedPrivatesAdded) {
  PlanFixture X("void f(int n, float *restrict a, float *s) {\n"
                "  float t = 0;\n"
                "  #pragma acc kernels loop copyin(a[0:n])\n"
                "  for (int i = 0; i < n; i++)\n"
                "    t += a[i];\n"
                "  s[0] = t;\n"
                "}\n");
  EXPECT_EQ(emitted(X, DK::KernelsLoop),
            std::vector<std::string>{
                "#pragma omp target teams distribute parallel for map(to: "
                "a[0:n]) map(tofrom: t) reduction(+: t)"});
}
