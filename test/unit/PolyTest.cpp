#include "Facts/Poly.h"
#include <gtest/gtest.h>

using ompm::Poly;

TEST(PolyTest, PrintsSumsInStableOrder) {
  Poly P = Poly::symbol("n") * Poly::symbol("m") - Poly::constant(2);
  EXPECT_EQ(P.str(), "m*n - 2");
  EXPECT_EQ((Poly::symbol("n") - Poly::symbol("n")).str(), "0");
  EXPECT_EQ(Poly::constant(-3).str(), "-3");
}

TEST(PolyTest, SubstitutesLoopBounds) {
  // j*m + i with j in [1, n-2], i in [1, m-2]: lowest index m + 1.
  Poly Idx = Poly::symbol("@j") * Poly::symbol("m") + Poly::symbol("@i");
  Poly Lo = Idx.substitute("@j", Poly::constant(1)).substitute("@i", Poly::constant(1));
  EXPECT_EQ(Lo.str(), "m + 1");
  Poly Hi = Idx.substitute("@j", Poly::symbol("n") - Poly::constant(2))
                .substitute("@i", Poly::symbol("m") - Poly::constant(2));
  EXPECT_EQ(Hi.str(), "m*n - m - 2");
}

TEST(PolyTest, OrdersWithAtomsAtLeastOne) {
  EXPECT_EQ(Poly::geq(Poly::symbol("m"), Poly::constant(1)), true);
  EXPECT_EQ(Poly::geq(Poly::constant(0), Poly::symbol("m")), false);
  EXPECT_FALSE(Poly::geq(Poly::symbol("m"), Poly::symbol("n")).has_value());
  EXPECT_FALSE(Poly::geq(Poly::symbol("@i"), Poly::constant(0)).has_value());
}

TEST(PolyTest, CoefficientOfSymbol) {
  Poly P = Poly::symbol("@i") * Poly::symbol("n") + Poly::symbol("@j");
  EXPECT_EQ(P.coefficientOf("@i")->str(), "n");
  EXPECT_EQ(P.coefficientOf("@k")->str(), "0");
  EXPECT_FALSE((Poly::symbol("@i") * Poly::symbol("@i")).coefficientOf("@i"));
}

TEST(PolyTest, DecidedMinAndMax) {
  Poly N = Poly::symbol("n");
  EXPECT_EQ(Poly::decidedMin(N, Poly::constant(0))->str(), "0");
  EXPECT_EQ(Poly::decidedMax(N - Poly::constant(1), Poly::constant(0))->str(), "n - 1");
  EXPECT_FALSE(Poly::decidedMin(N, Poly::symbol("m")).has_value());
}

TEST(PolyTest, SubstitutesParametersAtOnce) {
  // A callee's n*n - 1 with n := m + 1, and m := n (a swap of names): at
  // once, so the caller's n is not substituted again.
  Poly P = Poly::symbol("n") * Poly::symbol("n") + Poly::symbol("m") - Poly::constant(1);
  std::map<std::string, Poly> With = {{"n", Poly::symbol("m") + Poly::constant(1)},
                                      {"m", Poly::symbol("n")}};
  EXPECT_EQ(P.substituteAll(With).str(), "m*m + 2*m + n");
  EXPECT_EQ(P.symbols(), (std::set<std::string>{"m", "n"}));
  EXPECT_TRUE(Poly::constant(4).symbols().empty());
}

TEST(PolyTest, InternedSymbolsSortByTheirText) {
  // Interned in the order z, a: the terms still sort (and print) by name,
  // not by when or where the names were stored.
  Poly Z = Poly::symbol("zeta_first"), A = Poly::symbol("alpha_second");
  EXPECT_EQ((Z + A).str(), "alpha_second + zeta_first");
  EXPECT_EQ((Z * A).str(), "alpha_second*zeta_first");
  EXPECT_EQ(ompm::Sym::intern("zeta_first"), ompm::Sym::intern(std::string("zeta_") + "first"));
  EXPECT_EQ((Z + A - Poly::symbol("zeta_first")).str(), "alpha_second");
  // A name no polynomial holds is mentioned by none.
  EXPECT_FALSE(Z.mentions("never_interned_name"));
  EXPECT_EQ(Z.substitute("never_interned_name", A), Z);
}
