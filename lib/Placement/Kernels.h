//===- Kernels.h - What data placement is given -------------------*- C++ -*-===//
//
// Data placement works on a list of kernels: a statement that runs on the
// device (a translated OpenACC compute construct, an OpenMP target
// construct of the input with --optimize-data, later an offloaded serial
// loop), with the arrays it maps. It does not know where a kernel came
// from: what it must know of the input's other directives (which
// statements a region must not enclose, the input's own data regions) it
// is told through Barrier and InputDirectives.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLACEMENT_KERNELS_H
#define OMPM_PLACEMENT_KERNELS_H

#include "Facts/Poly.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// One array a kernel maps: its section and map type.
struct KernelItem {
  const clang::ValueDecl *V = nullptr;
  std::string Name, Section, Type;
  std::optional<Poly> Lo, Hi; ///< inferred bounds, when known
};

struct Kernel {
  const clang::Stmt *S = nullptr;
  const clang::FunctionDecl *Fn = nullptr;
  std::vector<KernelItem> Items;
  /// Asynchronous (async, nowait or depend): no region around it.
  bool Async = false;
  /// The code that runs on the device; null when it is not in sight (a
  /// call to a summarized function).
  const clang::Stmt *Body = nullptr;
  /// It may run on the host instead (an if or self clause).
  bool Conditional = false;
  /// Why no data region may enclose it (data it zeroes must be allocated
  /// by it); empty when one may.
  std::string NoRegionWhy;
  /// Map items the kernel keeps as its own (an always or present modifier,
  /// a form not followed): noted on a region around it.
  std::vector<std::string> Skipped;
  /// Functions of the file it calls whose bodies its facts follow (pointer
  /// arguments: lib/Facts/RegionCalls): RegionFacts of Body take them.
  std::set<const clang::FunctionDecl *> Followed;
};

/// A statement of the input that a data region must not enclose (a data
/// directive of its own, a construct left untranslated, a kernel whose data
/// may be any array's), and why. Fn: the function it is in, when the
/// source knows it; otherwise it is found by its source range.
struct Barrier {
  const clang::Stmt *S = nullptr;
  const clang::FunctionDecl *Fn = nullptr;
  std::string Why;
  /// A construct left untranslated: a loop or a run that holds it gets no
  /// region, but a block's runs are not cut at it.
  bool Untranslated = false;
};

/// What data placement asks of the input's own directives.
class InputDirectives {
public:
  virtual ~InputDirectives() = default;
  /// S is a construct of the input whose code is not host code to scan
  /// (a kernel, any OpenACC construct).
  virtual bool isConstruct(const clang::Stmt *S) const = 0;
  /// S is a directive of the input (OpenACC or OpenMP): host loops inside
  /// it are not loops a region may enclose.
  virtual bool isDirective(const clang::Stmt *S) const = 0;
  /// The body of S when S is a data region of the input that placement may
  /// complete inside; null otherwise.
  virtual const clang::Stmt *userDataBody(const clang::Stmt *S) const = 0;
  /// The variables (canonical declarations) the input's data regions
  /// around L name, and those an enter data before L and an exit data after
  /// it in a block around L both name: left to them.
  virtual std::set<const clang::ValueDecl *>
  userMappedAround(const clang::Stmt *L, const clang::FunctionDecl *Fn) const = 0;
};

} // namespace ompm

#endif
