//===- DependenceTest.cpp - The dependence test of one loop ---------------===//
#include "Facts/Dependence.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(DependenceTest, RestrictCopyLoopIsParallel) {
  Fixture X = parse(R"(void f(int n, float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_TRUE(R.Parallel) << R.Why;
  EXPECT_EQ(R.Why, "");
  EXPECT_TRUE(R.Reductions.empty());
}

TEST(DependenceTest, PointersWithoutRestrictMayAlias) {
  Fixture X = parse(R"(void f(int n, float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why,
            "'y' and 'x' may alias (declare one of them restrict, or add independent)");
  // One restrict pointer is enough (C11 6.7.3.1), written or read.
  for (const char *Sig : {"float *x, float *restrict y", "float *restrict x, float *y"}) {
    Fixture Y = parse(std::string("void f(int n, ") + Sig +
                      ") {\n  for (int i = 0; i < n; i++)\n    y[i] = x[i];\n}\n");
    ASSERT_TRUE(Y.Loop);
    RegionFacts RY(Y.Loop, Y.ctx());
    EXPECT_TRUE(testParallel(RY, Y.Loop).Parallel) << Sig;
  }
}

TEST(DependenceTest, LoopCarriedDependenceIsNotParallel) {
  Fixture X = parse(R"(void f(int n, float *a) {
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1];
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "'a' is written and accessed at different subscripts, "
                   "which may be a loop-carried dependence");
}

