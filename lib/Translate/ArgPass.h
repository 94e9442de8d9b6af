//===- ArgPass.h - The second pass of an arg-max or arg-min ------*- C++ -*-===//
//
// An arg-max loop offloaded with `reduction(max: best)` and the index
// private (firstprivate with a tie rule) gets its index back from a second
// kernel after it, over the same iterations: the first (or last, or with a
// tie rule the lowest or highest) iteration whose compared value equals
// the maximum, by a min (max) reduction on the index. Serial loops
// (SerialArg.cpp) and arg-max criticals of CPU OpenMP loops whose value
// packs into no key (HostParallel.cpp) write it alike. The pass copies the
// loop's header and evaluates the compared value again, so the value reads
// nothing the loop writes (Facts/ArgReductions, Facts/Criticals).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_ARGPASS_H
#define OMPM_TRANSLATE_ARGPASS_H

#include "Edit/MapList.h"
#include "Edit/PlanStep.h"
#include "Facts/ArgReductions.h"
#include "Placement/Kernels.h"

namespace ompm {

struct CanonicalLoop;

/// The lines of one second pass: declarations of the names it makes,
/// statements before the kernel, statements after the loop; the note.
struct ArgPassText {
  std::vector<std::string> Decls, Before, After;
  std::string Note;
};

class ArgPassWriter : public PlanStep {
public:
  /// Fn: the function whose variables the pass declares (freshName).
  ArgPassWriter(const PlanStep &Base, const clang::FunctionDecl *Fn) : PlanStep(Base), Fn(Fn) {}
  /// The text between the parentheses of For's header, on one line and not
  /// from a macro; "" with Why set otherwise.
  std::string header(const clang::ForStmt *For, std::string &Why) const;
  /// The sections of the kernel's arrays E reads, `to`, into Maps; why
  /// not ("" when each is an item of the kernel's own: a global a device
  /// function reads would be an unmapped pointer on a GPU).
  std::string mapsOf(const clang::Expr *E, const std::vector<KernelItem> &Items,
                     MapList &Maps) const;
  /// Whether E's text comes from a macro.
  bool fromMacro(const clang::Expr *E) const;
  /// The second pass of A over For (its canonical form CL): into Out; why
  /// not, else "".
  std::string write(const ArgReduction &A, const clang::ForStmt *For, const CanonicalLoop &CL,
                    const std::vector<KernelItem> &Items, ArgPassText &Out);

private:
  const clang::FunctionDecl *Fn;
};

} // namespace ompm

#endif
