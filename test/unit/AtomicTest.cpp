//===- AtomicTest.cpp - atomic outside compute constructs -----------------===//
#include "PlanFixture.h"
#include "Translate/Atomic.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(AtomicTest, EachKindKeepsItsKeyword) {
  PlanFixture X("void f(int *x, int *v) {\n"
                "  #pragma acc atomic read\n"
                "  *v = *x;\n"
                "  #pragma acc atomic write\n"
                "  *x = 1;\n"
                "  #pragma acc atomic capture\n"
                "  *v = (*x)++;\n"
                "  #pragma acc atomic\n"
                "  *x += 1;\n"
                "}\n");
  std::vector<std::string> Lines;
  for (unsigned N = 0; N < 4; ++N)
    Lines.push_back(atomicDirective(X.Dirs[X.dir(DK::Atomic, N)]));
  EXPECT_EQ(Lines, (std::vector<std::string>{
                       "#pragma omp atomic read", "#pragma omp atomic write",
                       "#pragma omp atomic capture", "#pragma omp atomic update"}));
  AtomicTranslator(*X.Base, *X.St).planAtomic(X.dir(DK::Atomic, 3));
  EXPECT_EQ(X.only().Emitted, std::vector<std::string>{"#pragma omp atomic update"});
}

TEST(AtomicTest, IfClauseIsRefused) {
  PlanFixture X("void f(int *x, int c) {\n"
                "  #pragma acc atomic update if(c)\n"
                "  *x += 1;\n"
                "}\n");
  AtomicTranslator(*X.Base, *X.St).planAtomic(X.dir(DK::Atomic));
  EXPECT_EQ(X.only().Reason, "atomic with an if clause has no OpenMP equivalent");
  EXPECT_TRUE(X.Out.Edits.empty());
}
