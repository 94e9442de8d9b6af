//===- SerialTest.cpp - Serial loops proved parallel, offloaded -----------===//
#include "PlanFixture.h"
#include "Translate/Serial.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// Code parsed as --offload=serial parses it, its loops offloaded and the
/// kernels' lines added (no data placement): the edits, records, kernels.
struct Translated {
  PlanFixture X;
  std::vector<Kernel> Kernels;
  explicit Translated(const char *Code) : X(Code, PlanOptions(), {"-fopenacc", "-fopenmp"}) {
    SerialTranslator T(*X.Base, Kernels);
    T.run(findSerialLoops(X.ctx()));
    T.emitEdits();
  }
};

} // namespace

TEST(SerialTest, KernelLineRecordAndKernel) {
  PlanFixture X("void f(int n, double *restrict a, const double *restrict b) {\n"
                "  double t;\n"
                "  for (int i = 1; i < n; i++) {\n"
                "    t = b[i - 1];\n"
                "    a[i] = t;\n"
                "  }\n"
                "  for (int i = 1; i < n; i++)\n"
                "    a[i] = a[i - 1];\n"
                "}\n",
                PlanOptions(), {"-fopenacc", "-fopenmp"});
  std::vector<Kernel> Kernels;
  SerialTranslator T(*X.Base, Kernels);
  T.run(findSerialLoops(X.ctx()));
  EXPECT_TRUE(X.Out.Edits.empty()); // until data placement has run
  T.emitEdits();
  EXPECT_EQ(X.result(),
            "void f(int n, double *restrict a, const double *restrict b) {\n"
            "  double t;\n"
            "  #pragma omp target teams distribute parallel for map(to: b[0:(n > 1) * (n - 1)]) "
            "map(tofrom: a[1:(n > 1) * (n - 1)]) private(t)\n"
            "  for (int i = 1; i < n; i++) {\n"
            "    t = b[i - 1];\n"
            "    a[i] = t;\n"
            "  }\n"
            "  for (int i = 1; i < n; i++)\n"
            "    a[i] = a[i - 1];\n"
            "}\n");
  ASSERT_EQ(X.Out.Records.size(), 1u);
  EXPECT_EQ(X.Out.Records[0].Kind, "serial loop");
  ASSERT_EQ(X.Out.Decisions.size(), 1u);
  EXPECT_EQ(X.Out.Decisions[0].Notes,
            std::vector<std::string>{"kept on the host: 'a' is written and accessed "
                                     "at different subscripts, which may be a "
                                     "loop-carried dependence"});
  ASSERT_EQ(Kernels.size(), 1u);
  EXPECT_EQ(Kernels[0].Body, Kernels[0].S);
  EXPECT_EQ(Kernels[0].Items.size(), 2u);
  EXPECT_EQ(T.offloaded().size(), 1u);
}

TEST(SerialTest, ALoopThatIsNotAStatementOfABlockStays) {
  PlanFixture X("void f(int n, int c, double *restrict a) {\n"
                "  if (c)\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = 0;\n"
                "}\n",
                PlanOptions(), {"-fopenacc", "-fopenmp"});
  std::vector<Kernel> Kernels;
  SerialTranslator(*X.Base, Kernels).run(findSerialLoops(X.ctx()));
  EXPECT_TRUE(X.Out.Edits.empty());
  ASSERT_EQ(X.Out.Decisions.size(), 1u);
  EXPECT_EQ(X.Out.Decisions[0].Notes,
            std::vector<std::string>{"kept on the host: it is not a statement of "
                                     "a block ({ ... }) or a for loop's body, where "
                                     "a directive could go before it"});
}

