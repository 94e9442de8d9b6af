//===- DeepCopyTest.cpp - Sections through pointer arrays -------------------===//
#include "PlanFixture.h"
#include "Facts/Members.h"
#include "Translate/Clauses.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
struct Step : ClauseStep {
  using ClauseStep::ClauseStep;
  using ClauseStep::DeepItem;
  using ClauseStep::DeepStep;
  using ClauseStep::Deeps;
  using ClauseStep::dataClause;
  using ClauseStep::deepItem;
  using ClauseStep::deepPointers;
  using ClauseStep::deepRows;
};
} // namespace

TEST(DeepCopyTest, RowsEnterThroughALocalPointer) {
  PlanFixture X("void f(int n, int m, double **a, float *b[4]) {\n"
                "  #pragma acc parallel copy(a[1:n][0:m]) copyin(b[0:4][2:m]) present(a[0:n][0:m])\n"
                "  { a[1][0] = b[0][2]; }\n"
                "}\n");
  Step S(*X.Base, *X.St);
  ConstructRecord R;
  MapList M;
  std::vector<std::string> DevPtrs;
  std::string Why;
  for (const clang::OpenACCClause *C : X.Dirs[0].Clauses)
    ASSERT_TRUE(S.dataClause(C, DataContext::Compute, false, M, DevPtrs, R, Why)) << Why;
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  // The construct looks the pointer arrays up; present adds no rows.
  ASSERT_EQ(Cl.size(), 1u);
  EXPECT_EQ(Cl[0], "map(alloc: a[1:n], b[0:4], a[0:n])");
  ASSERT_EQ(S.Deeps.size(), 2u);
  EXPECT_EQ(S.Deeps[1].Ptrs, "b[0:4]");
  EXPECT_EQ(S.Deeps[1].RowType, "float *");
  EXPECT_EQ(S.deepPointers(false, {}), "#pragma omp target enter data map(to: a[1:n], b[0:4])");
  EXPECT_EQ(S.deepPointers(true, {"if(c)"}),
            "#pragma omp target exit data map(release: a[1:n], b[0:4]) if(c)");
  std::vector<std::string> In = S.deepRows(Step::DeepStep::Enter, {}, X.Dirs[0]);
  std::vector<std::string> Want = {
      "for (long omp_migrate_i_ = 1; omp_migrate_i_ < 1 + n; ++omp_migrate_i_) {",
      "  double *omp_migrate_a_ = a[omp_migrate_i_];",
      "  #pragma omp target enter data map(to: omp_migrate_a_[0:m])",
      "  #pragma omp target map(alloc: a[omp_migrate_i_:1], omp_migrate_a_[0:m])",
      "  a[omp_migrate_i_] = omp_migrate_a_;",
      "}",
      "for (long omp_migrate_i_ = 0; omp_migrate_i_ < 4; ++omp_migrate_i_) {",
      "  float *omp_migrate_b_ = b[omp_migrate_i_];",
      "  #pragma omp target enter data map(to: omp_migrate_b_[2:m])",
      "  #pragma omp target map(alloc: b[omp_migrate_i_:1], omp_migrate_b_[2:m])",
      "  b[omp_migrate_i_] = omp_migrate_b_;",
      "}"};
  EXPECT_EQ(In, Want);
  std::vector<std::string> Out = S.deepRows(Step::DeepStep::Exit, {}, X.Dirs[0]);
  ASSERT_EQ(Out.size(), 10u);
  EXPECT_EQ(Out[2], "  #pragma omp target exit data map(from: omp_migrate_a_[0:m])");
  EXPECT_EQ(Out[3], "  (void)omp_migrate_a_;");
  EXPECT_EQ(Out[7], "  #pragma omp target exit data map(release: omp_migrate_b_[2:m])");
}

TEST(DeepCopyTest, UpdateAndFinalizedExitLoops) {
  PlanFixture X("void f(int n, int m, double **a) {\n"
                "  #pragma acc update self(a[0:n][1:m])\n"
                "}\n");
  Step S(*X.Base, *X.St);
  std::string Why;
  Step::DeepItem D;
  const clang::Expr *E = varList(X.Dirs[0].Clauses[0])[0];
  ASSERT_TRUE(S.deepItem(E, D, Why));
  EXPECT_EQ(Why, "");
  EXPECT_EQ(D.Row, "a[omp_migrate_i_][1:m]");
  D.Type = "from";
  S.Deeps.push_back(D);
  EXPECT_EQ(S.deepRows(Step::DeepStep::Update, {"depend(inout: q)"}, X.Dirs[0]),
            (std::vector<std::string>{
                "for (long omp_migrate_i_ = 0; omp_migrate_i_ < n; ++omp_migrate_i_) {",
                "  double *omp_migrate_a_ = a[omp_migrate_i_];",
                "  #pragma omp target update from(omp_migrate_a_[1:m]) depend(inout: q)",
                "  (void)omp_migrate_a_;",
                "}"}));
  // copyout with finalize: copied, then deleted (map(from:) would only
  // decrement the count); the pointer array is deleted too.
  S.Deeps[0].Finalize = true;
  std::vector<std::string> Out = S.deepRows(Step::DeepStep::Exit, {}, X.Dirs[0]);
  ASSERT_EQ(Out.size(), 6u);
  EXPECT_EQ(Out[2], "  #pragma omp target update from(omp_migrate_a_[1:m])");
  EXPECT_EQ(Out[3], "  #pragma omp target exit data map(delete: omp_migrate_a_[1:m])");
  EXPECT_EQ(S.deepPointers(true, {}), "#pragma omp target exit data map(delete: a[0:n])");
}
