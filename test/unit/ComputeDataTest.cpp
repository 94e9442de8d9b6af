//===- ComputeDataTest.cpp - A compute construct's implicit data ----------===//
#include "PlanFixture.h"
#include "Translate/Compute.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

namespace {
const ConstructRecord &translate(PlanFixture &X) {
  ComputeTranslator(*X.Base, *X.St, X.dir(DK::ParallelLoop)).run();
  return X.only();
}
} // namespace

TEST(ComputeDataTest, SectionsInferredReadOnlyArraysGoIn) {
  PlanFixture X("void f(int n, float *restrict a, const float *restrict b) {\n"
                "  #pragma acc parallel loop\n"
                "  for (int i = 1; i < n - 1; i++)\n"
                "    a[i] = b[i - 1] + b[i + 1];\n"
                "}\n");
  const ConstructRecord &R = translate(X);
  EXPECT_EQ(R.Emitted, std::vector<std::string>{
                           "#pragma omp target teams distribute parallel for "
                           "map(tofrom: a[1:(n > 2) * (n - 2)]) map(to: b[0:n])"});
  EXPECT_EQ(R.Notes, (std::vector<std::string>{
                         "implicit copy of 'a' made explicit as a[1:(n > 2) * (n - 2)]",
                         "implicit copy of 'b' made explicit as b[0:n] (read "
                         "only: map(to:))"}));
}

TEST(ComputeDataTest, EnclosingDataAndDefaultPresent) {
  PlanFixture X("void f(int n, float *a, float *b) {\n"
                "  #pragma acc data copy(a[0:n])\n"
                "  {\n"
                "  #pragma acc parallel loop default(present)\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] = b[i];\n"
                "  }\n"
                "}\n");
  const ConstructRecord &R = translate(X);
  EXPECT_EQ(R.Emitted, std::vector<std::string>{
                           "#pragma omp target teams distribute parallel for "
                           "map(alloc: b[:0])"});
}

TEST(ComputeDataTest, DataReachedThroughPointersIsRefused) {
  PlanFixture X("void f(int n, double **a) {\n"
                "  #pragma acc parallel loop\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i][0] = 0;\n"
                "}\n");
  const ConstructRecord &R = translate(X);
  EXPECT_FALSE(R.Translated);
  EXPECT_EQ(R.Reason, "'a' ('double **') is indexed through pointers: an "
                      "implicit map copies only the pointers, not the data "
                      "they point to (no deep copy); use one contiguous array "
                      "or map each row");
}
