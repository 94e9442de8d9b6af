//===- FootprintsTest.cpp - The elements an access touches ----------------===//
#include "Facts/Footprints.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(FootprintsTest, MentionsIdentifier) {
  EXPECT_TRUE(mentionsIdentifier("a[0:n+1]", "n"));
  EXPECT_FALSE(mentionsIdentifier("a[0:nx]", "n"));
  EXPECT_FALSE(mentionsIdentifier("a[0:m_n]", "n"));
  EXPECT_TRUE(mentionsIdentifier("n", "n"));
}

TEST(FootprintsTest, RowMajorNestIsDenseWithABox) {
  Fixture X = parse("void f(int n, int m, float *a) {\n"
                    "  for (int i = 0; i < n; i++)\n"
                    "    for (int j = 0; j < m; j++)\n"
                    "      a[i * m + j] = 0;\n"
                    "}\n");
  RegionFacts RF(X.Loop, X.ctx());
  ASSERT_EQ(RF.accesses().size(), 1u);
  std::optional<Footprint> FP = footprintOf(RF, RF.accesses()[0]);
  ASSERT_TRUE(FP);
  EXPECT_TRUE(FP->Dense);
  ASSERT_TRUE(FP->Box);
  EXPECT_EQ(FP->Box->first, Poly::constant(0));
  EXPECT_EQ(sectionText("a", FP->Box->first, FP->Box->second), "a[0:m*n]");
  EXPECT_TRUE(FP->sameElements(*FP));
  EXPECT_FALSE(footprintMentions(*FP, {X.param("a")}));
  EXPECT_TRUE(footprintMentions(*FP, {X.param("m")}));
}

TEST(FootprintsTest, StridedAccessHasABoxButIsNotDense) {
  Fixture X = parse("void f(int n, float *a) {\n"
                    "  for (int i = 0; i < n; i++)\n"
                    "    a[2 * i] = 0;\n"
                    "}\n");
  RegionFacts RF(X.Loop, X.ctx());
  std::optional<Footprint> FP = footprintOf(RF, RF.accesses()[0]);
  ASSERT_TRUE(FP && FP->Box);
  EXPECT_FALSE(FP->Dense);
}

TEST(FootprintsTest, PlainAssignmentsAndUnconditionalStatements) {
  Fixture X = parse("void f(int n, float *a, float *b) {\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    a[i] = 1;\n"
                    "    b[i] += 1;\n"
                    "    if (i > 2)\n"
                    "      a[i] = 2;\n"
                    "  }\n"
                    "}\n");
  RegionFacts RF(X.Loop, X.ctx());
  clang::ParentMap PM(const_cast<clang::ForStmt *>(X.Loop));
  std::vector<bool> Plain, Uncond;
  for (const Access &A : RF.accesses()) {
    const clang::BinaryOperator *B = plainAssignOf(PM, A.Expr);
    Plain.push_back(B != nullptr);
    Uncond.push_back(B && unconditionalIn(PM, B, X.Loop, RF));
  }
  EXPECT_EQ(Plain, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(Uncond, (std::vector<bool>{true, false, false}));
  EXPECT_FALSE(hasJumpsOrLabels(X.Loop));
}

TEST(FootprintsTest, JumpsAndLabels) {
  Fixture X = parse("void f(int n, float *a) {\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    if (a[i] < 0)\n"
                    "      break;\n"
                    "  }\n"
                    "}\n");
  EXPECT_TRUE(hasJumpsOrLabels(X.Loop));
  EXPECT_FALSE(hasJumpsOrLabels(nullptr));
}
