// Unit tests of lib/Check/LaunchInfo and KernelFacts: libomptarget 19's
// kernel-launch information (captured from clang-19 -fopenmp
// -fopenmp-targets=x86_64-pc-linux-gnu -gline-tables-only builds run with
// LIBOMPTARGET_INFO=59), the device table it describes, the verdict on each
// launch, and the pointer uses read from a translated source.
#include "Check/LaunchInfo.h"
#include "Driver/Driver.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace ompm::check;

namespace {

std::vector<KernelLaunch> launches(llvm::StringRef Text, unsigned *Overlapping = nullptr) {
  std::vector<KernelLaunch> Out;
  unsigned O = readLaunches(Text, [&](const KernelLaunch &L, const DeviceTable &) {
    Out.push_back(L);
  });
  if (Overlapping)
    *Overlapping = O;
  return Out;
}

KernelFacts kernel(llvm::StringRef File, unsigned Line, std::vector<PointerUse> Uses) {
  KernelFacts K;
  K.File = File.str();
  K.Line = Line;
  K.Column = 1;
  K.Directive = "target teams distribute parallel for";
  K.Uses = std::move(Uses);
  return K;
}

PointerUse pointer(llvm::StringRef Name) {
  PointerUse U;
  U.Name = Name.str();
  U.Type = "double *";
  U.Line = 1;
  return U;
}

PointerUse member(llvm::StringRef Name, llvm::StringRef Base, bool Ptr, uint64_t Offset) {
  PointerUse U = pointer(Name);
  U.Base = Base.str();
  U.BaseIsPointer = Ptr;
  U.Offset = Offset;
  return U;
}

std::vector<std::string> names(const LaunchReport &R) {
  std::vector<std::string> N;
  for (const UnmappedPointer &P : R.Unmapped)
    N.push_back(P.File + ":" + std::to_string(P.Line) + " " + P.Name);
  return N;
}

// `add(a, b, n)`: `#pragma omp target teams distribute parallel for` with no
// map clause over `a[i] = b[i] + 1` (double *a, *b: parameters), outside
// any data region.
const char *const Unmapped = R"(omptarget device 0 info: Entering OpenMP kernel at bad1.c:4:1 with 3 arguments:
omptarget device 0 info: firstprivate(n)[4] (implicit)
omptarget device 0 info: use_address(a)[0] (implicit)
omptarget device 0 info: use_address(b)[0] (implicit)
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a7219e_add_l4 with 1 blocks and 1 threads in Generic mode
)";

