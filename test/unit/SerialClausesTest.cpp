//===- SerialClausesTest.cpp - Facts/SerialClauses ------------------------===//
#include "Facts/SerialClauses.h"
#include "Facts/Dependence.h"
#include "LoopFixture.h"

using namespace clang;

namespace ompm {
namespace {

// Each assignment of a flag becomes an atomic write; one that is not a
// statement of its own (inside a larger expression) cannot take the
// directive.
TEST(SerialClausesTest, FlagWrites) {
  Fixture X = parse("void f(int n, double *a, int *found) {\n"
                    "  int stop = 0, seen = 0;\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    if (a[i] < 0) stop = 1;\n"
                    "    if (a[i] > 9) { stop = 1; a[i] = 9; }\n"
                    "  }\n"
                    "  for (int i = 0; i < n; i++)\n"
                    "    a[i] = (seen = 1) + a[i];\n"
                    "  *found = stop + seen;\n"
                    "}\n");
  ASSERT_TRUE(X.Loop);
  RegionFacts F(X.Loop, X.ctx());
  SerialLoop L;
  EXPECT_EQ(flagWrites(F, X.Loop, {"stop"}, L), "");
  EXPECT_EQ(L.Flags, std::vector<std::string>{"stop"});
  EXPECT_EQ(L.AtomicWrites.size(), 2u);
  const auto *Second = cast<ForStmt>(*std::next(cast<CompoundStmt>(X.F->getBody())->body_begin(), 2));
  RegionFacts G(Second, X.ctx());
  SerialLoop M;
  EXPECT_EQ(flagWrites(G, Second, {"seen"}, M),
            "'seen' is set in some iterations only (a flag), where an atomic "
            "write cannot go (not a statement of its own)");
}

// A histogram of 16 bins: its atomic updates become one reduction of the
// whole array; a run-time-sized one keeps its atomics.
TEST(SerialClausesTest, SmallArrayReductions) {
  Fixture X = parse("void f(int n, const int *restrict k, int *restrict big, int m) {\n"
                    "  int h[16];\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    h[k[i] & 15]++;\n"
                    "    big[k[i] % m] += 2;\n"
                    "  }\n"
                    "}\n");
  ASSERT_TRUE(X.Loop);
  RegionFacts F(X.Loop, X.ctx());
  ParallelResult PR = testParallel(F, X.Loop, nullptr, /*AtomicUpdates=*/true);
  ASSERT_TRUE(PR.Parallel) << PR.Why;
  SerialLoop L;
  L.AtomicUpdates = PR.Updates;
  ASSERT_EQ(L.AtomicUpdates.size(), 2u);
  smallArrayReductions(F, L);
  EXPECT_EQ(L.SmallArrayReductions, std::vector<std::string>{"+: h"});
  EXPECT_EQ(L.AtomicUpdates.size(), 1u);
}

} // namespace
} // namespace ompm
