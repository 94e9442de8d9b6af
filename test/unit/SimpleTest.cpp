//===- SimpleTest.cpp - wait, cache, init, shutdown, set, orphaned loops --===//
#include "PlanFixture.h"
#include "Translate/Simple.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(SimpleTest, WaitInitAndSet) {
  PlanFixture X("void f(int d, int c) {\n"
                "  #pragma acc init\n"
                "  #pragma acc set device_num(d) if(c)\n"
                "  #pragma acc wait(1)\n"
                "}\n");
  SimpleTranslator T(*X.Base, *X.St);
  for (size_t I = 0; I < X.Dirs.size(); ++I)
    T.planSimple(static_cast<int>(I));
  EXPECT_EQ(X.result(), "void f(int d, int c) {\n"
                        "  if (c) omp_set_default_device(d);\n"
                        "  #pragma omp taskwait\n"
                        "}\n");
  EXPECT_EQ(X.Out.Records[2].Notes,
            std::vector<std::string>{"waits for every queue, not only the ones named"});
}

TEST(SimpleTest, SetDefaultAsyncUsesTheFileVariable) {
  PlanFixture X("void f(int q) {\n"
                "  #pragma acc set default_async(q)\n"
                "}\n");
  SimpleTranslator(*X.Base, *X.St).planSimple(0);
  EXPECT_EQ(X.only().Emitted,
            std::vector<std::string>{"omp_migrate_default_async_ = (q);"});
  EXPECT_TRUE(X.St->FirstQueueUse.isValid());
}

TEST(SimpleTest, OrphanedLoopRunsSequentially) {
  PlanFixture X("#pragma acc routine vector\n"
                "void f(int n, float *a) {\n"
                "  #pragma acc loop vector\n"
                "  for (int i = 0; i < n; i++)\n"
                "    a[i] = 0;\n"
                "}\n");
  SimpleTranslator(*X.Base, *X.St).planOrphanLoop(X.dir(DK::Loop));
  EXPECT_TRUE(X.only().Translated);
  EXPECT_EQ(X.result(), "#pragma acc routine vector\n"
                        "void f(int n, float *a) {\n"
                        "  for (int i = 0; i < n; i++)\n"
                        "    a[i] = 0;\n"
                        "}\n");
}
