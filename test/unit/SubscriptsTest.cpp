//===- SubscriptsTest.cpp - Two subscripts in different iterations --------===//
#include "Facts/Subscripts.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

Poly c(int64_t V) { return Poly::constant(V); }
Poly s(const char *S) { return Poly::symbol(S); }

/// The loop @i over [0, n - 1].
LoopRange loopI() { return {"@i", c(0), s("n") - c(1)}; }

bool independent(std::vector<Poly> W, std::vector<Poly> A,
                 std::vector<LoopRange> WInner = {}, std::vector<LoopRange> AInner = {},
                 LoopRange L = loopI()) {
  return independentAcrossIterations({W, WInner}, {A, AInner}, L);
}

} // namespace

TEST(Subscripts, StrongSIV) {
  Poly I = s("@i");
  // a[2i] and a[2i + 1]: even and odd elements.
  EXPECT_TRUE(independent({c(2) * I}, {c(2) * I + c(1)}));
  // a[2i] and a[2i + 2]: iteration i + 1 writes what i reads.
  EXPECT_FALSE(independent({c(2) * I}, {c(2) * I + c(2)}));
  // a[i] and a[i + 1]: distance 1.
  EXPECT_FALSE(independent({I}, {I + c(1)}));
  // a[i][j] and a[i][j - 1] over an inner j: the first dimension decides.
  LoopRange J{"@j", c(1), s("m") - c(1)};
  EXPECT_TRUE(independent({I, s("@j")}, {I, s("@j") - c(1)}, {J}, {J}));
  // a[j][i] and a[j - 1][i]: the second dimension decides.
  EXPECT_TRUE(independent({s("@j"), I}, {s("@j") - c(1), I}, {J}, {J}));
  // a[i*4 + j] and a[i*4 + j + 1], 0 <= j < 3: within one block of 4.
  LoopRange J3{"@j", c(0), c(2)};
  EXPECT_TRUE(independent({c(4) * I + s("@j")}, {c(4) * I + s("@j") + c(1)}, {J3}, {J3}));
  // ... 0 <= j < 4: the last j reaches the next block.
  LoopRange J4{"@j", c(0), c(3)};
  EXPECT_FALSE(independent({c(4) * I + s("@j")}, {c(4) * I + s("@j") + c(1)}, {J4}, {J4}));
}

TEST(Subscripts, Ranges) {
  Poly I = s("@i");
  // a[i] and a[i + n], 0 <= i < n: the halves never meet.
  EXPECT_TRUE(independent({I}, {I + s("n")}));
  // a[i] and a[i + n - 1]: the last element is both.
  EXPECT_FALSE(independent({I}, {I + s("n") - c(1)}));
  // a[i] and a[k], k < i: a triangular loop i = k + 1 .. n - 1 never
  // reaches row k.
  LoopRange Tri{"@i", s("k") + c(1), s("n") - c(1)};
  EXPECT_TRUE(independent({I}, {s("k")}, {}, {}, Tri));
  // a[i] and a[m]: nothing known of m.
  EXPECT_FALSE(independent({I}, {s("m")}));
  // No assumption on the sign of an invariant: a[i] and a[i + n + t].
  EXPECT_FALSE(independent({I}, {I + s("n") + s("t")}));
}

TEST(Subscripts, GCD) {
  Poly I = s("@i");
  LoopRange J{"@j", c(0), s("m")};
  // a[2i] and a[4j + 1]: even and odd.
  EXPECT_TRUE(independent({c(2) * I}, {c(4) * s("@j") + c(1)}, {}, {J}));
  // a[2i] and a[4j + 2]: both even.
  EXPECT_FALSE(independent({c(2) * I}, {c(4) * s("@j") + c(2)}, {}, {J}));
}

TEST(Subscripts, RangeOver) {
  // i - j over 0 <= j <= i, 0 <= i <= 9: from 0 to 9.
  auto R = rangeOver(s("@i") - s("@j"),
                     {{"@j", c(0), s("@i")}, {"@i", c(0), c(9)}});
  ASSERT_TRUE(R);
  EXPECT_EQ(R->first, c(0));
  EXPECT_EQ(R->second, c(9));
  // A coefficient of unknown sign.
  EXPECT_FALSE(rangeOver(s("m") * s("@i"), {{"@i", c(0), c(9)}}));
}