// The same kernel inside `#pragma omp target data map(tofrom: a[0:n])
// map(to: b[0:n])`: the implicit zero-length sections find a and b.
const char *const Present = R"(omptarget device 0 info: Entering OpenMP data region with being_mapper at good1.c:22:1 with 2 arguments:
omptarget device 0 info: tofrom(a[0:n])[800] 
omptarget device 0 info: to(b[0:n])[800] 
omptarget device 0 info: Creating new map entry with HstPtrBase=0x0000560257a0d380, HstPtrBegin=0x0000560257a0d380, TgtAllocBegin=0x0000560257a10360, TgtPtrBegin=0x0000560257a10360, Size=800, DynRefCount=1, HoldRefCount=0, Name=a[0:n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x0000560257a0d380, TgtPtr=0x0000560257a10360, Size=800, Name=a[0:n]
omptarget device 0 info: Creating new map entry with HstPtrBase=0x0000560257a0d6b0, HstPtrBegin=0x0000560257a0d6b0, TgtAllocBegin=0x0000560257a107b0, TgtPtrBegin=0x0000560257a107b0, Size=800, DynRefCount=1, HoldRefCount=0, Name=b[0:n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x0000560257a0d6b0, TgtPtr=0x0000560257a107b0, Size=800, Name=b[0:n]
omptarget device 0 info: Entering OpenMP kernel at good1.c:4:1 with 3 arguments:
omptarget device 0 info: firstprivate(n)[4] (implicit)
omptarget device 0 info: use_address(a)[0] (implicit)
omptarget device 0 info: use_address(b)[0] (implicit)
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x0000560257a0d380, TgtPtrBegin=0x0000560257a10360, Size=0, DynRefCount=2 (incremented), HoldRefCount=0, Name=a
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x0000560257a0d6b0, TgtPtrBegin=0x0000560257a107b0, Size=0, DynRefCount=2 (incremented), HoldRefCount=0, Name=b
omptarget device 0 info: Mapping exists with HstPtrBegin=0x0000560257a0d380, TgtPtrBegin=0x0000560257a10360, Size=0, DynRefCount=2 (update suppressed), HoldRefCount=0
omptarget device 0 info: Mapping exists with HstPtrBegin=0x0000560257a0d6b0, TgtPtrBegin=0x0000560257a107b0, Size=0, DynRefCount=2 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a7211b_add_l4 with 1 blocks and 1 threads in Generic mode
omptarget device 0 info: Mapping exists with HstPtrBegin=0x0000560257a0d6b0, TgtPtrBegin=0x0000560257a107b0, Size=0, DynRefCount=1 (decremented), HoldRefCount=0
omptarget device 0 info: Mapping exists with HstPtrBegin=0x0000560257a0d380, TgtPtrBegin=0x0000560257a10360, Size=0, DynRefCount=1 (decremented), HoldRefCount=0
)";

// typedef struct { double *x; int n; } M; s1(M m): the kernel reads m.x[i]
// with no map clause: m is mapped whole (implicit tofrom), x and all.
const char *const StructWhole = R"(omptarget device 0 info: Entering OpenMP kernel at st.c:7:1 with 1 arguments:
omptarget device 0 info: tofrom(m)[16] (implicit)
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00007ffde0ed9b28, HstPtrBegin=0x00007ffde0ed9b28, TgtAllocBegin=0x00005642ad2f1a30, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=1, HoldRefCount=0, Name=m
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007ffde0ed9b28, TgtPtr=0x00005642ad2f1a30, Size=16, Name=m
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde0ed9b28, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=1 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72319_s1_l7 with 1 blocks and 1 threads in Generic mode
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde0ed9b28, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=0 (decremented, delayed deletion), HoldRefCount=0
omptarget device 0 info: Copying data from device to host, TgtPtr=0x00005642ad2f1a30, HstPtr=0x00007ffde0ed9b28, Size=16, Name=m
omptarget device 0 info: Removing map entry with HstPtrBegin=0x00007ffde0ed9b28, TgtPtrBegin=0x00005642ad2f1a30, Size=16, Name=m
)";

