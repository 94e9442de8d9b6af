//===- LaunchInfo.cpp - Read libomptarget's launch info; judge pointers ---===//
#include "Check/LaunchInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstring>
#include <tuple>

namespace ompm {
namespace check {

namespace {

const uint64_t PointerSize = 8; // x86_64 and nvptx64

/// The message of a libomptarget info line ("omptarget device 0 info: MSG",
/// "\"PluginInterface\" device 0 info: MSG"), wherever it starts in the line
/// (a program's own stderr may precede it without a newline).
std::optional<llvm::StringRef> infoMessage(llvm::StringRef Line, unsigned &Device) {
  static const char *const Sources[] = {"omptarget", "\"PluginInterface\"", "CUDA",
                                        "AMDGPU"};
  size_t From = 0;
  while (true) {
    size_t P = Line.find(" device ", From);
    if (P == llvm::StringRef::npos)
      return std::nullopt;
    From = P + 1;
    llvm::StringRef Before = Line.take_front(P);
    if (!llvm::any_of(Sources, [&](const char *S) { return Before.ends_with(S); }))
      continue;
    llvm::StringRef Rest = Line.drop_front(P + 8);
    llvm::StringRef Num = Rest.take_while(llvm::isDigit);
    if (Num.empty() || Num.getAsInteger(10, Device))
      continue;
    Rest = Rest.drop_front(Num.size());
    if (!Rest.consume_front(" info: "))
      continue;
    return Rest;
  }
}

/// The value of "Key=0x..." or "Key=123" in a message.
std::optional<uint64_t> field(llvm::StringRef Msg, llvm::StringRef Key) {
  size_t P = 0;
  while ((P = Msg.find(Key, P)) != llvm::StringRef::npos) {
    bool Start = P == 0 || Msg[P - 1] == ' ' || Msg[P - 1] == ',';
    P += Key.size();
    if (!Start || P >= Msg.size() || Msg[P] != '=')
      continue;
    llvm::StringRef V = Msg.drop_front(P + 1);
    uint64_t X = 0;
    if (V.consume_front("0x")) {
      llvm::StringRef Hex = V.take_while(llvm::isHexDigit);
      if (Hex.empty() || Hex.getAsInteger(16, X))
        return std::nullopt;
      return X;
    }
    llvm::StringRef Dec = V.take_while(llvm::isDigit);
    if (Dec.empty() || Dec.getAsInteger(10, X))
      return std::nullopt;
    return X;
  }
  return std::nullopt;
}

/// "Name=..." is the last field of a message and may hold anything.
std::optional<std::string> nameField(llvm::StringRef Msg) {
  size_t P = Msg.rfind(", Name=");
  if (P == llvm::StringRef::npos)
    return std::nullopt;
  return Msg.drop_front(P + 7).rtrim().str();
}

/// "a" of "a[0:n]" and of "a"; "m.x" of "m.x[0:m.n]".
llvm::StringRef itemBase(llvm::StringRef Name) {
  return Name.take_until([](char C) { return C == '['; }).trim();
}

/// Whether Name is a section of Base that starts at element 0: p[0:1], p[:1], p[0].
bool sectionFromZero(llvm::StringRef Name, llvm::StringRef Base) {
  if (!Name.consume_front(Base) || !Name.consume_front("["))
    return false;
  return Name.starts_with(":") || Name.starts_with("0:") || Name.starts_with("0]");
}

/// A section written with length 0 ("p[:0]", "p[0:0]"): mapped only to find
/// what is already present.
bool literalZeroLength(llvm::StringRef Name) {
  return Name.ends_with(":0]");
}

} // namespace

std::vector<unsigned> originalLines(llvm::StringRef Diff, unsigned TranslatedLines) {
  std::vector<unsigned> Map(TranslatedLines + 1, 0);
  // Lines outside hunks are the same, shifted by what the hunks before
  // added or removed.
  unsigned O = 1, T = 1;
  auto Same = [&](unsigned UpToT) {
    for (; T < UpToT && T <= TranslatedLines; ++T, ++O)
      Map[T] = O;
  };
  bool InHunk = false;
  llvm::StringRef Rest = Diff;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    if (Line.starts_with("@@ -")) {
      // @@ -o[,ol] +t[,tl] @@
      llvm::StringRef H = Line.drop_front(4);
      unsigned HO = 0, HT = 0;
      if (H.take_while(llvm::isDigit).getAsInteger(10, HO))
        return std::vector<unsigned>(TranslatedLines + 1, 0);
      size_t Plus = H.find(" +");
      if (Plus == llvm::StringRef::npos ||
          H.drop_front(Plus + 2).take_while(llvm::isDigit).getAsInteger(10, HT))
        return std::vector<unsigned>(TranslatedLines + 1, 0);
      Same(HT);
      // "-o,0" (nothing of the original in the hunk) names the line before.
      O = H.drop_front(H.take_while(llvm::isDigit).size()).starts_with(",0 ") ? HO + 1 : HO;
      T = HT;
      InHunk = true;
      continue;
    }
    if (!InHunk)
      continue; // the --- and +++ lines
    if (Line.starts_with(" ")) {
      if (T <= TranslatedLines)
        Map[T] = O;
      ++T, ++O;
    } else if (Line.starts_with("-")) {
      ++O;
    } else if (Line.starts_with("+")) {
      ++T;
    }
  }
  Same(TranslatedLines + 1);
  return Map;
}

// ---------------------------------------------------------------------------
// Arguments and launches
// ---------------------------------------------------------------------------

std::string LaunchArg::text() const {
  return Type + "(" + Name + ")[" + std::to_string(Size) + "]" +
         (Implicit ? " (implicit)" : "");
}

std::optional<LaunchArg> parseLaunchArg(llvm::StringRef Text) {
  LaunchArg A;
  llvm::StringRef S = Text.trim();
  if (S.consume_back("(implicit)")) {
    A.Implicit = true;
    S = S.rtrim();
  }
  // TYPE(NAME)[SIZE]: the name may hold parentheses and brackets itself.
  if (!S.consume_back("]"))
    return std::nullopt;
  size_t Open = S.rfind('[');
  if (Open == llvm::StringRef::npos || S.drop_front(Open + 1).getAsInteger(10, A.Size))
    return std::nullopt;
  S = S.take_front(Open);
  size_t Paren = S.find('(');
  if (Paren == llvm::StringRef::npos || !S.ends_with(")"))
    return std::nullopt;
  A.Type = S.take_front(Paren).str();
  static const char *const Types[] = {"to",      "from",         "tofrom",     "alloc",
                                      "private", "firstprivate", "use_address"};
  if (!llvm::is_contained(Types, A.Type))
    return std::nullopt;
  A.Name = S.slice(Paren + 1, S.size() - 1).str();
  return A;
}

const LaunchItem *KernelLaunch::item(llvm::StringRef Name) const {
  for (const LaunchItem &I : Items)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

void DeviceTable::create(uint64_t Host, uint64_t Device, uint64_t Size) {
  ByHost[Host] = {Host, Device, Size};
  ByDevice[Device] = {Host, Device, Size};
  Attached.erase(Attached.lower_bound(Host), Attached.lower_bound(Host + Size));
}

void DeviceTable::remove(uint64_t Host) {
  auto It = ByHost.find(Host);
  if (It == ByHost.end())
    return;
  Entry E = It->second;
  Attached.erase(Attached.lower_bound(E.Host), Attached.lower_bound(E.Host + E.Size));
  ByHost.erase(It);
  ByDevice.erase(E.Device);
}

void DeviceTable::copyToDevice(uint64_t Host, uint64_t Device, uint64_t Size) {
  auto It = ByDevice.upper_bound(Device);
  if (It == ByDevice.begin())
    return; // a private copy: not an entry of the table
  const Entry &E = std::prev(It)->second;
  if (Device >= E.Device + E.Size)
    return;
  uint64_t Slot = E.Host + (Device - E.Device);
  // A pointer's worth of bytes from elsewhere than the slot's own host copy
  // is libomptarget attaching a translated pointer; anything else is data,
  // which overwrites what was attached there.
  if (Size == PointerSize && Host != Slot)
    Attached.insert(Slot);
  else
    Attached.erase(Attached.lower_bound(Slot), Attached.lower_bound(Slot + Size));
}

unsigned readLaunches(
    llvm::StringRef Stderr,
    llvm::function_ref<void(const KernelLaunch &, const DeviceTable &)> OnLaunch) {
  struct DeviceState {
    DeviceTable Table;
    std::optional<KernelLaunch> Open; ///< between "Entering" and "Launching"
    bool Overlap = false;
    unsigned ArgsLeft = 0; ///< argument lines still to come
    bool ArgsOfKernel = false;
  };
  std::map<unsigned, DeviceState> Devices;
  unsigned Overlapping = 0;
  llvm::StringRef Rest = Stderr;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    unsigned Dev = 0;
    std::optional<llvm::StringRef> M = infoMessage(Line, Dev);
    if (!M)
      continue;
    llvm::StringRef Msg = M->rtrim();
    DeviceState &D = Devices[Dev];
    if (D.ArgsLeft) {
      if (std::optional<LaunchArg> A = parseLaunchArg(Msg)) {
        --D.ArgsLeft;
        if (D.ArgsOfKernel && D.Open)
          D.Open->Args.push_back(*A);
        continue;
      }
      D.ArgsLeft = 0; // lines of another thread: the list is cut short
      D.Overlap = D.Open.has_value();
    }
    if (Msg.ends_with(" arguments:")) {
      // "Entering OpenMP kernel at F:L:C with N arguments:", and the data
      // regions' "Entering/Exiting OpenMP data region ... with N arguments:".
      size_t W = Msg.rfind(" with ");
      unsigned N = 0;
      if (W == llvm::StringRef::npos ||
          Msg.slice(W + 6, Msg.size() - 11).trim().getAsInteger(10, N))
        continue;
      bool Kernel = Msg.starts_with("Entering OpenMP kernel at ");
      if (D.Open) // another launch or region before this one started
        D.Overlap = true;
      D.ArgsLeft = N;
      D.ArgsOfKernel = Kernel;
      if (!Kernel)
        continue;
      if (D.Open)
        ++Overlapping; // the open one never reaches OnLaunch
      KernelLaunch L;
      L.Device = Dev;
      llvm::StringRef Loc = Msg.slice(strlen("Entering OpenMP kernel at "), W);
      auto [FileLine, Col] = Loc.rsplit(':');
      auto [File, LineNo] = FileLine.rsplit(':');
      L.File = File.str();
      if (LineNo.getAsInteger(10, L.Line) || Col.getAsInteger(10, L.Column))
        L.Line = L.Column = 0;
      D.Open = std::move(L);
      continue;
    }
    if (Msg.starts_with("Creating new map entry with ")) {
      auto H = field(Msg, "HstPtrBegin"), T = field(Msg, "TgtPtrBegin"),
           S = field(Msg, "Size");
      if (!H || !T || !S)
        continue;
      D.Table.create(*H, *T, *S);
      if (D.Open)
        if (auto N = nameField(Msg))
          D.Open->Items.push_back({*N, *H, *T, *S, true});
      continue;
    }
    if (Msg.starts_with("Mapping exists")) {
      auto H = field(Msg, "HstPtrBegin"), T = field(Msg, "TgtPtrBegin"),
           S = field(Msg, "Size");
      auto N = nameField(Msg);
      if (D.Open && H && T && S && N && !D.Open->item(*N))
        D.Open->Items.push_back({*N, *H, *T, *S, false});
      continue;
    }
    if (Msg.starts_with("Copying data from host to device")) {
      auto H = field(Msg, "HstPtr"), T = field(Msg, "TgtPtr"), S = field(Msg, "Size");
      if (H && T && S)
        D.Table.copyToDevice(*H, *T, *S);
      continue;
    }
    if (Msg.starts_with("Removing map entry with ")) {
      if (auto H = field(Msg, "HstPtrBegin"))
        D.Table.remove(*H);
      continue;
    }
    if (Msg.starts_with("Launching kernel ")) {
      if (!D.Open)
        continue;
      llvm::StringRef K = Msg.drop_front(strlen("Launching kernel "));
      D.Open->Kernel = K.take_until([](char C) { return C == ' '; }).str();
      if (D.Overlap)
        ++Overlapping;
      else
        OnLaunch(*D.Open, D.Table);
      D.Open.reset();
      D.Overlap = false;
      D.ArgsLeft = 0;
    }
  }
  return Overlapping;
}

// ---------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------

std::vector<UnmappedPointer> judgeLaunch(const KernelLaunch &L, const DeviceTable &T,
                                         const KernelFacts &K) {
  std::vector<UnmappedPointer> Out;
  auto Report = [&](const PointerUse &U, const LaunchArg *A, std::string Reason) {
    UnmappedPointer P;
    P.File = K.File;
    P.Line = K.Line;
    P.Column = K.Column;
    P.Directive = K.Directive;
    P.Original = K.Original;
    P.OriginalLine = K.OriginalLine;
    P.Name = U.Name;
    P.Type = U.Type;
    P.UseLine = U.Line;
    P.Arg = A ? A->text() : "";
    P.Reason = std::move(Reason);
    P.Launches = 1;
    Out.push_back(std::move(P));
  };
  for (const PointerUse &U : K.Uses) {
    if (K.DeviceAddrs.count(U.Name))
      continue;
    // The arguments for the pointer itself: sections of it, mapped at this
    // launch, give the kernel their device address, except a zero-length
    // one ("p[:0]") that finds nothing present (one whose length is 0 at
    // run time has nothing to read); a whole one is the pointer's value.
    const LaunchArg *Whole = nullptr;
    std::vector<const LaunchArg *> Sections;
    for (const LaunchArg &A : L.Args) {
      if (itemBase(A.Name) != U.Name)
        continue;
      if (llvm::StringRef(A.Name).trim() == U.Name)
        Whole = &A;
      else
        Sections.push_back(&A);
    }
    if (llvm::any_of(Sections, [&](const LaunchArg *A) {
          return A->Size > 0 || L.item(A->Name) || !literalZeroLength(A->Name);
        }))
      continue;
    if (!Sections.empty()) {
      Report(U, Sections.front(),
             "its zero-length section finds nothing mapped at that address, so the "
             "kernel gets the host address");
      continue;
    }
    if (U.Base.empty()) {
      // A pointer variable.
      if (!Whole)
        continue; // not an argument: a declare target variable, or unnamed
      if (Whole->Type == "use_address") {
        if (!L.item(U.Name))
          Report(U, Whole,
                 "not mapped: no map clause covers what it points to and nothing is "
                 "mapped at that address when the kernel starts, so the kernel gets "
                 "the host address");
      } else if (Whole->Type == "firstprivate") {
        Report(U, Whole,
               "passed firstprivate without is_device_ptr: the kernel gets the host "
               "address");
      } else if (Whole->Type != "private") {
        const LaunchItem *I = L.item(U.Name);
        if (!I || !T.attached(I->Host))
          Report(U, Whole,
                 "the pointer itself is mapped, not a section of what it points to: "
                 "its device copy holds the host address");
      }
      continue;
    }
    // A pointer member: find the host address of the pointer, then ask
    // whether its device copy was attached to device data.
    const LaunchArg *BaseArg = nullptr;
    for (const LaunchArg &A : L.Args)
      if (itemBase(A.Name) == U.Base)
        BaseArg = &A;
    std::optional<uint64_t> Slot;
    const LaunchArg *Via = Whole ? Whole : BaseArg;
    if (const LaunchItem *I = L.item(U.Name)) {
      Slot = I->Host;
    } else if (U.Offset) {
      if (const LaunchItem *B = L.item(U.Base)) {
        Slot = B->Host + *U.Offset;
      } else if (U.BaseIsPointer) {
        for (const LaunchItem &I : L.Items)
          if (sectionFromZero(I.Name, U.Base)) {
            Slot = I.Host + *U.Offset;
            break;
          }
      } else if (BaseArg && BaseArg->Name == U.Base && BaseArg->Type != "private") {
        Report(U, BaseArg,
               "'" + U.Base + "' is passed as a private copy (firstprivate): its member " +
                   U.Name + " holds the host address");
        continue;
      }
    }
    if (Slot && !T.attached(*Slot))
      Report(U, Via,
             "'" + U.Base + "' is on the device, but no section of " + U.Name +
                 " is mapped and attached to it: the device copy of " + U.Name +
                 " holds the host address");
  }
  return Out;
}

LaunchReport checkLaunches(llvm::StringRef Stderr, llvm::ArrayRef<KernelFacts> Kernels) {
  LaunchReport R;
  std::map<std::tuple<std::string, unsigned, unsigned>, unsigned> PerKernel;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string>, size_t> Index;
  R.Overlapping = readLaunches(Stderr, [&](const KernelLaunch &L, const DeviceTable &T) {
    ++R.Launches;
    if (L.Line == 0 || L.File == "unknown") {
      ++R.Unnamed;
      return;
    }
    // The construct at the launch's line (and column, if several share it).
    std::vector<const KernelFacts *> AtLine, AtColumn;
    for (const KernelFacts &F : Kernels)
      if (F.File == L.File && F.Line == L.Line) {
        AtLine.push_back(&F);
        if (F.Column == L.Column)
          AtColumn.push_back(&F);
      }
    const KernelFacts *K = AtLine.size() == 1     ? AtLine.front()
                           : AtColumn.size() == 1 ? AtColumn.front()
                                                  : nullptr;
    if (!K)
      return; // not a construct of the sources, or not one alone
    ++R.Checked;
    ++PerKernel[{K->File, K->Line, K->Column}];
    for (UnmappedPointer &P : judgeLaunch(L, T, *K)) {
      auto Key = std::make_tuple(P.File, P.Line, P.Column, P.Name);
      auto It = Index.find(Key);
      if (It != Index.end()) {
        ++R.Unmapped[It->second].Launches;
        continue;
      }
      Index[Key] = R.Unmapped.size();
      R.Unmapped.push_back(std::move(P));
    }
  });
  R.Launches += R.Overlapping;
  for (UnmappedPointer &P : R.Unmapped)
    P.Of = PerKernel[{P.File, P.Line, P.Column}];
  // A kernel's pointers together (a later launch may add one), in source order.
  std::stable_sort(R.Unmapped.begin(), R.Unmapped.end(),
                   [](const UnmappedPointer &A, const UnmappedPointer &B) {
                     return std::tie(A.File, A.Line, A.Column) <
                            std::tie(B.File, B.Line, B.Column);
                   });
  return R;
}

std::string LaunchReport::summary() const {
  // "a kernel uses ...: f.c:4 'a', 'b'" / "2 kernels use ...: f.c:4 'a'; f.c:9 'm.x'",
  // the first four kernels named.
  const unsigned Named = 4;
  std::string Kernels;
  unsigned N = 0;
  std::string Last;
  for (const UnmappedPointer &P : Unmapped) {
    std::string Loc = P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
    if (Loc != Last) {
      Last = Loc;
      if (N++ < Named)
        Kernels += (N > 1 ? "; " : "") + P.File + ":" + std::to_string(P.Line) + " ";
    } else if (N <= Named) {
      Kernels += ", ";
    }
    if (N <= Named)
      Kernels += "'" + P.Name + "'";
  }
  if (N > Named)
    Kernels += "; " + std::to_string(N - Named) + " more";
  return (N == 1 ? std::string("a kernel uses") : std::to_string(N) + " kernels use") +
         " pointers that hold host addresses on the device: " + Kernels;
}

std::string LaunchReport::details() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  std::string Last;
  for (const UnmappedPointer &P : Unmapped) {
    std::string Loc = P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
    if (Loc != Last) {
      OS << "  " << Loc << (P.Original.empty() ? "" : " (translation)") << ": kernel '"
         << P.Directive << "' (at " << P.Launches << " of " << P.Of << " launches";
      if (!P.Original.empty()) {
        OS << "; its statement starts at ";
        if (P.OriginalLine)
          OS << P.Original << ":" << P.OriginalLine << " in the original";
        else
          OS << "a line the translation changed";
      }
      OS << "):\n";
      Last = Loc;
    }
    OS << "    '" << P.Name << "' (" << P.Type << ", used at line " << P.UseLine
       << "): " << P.Reason;
    if (!P.Arg.empty())
      OS << " [" << P.Arg << "]";
    OS << "\n";
  }
  if (!Unmapped.empty())
    OS << "  (the CPU stand-in device shares the host's address space, so these kernels "
          "still compute there; on a GPU they would read host memory. Map a section of "
          "what each pointer points to, map(to: a[0:n]); a pointer that holds a device "
          "address needs is_device_ptr)\n";
  return S;
}

} // namespace check
} // namespace ompm
