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
                "    { s += a[i]; w++; }\n"
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

TEST(HostParallelTranslate, AnArgMaxCriticalBecomesAPackedKeyReduction) {
  // The key is set up in a block around the loop (at the loop's
  // indentation, the directive being at column 0), the critical's `if`
  // becomes the key's update, the value and the index leave the kernel.
  PlanFixture X("int a[64], best, at;\nvoid f(void) {\n"
                "#pragma omp parallel for\n"
                "  for (int i = 0; i < 64; i++) {\n"
                "#pragma omp critical\n"
                "    if (a[i] > best || (a[i] == best && i < at)) { best = a[i]; at = i; }\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  std::vector<Kernel> Kernels;
  PlanOptions O;
  HostParallelTranslator T(*X.Base, O, Kernels);
  T.run(findHostParallel(X.ctx()));
  EXPECT_TRUE(X.only().Translated);
  EXPECT_EQ(X.result(),
            "int a[64], best, at;\nvoid f(void) {\n"
            "  {\n"
            "    unsigned long long best_at_key = ((unsigned long long)((long long)(best) + "
            "2147483648LL) << 32 | (4294967295ULL - (unsigned long long)((long long)(at) + "
            "2147483648LL)));\n"
            "#pragma omp target teams distribute parallel for map(tofrom: best_at_key) "
            "map(to: a) reduction(max: best_at_key)\n"
            "  for (int i = 0; i < 64; i++) {\n"
            "    { unsigned long long best_at_item = ((unsigned long long)((long long)(a[i]) + "
            "2147483648LL) << 32 | (4294967295ULL - (unsigned long long)((long long)(i) + "
            "2147483648LL))); if (best_at_item > best_at_key) best_at_key = best_at_item; }\n"
            "  }\n"
            "    best = (int)((long long)(best_at_key >> 32) - 2147483648LL);\n"
            "    at = (int)((long long)(4294967295ULL - (best_at_key & 4294967295ULL)) - "
            "2147483648LL);\n"
            "  }\n"
            "}\n");
  ASSERT_EQ(X.Out.Criticals.size(), 1u);
  EXPECT_EQ(X.Out.Criticals[0].Form, "arg-reduction");
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