// The same with map(to: m) map(tofrom: m.x[0:m.n]): x is attached (the
// 8-byte copy from elsewhere into m's device copy).
const char *const StructMember = R"(omptarget device 0 info: Entering OpenMP kernel at st.c:15:1 with 3 arguments:
omptarget device 0 info: alloc(unknown)[16] 
omptarget device 0 info: to(m)[16] 
omptarget device 0 info: tofrom(m.x[0:m.n])[64] 
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00007ffde0ed9bb8, HstPtrBegin=0x00007ffde0ed9bb8, TgtAllocBegin=0x00005642ad2f1a30, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=1, HoldRefCount=0, Name=unknown
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde0ed9bb8, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=m
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007ffde0ed9bb8, TgtPtr=0x00005642ad2f1a30, Size=16, Name=unknown
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde0ed9bb8, TgtPtrBegin=0x00005642ad2f1a30, Size=8, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=unknown
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00005642ad301380, HstPtrBegin=0x00005642ad301380, TgtAllocBegin=0x00005642ad303e80, TgtPtrBegin=0x00005642ad303e80, Size=64, DynRefCount=1, HoldRefCount=0, Name=m.x[0:m.n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x00005642ad301380, TgtPtr=0x00005642ad303e80, Size=64, Name=m.x[0:m.n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x00005642ad303bc0, TgtPtr=0x00005642ad2f1a30, Size=8, Name=unknown
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde0ed9bb8, TgtPtrBegin=0x00005642ad2f1a30, Size=16, DynRefCount=1 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72319_s3_l15 with 1 blocks and 1 threads in Generic mode
)";

// typedef struct { int n; double *x; double *y; } M; a target data region
// maps m and m.x[0:n] (x attached at offset 8); inside it a kernel reads
// p->x[i] (p = &m, implicit) and a kernel reads m.x[i] (m implicit).
const char *const StructRegion = R"(omptarget device 0 info: Entering OpenMP data region with being_mapper at st2.c:28:1 with 3 arguments:
omptarget device 0 info: alloc(m)[24] 
omptarget device 0 info: to(m)[24] 
omptarget device 0 info: tofrom(m.x[0:n])[64] 
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00007ffde3adc2a8, HstPtrBegin=0x00007ffde3adc2a8, TgtAllocBegin=0x00005626603cac90, TgtPtrBegin=0x00005626603cac90, Size=24, DynRefCount=1, HoldRefCount=0, Name=m
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=24, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=m
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007ffde3adc2a8, TgtPtr=0x00005626603cac90, Size=24, Name=m
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde3adc2b0, TgtPtrBegin=0x00005626603cac98, Size=8, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=unknown
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00005626603c8380, HstPtrBegin=0x00005626603c8380, TgtAllocBegin=0x00005626603caba0, TgtPtrBegin=0x00005626603caba0, Size=64, DynRefCount=1, HoldRefCount=0, Name=m.x[0:n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x00005626603c8380, TgtPtr=0x00005626603caba0, Size=64, Name=m.x[0:n]
omptarget device 0 info: Copying data from host to device, HstPtr=0x00005626603cacd0, TgtPtr=0x00005626603cac98, Size=8, Name=m
omptarget device 0 info: Entering OpenMP kernel at st2.c:17:1 with 1 arguments:
omptarget device 0 info: use_address(p)[0] (implicit)
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=0, DynRefCount=2 (incremented), HoldRefCount=0, Name=p
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=0, DynRefCount=2 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72001_s7_l17 with 1 blocks and 1 threads in Generic mode
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=0, DynRefCount=1 (decremented), HoldRefCount=0
omptarget device 0 info: Entering OpenMP kernel at st2.c:30:1 with 1 arguments:
omptarget device 0 info: tofrom(m)[24] (implicit)
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=24, DynRefCount=2 (incremented), HoldRefCount=0, Name=m
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007ffde3adc2a8, TgtPtrBegin=0x00005626603cac90, Size=24, DynRefCount=2 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72001_main_l30 with 1 blocks and 1 threads in Generic mode
)";

// struct G { double *d; int n; void f1() { kernel over d[i], no map } }:
// implicit this->d, a copy of the host pointer.
const char *const ThisMember = R"(omptarget device 0 info: Entering OpenMP kernel at cx.cpp:6:1 with 3 arguments:
omptarget device 0 info: alloc(unknown)[12] 
omptarget device 0 info: tofrom(this->n)[4] (implicit)
omptarget device 0 info: tofrom(this->d)[8] (implicit)
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00007fffdf0eab88, HstPtrBegin=0x00007fffdf0eab88, TgtAllocBegin=0x0000561c2790bdb0, TgtPtrBegin=0x0000561c2790bdb0, Size=12, DynRefCount=1, HoldRefCount=0, Name=unknown
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x00007fffdf0eab90, TgtPtrBegin=0x0000561c2790bdb8, Size=4, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=this->n
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007fffdf0eab90, TgtPtr=0x0000561c2790bdb8, Size=4, Name=unknown
omptarget device 0 info: Mapping exists (implicit) with HstPtrBegin=0x00007fffdf0eab88, TgtPtrBegin=0x0000561c2790bdb0, Size=8, DynRefCount=1 (update suppressed), HoldRefCount=0, Name=this->d
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007fffdf0eab88, TgtPtr=0x0000561c2790bdb0, Size=8, Name=unknown
omptarget device 0 info: Mapping exists with HstPtrBegin=0x00007fffdf0eab88, TgtPtrBegin=0x0000561c2790bdb0, Size=12, DynRefCount=1 (update suppressed), HoldRefCount=0
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72112__ZN1G2f1Ev_l6 with 1 blocks and 1 threads in Generic mode
)";

} // namespace

// ---------------------------------------------------------------------------
// Parsing

TEST(LaunchInfoTest, ParsesArgumentLines) {
  auto A = parseLaunchArg("firstprivate(n)[4] (implicit)");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Type, "firstprivate");
  EXPECT_EQ(A->Name, "n");
  EXPECT_EQ(A->Size, 4u);
  EXPECT_TRUE(A->Implicit);
  A = parseLaunchArg("tofrom(this->d[0:this->n])[64] ");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Type, "tofrom");
  EXPECT_EQ(A->Name, "this->d[0:this->n]");
  EXPECT_EQ(A->Size, 64u);
  EXPECT_FALSE(A->Implicit);
  EXPECT_EQ(A->text(), "tofrom(this->d[0:this->n])[64]");
  // Names with parentheses and brackets of their own.
  A = parseLaunchArg("to((p)[0:(n + 1)])[72] ");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Name, "(p)[0:(n + 1)]");
  EXPECT_EQ(A->Size, 72u);
  A = parseLaunchArg("use_address(b)[0] ");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Type, "use_address");
  EXPECT_FALSE(parseLaunchArg("Mapping exists with HstPtrBegin=0x1, Size=0"));
  EXPECT_FALSE(parseLaunchArg("copy(a)[8]"));
  EXPECT_FALSE(parseLaunchArg("tofrom(a)[n]"));
}

