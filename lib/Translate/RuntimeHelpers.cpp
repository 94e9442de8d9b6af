//===- RuntimeHelpers.cpp - Helper functions for the OpenACC runtime ------===//
#include "Translate/RuntimeHelpers.h"
#include "llvm/ADT/StringSwitch.h"

namespace ompm {

namespace {

struct Helper {
  const char *Name;
  const char *Lines; ///< the definition, lines separated by '\n'
};

// The device types are those of include/openacc.h (and gcc's): none 0,
// default 1, host 2, not_host 4, nvidia 5, radeon 8. OpenMP has device
// numbers, not types: a type is the host (the default device is the
// initial device, or there is no device) or a device that is not the host.
const Helper Helpers[] = {
    {"omp_migrate_device_type_",
     "/* omp-migrate: acc_get_device_type(): 2 (acc_device_host) when the default\n"
     "   device is the host, else 4 (acc_device_not_host): OpenMP has no vendors. */\n"
     "static int omp_migrate_device_type_(void) {\n"
     "  return omp_get_num_devices() == 0 ||\n"
     "                 omp_get_default_device() == omp_get_initial_device()\n"
     "             ? 2\n"
     "             : 4;\n"
     "}"},
    {"omp_migrate_set_device_type_",
     "/* omp-migrate: acc_set_device_type(t): the host (2) makes the initial device\n"
     "   the default one; another type (default 1, not_host 4, nvidia 5, radeon 8)\n"
     "   device 0 when the host is the default and a device exists. */\n"
     "static void omp_migrate_set_device_type_(int t) {\n"
     "  if (t == 2)\n"
     "    omp_set_default_device(omp_get_initial_device());\n"
     "  else if ((t == 1 || t == 4 || t == 5 || t == 8) && omp_get_num_devices() > 0 &&\n"
     "           omp_get_default_device() == omp_get_initial_device())\n"
     "    omp_set_default_device(0);\n"
     "}"},
    {"omp_migrate_on_device_",
     "/* omp-migrate: acc_on_device(t): the host (2) where the code runs on the\n"
     "   initial device; another type (default 1, not_host 4, nvidia 5, radeon 8)\n"
     "   where it does not; none (0) never. */\n"
     "#pragma omp declare target\n"
     "static int omp_migrate_on_device_(int t) {\n"
     "  return t == 2 ? omp_is_initial_device()\n"
     "                : (t == 1 || t == 4 || t == 5 || t == 8) ? !omp_is_initial_device() : 0;\n"
     "}\n"
     "#pragma omp end declare target"},
};

} // namespace

std::set<std::string> helpersCalledIn(llvm::StringRef Text) {
  std::set<std::string> Out;
  for (const Helper &H : Helpers)
    if (Text.contains(std::string(H.Name) + "("))
      Out.insert(H.Name);
  return Out;
}

std::vector<std::string> helperDefinitions(const std::set<std::string> &Names) {
  std::vector<std::string> Lines;
  for (const Helper &H : Helpers) {
    if (!Names.count(H.Name))
      continue;
    llvm::StringRef Rest(H.Lines);
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      Lines.push_back(Line.str());
      Rest = Tail;
    }
  }
  return Lines;
}

int deviceTypeValue(llvm::StringRef Name) {
  return llvm::StringSwitch<int>(Name)
      .Case("acc_device_current", -1)
      .Case("acc_device_none", 0)
      .Case("acc_device_default", 1)
      .Case("acc_device_host", 2)
      .Case("acc_device_not_host", 4)
      .Case("acc_device_nvidia", 5)
      .Case("acc_device_radeon", 8)
      .Default(-99);
}

std::string deviceTypeText(llvm::StringRef Name) {
  return std::to_string(deviceTypeValue(Name)) + " /* " + Name.str() + " */";
}

} // namespace ompm
