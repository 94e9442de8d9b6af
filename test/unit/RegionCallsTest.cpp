//===- RegionCallsTest.cpp - Following a call into a function of the file ===//
#include "Facts/Dependence.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Regions.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The functions of the file f's first loop calls, as SerialLoops passes
/// them (callsWhy with FollowPointers).
std::set<const clang::FunctionDecl *> followed(Fixture &X) {
  std::vector<const clang::FunctionDecl *> Needed;
  EXPECT_EQ(callsWhy(X.Loop, X.AST->getSourceManager(), Needed, /*FollowPointers=*/true), "");
  std::set<const clang::FunctionDecl *> S;
  for (const clang::FunctionDecl *D : Needed)
    S.insert(D->getCanonicalDecl());
  return S;
}

/// "base[p0][p1]..." (w for a write) for each access, in order.
std::string accesses(const RegionFacts &F) {
  std::string S;
  for (const Access &A : F.accesses()) {
    S += (S.empty() ? "" : " ") + F.nameOf(A.Base);
    for (size_t D = 0; D < A.Indices.size(); ++D) {
      std::optional<Poly> P = F.indexPoly(A, D);
      S += "[" + (P ? P->str() : std::string("?")) + "]";
    }
    if (A.IsWrite)
      S += "w";
    if (A.Via)
      S += "*";
  }
  return S;
}

const char *Solver = R"(
#define N 32
static double lhs[N][N][3][5][5], rhs[N][N][5];
static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]) {
  int i;
  for (i = 0; i < 5; i++)
    bvec[i] = bvec[i] - ablock[i][0] * avec[0] - ablock[i][4] * avec[4];
}
void f(int i) {
  int j;
  for (j = 0; j < N; j++)
    matvec_sub(lhs[i][j][0], rhs[i - 1][j], rhs[i][j]);
}
)";

} // namespace

TEST(RegionCalls, RowsArePrefixesOfTheCalleesSubscripts) {
  Fixture X = parse(Solver);
  std::set<const clang::FunctionDecl *> S = followed(X);
  RegionFacts F(X.Loop, X.ctx(), &S);
  // The callee's subscripts follow the rows the call passes; its accesses
  // to one row, reads and writes apart, become one box over loops of their
  // own (@w2.2 is bvec[i] over the callee's i, 0 to 4; @r4.5 the constant
  // columns of ablock, 0 to 4).
  EXPECT_EQ(accesses(F), "rhs[i][@j.0][@w2.2]w* rhs[i][@j.0][@r2.3]* "
                         "lhs[i][@j.0][0][@r3.4][@r4.5]* rhs[i - 1][@j.0][@r2.6]*");
  ASSERT_EQ(F.loops().size(), 7u);
  for (size_t L : {2, 3, 4, 5, 6}) {
    EXPECT_EQ(F.loops()[L].Min.str(), "0");
    EXPECT_EQ(F.loops()[L].Max.str(), "4");
  }
  EXPECT_FALSE(F.hasCallsOrEscapes());
  // What the callee writes through bvec, the loop writes; avec and ablock
  // are only read.
  const clang::ValueDecl *Rhs = nullptr, *Lhs = nullptr;
  for (const clang::ValueDecl *V : F.externalVars()) {
    if (V->getName() == "rhs")
      Rhs = V;
    if (V->getName() == "lhs")
      Lhs = V;
  }
  ASSERT_TRUE(Rhs && Lhs);
  EXPECT_TRUE(F.isWritten(Rhs));
  EXPECT_FALSE(F.isWritten(Lhs));
  EXPECT_TRUE(testParallel(F, X.Loop).Parallel);
  // Without the function in the set, the call is an unknown effect.
  RegionFacts U(X.Loop, X.ctx());
  EXPECT_TRUE(U.hasCallsOrEscapes());
}

TEST(RegionCalls, ElementAddressesAndNestedCallsCompose) {
  Fixture X = parse(R"(
static void scale(double *r, int n, double s) {
  for (int m = 0; m < n; m++)
    r[m] = r[m] * s;
}
static void half(double *r) { scale(&r[1], 2, 0.5); }
void f(double x[100][8]) {
  for (int i = 0; i < 100; i++)
    half(&x[i][4]);
}
)");
  std::set<const clang::FunctionDecl *> S = followed(X);
  EXPECT_EQ(S.size(), 2u);
  RegionFacts F(X.Loop, X.ctx(), &S);
  // x[i][4 + 1 + m], m over [0, 1] (n stands for the call's 2): the box
  // x[i][5..6].
  EXPECT_EQ(accesses(F), "x[@i.0][@w1.2]w* x[@i.0][@r1.3]*");
  ASSERT_EQ(F.loops().size(), 4u);
  EXPECT_EQ(F.loops()[1].Max.str(), "1");
  EXPECT_EQ(F.loops()[2].Min.str(), "5");
  EXPECT_EQ(F.loops()[2].Max.str(), "6");
  EXPECT_TRUE(testParallel(F, X.Loop).Parallel);
}

TEST(RegionCalls, CarriedDependenceThroughACallIsFound) {
  Fixture X = parse(R"(
static void copy(double *dst, double *src) { dst[0] = src[0]; }
void f(double a[100]) {
  for (int i = 1; i < 100; i++)
    copy(&a[i], &a[i - 1]);
}
)");
  std::set<const clang::FunctionDecl *> S = followed(X);
  RegionFacts F(X.Loop, X.ctx(), &S);
  EXPECT_EQ(accesses(F), "a[@i.0]w* a[@i.0 - 1]*");
  ParallelResult R = testParallel(F, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "'a' is written and accessed at different subscripts, which may be a "
                   "loop-carried dependence");
}

TEST(RegionCalls, AScalarParameterTheCalleeAssignsIsItsOwn) {
  Fixture X = parse(R"(
static void fill(double *p, int n) {
  while (n > 0) { n = n - 1; p[n] = 0; }
}
void f(double a[100][4]) {
  for (int i = 0; i < 100; i++)
    fill(a[i], 4);
}
)");
  std::set<const clang::FunctionDecl *> S = followed(X);
  RegionFacts F(X.Loop, X.ctx(), &S);
  // p[n] with n computed in the callee: no polynomial, so no proof.
  EXPECT_EQ(accesses(F), "a[@i.0][?]w*");
  EXPECT_FALSE(testParallel(F, X.Loop).Parallel);
}

TEST(RegionCalls, OutOfRowSubscriptsAreNotAssumedAway) {
  Fixture X = parse(R"(
void f(int n, int m, double b[100][100]) {
  for (int i = 1; i < 100; i++)
    for (int j = 0; j < 100; j++)
      b[i][j] = b[i][j - 1];
}
)");
  RegionFacts F(X.Loop, X.ctx());
  ParallelResult R = testParallel(F, X.Loop);
  EXPECT_FALSE(R.Parallel);
  EXPECT_EQ(R.Why, "the subscript 'j - 1' of 'b' reaches -1, outside its dimension [0, 99]: an "
                   "element of another row, which the dependence test does not follow");
}