TEST(LaunchInfoTest, ReadsLaunchesItemsAndKernelNames) {
  std::vector<KernelLaunch> L = launches(Present);
  ASSERT_EQ(L.size(), 1u); // the data region is not a launch
  EXPECT_EQ(L[0].File, "good1.c");
  EXPECT_EQ(L[0].Line, 4u);
  EXPECT_EQ(L[0].Column, 1u);
  EXPECT_EQ(L[0].Kernel, "__omp_offloading_fe00_a7211b_add_l4");
  ASSERT_EQ(L[0].Args.size(), 3u);
  EXPECT_EQ(L[0].Args[1].text(), "use_address(a)[0] (implicit)");
  ASSERT_EQ(L[0].Items.size(), 2u);
  ASSERT_TRUE(L[0].item("a"));
  EXPECT_EQ(L[0].item("a")->Host, 0x0000560257a0d380u);
  EXPECT_EQ(L[0].item("a")->Device, 0x0000560257a10360u);
  EXPECT_FALSE(L[0].item("a")->Created);
  // Nothing found: no item.
  L = launches(Unmapped);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_TRUE(L[0].Items.empty());
}

TEST(LaunchInfoTest, InfoLinesAfterProgramOutputOnTheSameLine) {
  std::string Text = Unmapped;
  Text.insert(0, "progress: 50%");
  std::vector<KernelLaunch> L = launches(Text);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Args.size(), 3u);
}

TEST(LaunchInfoTest, LaunchesWithoutSourceInformation) {
  const char *Text = R"(omptarget device 0 info: Entering OpenMP kernel at unknown:0:0 with 1 arguments:
omptarget device 0 info: use_address(unknown)[0] (implicit)
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a7219e_add_l4 with 1 blocks and 1 threads in Generic mode
)";
  LaunchReport R = checkLaunches(Text, {kernel("bad1.c", 4, {pointer("a")})});
  EXPECT_EQ(R.Launches, 1u);
  EXPECT_EQ(R.Unnamed, 1u);
  EXPECT_EQ(R.Checked, 0u);
  EXPECT_TRUE(R.Unmapped.empty());
}

TEST(LaunchInfoTest, OverlappingLaunchesAreNotJudged) {
  // Two host threads: the second kernel's lines start before the first's
  // launch line; then both launch lines.
  std::string U = Unmapped;
  size_t Launch = U.find("\"Plugin");
  std::string Text = U.substr(0, Launch) + U + U.substr(Launch);
  unsigned Overlapping = 0;
  std::vector<KernelLaunch> L = launches(Text, &Overlapping);
  EXPECT_TRUE(L.empty());
  EXPECT_EQ(Overlapping, 2u);
  LaunchReport R = checkLaunches(Text + U, {kernel("bad1.c", 4, {pointer("a")})});
  EXPECT_EQ(R.Overlapping, 2u);
  EXPECT_EQ(R.Launches, 3u);
  EXPECT_EQ(R.Checked, 1u); // the launch after them
  EXPECT_EQ(names(R), (std::vector<std::string>{"bad1.c:4 a"}));
}

// ---------------------------------------------------------------------------
// The device table

TEST(LaunchInfoTest, DeviceTableAttachments) {
  DeviceTable T;
  T.create(0x1000, 0x9000, 24); // a structure, host 0x1000, device 0x9000
  T.copyToDevice(0x1000, 0x9000, 24); // its data
  EXPECT_FALSE(T.attached(0x1008));
  T.copyToDevice(0x5000, 0x9008, 8); // a translated pointer into its member
  EXPECT_TRUE(T.attached(0x1008));
  EXPECT_FALSE(T.attached(0x1010));
  T.copyToDevice(0x1000, 0x9000, 24); // target update to(m): host pointers again
  EXPECT_FALSE(T.attached(0x1008));
  T.copyToDevice(0x5000, 0x9008, 8);
  T.copyToDevice(0x5000, 0x7000, 8); // outside any entry: a private copy
  EXPECT_TRUE(T.attached(0x1008));
  T.remove(0x1000);
  EXPECT_FALSE(T.attached(0x1008));
}

// ---------------------------------------------------------------------------
// Verdicts