TEST(Subscripts, Steps) {
  Poly I = s("@i");
  // for (i = 1; i < n - 1; i += 2): a[i] = a[i - 1] + a[i + 1] writes odd
  // elements and reads even ones.
  LoopRange Odd{"@i", c(1), s("n") - c(2), 2};
  EXPECT_TRUE(independent({I}, {I - c(1)}, {}, {}, Odd));
  EXPECT_TRUE(independent({I}, {I + c(1)}, {}, {}, Odd));
  // ... but a[i + 2] is the next iteration's element.
  EXPECT_FALSE(independent({I}, {I + c(2)}, {}, {}, Odd));
  // A step of 3 downwards from n - 1: a[i] and a[i - 1], a[i - 2].
  LoopRange Down{"@i", c(0), s("n") - c(1), -3};
  EXPECT_TRUE(independent({I}, {I - c(1)}, {}, {}, Down));
  EXPECT_TRUE(independent({I}, {I - c(2)}, {}, {}, Down));
  EXPECT_FALSE(independent({I}, {I - c(3)}, {}, {}, Down));
  // Blocks of 32: for (ii = 0; ii < n; ii += 32) for (i = ii; i <= ii + 31;
  // i++) y[i]: the blocks never meet.
  LoopRange Blocks{"@ii", c(0), s("n") - c(1), 32};
  LoopRange In{"@i", s("@ii"), s("@ii") + c(31)};
  EXPECT_TRUE(independent({s("@i")}, {s("@i")}, {In}, {In}, Blocks));
  LoopRange Wide{"@i", s("@ii"), s("@ii") + c(32)};
  EXPECT_FALSE(independent({s("@i")}, {s("@i")}, {Wide}, {Wide}, Blocks));
}

TEST(Subscripts, LinearizedWithAnInvariantRowLength) {
  Poly I = s("@i"), J = s("@j"), M = s("m");
  // a[i*m + j] and a[i*m + j - 1], 1 <= j < m: rows never meet.
  LoopRange J1{"@j", c(1), M - c(1)};
  EXPECT_TRUE(independent({M * I + J}, {M * I + J - c(1)}, {J1}, {J1}));
  // a[i*m + j] and a[(i - 1)*m + j], 0 <= j < m: row i - 1 is iteration
  // i - 1's.
  LoopRange J0{"@j", c(0), M - c(1)};
  EXPECT_FALSE(independent({M * I + J}, {M * (I - c(1)) + J}, {J0}, {J0}));
  // j <= m reaches the next row.
  LoopRange JM{"@j", c(0), M};
  EXPECT_FALSE(independent({M * I + J}, {M * I + J}, {JM}, {JM}));
  // A row length ld that is not the inner bound m: unknown.
  EXPECT_FALSE(independent({s("ld") * I + J}, {s("ld") * I + J}, {J0}, {J0}));
  // t[j*n + i], 0 <= i < n: the column index is the loop variable.
  EXPECT_TRUE(independent({s("n") * J + I}, {s("n") * J + I}, {J0}, {J0}));
}

TEST(Subscripts, CoupledAndTriangular) {
  Poly I = s("@i"), J = s("@j");
  // for (j = 0; j <= i; j++): A[i][j] and A[j][i] (a symmetric fill).
  LoopRange Tri{"@j", c(0), I};
  EXPECT_TRUE(independent({I, J}, {J, I}, {Tri}, {Tri}));
  // ... with j <= i + 1 the element (i, i + 1) is also (j, i) of iteration i + 1.
  LoopRange Over{"@j", c(0), I + c(1)};
  EXPECT_FALSE(independent({I, J}, {J, I}, {Over}, {Over}));
  // A[i][i + 1] and A[i + 1][i]: coupled, never equal.
  EXPECT_TRUE(independent({I, I + c(1)}, {I + c(1), I}));
  // A[i][m - 1 - i] and A[m - 1 - i][i]: iteration m - 1 - i meets it.
  EXPECT_FALSE(independent({I, s("m") - c(1) - I}, {s("m") - c(1) - I, I}));
}

TEST(Subscripts, NeverSameElement) {
  Poly I = s("@i"), K = s("@k");
  // for (k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k], j < i: the
  // target element is read by no iteration.
  LoopRange L{"@k", c(0), s("j") - c(1)};
  SubscriptAccess Target{{s("i"), s("j")}, {}, {}};
  EXPECT_TRUE(neverSameElement(Target, {{s("i"), K}, {}, {}}, L));
  // A[j][k], k < j, is never A[i][j] (its column is below j).
  EXPECT_TRUE(neverSameElement(Target, {{s("j"), K}, {}, {}}, L));
  // A[k][j] (LU) is A[i][j] when k = i < j: unknown here...
  EXPECT_FALSE(neverSameElement(Target, {{K, s("j")}, {}, {}}, L));
  // ... but not below the diagonal (an outer loop j < i).
  LoopRange OuterJ{"@j", c(0), s("i") - c(1)};
  SubscriptAccess Below{{s("i"), s("@j")}, {}, {OuterJ}};
  LoopRange LJ{"@k", c(0), s("@j") - c(1)};
  EXPECT_TRUE(neverSameElement(Below, {{K, s("@j")}, {}, {}}, LJ));
  // x[i] and x[k] for k <= i: the last iteration reads it.
  LoopRange Upto{"@k", c(0), s("i")};
  EXPECT_FALSE(neverSameElement({{s("i")}, {}, {}}, {{K}, {}, {}}, Upto));
  (void)I;
}
