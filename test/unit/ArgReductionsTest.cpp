//===- ArgReductionsTest.cpp - Facts/ArgReductions ------------------------===//
#include "Facts/ArgReductions.h"
#include "Facts/Regions.h"
#include "LoopOnLine.h"
#include "gtest/gtest.h"

using namespace ompm;

namespace {

/// The loop on line 4 of f (Body completes f), its facts, its variable and
/// the variable Var.
struct Case {
  LoopOnLine L;
  const clang::ForStmt *For = nullptr;
  std::unique_ptr<RegionFacts> F;
  const clang::VarDecl *IV = nullptr;
};

Case parse(llvm::StringRef Body, llvm::StringRef Var) {
  std::string Code = "double v[100]; int w[100]; double g(void);\n"
                     "void f(int n, double *p) {\n"
                     "  int i, at = 0; double best = 0; int wm = 0; long lat = 0;\n" +
                     Body.str();
  Case C{findLoopOnLine(Code, 4, Var)};
  EXPECT_TRUE(C.L.found());
  if (!C.L.found())
    return C;
  C.For = llvm::cast<clang::ForStmt>(C.L.Loop);
  C.F = std::make_unique<RegionFacts>(C.For, C.L.ctx());
  for (const CanonicalLoop &CL : C.F->loops())
    if (CL.For == C.For)
      C.IV = CL.IV;
  return C;
}

/// The arg reduction whose value is Var.
std::optional<ArgReduction> argOf(llvm::StringRef Body, llvm::StringRef Var,
                                  std::string *IndexName = nullptr) {
  Case C = parse(Body, Var);
  if (!C.For)
    return std::nullopt;
  std::optional<ArgReduction> R = argReductionOf(C.For, C.IV, C.L.V, *C.F, C.L.ctx());
  if (R && IndexName)
    *IndexName = R->Index->getNameAsString();
  return R;
}

TEST(ArgReductionsTest, MaximumAndItsFirstIndex) {
  std::string Index;
  auto R = argOf("  for (i = 0; i < n; i++) if (v[i] > best) { best = v[i]; at = i; }\n}\n",
                 "best", &Index);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Max);
  EXPECT_FALSE(R->Last);
  EXPECT_EQ(Index, "at");
  EXPECT_EQ(R->reductionItem(), "max: best");
}

TEST(ArgReductionsTest, EitherSideEitherOrderAndTies) {
  // best < e is e > best; the index first; `<=` keeps the last.
  auto R = argOf("  for (i = 0; i < n; i++) { if (wm >= w[i]) { lat = i; wm = w[i]; } }\n}\n",
                 "wm");
  ASSERT_TRUE(R);
  EXPECT_FALSE(R->Max);
  EXPECT_TRUE(R->Last);
  EXPECT_EQ(R->reductionItem(), "min: wm");
}

// A tie rule on the index: the lowest (`i < at`) or highest (`at < i`)
// index of the maximum, either side of each comparison; the index is read.
TEST(ArgReductionsTest, TieRules) {
  std::string Index;
  auto R = argOf("  for (i = 0; i < n; i++)\n"
                 "    if (v[i] > best || (v[i] == best && i < at)) { best = v[i]; at = i; }\n}\n",
                 "best", &Index);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->TieRule);
  EXPECT_TRUE(R->Max);
  EXPECT_FALSE(R->Last);
  EXPECT_EQ(Index, "at");
  R = argOf("  for (i = n - 1; i >= 0; i--)\n"
            "    if (best > v[i] || (at < i && best == v[i])) { at = i; best = v[i]; }\n}\n",
            "best");
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->TieRule);
  EXPECT_FALSE(R->Max);
  EXPECT_TRUE(R->Last);
  // Not a tie rule: another variable, another value, `>=` before it.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++)\n"
                     "    if (v[i] > best || (v[i] == best && i < wm)) { best = v[i]; at = i; }\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++)\n"
                     "    if (v[i] > best || (v[i] == p[0] && i < at)) { best = v[i]; at = i; }\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++)\n"
                     "    if (v[i] >= best || (v[i] == best && i < at)) { best = v[i]; at = i; }\n}\n",
                     "best"));
}