TEST(LaunchInfoTest, PointersWithoutMapAreHostAddresses) {
  LaunchReport R =
      checkLaunches(Unmapped, {kernel("bad1.c", 4, {pointer("a"), pointer("b")})});
  EXPECT_EQ(R.Launches, 1u);
  EXPECT_EQ(R.Checked, 1u);
  EXPECT_EQ(names(R), (std::vector<std::string>{"bad1.c:4 a", "bad1.c:4 b"}));
  ASSERT_EQ(R.Unmapped.size(), 2u);
  EXPECT_EQ(R.Unmapped[0].Arg, "use_address(a)[0] (implicit)");
  EXPECT_EQ(R.Unmapped[0].Launches, 1u);
  EXPECT_EQ(R.Unmapped[0].Of, 1u);
  EXPECT_EQ(R.summary(), "a kernel uses pointers that hold host addresses on the "
                         "device: bad1.c:4 'a', 'b'");
  EXPECT_NE(R.details().find("  bad1.c:4:1: kernel 'target teams distribute parallel "
                             "for' (at 1 of 1 launches):\n    'a' (double *, used at line "
                             "1): not mapped: "),
            std::string::npos)
      << R.details();
}

TEST(LaunchInfoTest, PointersPresentInADataRegionAreDeviceAddresses) {
  LaunchReport R =
      checkLaunches(Present, {kernel("good1.c", 4, {pointer("a"), pointer("b")})});
  EXPECT_EQ(R.Checked, 1u);
  EXPECT_TRUE(R.Unmapped.empty());
}

TEST(LaunchInfoTest, OnlyTheConstructAtTheLaunchLocationIsJudged) {
  LaunchReport R = checkLaunches(Unmapped, {kernel("bad1.c", 5, {pointer("a")}),
                                            kernel("other.c", 4, {pointer("a")})});
  EXPECT_EQ(R.Checked, 0u);
  EXPECT_TRUE(R.Unmapped.empty());
  // Two constructs on the launch's line: the column decides.
  KernelFacts K1 = kernel("bad1.c", 4, {pointer("a")}), K2 = K1;
  K2.Column = 30;
  K2.Uses = {pointer("b")};
  R = checkLaunches(Unmapped, {K2, K1});
  EXPECT_EQ(names(R), (std::vector<std::string>{"bad1.c:4 a"}));
}

TEST(LaunchInfoTest, FirstprivateAndIsDevicePtr) {
  const char *Text = R"(omptarget device 0 info: Entering OpenMP kernel at st.c:31:1 with 2 arguments:
omptarget device 0 info: firstprivate(n)[4] (implicit)
omptarget device 0 info: firstprivate(d)[8] 
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72319_f2_l31 with 1 blocks and 1 threads in Generic mode
)";
  KernelFacts K = kernel("st.c", 31, {pointer("d")});
  EXPECT_EQ(names(checkLaunches(Text, {K})), (std::vector<std::string>{"st.c:31 d"}));
  K.DeviceAddrs.insert("d"); // is_device_ptr(d)
  EXPECT_TRUE(checkLaunches(Text, {K}).Unmapped.empty());
  // An explicit firstprivate(b) of a pointer is a zero-length lookup.
  const char *Explicit = R"(omptarget device 0 info: Entering OpenMP kernel at st.c:27:1 with 2 arguments:
omptarget device 0 info: tofrom(a[0:n])[64] 
omptarget device 0 info: use_address(b)[0] 
omptarget device 0 info: Creating new map entry with HstPtrBase=0x00005642ad301380, HstPtrBegin=0x00005642ad301380, TgtAllocBegin=0x00005642ad303e80, TgtPtrBegin=0x00005642ad303e80, Size=64, DynRefCount=1, HoldRefCount=0, Name=a[0:n]
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72319_f1_l27 with 1 blocks and 1 threads in Generic mode
)";
  EXPECT_EQ(names(checkLaunches(Explicit, {kernel("st.c", 27, {pointer("a"), pointer("b")})})),
            (std::vector<std::string>{"st.c:27 b"}));
}

