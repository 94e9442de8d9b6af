//===- DeclareTest.cpp - declare ------------------------------------------===//
#include "PlanFixture.h"
#include "Translate/Declare.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(DeclareTest, GlobalsBecomeDeclareTarget) {
  PlanFixture X("float a[8], b[8];\n"
                "#pragma acc declare create(a) link(b)\n");
  DeclareTranslator(*X.Base, *X.St).planDeclare(X.dir(DK::Declare));
  EXPECT_EQ(X.result(), "float a[8], b[8];\n"
                        "#pragma omp declare target(a)\n"
                        "#pragma omp declare target link(b)\n");
  EXPECT_EQ(X.St->GlobalDeclared.size(), 2u);
}

TEST(DeclareTest, LocalDataLivesUntilTheFunctionReturns) {
  PlanFixture X("void f(void) {\n"
                "  float t[8];\n"
                "  #pragma acc declare copyin(t)\n"
                "  t[0] = 1;\n"
                "}\n");
  DeclareTranslator(*X.Base, *X.St).planDeclare(X.dir(DK::Declare));
  EXPECT_EQ(X.result(), "void f(void) {\n"
                        "  float t[8];\n"
                        "  #pragma omp target enter data map(to: t)\n"
                        "  t[0] = 1;\n"
                        "  #pragma omp target exit data map(release: t)\n"
                        "}\n");
}

TEST(DeclareTest, ReturnsAreRefused) {
  PlanFixture X("int f(int c) {\n"
                "  float t[8];\n"
                "  #pragma acc declare create(t)\n"
                "  if (c) return 1;\n"
                "  return 0;\n"
                "}\n");
  DeclareTranslator(*X.Base, *X.St).planDeclare(X.dir(DK::Declare));
  EXPECT_EQ(X.only().Reason, "declare in a nested block or in a function with "
                             "return statements is not translated");
}
