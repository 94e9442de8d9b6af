//===- AccStateTest.cpp - What the OpenACC translators of a file share ----===//
#include "PlanFixture.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

namespace {
struct Step : AccStep {
  using AccStep::AccStep;
  using AccStep::descendants;
  using AccStep::effectiveClauses;
  using AccStep::enclosingData;
  using AccStep::newRecord;
  using AccStep::queueRef;
};
} // namespace

TEST(AccStateTest, RecordsAndDescendants) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc parallel\n"
                "  {\n"
                "    #pragma acc loop\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = 0;\n"
                "  }\n"
                "}\n");
  Step S(*X.Base, *X.St);
  ConstructRecord R = S.newRecord(X.dir(DK::Loop));
  EXPECT_EQ(R.Kind, "loop");
  EXPECT_EQ(R.Line, 4u);
  EXPECT_EQ(R.Column, 5u);
  EXPECT_EQ(R.Original, "#pragma acc loop");
  EXPECT_EQ(S.descendants(X.dir(DK::Parallel)), std::vector<int>{X.dir(DK::Loop)});
}

TEST(AccStateTest, DescendantsAtEveryDepthInTheirOrder) {
  // Grandchildren come with children, in the order of the file; a sibling
  // construct's are not among them.
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc parallel\n"
                "  {\n"
                "    #pragma acc loop gang\n"
                "    for (int i = 0; i < n; i++)\n"
                "      #pragma acc loop vector\n"
                "      for (int j = 0; j < n; j++)\n"
                "        a[i * n + j] = 0;\n"
                "    #pragma acc loop\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] += 1;\n"
                "  }\n"
                "  #pragma acc parallel loop\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] += 2;\n"
                "}\n");
  Step S(*X.Base, *X.St);
  EXPECT_EQ(S.descendants(X.dir(DK::Parallel)),
            (std::vector<int>{X.dir(DK::Loop, 0), X.dir(DK::Loop, 1), X.dir(DK::Loop, 2)}));
  EXPECT_EQ(S.descendants(X.dir(DK::Loop, 0)), std::vector<int>{X.dir(DK::Loop, 1)});
  EXPECT_TRUE(S.descendants(X.dir(DK::ParallelLoop)).empty());
}

TEST(AccStateTest, DeviceTypeFiltersTheClausesAfterIt) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc parallel loop num_gangs(4) device_type(radeon) num_gangs(8) device_type(nvidia) vector_length(64)\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] = 0;\n"
                "}\n");
  Step S(*X.Base, *X.St);
  int I = X.dir(DK::ParallelLoop);
  ConstructRecord R = S.newRecord(I);
  std::vector<const clang::OpenACCClause *> Cs = S.effectiveClauses(X.Dirs[I].Clauses, R);
  std::vector<clang::OpenACCClauseKind> Kinds;
  for (const clang::OpenACCClause *C : Cs)
    Kinds.push_back(C->getClauseKind());
  EXPECT_EQ(Kinds, (std::vector<clang::OpenACCClauseKind>{
                       clang::OpenACCClauseKind::NumGangs,
                       clang::OpenACCClauseKind::VectorLength}));
  EXPECT_EQ(R.Notes, std::vector<std::string>{
                         "clauses after 'device_type(radeon)' are dropped: "
                         "they target another device"});
}

TEST(AccStateTest, QueuesAndEnclosingData) {
  PlanFixture X("void f(int n, float *a, float *b) {\n"
                "  #pragma acc data copy(a[0:n]) deviceptr(b)\n"
                "  {\n"
                "    #pragma acc parallel loop async(2)\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = b[i];\n"
                "  }\n"
                "}\n");
  Step S(*X.Base, *X.St);
  int I = X.dir(DK::ParallelLoop);
  const auto *A = llvm::cast<clang::OpenACCAsyncClause>(X.Dirs[I].Clauses[0]);
  EXPECT_EQ(S.queueRef(A->getIntExpr()), "omp_migrate_async_[(2) & 63]");
  EXPECT_EQ(S.queueRef(nullptr), "omp_migrate_async_[(-1) & 63]");
  EXPECT_TRUE(X.St->NeedQueues);
  llvm::DenseSet<const clang::ValueDecl *> Present, DevPtr;
  S.enclosingData(I, Present, DevPtr);
  ASSERT_EQ(Present.size(), 1u);
  EXPECT_EQ((*Present.begin())->getName(), "a");
  ASSERT_EQ(DevPtr.size(), 1u);
  EXPECT_EQ((*DevPtr.begin())->getName(), "b");
  // A data construct left untranslated makes nothing present.
  X.St->FailedConstructs.insert(X.Dirs[X.dir(DK::Data)].S);
  Present.clear();
  DevPtr.clear();
  S.enclosingData(I, Present, DevPtr);
  EXPECT_TRUE(Present.empty());
}