TEST(LaunchInfoTest, ZeroLengthSections) {
  auto Text = [](bool Found) {
    std::string S = "omptarget device 0 info: Entering OpenMP kernel at z.c:3:1 with 2 arguments:\n"
                    "omptarget device 0 info: to(p[:0])[0] \n"
                    "omptarget device 0 info: to(q[0:n])[0] \n";
    if (Found)
      S += "omptarget device 0 info: Mapping exists with HstPtrBegin=0x10, "
           "TgtPtrBegin=0x90, Size=0, DynRefCount=2 (incremented), HoldRefCount=0, "
           "Name=p[:0]\n";
    return S + "\"PluginInterface\" device 0 info: Launching kernel k with 1 blocks\n";
  };
  // p[:0] attaches to what is present, or gets nothing; q[0:n] with n == 0
  // at run time maps nothing the kernel could read.
  KernelFacts K = kernel("z.c", 3, {pointer("p"), pointer("q")});
  EXPECT_EQ(names(checkLaunches(Text(false), {K})), (std::vector<std::string>{"z.c:3 p"}));
  EXPECT_TRUE(checkLaunches(Text(true), {K}).Unmapped.empty());
}

TEST(LaunchInfoTest, PointerMappedAsData) {
  // map(to: p): the device copy of the pointer is the host's value.
  const char *Text = R"(omptarget device 0 info: Entering OpenMP kernel at s.c:9:1 with 1 arguments:
omptarget device 0 info: to(p)[8] 
omptarget device 0 info: Creating new map entry with HstPtrBase=0x0000000000001000, HstPtrBegin=0x0000000000001000, TgtAllocBegin=0x0000000000009000, TgtPtrBegin=0x0000000000009000, Size=8, DynRefCount=1, HoldRefCount=0, Name=p
omptarget device 0 info: Copying data from host to device, HstPtr=0x0000000000001000, TgtPtr=0x0000000000009000, Size=8, Name=p
"PluginInterface" device 0 info: Launching kernel k with 1 blocks and 1 threads in Generic mode
)";
  EXPECT_EQ(names(checkLaunches(Text, {kernel("s.c", 9, {pointer("p")})})),
            (std::vector<std::string>{"s.c:9 p"}));
}

TEST(LaunchInfoTest, StructureMembers) {
  // m.x of a structure mapped whole: the host pointer.
  LaunchReport R = checkLaunches(StructWhole, {kernel("st.c", 7, {member("m.x", "m", false, 0)})});
  EXPECT_EQ(names(R), (std::vector<std::string>{"st.c:7 m.x"}));
  EXPECT_EQ(R.Unmapped[0].Arg, "tofrom(m)[16] (implicit)");
  EXPECT_NE(R.Unmapped[0].Reason.find("no section of m.x is mapped"), std::string::npos);
  // With a section of m.x mapped at the launch.
  EXPECT_TRUE(
      checkLaunches(StructMember, {kernel("st.c", 15, {member("m.x", "m", false, 0)})})
          .Unmapped.empty());
  // Attached by an enclosing region, reached through m and through p = &m.
  R = checkLaunches(StructRegion, {kernel("st2.c", 17, {pointer("p"), member("p->x", "p", true, 8)}),
                                   kernel("st2.c", 30, {member("m.x", "m", false, 8)})});
  EXPECT_EQ(R.Checked, 2u);
  EXPECT_TRUE(R.Unmapped.empty()) << R.details();
  // The other member, never attached.
  R = checkLaunches(StructRegion, {kernel("st2.c", 30, {member("m.y", "m", false, 16)})});
  EXPECT_EQ(names(R), (std::vector<std::string>{"st2.c:30 m.y"}));
  // A target update to(m) between region and kernel brings the host pointer back.
  std::string Updated = StructRegion;
  Updated.insert(Updated.find("omptarget device 0 info: Entering OpenMP kernel at st2.c:17"),
                 "omptarget device 0 info: Copying data from host to device, "
                 "HstPtr=0x00007ffde3adc2a8, TgtPtr=0x00005626603cac90, Size=24, Name=m\n");
  R = checkLaunches(Updated, {kernel("st2.c", 17, {pointer("p"), member("p->x", "p", true, 8)})});
  EXPECT_EQ(names(R), (std::vector<std::string>{"st2.c:17 p->x"}));
}

TEST(LaunchInfoTest, StructurePassedAsAPrivateCopy) {
  // firstprivate(m): a copy outside the device table.
  const char *Text = R"(omptarget device 0 info: Entering OpenMP kernel at st2.c:13:1 with 1 arguments:
omptarget device 0 info: to(m)[24] 
omptarget device 0 info: Copying data from host to device, HstPtr=0x00007fffa56699a0, TgtPtr=0x000055a977b60c90, Size=24, Name=unknown
"PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a72001_s6_l13 with 1 blocks and 1 threads in Generic mode
)";
  LaunchReport R = checkLaunches(Text, {kernel("st2.c", 13, {member("m.x", "m", false, 8)})});
  EXPECT_EQ(names(R), (std::vector<std::string>{"st2.c:13 m.x"}));
  EXPECT_NE(R.Unmapped[0].Reason.find("private copy"), std::string::npos);
}

