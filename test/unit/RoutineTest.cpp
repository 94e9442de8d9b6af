//===- RoutineTest.cpp - routine ------------------------------------------===//
#include "PlanFixture.h"
#include "Translate/Routine.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(RoutineTest, BeforeADeclarationBeginAndEnd) {
  PlanFixture X("#pragma acc routine seq\n"
                "float sq(float x) { return x * x; }\n");
  RoutineTranslator(*X.Base, *X.St).planRoutine(X.dir(DK::Routine));
  EXPECT_EQ(X.result(), "#pragma omp declare target\n"
                        "float sq(float x) { return x * x; }\n"
                        "#pragma omp end declare target\n");
  EXPECT_EQ(X.only().Notes,
            std::vector<std::string>{"'seq' dropped: OpenMP chooses the "
                                     "parallelism inside declare target functions"});
}

TEST(RoutineTest, NamedFormAndBind) {
  PlanFixture X("float sq(float x) { return x * x; }\n"
                "#pragma acc routine(sq) seq\n"
                "float cube(float x) { return x * x * x; }\n"
                "#pragma acc routine(cube) seq bind(sq)\n");
  RoutineTranslator T(*X.Base, *X.St);
  T.planRoutine(X.dir(DK::Routine, 0));
  T.planRoutine(X.dir(DK::Routine, 1));
  ASSERT_EQ(X.Out.Records.size(), 2u);
  EXPECT_EQ(X.Out.Records[0].Emitted,
            std::vector<std::string>{"#pragma omp declare target(sq)"});
  EXPECT_FALSE(X.Out.Records[1].Translated);
  EXPECT_EQ(X.Out.Records[1].Reason,
            "bind(...) has no portable OpenMP equivalent (declare variant "
            "needs a per-device implementation)");
}