TEST(ArgReductionsTest, WhatASecondPassCouldNotRecompute) {
  // The loop writes what the value reads.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) { if (p[i] > best) { best = p[i]; at = i; } "
                     "p[i] = 0; }\n}\n", "best"));
  // Another type than the value's (the equality would compare a conversion).
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (w[i] > best) { best = w[i]; at = i; }\n}\n",
                     "best"));
  // A call in the value.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] * g() > best) { best = v[i] * g(); "
                     "at = i; }\n}\n", "best"));
  // Not the loop variable, another statement, an else, the value used
  // again, the index used again.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] > best) { best = v[i]; at = i + 1; }\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] > best) { best = v[i]; at = i; wm++; }\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] > best) { best = v[i]; at = i; } else at = 0;\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) { if (v[i] > best) { best = v[i]; at = i; } p[i] = best; }\n}\n",
                     "best"));
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) { if (v[i] > best) { best = v[i]; at = i; } p[i] = at; }\n}\n",
                     "best"));
  // A floating value computed, not read (a fused multiply-add in one pass
  // and not in the other would break the equality); integers may be.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] * 2 + 1 > best) { best = v[i] * 2 + 1; "
                     "at = i; }\n}\n", "best"));
  EXPECT_TRUE(argOf("  for (i = 0; i < n; i++) if (w[i] * 2 + 1 > wm) { wm = w[i] * 2 + 1; "
                    "at = i; }\n}\n", "wm"));
  // The value compared is not the value stored.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) if (v[i] > best) { best = v[i + 1]; at = i; }\n}\n",
                     "best"));
  // Inside an inner statement, not the body's own.
  EXPECT_FALSE(argOf("  for (i = 0; i < n; i++) { if (n > 2) if (v[i] > best) { best = v[i]; at = i; } }\n}\n",
                     "best"));
}

TEST(ArgReductionsTest, TheIfAlone) {
  // argIfOf reads one `if`, wherever it is (under a critical): the value
  // and the index used nowhere else in it.
  Case C = parse("  for (i = 0; i < n; i++) { if (n > 2) if (w[i] < wm || (w[i] == wm && i > at))"
                 " { at = i; wm = w[i]; } }\n}\n", "wm");
  ASSERT_TRUE(C.For);
  const auto *Outer = llvm::cast<clang::IfStmt>(
      *llvm::cast<clang::CompoundStmt>(C.For->getBody())->body_begin());
  const auto *Inner = llvm::cast<clang::IfStmt>(Outer->getThen());
  const auto *WM = llvm::cast<clang::VarDecl>(C.L.V);
  std::optional<ArgReduction> R = argIfOf(Inner, C.IV, WM, C.L.ctx());
  ASSERT_TRUE(R);
  EXPECT_FALSE(R->Max);
  EXPECT_TRUE(R->TieRule);
  EXPECT_TRUE(R->Last);
  EXPECT_EQ(R->Index->getNameAsString(), "at");
  EXPECT_FALSE(argIfOf(Outer, C.IV, WM, C.L.ctx()));
  Case D = parse("  for (i = 0; i < n; i++) if (w[wm] > wm) { wm = w[wm]; at = i; }\n}\n", "wm");
  ASSERT_TRUE(D.For);
  EXPECT_FALSE(argIfOf(llvm::cast<clang::IfStmt>(D.For->getBody()), D.IV,
                       llvm::cast<clang::VarDecl>(D.L.V), D.L.ctx()));
}

/// Whether Var is a conditional last value of the loop.
bool condLast(llvm::StringRef Body, llvm::StringRef Var) {
  Case C = parse(Body, Var);
  return C.For && conditionalLastOf(C.For, C.IV, C.L.V, *C.F, C.L.ctx()).has_value();
}

TEST(ArgReductionsTest, ConditionalLastValues) {
  EXPECT_TRUE(condLast("  for (i = 0; i < n; i++) if (v[i] < 0) at = i;\n}\n", "at"));
  EXPECT_TRUE(condLast("  for (i = 0; i < n; i++) { p[i] = 1; if (w[i] == 5) { best = v[i] * 2; } }\n}\n",
                       "best"));
  // The condition or the value reads what the loop writes, calls, an else,
  // the variable read in the loop, two assignments.
  EXPECT_FALSE(condLast("  for (i = 0; i < n; i++) { if (p[i] < 0) at = i; p[i] = 0; }\n}\n", "at"));
  EXPECT_FALSE(condLast("  for (i = 0; i < n; i++) if (v[i] < 0) best = g();\n}\n", "best"));
  EXPECT_FALSE(condLast("  for (i = 0; i < n; i++) if (v[i] < 0) at = i; else at = 0;\n}\n", "at"));
  EXPECT_FALSE(condLast("  for (i = 0; i < n; i++) if (v[i] < at) at = i;\n}\n", "at"));
  EXPECT_FALSE(condLast("  for (i = 0; i < n; i++) { if (v[i] < 0) at = i; if (v[i] > 9) at = 0; }\n}\n",
                        "at"));
}

} // namespace
