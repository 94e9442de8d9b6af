//===- FeasibilityTest.cpp - Whether linear constraints have an integer point -===//
#include "Facts/Feasibility.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

Poly c(int64_t V) { return Poly::constant(V); }
Poly s(const char *S) { return Poly::symbol(S); }

/// Each polynomial >= 0.
bool infeasible(std::vector<Poly> Ps) {
  std::vector<LinearConstraint> Sys;
  for (const Poly &P : Ps) {
    std::optional<LinearConstraint> C = linearNonNegative(P);
    EXPECT_TRUE(C.has_value());
    Sys.push_back(*C);
  }
  return provedInfeasible(Sys);
}

} // namespace

TEST(Feasibility, LinearForms) {
  // n*m is one unknown; n*@i is not linear.
  std::optional<LinearConstraint> C = linearNonNegative(s("n") * s("m") + s("@i").scaled(3) - c(2));
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Const, -2);
  EXPECT_EQ(C->Coef.at("@i"), 3);
  EXPECT_EQ(C->Coef.at("m*n"), 1);
  EXPECT_FALSE(linearNonNegative(s("n") * s("@i")));
}

TEST(Feasibility, Elimination) {
  Poly X = s("@x"), Y = s("@y"), N = s("n");
  // 0 <= x <= n - 1 and x >= n: empty, whatever n is.
  EXPECT_TRUE(infeasible({X, N - c(1) - X, X - N}));
  // 0 <= x <= n: has points.
  EXPECT_FALSE(infeasible({X, N - X}));
  // x = y, x >= y + 1: empty.
  EXPECT_TRUE(infeasible({X - Y, Y - X, X - Y - c(1)}));
  // 2x = 2y + 1 has rational points only: integer tightening proves it.
  EXPECT_TRUE(infeasible({X.scaled(2) - Y.scaled(2) - c(1), Y.scaled(2) + c(1) - X.scaled(2)}));
  // 1 <= 3x <= 2: no integer x.
  EXPECT_TRUE(infeasible({X.scaled(3) - c(1), c(2) - X.scaled(3)}));
  // A triangle i < i', j <= i, j' <= i', i = j', j = i': empty.
  Poly I = s("@i"), IP = s("@i'"), J = s("@j"), JP = s("@j'");
  EXPECT_TRUE(infeasible({IP - I - c(1), I - J, IP - JP, J, JP, I - JP, JP - I, J - IP, IP - J}));
}

TEST(Feasibility, GivesUpWhenTooLarge) {
  // Many variables, each bounded and tied to the next: nothing proved with
  // a tiny limit.
  std::vector<LinearConstraint> Sys;
  for (int K = 0; K < 12; ++K) {
    Poly V = Poly::symbol("@v" + std::to_string(K));
    Poly W = Poly::symbol("@v" + std::to_string(K + 1));
    Sys.push_back(*linearNonNegative(V));
    Sys.push_back(*linearNonNegative(c(5) - V));
    Sys.push_back(*linearNonNegative(V - c(6)));
    Sys.push_back(*linearNonNegative(W - V + c(100)));
  }
  EXPECT_FALSE(provedInfeasible(Sys, 2));
  EXPECT_TRUE(provedInfeasible(Sys));
}

TEST(Feasibility, VariablesThatShareNoRowAreEliminatedApart) {
  // 200 loop variables no row ties together (a deep nest whose subscripts
  // name none of them), one of them with an empty range: each group is
  // eliminated alone, so even a limit of 2 rows proves it.
  std::vector<LinearConstraint> Sys;
  for (int K = 0; K < 200; ++K) {
    Poly V = Poly::symbol("@v" + std::to_string(K));
    Sys.push_back(*linearNonNegative(V));
    Sys.push_back(*linearNonNegative(c(K == 150 ? -1 : 5) - V));
  }
  EXPECT_TRUE(provedInfeasible(Sys, 2));
  Sys.erase(Sys.begin() + 301); // v150 <= -1 gone: a point exists
  EXPECT_FALSE(provedInfeasible(Sys, 2));
}
