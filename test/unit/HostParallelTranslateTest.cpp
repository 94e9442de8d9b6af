//===- HostParallelTranslateTest.cpp - CPU OpenMP loops offloaded ---------===//
#include "PlanFixture.h"
#include "Translate/HostParallel.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(HostParallelTranslate, KernelLineCriticalAndRecords) {
  PlanFixture X("double a[64], s;\nvoid f(int n, double *b) {\n"
                "  #pragma omp parallel for schedule(static)\n"
                "  for (int i = 0; i < n; i++) {\n"
                "    b[i] = a[i % 64];\n"
                "    #pragma omp critical\n"
                "    { s = b[i] - s; }\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  std::vector<Kernel> Kernels;
  PlanOptions O;
  HostParallelTranslator T(*X.Base, O, Kernels);
  T.run(findHostParallel(X.ctx()));
  EXPECT_EQ(X.result(),
            "double a[64], s;\nvoid f(int n, double *b) {\n"
            "  #pragma omp target teams distribute parallel for map(tofrom: b[0:n], s) map(to: a)\n"
            "  for (int i = 0; i < n; i++) {\n"
            "    b[i] = a[i % 64];\n"
            "    #pragma omp atomic update\n"
            "    s = b[i] - s;\n"
            "  }\n}\n");
  EXPECT_EQ(X.only().Kind, "omp parallel for");
  EXPECT_TRUE(X.only().Translated);
  ASSERT_EQ(X.Out.Criticals.size(), 1u);
  EXPECT_EQ(X.Out.Criticals[0].Form, "update");
  EXPECT_EQ(X.Out.Criticals[0].Line, 6u);
  ASSERT_EQ(Kernels.size(), 1u);
  EXPECT_EQ(Kernels[0].Items.size(), 2u); // b's section and a: s is a scalar
  EXPECT_EQ(T.offloaded().size(), 1u);
}

TEST(HostParallelTranslate, KeptWithItsCriticalsReason) {
  PlanFixture X("double a[64], s; int w;\nvoid f(void) {\n"
                "  #pragma omp parallel for\n"
                "  for (int i = 0; i < 64; i++) {\n"
                "    #pragma omp critical\n"
                "    if (a[i] > s) { s = a[i]; w = i; }\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  std::vector<Kernel> Kernels;
  PlanOptions O;
  HostParallelTranslator T(*X.Base, O, Kernels);
  T.run(findHostParallel(X.ctx()));
  EXPECT_TRUE(X.Out.Edits.empty());
  EXPECT_FALSE(X.only().Translated);
  EXPECT_EQ(X.only().Reason, "the critical at line 5 must stay a critical: it updates 's' and "
                             "'w' together (line 6): an invariant the lock keeps");
  ASSERT_EQ(X.Out.Criticals.size(), 1u);
  EXPECT_FALSE(X.Out.Criticals[0].Converted);
  EXPECT_TRUE(Kernels.empty());
}

TEST(HostParallelTranslate, StaysOnTheHostWithItsCriticalsAtomic) {
  // printf keeps the loop on the host; its two criticals become atomics
  // there (a sum an atomic update, no reduction clause added), the
  // directive as it was. (s and c are locals: printf, declared here and
  // not in a system header, could otherwise use them.)
  PlanFixture X("int printf(const char *, ...);\nvoid f(int n) {\n"
                "  double s = 0; long c = 0;\n"
                "  #pragma omp parallel for\n"
                "  for (int i = 0; i < n; i++) {\n"
                "    printf(\"\");\n"
                "    #pragma omp critical\n"
                "    s += i;\n"
                "    #pragma omp critical\n"
                "    { c++; }\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  std::vector<Kernel> Kernels;
  PlanOptions O;
  HostParallelTranslator T(*X.Base, O, Kernels);
  T.run(findHostParallel(X.ctx()));
  EXPECT_EQ(X.result(), "int printf(const char *, ...);\nvoid f(int n) {\n"
                        "  double s = 0; long c = 0;\n"
                        "  #pragma omp parallel for\n"
                        "  for (int i = 0; i < n; i++) {\n"
                        "    printf(\"\");\n"
                        "    #pragma omp atomic update\n"
                        "    s += i;\n"
                        "    #pragma omp atomic update\n"
                        "    c++;\n"
                        "  }\n}\n");
  EXPECT_FALSE(X.only().Translated);
  ASSERT_EQ(X.Out.Criticals.size(), 2u);
  EXPECT_EQ(X.Out.Criticals[0].Form, "update");
  EXPECT_EQ(X.Out.Criticals[1].Form, "update");
  EXPECT_TRUE(Kernels.empty());
  // --no-critical-to-atomic: nothing changes.
  PlanFixture Y("int printf(const char *, ...);\nvoid f(int n) {\n"
                "  double s = 0;\n"
                "  #pragma omp parallel for\n"
                "  for (int i = 0; i < n; i++) {\n"
                "    printf(\"\");\n"
                "    #pragma omp critical\n"
                "    s += i;\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  PlanOptions Off;
  Off.CriticalToAtomic = false;
  HostParallelTranslator TY(*Y.Base, Off, Kernels);
  TY.run(findHostParallel(Y.ctx()));
  EXPECT_TRUE(Y.Out.Edits.empty());
}
