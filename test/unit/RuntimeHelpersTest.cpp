//===- RuntimeHelpersTest.cpp - Helper functions for the OpenACC runtime --===//
#include "Translate/RuntimeHelpers.h"
#include "llvm/ADT/StringExtras.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(RuntimeHelpersTest, ARewriteNamesTheHelpersItCalls) {
  EXPECT_EQ(helpersCalledIn("omp_migrate_on_device_((omp_migrate_device_type_()))"),
            (std::set<std::string>{"omp_migrate_device_type_", "omp_migrate_on_device_"}));
  EXPECT_TRUE(helpersCalledIn("omp_get_default_device()").empty());
  // A name alone (not called) is no use.
  EXPECT_TRUE(helpersCalledIn("omp_migrate_on_device_").empty());
}

TEST(RuntimeHelpersTest, DefinitionsInTheTablesOrderWithTheirComments) {
  std::vector<std::string> L =
      helperDefinitions({"omp_migrate_on_device_", "omp_migrate_device_type_"});
  std::string Text = llvm::join(L, "\n");
  size_t Type = Text.find("static int omp_migrate_device_type_(void) {");
  size_t On = Text.find("static int omp_migrate_on_device_(int t) {");
  ASSERT_NE(Type, std::string::npos) << Text;
  ASSERT_NE(On, std::string::npos) << Text;
  EXPECT_LT(Type, On);
  EXPECT_EQ(Text.find("omp_migrate_set_device_type_"), std::string::npos);
  // Each starts with its comment; the device-side one is declared target.
  EXPECT_EQ(L.front().rfind("/* omp-migrate: acc_get_device_type()", 0), 0u) << L.front();
  EXPECT_NE(Text.find("#pragma omp declare target\nstatic int omp_migrate_on_device_"),
            std::string::npos);
  EXPECT_EQ(L.back(), "#pragma omp end declare target");
  for (const std::string &Line : L)
    EXPECT_EQ(Line.find('\n'), std::string::npos);
}

TEST(RuntimeHelpersTest, DeviceTypeConstants) {
  EXPECT_EQ(deviceTypeValue("acc_device_none"), 0);
  EXPECT_EQ(deviceTypeValue("acc_device_host"), 2);
  EXPECT_EQ(deviceTypeValue("acc_device_not_host"), 4);
  EXPECT_EQ(deviceTypeValue("acc_device_nvidia"), 5);
  EXPECT_EQ(deviceTypeValue("acc_device_radeon"), 8);
  EXPECT_EQ(deviceTypeValue("acc_property_memory"), -99);
  EXPECT_EQ(deviceTypeText("acc_device_host"), "2 /* acc_device_host */");
}

TEST(RuntimeHelpersTest, HelpersCalledByHelpersComeWithThem) {
  // omp_migrate_copyin_ and omp_migrate_memcpy_d2d_ call
  // omp_migrate_deviceptr_, which the table defines before them.
  EXPECT_EQ(helpersCalledIn("p = omp_migrate_copyin_((a), (n));"),
            (std::set<std::string>{"omp_migrate_copyin_", "omp_migrate_deviceptr_"}));
  EXPECT_EQ(helpersCalledIn("(omp_migrate_wait_all_(), omp_migrate_memcpy_d2d_((b), "
                            "(a), (n), (1), (0)))"),
            (std::set<std::string>{"omp_migrate_deviceptr_", "omp_migrate_memcpy_d2d_",
                                   "omp_migrate_wait_all_"}));
  std::vector<std::string> Lines =
      helperDefinitions(helpersCalledIn("omp_migrate_create_((a), (n))"));
  auto Find = [&](llvm::StringRef Prefix) {
    return llvm::find_if(Lines, [&](const std::string &L) {
             return llvm::StringRef(L).starts_with(Prefix);
           }) - Lines.begin();
  };
  EXPECT_LT(Find("static void *omp_migrate_deviceptr_("),
            Find("static void *omp_migrate_create_("));
  EXPECT_EQ(static_cast<size_t>(Find("static void *omp_migrate_copyin_(")), Lines.size());
}

TEST(RuntimeHelpersTest, ZeroHelperAllocatesThenZeroesWhatWasAbsent) {
  std::vector<std::string> Lines =
      helperDefinitions(helpersCalledIn("omp_migrate_enter_zero_(b, (n) * sizeof(b[0]));"));
  std::string All = llvm::join(Lines, "\n");
  size_t Probe = All.find("int fresh = !omp_target_is_present(p, omp_get_default_device());");
  size_t Enter = All.find("#pragma omp target enter data map(alloc: b[0:bytes])");
  size_t Zero = All.find("      b[i] = 0;");
  ASSERT_NE(Probe, std::string::npos);
  EXPECT_LT(Probe, Enter);
  EXPECT_LT(Enter, Zero);
}
