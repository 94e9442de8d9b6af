//===- ParsedFileTest.cpp - planParsedFile and the self-check's roll-back --===//
#include "Driver/Driver.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(ParsedFileTest, SelfCheckRollsBackTheConstructAtFault) {
  // The maps of the emitted kernels dropped (a fault injected for the
  // test): the self-check finds the kernel's pointers unmapped. Only that
  // construct is left intact, with the check's reason; the data construct
  // and the runtime call around it stay translated, and the file is
  // written (issue #29, item 7).
  const char *Code =
      "#include <openacc.h>\n"
      "void f(int n, float *x, float *y) {\n"
      "  #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n"
      "  for (int i = 0; i < n; i++)\n"
      "    y[i] += x[i];\n"
      "  #pragma acc enter data copyin(x[0:n])\n"
      "  int d = acc_get_num_devices(acc_device_default);\n"
      "  (void)d;\n"
      "}\n";
  struct Fault {
    Fault() { setInjectedFault(InjectedFault::DropMaps); }
    ~Fault() { setInjectedFault(InjectedFault::None); }
  } F;
  PlanOptions Opts;
  FileResult R = translateCode(Code, "t.c", {}, Opts);
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_TRUE(R.SelfCheck.empty());
  unsigned Left = 0;
  for (const ConstructRecord &C : R.Plan.Records) {
    if (C.Kind == "parallel loop") {
      EXPECT_FALSE(C.Translated);
      EXPECT_NE(C.Reason.find("the self-check rejected its translation ('y' is "
                              "dereferenced"),
                std::string::npos)
          << C.Reason;
      ++Left;
    } else {
      EXPECT_TRUE(C.Translated) << C.Kind << ": " << C.Reason;
    }
  }
  EXPECT_EQ(Left, 1u);
  EXPECT_NE(R.Translated.find("#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])"),
            std::string::npos);
  EXPECT_NE(R.Translated.find("#pragma omp target enter data map(to: x[0:n])"),
            std::string::npos);
}