TEST(SerialTest, TheBodyOfAHostLoopIsOffloaded) {
  // The time loop stays (its condition is no canonical bound; with one,
  // its adds into a[i] would make it the exchanged nest's inner loop);
  // its body, a loop with no braces around it, gets the directive line
  // before it.
  PlanFixture X("void f(int n, double *restrict a) {\n"
                "  for (int t = 0; t * t < 81; t++)\n"
                "    for (int i = 0; i < n; i++)\n"
                "      a[i] = a[i] + 1;\n"
                "}\n",
                PlanOptions(), {"-fopenacc", "-fopenmp"});
  std::vector<Kernel> Kernels;
  SerialTranslator T(*X.Base, Kernels);
  T.run(findSerialLoops(X.ctx()));
  T.emitEdits();
  ASSERT_EQ(X.Out.Edits.size(), 1u);
  EXPECT_EQ(X.Out.Edits[0].Text,
            "    #pragma omp target teams distribute parallel for map(tofrom: a[0:n])\n");
  EXPECT_EQ(Kernels.size(), 1u);
}

TEST(SerialTest, AVersionedLoopTestsItsSectionsAtRunTime) {
  // d and s may overlap (f is not static): offloaded when their sections
  // do not, else the loop as it was; the copy is no kernel of the placement.
  Translated R("void f(int n, double *d, const double *s) {\n"
               "  for (int i = 1; i < n; i++)\n"
               "    d[i] = s[i - 1];\n"
               "}\n");
  ASSERT_EQ(R.X.Out.Edits.size(), 1u);
  EXPECT_EQ(R.X.Out.Edits[0].Text,
            "  if ((unsigned long long)(d + n) <= (unsigned long long)s || "
            "(unsigned long long)(s + (n - 1)) <= (unsigned long long)(d + 1)) {\n"
            "    #pragma omp target teams distribute parallel for map(always, tofrom: "
            "d[1:(n > 1) * (n - 1)]) map(always, to: s[0:(n > 1) * (n - 1)])\n"
            "    for (int i = 1; i < n; i++)\n"
            "      d[i] = s[i - 1];\n"
            "  } else\n");
  EXPECT_TRUE(R.Kernels.empty());
}

TEST(SerialTest, ALoopWithAStaticLocalIsNotVersioned) {
  // A copy would make two variables of one.
  Translated R("void f(int n, double *d, const double *s) {\n"
               "  for (int i = 0; i < n; i++) {\n"
               "    static const double k = 2;\n"
               "    d[i] = s[i] * k;\n"
               "  }\n"
               "}\n");
  EXPECT_TRUE(R.X.Out.Edits.empty());
  ASSERT_EQ(R.X.Out.Decisions.size(), 1u);
  EXPECT_EQ(R.X.Out.Decisions[0].Notes,
            std::vector<std::string>{
                "kept on the host: 'd' and 's' may be the same memory, and the loop "
                "holds a label or a static variable, which a versioned copy would "
                "duplicate (declare the pointers restrict)"});
}

TEST(SerialTest, TheLastIterationStoresAValueTheHostReadsAfter) {
  // t is read after the loop: a copy declared at the top (a name the file
  // does not use: t_last is taken), stored by the last iteration with the
  // flag, taken back on the host after the loop; the flag is mapped both
  // ways, the copy from the device.
  Translated T("double f(int n, double *restrict a) {\n"
               "  int t_last = 0;\n"
               "  double t = 1;\n"
               "  for (int i = 0; i < n; i++) {\n"
               "    t = a[i] * 2;\n"
               "    a[i] = t;\n"
               "  }\n"
               "  return t + t_last;\n"
               "}\n");
  EXPECT_EQ(T.X.result(),
            "double f(int n, double *restrict a) {\n"
            "  int last_ran = 0;\n"
            "  double t_last2;\n"
            "  int t_last = 0;\n"
            "  double t = 1;\n"
            "  #pragma omp target teams distribute parallel for map(tofrom: last_ran, "
            "a[0:n]) map(from: t_last2) private(t)\n"
            "  for (int i = 0; i < n; i++) {\n"
            "    t = a[i] * 2;\n"
            "    a[i] = t;\n"
            "    if (i + 1 >= (n)) { t_last2 = t; last_ran = 1; }\n"
            "  }\n"
            "  if (last_ran) { t = t_last2; last_ran = 0; }\n"
            "  return t + t_last;\n"
            "}\n");
  ASSERT_EQ(T.X.Out.Loops.size(), 1u);
  EXPECT_EQ(T.X.Out.Loops[0].LastValues, std::vector<std::string>{"t"});
}