TEST(DependenceTest, SameElementEveryIterationIsNotParallel) {
  Fixture X = parse(R"(void f(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[0] = i;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "iterations may write the same element of 'a'");
}

TEST(DependenceTest, RowsOfAFlattenedMatrixAreSeparated) {
  Fixture X = parse(R"(void f(int n, int m, float *a) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = 0;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult Outer = testParallel(RF, X.Loop);
  EXPECT_TRUE(Outer.Parallel) << Outer.Why;
  ASSERT_EQ(RF.loops().size(), 2u);
  ParallelResult Inner = testParallel(RF, RF.loops()[1].For);
  EXPECT_TRUE(Inner.Parallel) << Inner.Why;
}

TEST(DependenceTest, DetectsSumReduction) {
  Fixture X = parse(R"(float f(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_TRUE(R.Parallel) << R.Why;
  EXPECT_EQ(R.Reductions, std::vector<std::string>{"+: s"});
}

TEST(DependenceTest, ScalarWrittenOtherwiseIsNotAReduction) {
  Fixture X = parse(R"(float f(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s = s * 0.5f + x[i];
  return s;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "the loop writes 's', declared outside it, in a way that is "
                   "neither a reduction, a flag set to one constant, nor a "
                   "temporary written before it is read");
}

TEST(DependenceTest, MaxFlagsAndTemporariesAreParallel) {
  Fixture X = parse(R"(double fmax(double, double);
void f(int n, const double *restrict x, double *restrict y) {
  double m = 0, t; int stop = 0;
  for (int i = 0; i < n; i++) {
    m = fmax(m, x[i]);
    if (x[i] < 0) stop = 1;
    t = 2 * x[i];
    y[i] = t * t;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_TRUE(R.Parallel) << R.Why;
  EXPECT_EQ(R.Reductions, std::vector<std::string>{"max: m"});
  EXPECT_EQ(R.Shared, std::vector<std::string>{"stop"});
  EXPECT_EQ(R.Privates, std::vector<std::string>{"t"});
}

TEST(DependenceTest, WritesThroughStructMembersAreNotFollowed) {
  // The dependence test has no access path for m.x[i] or p->n: the loop
  // is not proved parallel (it was, silently, when member writes were
  // invisible to it).
  Fixture X = parse(R"(struct M { int n; double *x; };
void f(int n, struct M m, struct M *p) {
  for (int i = 0; i < n; i++)
    m.x[i + 1] = m.x[i];
  for (int i = 0; i < n; i++)
    p->n += i;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "the loop writes 'm.x[i + 1]', which the dependence test "
                   "does not follow (a struct member or an element reached "
                   "through one)");
  const auto *Second = llvm::cast<clang::ForStmt>(
      *std::next(llvm::cast<clang::CompoundStmt>(X.F->getBody())->body_begin()));
  RegionFacts RF2(Second, X.ctx());
  ParallelResult R2 = testParallel(RF2, Second);
  EXPECT_FALSE(R2.Parallel);
  EXPECT_EQ(R2.Why, "the loop writes 'p->n', which the dependence test does not "
                    "follow (a struct member or an element reached through one)");
}

TEST(DependenceTest, CallsAndJumpsBlockParallelism) {
  Fixture X = parse(R"(void g(void);
void f(int n, float *restrict a) {
  for (int i = 0; i < n; i++) {
    g();
    a[i] = 0;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_EQ(testParallel(RF, X.Loop).Why,
            "the loop calls a function whose side effects are unknown");

  Fixture Y = parse(R"(void f(int n, float *restrict a) {
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) break;
    a[i] = 0;
  }
}
)");
  ASSERT_TRUE(Y.Loop);
  RegionFacts RY(Y.Loop, Y.ctx());
  EXPECT_EQ(testParallel(RY, Y.Loop).Why,
            "the loop body leaves the loop (break, return, goto or throw)");

  Fixture Z = parse(R"(#include <math.h>
void f(int n, float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = sqrtf(b[i]);
}
)");
  ASSERT_TRUE(Z.Loop);
  RegionFacts RZ(Z.Loop, Z.ctx());
  EXPECT_FALSE(RZ.hasCallsOrEscapes());
  EXPECT_TRUE(testParallel(RZ, Z.Loop).Parallel);
}

TEST(DependenceTest, NonCanonicalLoopIsReported) {
  Fixture X = parse(R"(void f(int n, float *a) {
  for (int i = 0; i < n && a[i] > 0; i++)
    a[i] = 0;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_TRUE(RF.loops().empty());
  ParallelResult R = testParallel(RF, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "the loop is not in canonical form: its condition is not a "
                   "comparison of 'i' with a bound");
  // A bound that reads memory is a bound when the loop does not write it;
  // otherwise the reason names what changes.
  Fixture Y = parse(R"(int g[3];
void f(float *a) {
  for (int i = 0; i < g[0] - 1; i++)
    a[i] = 0;
}
)");
  ASSERT_TRUE(Y.Loop);
  RegionFacts RY(Y.Loop, Y.ctx());
  ASSERT_EQ(RY.loops().size(), 1u);
  EXPECT_EQ(RY.loops()[0].Max.str(), "g[0] - 2");
  Fixture W = parse(R"(int g[3];
void f(float *a) {
  for (int i = 0; i < g[0]; i++)
    g[1] = 0;
}
)");
  ASSERT_TRUE(W.Loop);
  RegionFacts RW(W.Loop, W.ctx());
  EXPECT_EQ(testParallel(RW, W.Loop).Why,
            "the loop is not in canonical form: its bound 'g[0]' is not proved "
            "invariant: it reads 'g', which the loop writes");
}


TEST(DependenceTest, RowsOfASparseStructureNeedARunTimeTest) {
  // colidx is written at the variable of a loop over row j of rowstr: the
  // rows of different j are disjoint when rowstr does not decrease from
  // index 1 (j's first row) to n + 1 (one past its last).
  const char *Code = R"(int rowstr[101], colidx[1000];
void f(int n) {
  for (int j = 1; j <= n; j++)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      colidx[k] = colidx[k] + 1;
}
)";
  Fixture X = parse(Code);
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.rowRanges().size(), 1u);
  EXPECT_EQ(RF.rowRanges()[0].Rows->getName(), "rowstr");
  // Without RowTests the loop is not parallel, with them it is, tested.
  EXPECT_FALSE(testParallel(RF, X.Loop).Parallel);
  ParallelResult R = testParallel(RF, X.Loop, nullptr, false, false, {}, nullptr, true);
  ASSERT_TRUE(R.Parallel) << R.Why;
  ASSERT_EQ(R.RowTests.size(), 1u);
  EXPECT_EQ(R.RowTests[0].Rows->getName(), "rowstr");
  EXPECT_EQ(R.RowTests[0].From.str(), "1");
  EXPECT_EQ(R.RowTests[0].To.str(), "n + 1");
  // An element after the row loop, a shifted subscript, a row array the
  // loop writes: no test separates them.
  for (const char *Body :
       {"{ for (int k = rowstr[j]; k < rowstr[j + 1]; k++) colidx[k] = 1; colidx[j] = 2; }",
        "for (int k = rowstr[j]; k < rowstr[j + 1]; k++) colidx[k + 1] = 1;",
        "for (int k = rowstr[j]; k < rowstr[j + 1]; k++) { colidx[k] = 1; rowstr[j] = 0; }",
        "for (int k = rowstr[j]; k < rowstr[j + 2]; k++) colidx[k] = 1;"}) {
    Fixture Y = parse(std::string("int rowstr[101], colidx[1000];\nvoid f(int n) {\n"
                                  "  for (int j = 1; j <= n; j++)\n    ") +
                      Body + "\n}\n");
    ASSERT_TRUE(Y.Loop);
    RegionFacts RY(Y.Loop, Y.ctx());
    EXPECT_FALSE(testParallel(RY, Y.Loop, nullptr, false, false, {}, nullptr, true).Parallel)
        << Body;
  }
}

namespace {
/// testInterchanged on the first loop of f and the loop that is its body.
ParallelResult interchanged(const std::string &Code) {
  Fixture X = parse(Code);
  if (!X.Loop)
    return {};
  const clang::Stmt *B = X.Loop->getBody();
  if (const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(B))
    B = CS->body_front();
  RegionFacts RF(X.Loop, X.ctx());
  return testInterchanged(RF, X.Loop, llvm::cast<clang::ForStmt>(B));
}
} // namespace

TEST(DependenceTest, AnInnerLoopParallelOverTheWholeNest) {
  // Row i reads row i - 1 (carried by i); column j only its own.
  ParallelResult R = interchanged("void f(int m, int n, double (*restrict a)[64]) {\n"
                                  "  for (int i = 1; i < m; i++)\n"
                                  "    for (int j = 0; j < n; j++) {\n"
                                  "      double t = a[i - 1][j];\n"
                                  "      a[i][j] = t * 0.5;\n"
                                  "    }\n"
                                  "}\n");
  EXPECT_TRUE(R.Parallel) << R.Why;
  // Iteration (i, j) reads what (i - 1, j + 1) wrote: a dependence between
  // columns, whichever loop is outside.
  R = interchanged("void f(int m, int n, double (*restrict a)[64]) {\n"
                   "  for (int i = 1; i < m; i++)\n"
                   "    for (int j = 0; j < n; j++)\n"
                   "      a[i][j] = a[i - 1][j + 1];\n"
                   "}\n");
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "'a' is written and accessed at different subscripts, which may be a "
                   "loop-carried dependence");
  // a[i + j] for (i, j) and (i + 1, j - 1) is one element: the quick test
  // that separates j for one i must not decide it.
  R = interchanged("void f(int m, int n, double *restrict a) {\n"
                   "  for (int i = 0; i < m; i++)\n"
                   "    for (int j = 0; j < n; j++)\n"
                   "      a[i + j] = a[i + j] + 1;\n"
                   "}\n");
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "iterations may write the same element of 'a'");
}

TEST(DependenceTest, AnInterchangeKeepsNoSumAndNoTriangle) {
  ParallelResult R = interchanged("double f(int m, int n, double (*restrict a)[64]) {\n"
                                  "  double s = 0;\n"
                                  "  for (int i = 1; i < m; i++)\n"
                                  "    for (int j = 0; j < n; j++) {\n"
                                  "      a[i][j] = a[i - 1][j];\n"
                                  "      s += a[i][j];\n"
                                  "    }\n"
                                  "  return s;\n"
                                  "}\n");
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "'s' is not a temporary of each iteration of the nest");
  R = interchanged("void f(int n, double (*restrict a)[64]) {\n"
                   "  for (int i = 1; i < n; i++)\n"
                   "    for (int j = i; j < n; j++)\n"
                   "      a[i][j] = a[i - 1][j];\n"
                   "}\n");
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "the inner loop's range depends on the outer loop's variable");
}
