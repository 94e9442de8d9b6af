//===- LaunchInfo.h - Kernels that receive host addresses --------*- C++ -*-===//
//
// `omp-migrate check` runs the translation on a CPU stand-in device that
// keeps its own memory but shares the host's address space: a kernel that
// dereferences a pointer holding a HOST address (a pointer passed unmapped,
// or a structure's pointer member copied as data) still computes the right
// answer there, and crashes or reads garbage on a GPU. This finds them from
// two sources:
//
//  - the translated source (KernelFacts.cpp): for each OpenMP target
//    construct, the pointers its code uses as addresses (indexes,
//    dereferences, offsets, passes on), each a pointer variable declared
//    outside the construct or a pointer member of a structure variable (m.x,
//    p->x, this->x), and its is_device_ptr / has_device_addr list;
//  - libomptarget's information at each kernel launch (LIBOMPTARGET_INFO
//    bits 1, 2, 8, 16 and 32; the build gets -gline-tables-only, so the
//    runtime prints source locations and variable names): the arguments with
//    their map types, the device table's entries found or created, the
//    pointers attached into mapped structures, and the launch itself.
//
// The formats read are libomptarget 19's (docs/check.md lists them).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_CHECK_LAUNCHINFO_H
#define OMPM_CHECK_LAUNCHINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace ompm {
namespace check {

// ---------------------------------------------------------------------------
// What the translated source says
// ---------------------------------------------------------------------------

/// A pointer a kernel's code uses as an address.
struct PointerUse {
  /// As Clang names map items: "a", "m.x", "p->x", "this->d".
  std::string Name;
  std::string Type; ///< "double *"
  /// For a member: the variable it is reached from ("m", "p", "this");
  /// "" for a pointer variable.
  std::string Base;
  bool BaseIsPointer = false; ///< p->x, this->x: Base holds the structure's address
  /// The member's byte offset in the structure Base is or points to, when
  /// known (not through a base class).
  std::optional<uint64_t> Offset;
  unsigned Line = 0; ///< of its first use
};

/// One OpenMP target construct of a translated source.
struct KernelFacts {
  std::string File; ///< the file name, without directories (as libomptarget prints it)
  unsigned Line = 0, Column = 0; ///< of the directive
  unsigned StmtLine = 0;          ///< where its statement starts
  std::string Directive;          ///< "target teams distribute parallel for"
  /// When the translation moved lines: the source it was translated from
  /// and the line of the same statement there (0: a line it changed).
  std::string Original;
  unsigned OriginalLine = 0;
  std::vector<PointerUse> Uses;
  /// Variables whose value is a device address by the directive's or an
  /// enclosing target data's clauses: is_device_ptr, has_device_addr,
  /// use_device_ptr, use_device_addr.
  std::set<std::string> DeviceAddrs;
};

/// For each line of a translation (1-based; [0] unused), the line of the
/// original it is (0: a line the translation added or changed), from their
/// unified diff (ompm::unifiedDiff).
std::vector<unsigned> originalLines(llvm::StringRef UnifiedDiff, unsigned TranslatedLines);

/// The target constructs of the main file and the headers it includes (not
/// system headers), with their pointer uses.
std::vector<KernelFacts> collectKernelFacts(clang::ASTContext &Ctx);

// ---------------------------------------------------------------------------
// What libomptarget says
// ---------------------------------------------------------------------------

/// One argument line of "Entering OpenMP kernel ... with N arguments:",
/// "firstprivate(n)[4] (implicit)".
struct LaunchArg {
  std::string Type; ///< to from tofrom alloc firstprivate private use_address
  std::string Name; ///< "a[0:n]", "unknown" without source information
  uint64_t Size = 0;
  bool Implicit = false;
  std::string text() const; ///< as libomptarget printed it, trimmed
};

/// Parses an argument line's text (after the "... info: " prefix).
std::optional<LaunchArg> parseLaunchArg(llvm::StringRef Text);

/// A device table entry that a launch found or created for one of its
/// named items ("Creating new map entry ..., Name=a[0:n]", "Mapping exists
/// (implicit) with ..., Name=a").
struct LaunchItem {
  std::string Name;
  uint64_t Host = 0, Device = 0, Size = 0; ///< HstPtrBegin, TgtPtrBegin
  bool Created = false;
};

/// One kernel launch: the arguments and what the runtime did before it ran.
struct KernelLaunch {
  unsigned Device = 0;
  std::string File; ///< "unknown" without source information
  unsigned Line = 0, Column = 0;
  std::string Kernel; ///< the offload entry, from "Launching kernel NAME ..."
  std::vector<LaunchArg> Args;
  std::vector<LaunchItem> Items;
  const LaunchItem *item(llvm::StringRef Name) const;
};

/// The device memory as the info lines describe it: the mapped entries and
/// the host addresses of the pointers that hold a device address on the
/// device (attached: libomptarget wrote a translated pointer there).
class DeviceTable {
public:
  void create(uint64_t Host, uint64_t Device, uint64_t Size);
  void remove(uint64_t Host);
  void copyToDevice(uint64_t Host, uint64_t Device, uint64_t Size);
  /// Whether the device copy of the pointer at host address Slot holds a
  /// device address written by an attach.
  bool attached(uint64_t Slot) const { return Attached.count(Slot); }

private:
  struct Entry {
    uint64_t Host, Device, Size;
  };
  std::map<uint64_t, Entry> ByHost, ByDevice;
  std::set<uint64_t> Attached;
};

/// Reads libomptarget's info lines and calls OnLaunch for each kernel
/// launch, with the device table as it is when the kernel starts. Returns
/// the number of launches whose lines overlap another's (kernels started
/// from several threads), which are not reported.
unsigned readLaunches(llvm::StringRef Stderr,
                      llvm::function_ref<void(const KernelLaunch &, const DeviceTable &)> OnLaunch);

// ---------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------

/// A pointer a kernel uses as an address while it holds a host address.
struct UnmappedPointer {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Directive;
  std::string Original; ///< as KernelFacts
  unsigned OriginalLine = 0;
  std::string Name, Type;
  unsigned UseLine = 0;
  std::string Arg;    ///< the launch argument it came with, as printed, or ""
  std::string Reason; ///< one sentence
  unsigned Launches = 0, Of = 0; ///< launches with the defect, of the kernel's launches
};

/// The defects of one launch against its kernel's facts (unit-tested alone).
std::vector<UnmappedPointer> judgeLaunch(const KernelLaunch &L, const DeviceTable &T,
                                         const KernelFacts &K);

struct LaunchReport {
  unsigned Launches = 0;    ///< kernel launches seen
  unsigned Checked = 0;     ///< matched to a target construct of the source
  unsigned Overlapping = 0; ///< not judged: lines of several threads mixed
  unsigned Unnamed = 0; ///< launches without source information
  std::vector<UnmappedPointer> Unmapped; ///< one per kernel and pointer
  /// One line: "2 pointers used as host addresses: saxpy.c:12 'x', 'y'".
  std::string summary() const;
  /// The findings, two lines each, indented for check's text report.
  std::string details() const;
};

/// Reads an offload run's stderr against the kernels of its sources.
LaunchReport checkLaunches(llvm::StringRef Stderr, llvm::ArrayRef<KernelFacts> Kernels);

} // namespace check
} // namespace ompm

#endif
