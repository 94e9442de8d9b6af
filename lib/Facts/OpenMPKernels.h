//===- OpenMPKernels.h - OpenMP target kernels of the input -----*- C++ -*-===//
//
// Facts for `--optimize-data`: the OpenMP offload kernels a file already has
// (target, target teams ..., target parallel ...), with the arrays their map
// clauses move, and every other OpenMP directive (data regions, updates,
// host parallelism), which the data planner must leave alone. The planner
// then hoists one `target data` region around host loops that run these
// kernels, exactly as for translated OpenACC compute constructs.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_OPENMPKERNELS_H
#define OMPM_FACTS_OPENMPKERNELS_H

#include "Facts/Poly.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include <optional>
#include <string>
#include <vector>

namespace ompm {

/// One list item of a kernel's map clause that names an array: `a[lo:len]`
/// (one dimension, on a pointer or an array variable) or a whole array
/// variable of constant size.
struct OmpMapItem {
  const clang::ValueDecl *V = nullptr;
  std::string Text;     ///< the item as written
  std::string MapType;  ///< to, from, tofrom or alloc
  std::optional<Poly> Lo, Hi; ///< inclusive index range, when known
};

struct OmpKernel {
  const clang::OMPExecutableDirective *S = nullptr;
  const clang::FunctionDecl *Fn = nullptr;
  std::vector<OmpMapItem> Items;
  /// nowait or depend: a deferred task, whose data the planner leaves alone.
  bool Async = false;
  /// Map items the planner cannot reason about (always/present modifiers,
  /// release/delete, struct members, multi-dimensional pointer sections):
  /// their text, for the report.
  std::vector<std::string> Skipped;
  /// It maps data reached through a structure's pointer member (`s.x[0:n]`,
  /// `p->x[...]`): an alias of any array, which data placement cannot follow.
  bool MemberData = false;
};

struct OpenMPFacts {
  std::vector<OmpKernel> Kernels;
  /// Every other OpenMP directive of a function body (target data, enter or
  /// exit data, target update, parallel, ...), outermost only, except
  /// inside a target data region, whose block is walked like host code.
  std::vector<const clang::OMPExecutableDirective *> Others;
};

/// The OpenMP directives of the main file's function definitions (templates
/// excluded), in source order. A kernel nested inside another OpenMP
/// directive is not collected (the enclosing directive is in Others),
/// except inside a target data region (in Others, with its kernels).
OpenMPFacts collectOpenMPFacts(clang::ASTContext &Ctx);

} // namespace ompm

#endif
