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