TEST(LaunchInfoTest, MemberThroughThis) {
  LaunchReport R = checkLaunches(ThisMember, {kernel("cx.cpp", 6, {member("this->d", "this", true, 0)})});
  EXPECT_EQ(names(R), (std::vector<std::string>{"cx.cpp:6 this->d"}));
  EXPECT_EQ(R.Unmapped[0].Arg, "tofrom(this->d)[8] (implicit)");
}

TEST(LaunchInfoTest, SummaryNamesFourKernels) {
  // Six kernels that do not map b; the one at line 4 finds a the first
  // time, and not at its second launch, after the others.
  std::string Text;
  std::vector<KernelFacts> K;
  for (unsigned L = 1; L <= 6; ++L) {
    std::string U = Unmapped;
    U.replace(U.find("bad1.c:4:1"), 10, "bad1.c:" + std::to_string(L) + ":1");
    if (L == 4)
      U.insert(U.find("\"Plugin"), "omptarget device 0 info: Mapping exists (implicit) with "
                                     "HstPtrBegin=0x10, TgtPtrBegin=0x90, Size=0, DynRefCount=2 "
                                     "(incremented), HoldRefCount=0, Name=a\n");
    Text += U;
    K.push_back(kernel("bad1.c", L, {pointer("b")}));
  }
  Text += Unmapped;
  K[3].Uses.push_back(pointer("a"));
  LaunchReport R = checkLaunches(Text, K);
  EXPECT_EQ(R.summary(), "6 kernels use pointers that hold host addresses on the device: "
                         "bad1.c:1 'b'; bad1.c:2 'b'; bad1.c:3 'b'; bad1.c:4 'b', 'a'; 2 more");
  ASSERT_EQ(R.Unmapped.size(), 7u);
  EXPECT_EQ(R.Unmapped[4].Name, "a");
  EXPECT_EQ(R.Unmapped[4].Launches, 1u);
  EXPECT_EQ(R.Unmapped[4].Of, 2u);
  EXPECT_EQ(R.Unmapped[3].Launches, 2u); // b, both launches
}

TEST(LaunchInfoTest, CountsLaunchesPerKernel) {
  std::string Text = std::string(Unmapped) + Present;
  // bad1.c:4 twice (once unmapped), good1.c:4 once.
  Text += Unmapped;
  LaunchReport R = checkLaunches(Text, {kernel("bad1.c", 4, {pointer("a")}),
                                        kernel("good1.c", 4, {pointer("a")})});
  EXPECT_EQ(R.Launches, 3u);
  EXPECT_EQ(R.Checked, 3u);
  ASSERT_EQ(R.Unmapped.size(), 1u);
  EXPECT_EQ(R.Unmapped[0].Launches, 2u);
  EXPECT_EQ(R.Unmapped[0].Of, 2u);
}

// ---------------------------------------------------------------------------
// What the source says

namespace {

std::vector<KernelFacts> facts(llvm::StringRef Code, llvm::StringRef File = "k.c") {
  std::vector<std::string> Flags = {"-fopenmp"};
  if (File.ends_with(".cpp"))
    Flags.push_back("-std=c++17");
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, Flags, File);
  if (!AST)
    return {};
  return collectKernelFacts(AST->getASTContext());
}

std::string uses(const KernelFacts &K) {
  std::string S;
  for (const PointerUse &U : K.Uses) {
    S += (S.empty() ? "" : " ") + U.Name;
    if (!U.Base.empty())
      S += "(" + U.Base + (U.BaseIsPointer ? "->" : ".") +
           (U.Offset ? std::to_string(*U.Offset) : "?") + ")";
  }
  return S;
}

} // namespace

TEST(KernelFactsTest, PointerVariablesUsedAsAddresses) {
  auto K = facts(R"(
void f(double *a, const double *b, double *c, double *d, double *e, int n) {
  double local[4];
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) {
    double *row = e + i;       // e: stored in another pointer
    a[i] = b[i] + local[i % 4] + *row;
    if (c == 0 || sizeof(*d) == 8)   // compared, sizeof: not used
      a[i] += 1;
  }
}
)");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].File, "k.c");
  EXPECT_EQ(K[0].Line, 4u);
  EXPECT_EQ(K[0].Column, 3u);
  EXPECT_EQ(K[0].Directive, "target teams distribute parallel for");
  EXPECT_EQ(uses(K[0]), "e a b");
  EXPECT_EQ(K[0].Uses[1].Type, "double *");
  EXPECT_EQ(K[0].Uses[2].Type, "const double *");
  EXPECT_EQ(K[0].Uses[0].Line, 6u);
}

