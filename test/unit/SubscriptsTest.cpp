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
