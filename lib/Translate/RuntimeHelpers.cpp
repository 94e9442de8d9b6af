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
    {"omp_migrate_wait_all_",
     "/* omp-migrate: acc_wait_async, acc_wait_all_async and the async copies: the\n"
     "   host waits for the work of every queue (the target tasks of the current\n"
     "   task) where OpenACC only orders one queue's later work after it. */\n"
     "static void omp_migrate_wait_all_(void) {\n"
     "#pragma omp taskwait\n"
     "}"},
    {"omp_migrate_async_test_",
     "/* omp-migrate: acc_async_test(q), acc_async_test_all(): OpenMP cannot poll a\n"
     "   task; the host waits for the work of every queue, which is then done. */\n"
     "static int omp_migrate_async_test_(void) {\n"
     "#pragma omp taskwait\n"
     "  return 1;\n"
     "}"},
    {"omp_migrate_wait_any_",
     "/* omp-migrate: acc_wait_any(n, queues): the host waits for the work of every\n"
     "   queue, then answers the first queue that is not -2 (acc_async_sync), or -1\n"
     "   when every one is. */\n"
     "static int omp_migrate_wait_any_(int n, int *queues) {\n"
     "#pragma omp taskwait\n"
     "  for (int i = 0; i < n; i++)\n"
     "    if (queues[i] != -2)\n"
     "      return i;\n"
     "  return -1;\n"
     "}"},
    {"omp_migrate_deviceptr_",
     "/* omp-migrate: acc_deviceptr(p): the address on device dev of the host data\n"
     "   at p (use_device_ptr), or a null pointer when p is not present there. */\n"
     "static void *omp_migrate_deviceptr_(const void *p, int dev) {\n"
     "  char *b = (char *)p;\n"
     "  if (!p || !omp_target_is_present(p, dev))\n"
     "    return 0;\n"
     "#pragma omp target data use_device_ptr(b) device(dev)\n"
     "  {\n"
     "    p = b;\n"
     "  }\n"
     "  return (void *)p;\n"
     "}"},
    {"omp_migrate_copyin_",
     "/* omp-migrate: acc_copyin(p, bytes) used as a value: the bytes at p enter the\n"
     "   default device (copied when not present) and their address there is\n"
     "   returned. */\n"
     "static void *omp_migrate_copyin_(void *p, unsigned long long bytes) {\n"
     "  char *b = (char *)p;\n"
     "#pragma omp target enter data map(to: b[0:bytes])\n"
     "  return omp_migrate_deviceptr_(b, omp_get_default_device());\n"
     "}"},
    {"omp_migrate_create_",
     "/* omp-migrate: acc_create(p, bytes) used as a value: the bytes at p are\n"
     "   allocated on the default device when not present and their address there\n"
     "   is returned. */\n"
     "static void *omp_migrate_create_(void *p, unsigned long long bytes) {\n"
     "  char *b = (char *)p;\n"
     "#pragma omp target enter data map(alloc: b[0:bytes])\n"
     "  return omp_migrate_deviceptr_(b, omp_get_default_device());\n"
     "}"},
    {"omp_migrate_memcpy_d2d_",
     "/* omp-migrate: acc_memcpy_d2d(dst, src, bytes, dst_dev, src_dev): copies the\n"
     "   device copy of host data src on device src_dev to that of dst on device\n"
     "   dst_dev (OpenACC device numbers taken as OpenMP ones). */\n"
     "static void omp_migrate_memcpy_d2d_(void *dst, const void *src, unsigned long long bytes,\n"
     "                                    int dst_dev, int src_dev) {\n"
     "  omp_target_memcpy(omp_migrate_deviceptr_(dst, dst_dev),\n"
     "                    omp_migrate_deviceptr_(src, src_dev), bytes, 0, 0, dst_dev, src_dev);\n"
     "}"},
    {"omp_migrate_attach_",
     "/* omp-migrate: acc_attach(pp): the device copy of the pointer at pp (present\n"
     "   on the default device) gets the device address of the data it points to\n"
     "   (its host value when that data is not present). OpenACC's attachment\n"
     "   counter is not kept: acc_detach undoes every acc_attach. */\n"
     "static void omp_migrate_attach_(void **pp) {\n"
     "  char *p = (char *)*pp;\n"
     "#pragma omp target map(alloc: pp[0:1], p[:0])\n"
     "  *pp = p;\n"
     "}"},
    {"omp_migrate_detach_",
     "/* omp-migrate: acc_detach(pp): the device copy of the pointer at pp (present\n"
     "   on the default device) gets the host's value back (passed as an integer:\n"
     "   clang translates a firstprivate pointer to mapped data). */\n"
     "static void omp_migrate_detach_(void **pp) {\n"
     "  unsigned long long v = (unsigned long long)*pp;\n"
     "#pragma omp target map(alloc: pp[0:1]) firstprivate(v)\n"
     "  *pp = (void *)v;\n"
     "}"},
    {"omp_migrate_enter_zero_",
     "/* omp-migrate: the zero modifier (create(zero: ...), copyout(zero: ...)) on\n"
     "   entry: bytes at p are allocated on the default device and zeroed there when\n"
     "   they were not present; present data is only counted, as OpenACC does. */\n"
     "static void omp_migrate_enter_zero_(void *p, unsigned long long bytes) {\n"
     "  unsigned char *b = (unsigned char *)p;\n"
     "  int fresh = !omp_target_is_present(p, omp_get_default_device());\n"
     "#pragma omp target enter data map(alloc: b[0:bytes])\n"
     "  if (fresh) {\n"
     "#pragma omp target teams distribute parallel for map(alloc: b[0:bytes])\n"
     "    for (unsigned long long i = 0; i < bytes; i++)\n"
     "      b[i] = 0;\n"
     "  }\n"
     "}"},
};

} // namespace

std::set<std::string> helpersCalledIn(llvm::StringRef Text) {
  std::set<std::string> Out;
  for (const Helper &H : Helpers)
    if (Text.contains(std::string(H.Name) + "("))
      Out.insert(H.Name);
  // And those the helpers call (defined earlier in the table).
  for (auto It = std::rbegin(Helpers); It != std::rend(Helpers); ++It)
    if (Out.count(It->Name))
      for (const Helper &H : Helpers)
        if (&H != &*It && llvm::StringRef(It->Lines).contains(std::string(H.Name) + "("))
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

std::string helpersMarkdown() {
  std::string S = "\n## Helper functions\n\nWhere an OpenACC routine takes more "
                  "than one OpenMP call, the translation calls a static function "
                  "that omp-migrate defines in the translated file, before the "
                  "first declaration that uses it (only those the file uses). "
                  "Their definitions, as the translation writes them:\n";
  for (const Helper &H : Helpers)
    S += "\n```c\n" + std::string(H.Lines) + "\n```\n";
  return S;
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