TEST(KernelFactsTest, CallsOffsetsAndConditionals) {
  auto K = facts(R"(
#pragma omp declare target
double g(const double *p) { return p[0]; }
#pragma omp end declare target
void f(double *a, double *b, double *w, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    a[0] = g(b + 1);
    a[1] = *(w ? w : a);
  }
}
)");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Directive, "target");
  EXPECT_EQ(uses(K[0]), "a b w");
}

TEST(KernelFactsTest, StructureMembersWithOffsets) {
  auto K = facts(R"(
typedef struct { int n; double *x; struct { double *y; } in; double v[4]; } M;
void f(M m, M *p) {
  #pragma omp target
  {
    m.x[0] = m.in.y[0] + m.v[1];
    p->x[1] = p->in.y[1];
  }
}
)");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(uses(K[0]), "m.x(m.8) m.in.y(m.16) p->x(p->8) p p->in.y(p->16)");
}

TEST(KernelFactsTest, ThisMembersAndDeviceAddressClauses) {
  auto K = facts(R"(
struct Base { double *b; };
struct G : Base {
  int n; double *d;
  void f(double *q, double *r) {
    #pragma omp target data use_device_ptr(r)
    {
      #pragma omp target teams distribute parallel for is_device_ptr(q)
      for (int i = 0; i < n; i++) d[i] += q[i] + r[i] + b[i];
    }
  }
};
void use(G &g) { g.f(nullptr, nullptr); }
)",
                 "k.cpp");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(uses(K[0]), "this->d(this->16) q r this->b(this->?)");
  EXPECT_EQ(K[0].DeviceAddrs, (std::set<std::string>{"q", "r"}));
}

TEST(KernelFactsTest, TemplateInstancesShareTheirConstruct) {
  auto K = facts(R"(
template <class T> void scale(T *x, int n) {
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) x[i] *= 2;
}
void use(double *a, float *b) { scale(a, 4); scale(b, 4); }
)",
                 "k.cpp");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(uses(K[0]), "x");
}

TEST(KernelFactsTest, NotCounted) {
  // Declared inside the kernel, declare target globals, arrays, integers
  // made pointers, function pointers.
  auto K = facts(R"(
double *dev;
#pragma omp declare target(dev)
double arr[8];
void f(long addr, void (*fn)(void), int n) {
  #pragma omp target
  {
    double t[2];
    double *in = t;
    in[0] = dev[0] + arr[1] + ((double *)addr)[0];
    fn();
  }
}
)");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(uses(K[0]), "");
}

TEST(LaunchInfoTest, OriginalLinesFromTheDiff) {
  std::string Orig = "a\nb\n#pragma acc parallel loop\nfor\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
  std::string Tr = "a\nb\n#pragma omp target data\n{\n#pragma omp target teams\nfor\nc\n"
                   "d\ne\nf\ng\nh\ni\nj\n}\nk\n";
  std::vector<unsigned> M = originalLines(unifiedDiff("f.c", Orig, Tr), 17);
  ASSERT_EQ(M.size(), 18u);
  EXPECT_EQ(M[1], 1u);
  EXPECT_EQ(M[3], 0u); // added
  EXPECT_EQ(M[5], 0u); // changed
  EXPECT_EQ(M[6], 4u); // the loop
  EXPECT_EQ(M[10], 8u); // between the hunks
  EXPECT_EQ(M[15], 0u);
  EXPECT_EQ(M[16], 13u);
  // Lines added to an empty file; a hand-written hunk that adds 2 lines
  // after line 1 of the original ("-1,0").
  EXPECT_EQ(originalLines(unifiedDiff("f.c", "", "x\ny\n"), 2),
            (std::vector<unsigned>{0, 0, 0}));
  EXPECT_EQ(originalLines("--- f.c\n+++ f.c\n@@ -1,0 +2,2 @@\n+p\n+q\n", 5),
            (std::vector<unsigned>{0, 1, 0, 0, 2, 3}));
  // No difference: no hunk.
  M = originalLines("", 3);
  EXPECT_EQ(M, (std::vector<unsigned>{0, 1, 2, 3}));
}
