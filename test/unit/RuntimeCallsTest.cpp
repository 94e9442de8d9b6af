//===- RuntimeCallsTest.cpp - The OpenACC runtime API as OpenMP -----------===//
#include "PlanFixture.h"
#include "Translate/RuntimeCalls.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
const char *Decls = "typedef enum { acc_device_none = 0, acc_device_default = 1, "
                    "acc_device_host = 2, acc_device_not_host = 3, "
                    "acc_device_nvidia = 4 } acc_device_t;\n"
                    "int acc_get_num_devices(acc_device_t);\n"
                    "acc_device_t acc_get_device_type(void);\n"
                    "int acc_on_device(acc_device_t);\n"
                    "void *acc_copyin(void *, unsigned long);\n";
} // namespace

TEST(RuntimeCallsTest, ExpressionsAndDirectiveBlocks) {
  std::string Code = std::string(Decls) +
                     "int f(float *a, int n) {\n"
                     "  acc_copyin(a, n * sizeof(float));\n"
                     "  if (acc_get_device_type() == acc_device_host)\n"
                     "    return acc_on_device(acc_device_host);\n"
                     "  return acc_get_num_devices(acc_device_nvidia);\n"
                     "}\n";
  PlanFixture X(Code);
  RuntimeCallTranslator T(*X.Base, *X.St);
  T.findCalls();
  T.planRuntimeCalls();
  std::string R = X.result();
  EXPECT_NE(R.find("#include <omp.h>\n"), std::string::npos);
  EXPECT_NE(R.find("  { /* omp-migrate: acc_copyin */\n"
                   "    char *omp_migrate_p_ = (char *)(a);\n"
                   "    #pragma omp target enter data map(to: omp_migrate_p_[0:(n * sizeof(float))])\n"
                   "  }\n"),
            std::string::npos) << R;
  EXPECT_NE(R.find("if ((omp_get_default_device() == omp_get_initial_device()))\n"
                   "    return omp_is_initial_device();\n"
                   "  return omp_get_num_devices();\n"),
            std::string::npos) << R;
  EXPECT_TRUE(T.openACCLeft().empty());
}

TEST(RuntimeCallsTest, ACallWithoutOpenMPFormStaysAndIsReported) {
  std::string Code = std::string(Decls) +
                     "void *acc_hostptr(void *);\n"
                     "void f(void *p) {\n"
                     "  acc_hostptr(p);\n"
                     "}\n";
  PlanFixture X(Code);
  RuntimeCallTranslator T(*X.Base, *X.St);
  T.findCalls();
  T.planRuntimeCalls();
  ASSERT_EQ(X.Out.Records.size(), 1u);
  EXPECT_FALSE(X.Out.Records[0].Translated);
  EXPECT_TRUE(X.Out.Edits.empty());
}

TEST(RuntimeCallsTest, DeviceTypesKnownWhenItRunsCallHelpers) {
  std::string Code = std::string(Decls) +
                     "void acc_set_device_type(acc_device_t);\n"
                     "int f(acc_device_t t) {\n"
                     "  acc_set_device_type(t);\n"
                     "  return acc_on_device(t) + acc_get_device_type();\n"
                     "}\n";
  PlanFixture X(Code);
  RuntimeCallTranslator T(*X.Base, *X.St);
  T.findCalls();
  T.planRuntimeCalls();
  std::string R = X.result();
  EXPECT_NE(R.find("  omp_migrate_set_device_type_((t));\n"
                   "  return omp_migrate_on_device_((t)) + omp_migrate_device_type_();\n"),
            std::string::npos) << R;
  EXPECT_EQ(X.St->Helpers, (std::set<std::string>{"omp_migrate_device_type_",
                                                  "omp_migrate_on_device_",
                                                  "omp_migrate_set_device_type_"}));
  for (const ConstructRecord &C : X.Out.Records)
    EXPECT_TRUE(C.Translated) << C.Original << ": " << C.Reason;
}
