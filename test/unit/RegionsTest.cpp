#include "Facts/Regions.h"
#include "Facts/Dependence.h"
#include "Facts/StmtWalk.h"
#include "LoopFixture.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

std::string names(const RegionFacts &RF) {
  std::string S;
  for (const clang::ValueDecl *V : RF.externalVars())
    S += (S.empty() ? "" : ",") + RF.nameOf(V);
  return S;
}

} // namespace

TEST(RegionsTest, ExternalVariablesInFirstUseOrder) {
  Fixture X = parse(R"(void f(int n, float a, float *x, float *y) {
  for (int i = 0; i < n; i++) {
    float t = a * x[i];
    y[i] = t;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_EQ(names(RF), "n,a,x,y");
  EXPECT_TRUE(RF.isWritten(X.param("y")));
  EXPECT_FALSE(RF.isWritten(X.param("x")));
  EXPECT_FALSE(RF.isWritten(X.param("n")));
  EXPECT_FALSE(RF.isAddressTaken(X.param("x")));
  EXPECT_FALSE(RF.hasCallsOrEscapes());
  ASSERT_EQ(RF.loops().size(), 1u);
  EXPECT_EQ(RF.loops()[0].For, X.Loop);
  EXPECT_EQ(RF.loops()[0].IV->getName(), "i");
  EXPECT_EQ(RF.loops()[0].Min.str(), "0");
  EXPECT_EQ(RF.loops()[0].Max.str(), "n - 1");
  ASSERT_EQ(RF.accesses().size(), 2u);
  EXPECT_EQ(RF.accesses()[0].BaseText, "x");
  EXPECT_FALSE(RF.accesses()[0].IsWrite);
  EXPECT_EQ(RF.accesses()[1].BaseText, "y");
  EXPECT_TRUE(RF.accesses()[1].IsWrite);
  EXPECT_EQ(RF.accesses()[1].Loops, std::vector<int>{0});
}

TEST(RegionsTest, CanonicalLoopBoundsForEachForm) {
  Fixture X = parse(R"(void f(int n, int m, float *a) {
  for (int i = 0; i < 1; i++) {
    for (int j = n; j > 0; j--) a[j] = 0;
    for (int k = 2; k <= m; k += 1) a[k] = 0;
    for (int l = n - 1; l >= 1; l = l - 1) a[l] = 0;
    for (int p = 0; p != n; ++p) a[p] = 0;
    for (int q = 0; q < n; q += 2) a[q] = 0;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.loops().size(), 6u);
  auto Range = [&](int I) {
    return RF.loops()[I].Min.str() + ".." + RF.loops()[I].Max.str();
  };
  EXPECT_EQ(Range(0), "0..0");
  EXPECT_EQ(Range(1), "1..n");
  EXPECT_EQ(Range(2), "2..m");
  EXPECT_EQ(Range(3), "1..n - 1");
  EXPECT_EQ(Range(4), "0..n - 1");
  // A step of 2: the range bounds the values, the step says which.
  EXPECT_EQ(Range(5), "0..n - 1");
  EXPECT_EQ(RF.loops()[5].Step, 2);
  EXPECT_EQ(RF.loops()[1].Step, -1);
  EXPECT_EQ(RF.loops()[3].Step, -1);
}

TEST(RegionsTest, BoundsReadingRowsOfDeclaredArrays) {
  // `d[2][0]` of a declared array of arrays: one array, invariant when the
  // region writes none of it; `p[1][0]` through a pointer to pointers loads
  // the row: not proved; a written array: not proved.
  auto Why = [](const char *Loop) {
    Fixture X = parse(std::string("int d[3][3]; int **p;\nvoid f(float (*a)[8]) {\n") +
                      Loop + "\n}\n");
    RegionFacts RF(X.Loop, X.ctx());
    return RF.loops().empty() ? RF.notCanonicalWhy(X.Loop)
                              : "max " + RF.loops()[0].Max.str();
  };
  EXPECT_EQ(Why("for (int j = 0; j < d[2][0]; j++) a[j][0] = 0;"), "max d[2][0] - 1");
  EXPECT_EQ(Why("for (int k = 0; k < p[1][0]; k++) a[k][1] = 0;"),
            "its bound 'p[1][0]' is not proved invariant (an integer expression of "
            "variables the loop does not change)");
  EXPECT_EQ(Why("for (int l = 0; l < d[1][1]; l++) d[0][l] = 0;"),
            "its bound 'd[1][1]' is not proved invariant: it reads 'd', which the loop "
            "writes");
}

TEST(RegionsTest, SteppedLoopThatMayStepOverItsLimitIsNotCanonical) {
  Fixture X = parse(R"(void f(int n, float *a) {
  for (int i = 0; i != n; i += 2)
    a[i] = 0;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_TRUE(RF.loops().empty());
}

TEST(RegionsTest, InfersSectionOfOneDimensionalStencil) {
  Fixture X = parse(R"(void f(int n, const float *p, float *q) {
  for (int i = 1; i < n - 1; i++)
    q[i] = p[i - 1] + p[i + 1];
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  SectionResult P = RF.inferSection(X.param("p"));
  EXPECT_TRUE(P.ok()) << P.Why;
  EXPECT_EQ(P.Item, "p[0:n]");
  SectionResult Q = RF.inferSection(X.param("q"));
  EXPECT_TRUE(Q.ok()) << Q.Why;
  EXPECT_EQ(Q.Item, "q[1:(n > 2) * (n - 2)]");
}

// Subscripts that are no polynomial but bounded by their form: a mask, a
// remainder of a dividend that is never negative; one that may be
// negative is not bounded.
TEST(RegionsTest, InfersSectionOfMaskedSubscripts) {
  Fixture X = parse(R"(void f(int n, const int *k, int *h, double *w, double *v, double *u) {
  for (int i = 2; i < n; i++) {
    h[k[i] & 15]++;
    w[i % 8] += 1;
    v[(unsigned)k[i] % 4u] += 1;
    u[k[i] % 4] += 1;
    u[i - 3 % 2] += 1;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_EQ(RF.inferSection(X.param("h")).Item, "h[0:16]");
  EXPECT_EQ(RF.inferSection(X.param("w")).Item, "w[0:8]");
  EXPECT_EQ(RF.inferSection(X.param("v")).Item, "v[0:4]");
  SectionResult U = RF.inferSection(X.param("u"));
  EXPECT_FALSE(U.ok());
  EXPECT_EQ(U.Why, "the subscript 'k[i] % 4' depends on a value computed in the region");
  // A divisor the region does not change: nb elements; one it writes, or
  // a sum of two, bounds nothing.
  Fixture Y = parse(R"(void f(int n, int nb, int m, double *w, double *v, double *u) {
  for (int i = 0; i < n; i++) {
    w[i % nb] += 1;
    v[i % (nb + m)] += 1;
    u[i % m] += 1;
    m = i;
  }
}
)");
  ASSERT_TRUE(Y.Loop);
  RegionFacts RY(Y.Loop, Y.ctx());
  EXPECT_EQ(RY.inferSection(Y.param("w")).Item, "w[0:nb]");
  EXPECT_FALSE(RY.inferSection(Y.param("v")).ok());
  EXPECT_FALSE(RY.inferSection(Y.param("u")).ok());
}

TEST(RegionsTest, InfersSectionOfFlattenedTwoDimensionalStencil) {
  Fixture X = parse(R"(void f(int n, int m, const float *a, float *b) {
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++)
      b[j * m + i] = a[(j - 1) * m + i] + a[(j + 1) * m + i] +
                     a[j * m + i - 1] + a[j * m + i + 1];
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.loops().size(), 2u);
  SectionResult A = RF.inferSection(X.param("a"));
  EXPECT_TRUE(A.ok()) << A.Why;
  // Lowest element (j-1)*m+i at j=1,i=1: 1; highest (j+1)*m+i at
  // j=n-2,i=m-2: m*n - 2.
  EXPECT_EQ(A.Item, "a[1:(m*n > 2) * (m*n - 2)]");
  SectionResult B = RF.inferSection(X.param("b"));
  EXPECT_TRUE(B.ok()) << B.Why;
  // m + 1 .. (n-2)*m + m - 2 = m*n - m - 2.
  EXPECT_EQ(B.Item, "b[m + 1:(m*n > 2*m + 2) * (m*n - 2*m - 2)]");
}

TEST(RegionsTest, InfersSectionOfTriangularLoop) {
  Fixture X = parse(R"(void f(int n, float *a) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[i * n + j] = 0;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.loops().size(), 2u);
  EXPECT_EQ(RF.loops()[1].Min.str(), RF.loops()[0].Symbol);
  SectionResult A = RF.inferSection(X.param("a"));
  EXPECT_TRUE(A.ok()) << A.Why;
  // 0 .. (n-1)*n + n-1 = n*n - 1.
  EXPECT_EQ(A.Item, "a[0:n*n]");
}

TEST(RegionsTest, IndirectSubscriptHasNoSection) {
  Fixture X = parse(R"(void f(int n, const int *idx, float *a) {
  for (int i = 0; i < n; i++)
    a[idx[i]] = 1;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  SectionResult A = RF.inferSection(X.param("a"));
  EXPECT_FALSE(A.ok());
  EXPECT_EQ(A.Item, "");
  EXPECT_NE(A.Why.find("'idx[i]'"), std::string::npos) << A.Why;
  EXPECT_NE(A.Why.find("subscript"), std::string::npos) << A.Why;
  // idx itself is a plain 1-D read.
  SectionResult I = RF.inferSection(X.param("idx"));
  EXPECT_TRUE(I.ok()) << I.Why;
  EXPECT_EQ(I.Item, "idx[0:n]");
}

TEST(RegionsTest, SectionFailuresExplainThemselves) {
  Fixture X = parse(R"(void g(float *);
void f(int n, float *a, float *b, float *c) {
  for (int i = 0; i < n; i++) {
    g(a);
    c[i * i] = b[0];
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_TRUE(RF.hasCallsOrEscapes());
  EXPECT_TRUE(RF.isAddressTaken(X.param("a")));
  SectionResult A = RF.inferSection(X.param("a"));
  EXPECT_EQ(A.Why, "'a' is used other than through subscripts (passed to a "
                   "function, offset or its address taken)");
  SectionResult B = RF.inferSection(X.param("b"));
  EXPECT_EQ(B.Item, "b[0:1]");
  SectionResult C = RF.inferSection(X.param("c"));
  EXPECT_EQ(C.Why, "the subscript 'i * i' is not affine in the loop variables");
  SectionResult N = RF.inferSection(X.param("n"));
  EXPECT_EQ(N.Why, "'n' is never subscripted in the region");
}

TEST(RegionsTest, ToPolyOfIndexExpressions) {
  Fixture X = parse(R"(#define W 8
void f(int n, int m, float *a) {
  for (int i = 0; i < n; i++) {
    int t = i;
    int u = i;
    u = u + 1;
    int v = i + m;
    a[2 * (i + m) - W] = a[t] + a[u] + a[v] + a[v * t];
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.accesses().size(), 5u);
  const Access &W = RF.accesses()[0];
  ASSERT_EQ(W.Indices.size(), 1u);
  std::optional<Poly> P = RF.toPoly(W.Indices[0]);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->str(), (Poly::symbol(RF.loops()[0].Symbol).scaled(2) +
                       Poly::symbol("m").scaled(2) - Poly::symbol("W"))
                          .str());
  // t and v are locals of the region that keep their initial values: their
  // initializers; u is assigned again: no polynomial.
  Poly I = Poly::symbol(RF.loops()[0].Symbol);
  EXPECT_EQ(RF.toPoly(RF.accesses()[1].Indices[0])->str(), I.str());
  EXPECT_FALSE(RF.toPoly(RF.accesses()[2].Indices[0]).has_value());
  EXPECT_EQ(RF.toPoly(RF.accesses()[3].Indices[0])->str(), (I + Poly::symbol("m")).str());
  EXPECT_EQ(RF.toPoly(RF.accesses()[4].Indices[0])->str(),
            ((I + Poly::symbol("m")) * I).str());
}

TEST(RegionsTest, IndexTemporariesDeclaredOutside) {
  // C89: k1 declared at the top, assigned once in the body before its
  // uses: it stands for k + 1. k2 is read before its assignment (the value
  // of the last iteration): no polynomial; k3 is assigned twice, and read
  // after the second assignment in the same block: k + 3.
  Fixture X = parse(R"(void f(int n, float *a) {
  int k, k1, k2, k3;
  for (k = 0; k < n; k++) {
    a[k2] = 0;
    k1 = k + 1;
    k2 = k + 2;
    k3 = k;
    k3 = k + 3;
    a[k1] = a[k3];
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.accesses().size(), 3u);
  Poly K = Poly::symbol(RF.loops()[0].Symbol);
  EXPECT_FALSE(RF.toPoly(RF.accesses()[0].Indices[0]).has_value());
  std::vector<std::string> Got;
  for (size_t I = 1; I < 3; ++I) {
    std::optional<Poly> P = RF.toPoly(RF.accesses()[I].Indices[0]);
    Got.push_back(P ? P->str() : "none");
  }
  EXPECT_TRUE(llvm::is_contained(Got, (K + Poly::constant(1)).str()));
  EXPECT_TRUE(llvm::is_contained(Got, (K + Poly::constant(3)).str()));
}

TEST(RegionsTest, PureFunctions) {
  EXPECT_TRUE(isPureFunction("sqrt"));
  EXPECT_TRUE(isPureFunction("fabsf"));
  EXPECT_TRUE(isPureFunction("std::max"));
  EXPECT_FALSE(isPureFunction("printf"));
  EXPECT_FALSE(isPureFunction("rand"));
  EXPECT_FALSE(isPureFunction(""));
}

TEST(RegionsTest, LengthsThatMayBeNegativeAreClamped) {
  using ompm::Poly;
  Poly N = Poly::symbol("n"), M = Poly::symbol("m"), C = Poly::constant(1);
  // No negative term: as written (the loop's own count).
  EXPECT_EQ(ompm::lengthText(N), "n");
  EXPECT_EQ(ompm::lengthText(M * N + C), "m*n + 1");
  // A loop inverted by more than one runs no iteration: length 0, not < 0.
  EXPECT_EQ(ompm::lengthText(N - Poly::constant(2)), "(n > 2) * (n - 2)");
  EXPECT_EQ(ompm::lengthText(M * N - N.scaled(2) - Poly::constant(2)),
            "(m*n > 2*n + 2) * (m*n - 2*n - 2)");
  EXPECT_EQ(ompm::lengthText(Poly::symbol("hi") - Poly::symbol("lo")), "(hi > lo) * (hi - lo)");
  EXPECT_EQ(ompm::lengthText(Poly::constant(3) - N), "(3 > n) * (-n + 3)");
  // Constants are folded.
  EXPECT_EQ(ompm::lengthText(Poly::constant(-4)), "0");
  EXPECT_EQ(ompm::lengthText(Poly::constant(7)), "7");
  EXPECT_EQ(ompm::lengthText(Poly() - N), "(0 > n) * (-n)");
  EXPECT_EQ(ompm::sectionText("a", C, N - Poly::constant(2)), "a[1:(n > 2) * (n - 2)]");
}

TEST(RegionsTest, UnionAndIntersectionOfRanges) {
  ompm::Poly N = ompm::Poly::symbol("n"), One = ompm::Poly::constant(1);
  // [0, n-1] and [1, n-2]: union [0, n-1], intersection [1, n-2].
  auto U = ompm::unionRange(ompm::Poly::constant(0), N - One, One, N - ompm::Poly::constant(2));
  ASSERT_TRUE(U.has_value());
  EXPECT_EQ(ompm::sectionText("a", U->first, U->second), "a[0:n]");
  // [0, n] and [1, 2n]: intersection [1, n]. ([1, n-2] itself could be
  // empty, for n = 2, so it is undecided.)
  auto I = ompm::intersectRange(ompm::Poly::constant(0), N, One, N.scaled(2));
  ASSERT_TRUE(I.has_value() && I->has_value());
  EXPECT_EQ(ompm::sectionText("a", (*I)->first, (*I)->second), "a[1:n]");
  EXPECT_FALSE(ompm::intersectRange(ompm::Poly::constant(0), N - One, One,
                                    N - ompm::Poly::constant(2)).has_value());
  // [0, 0] and [1, n]: decidedly disjoint.
  auto D = ompm::intersectRange(ompm::Poly::constant(0), ompm::Poly::constant(0), One, N);
  ASSERT_TRUE(D.has_value());
  EXPECT_FALSE(D->has_value());
  // [0, 3] and [1, n-2]: the upper end cannot be ordered.
  EXPECT_FALSE(ompm::intersectRange(ompm::Poly::constant(0), ompm::Poly::constant(3), One,
                                    N - ompm::Poly::constant(2)).has_value());
}

TEST(RegionsTest, MemberPointersGetSectionsOfTheirOwn) {
  Fixture X = parse(R"(typedef struct { double *x, *y; int n; } V;
void f(V m, V *p) {
  for (int i = 0; i < m.n; i++) {
    p->x[i + 1] = m.x[i] + m.y[2 * i];
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_EQ(names(RF), "m,p");
  // p is used only through '->': it does not escape.
  EXPECT_FALSE(RF.isAddressTaken(X.param("p")));
  const MemberUses *M = RF.memberUses(X.param("m"));
  const MemberUses *P = RF.memberUses(X.param("p"));
  ASSERT_TRUE(M && P);
  EXPECT_FALSE(M->ThroughPointer);
  EXPECT_TRUE(P->ThroughPointer);
  EXPECT_EQ(llvm::join(M->Paths, ","), "m.x,m.y");
  EXPECT_EQ(llvm::join(P->Paths, ","), "p->x");
  EXPECT_TRUE(P->Written.count("p->x"));
  EXPECT_FALSE(M->Written.count("m.x"));
  EXPECT_FALSE(M->RootWritten || P->RootWritten);
  EXPECT_EQ(RF.inferMemberSection("m.x").Item, "m.x[0:m.n]");
  EXPECT_EQ(RF.inferMemberSection("m.y").Item, "m.y[0:(2*m.n > 1) * (2*m.n - 1)]");
  EXPECT_EQ(RF.inferMemberSection("p->x").Item, "p->x[1:m.n]");
  // Member accesses are not array accesses of the root.
  EXPECT_TRUE(RF.accesses().empty());
  // A write through a member pointer stops the dependence test.
  EXPECT_FALSE(testParallel(RF, X.Loop).Parallel);
}

TEST(RegionsTest, MemberUsesThatCannotMap) {
  Fixture X = parse(R"(typedef struct { double *x; int n; } V;
typedef struct { V *v; double **rows; } D;
double g(double *);
void f(V m, D d, V *p, int n) {
  for (int i = 0; i < n; i++) {
    m.n = g(m.x + i);
    d.v->x[i] = d.rows[i][0];
    p->n = i;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  const MemberUses *M = RF.memberUses(X.param("m"));
  const MemberUses *D = RF.memberUses(X.param("d"));
  const MemberUses *P = RF.memberUses(X.param("p"));
  ASSERT_TRUE(M && D && P);
  // m.x is passed on, offset: no section; m.n written: the structure is.
  EXPECT_TRUE(M->Escaped.count("m.x"));
  EXPECT_TRUE(M->RootWritten);
  EXPECT_EQ(RF.inferMemberSection("m.x").Why,
            "'m.x' is used other than through subscripts (passed to a "
            "function, offset or compared)");
  // A second pointer: a deep copy.
  EXPECT_EQ(D->Why.substr(0, 44), "'d.v->x' is reached through a second pointer");
  // p->n = i: the structure p points to is written.
  EXPECT_TRUE(P->RootWritten);
  EXPECT_TRUE(P->Paths.empty());
}

TEST(RegionsTest, WriteToAnElementsMemberWritesTheArray) {
  Fixture X = parse(R"(typedef struct { double x, y; } P;
void f(P *p, int n) {
  for (int i = 0; i < n; i++)
    p[i].y = 2 * p[i].x;
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_TRUE(RF.isWritten(X.param("p")));
  ASSERT_EQ(RF.accesses().size(), 2u);
  EXPECT_TRUE(RF.accesses()[0].IsWrite);
  EXPECT_FALSE(RF.accesses()[1].IsWrite);
  EXPECT_EQ(RF.inferSection(X.param("p")).Item, "p[0:n]");
  EXPECT_TRUE(testParallel(RF, X.Loop).Parallel);
}

TEST(RegionsTest, IndexedThroughPointers) {
  Fixture X = parse("void f(int n, double **p, double (*q)[8], double *r[4]) {\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    p[i][0] = 1;\n"
                    "    q[i][0] = 1;\n"
                    "    r[0][i] = 1;\n"
                    "  }\n"
                    "}\n");
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_TRUE(RF.indexedThroughPointers(X.param("p")));
  EXPECT_FALSE(RF.indexedThroughPointers(X.param("q"))); // contiguous rows
  EXPECT_TRUE(RF.indexedThroughPointers(X.param("r")));
}

// A loop whose body writes its variable is not canonical, however deep
// the write; the loop variable's own increment and a sibling loop over the
// same variable are no such write.
TEST(RegionsTest, BodyWritesTheLoopVariable) {
  Fixture X = parse(R"(void f(int n, float *a) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      if (a[j] > 0) i = i + 1;
    for (j = 0; j < n; j++) a[j] = 0;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  EXPECT_EQ(RF.notCanonicalWhy(X.Loop), "its body writes the loop variable 'i'");
  ASSERT_EQ(RF.loops().size(), 2u); // both j loops
  for (const CanonicalLoop &L : RF.loops())
    EXPECT_EQ(L.IV->getName(), "j");
}

// Where the write is decides it (RegionLoops' test by place in the file,
// a walk of the body when a macro writes it): a loop over the same
// variable inside the body writes it, one after the loop does not.
TEST(RegionsTest, BodyWritesTheLoopVariableByPlace) {
  Fixture X = parse(R"(#define BUMP(v) v = v + 1
void f(int n, float *a) {
  int i, j;
  for (j = 0; j < n; j++) {
    for (i = 0; i < n; i++) {
      for (i = 0; i < n; i++) a[i] = 0;
    }
    for (i = 0; i < n; i++)
      if (a[i] > 0) BUMP(i);
    for (i = 0; i < n; i++) a[i] = 1;
  }
}
)");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  std::vector<const clang::ForStmt *> Fors;
  walkStmts(X.Loop, [&](const clang::Stmt *S) {
    if (const auto *F = llvm::dyn_cast<clang::ForStmt>(S))
      Fors.push_back(F);
    return true;
  });
  ASSERT_EQ(Fors.size(), 5u); // j, i (outer), i (inner), i (BUMP), i (last)
  EXPECT_EQ(RF.notCanonicalWhy(Fors[1]), "its body writes the loop variable 'i'");
  EXPECT_EQ(RF.notCanonicalWhy(Fors[2]), "");
  EXPECT_EQ(RF.notCanonicalWhy(Fors[3]), "its body writes the loop variable 'i'");
  EXPECT_EQ(RF.notCanonicalWhy(Fors[4]), "");
  EXPECT_TRUE(RF.loopOf(Fors[2]) && RF.loopOf(Fors[4]));
}

// C89 reuses `i` in sibling loops: each reference reads its own loop's
// symbol, not the last loop's over i.
TEST(RegionsTest, ReusedLoopVariableReadsItsOwnLoop) {
  Fixture X = parse("void f(int n, double *a, double *b) {\n"
                    "  int i, j;\n"
                    "  for (j = 0; j < n; j++) {\n"
                    "    for (i = 0; i < n; i++) a[j + i] = 1;\n"
                    "    for (i = 0; i < n; i++) b[i] = 2;\n"
                    "  }\n"
                    "}\n");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.loops().size(), 3u);
  ASSERT_EQ(RF.accesses().size(), 2u);
  std::optional<Poly> A = RF.toPoly(RF.accesses()[0].Indices[0]),
                      B = RF.toPoly(RF.accesses()[1].Indices[0]);
  ASSERT_TRUE(A && B);
  EXPECT_EQ(A->str(), "@i.1 + @j.0");
  EXPECT_EQ(B->str(), "@i.2");
  // Asked again: the answer the facts kept, the same.
  EXPECT_EQ(RF.toPoly(RF.accesses()[0].Indices[0]), A);
}

// `i = 1; f[i][j] = 0;`: the value assigned before it in its block; a
// write between them, or a label, ends it (no polynomial then).
TEST(RegionsTest, StraightLineValueOfALoopVariable) {
  Fixture X = parse("double h[100][100];\n"
                    "void f(int n, int c) {\n"
                    "  int i, j;\n"
                    "  for (j = 0; j < n; j++) {\n"
                    "    for (i = 0; i < n; i++) h[i][j] = 0;\n"
                    "    i = n - 3;\n"
                    "    h[i][j] = 1;\n"
                    "    if (c) i = 2;\n"
                    "    h[i][j] = 2;\n"
                    "    i = 4;\n"
                    "    switch (c) {\n"
                    "    case 1:\n"
                    "      h[i][j] = 3;\n"
                    "    }\n"
                    "    i = 5;\n"
                    "  here:\n"
                    "    h[i][j] = 4;\n"
                    "    i = i + 1;\n"
                    "    h[i][j] = 5;\n"
                    "  }\n"
                    "}\n");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  std::vector<std::string> Rows;
  for (const Access &A : RF.accesses()) {
    std::optional<Poly> P = RF.toPoly(A.Indices[0]);
    Rows.push_back(P ? P->str() : "none");
  }
  EXPECT_EQ(Rows, (std::vector<std::string>{"@i.1", "n - 3", "none", "none", "none", "none"}));
}

// A loop variable read outside its loops with no value assigned before
// the read in its block: what an earlier iteration left (i); read in its
// loop's condition and body only, or after `k = 0;`, each iteration's own.
TEST(RegionsTest, LoopVariableReadOutsideItsLoops) {
  Fixture X = parse("void f(int n, double *g, double *a) {\n"
                    "  int i, j, k;\n"
                    "  for (j = 0; j < n; j++) {\n"
                    "    g[j] = i;\n"
                    "    for (i = 0; i < n; i++) a[i] = j;\n"
                    "    k = 0;\n"
                    "    g[k] = 1;\n"
                    "    for (k = 0; k < n; k++) a[k] += 1;\n"
                    "  }\n"
                    "}\n");
  ASSERT_TRUE(X.Loop);
  RegionFacts RF(X.Loop, X.ctx());
  const clang::VarDecl *I = nullptr, *J = nullptr, *K = nullptr;
  for (const CanonicalLoop &L : RF.loops())
    (L.IV->getName() == "i" ? I : L.IV->getName() == "j" ? J : K) = L.IV;
  ASSERT_TRUE(I && J && K);
  EXPECT_TRUE(RF.readsOutsideItsLoops(I));
  EXPECT_FALSE(RF.readsOutsideItsLoops(J));
  EXPECT_FALSE(RF.readsOutsideItsLoops(K));
}

