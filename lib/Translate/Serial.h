//===- Serial.h - Serial loops proved parallel, offloaded ----------*- C++ -*-===//
//
// `--offload=serial`: each loop lib/Facts/SerialLoops proves parallel
// becomes `target teams distribute parallel for` (collapse for a perfect
// nest) with its data made explicit the way a compute construct's implicit
// data is (inferred sections, `to` for what it only reads), its reductions
// and the private scalars of each iteration; it is a kernel for data
// placement like any other. A loop left on the host is a decision with its
// reason (--explain, the report).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_SERIAL_H
#define OMPM_TRANSLATE_SERIAL_H

#include "Edit/PlanStep.h"
#include "Facts/SerialLoops.h"
#include "Placement/Kernels.h"
#include "clang/AST/ParentMap.h"
#include <map>
#include <memory>
#include <set>

namespace ompm {

class SerialTranslator : public PlanStep {
public:
  SerialTranslator(const PlanStep &Base, std::vector<Kernel> &Kernels)
      : PlanStep(Base), Kernels(Kernels) {}
  /// Offloads each loop proved parallel (a record each), and records the
  /// others as decisions.
  void run(const std::vector<SerialLoop> &Loops);
  /// The loops offloaded: device code, not host code, to data placement.
  const std::set<const clang::Stmt *> &offloaded() const { return Offloaded; }
  /// Adds the kernels' directive lines to the plan. Called after data
  /// placement: a region that starts at an offloaded loop puts its line at
  /// the same place, and it must come first (before the kernel's own).
  void emitEdits() {
    Out.Edits.insert(Out.Edits.end(), Pending.begin(), Pending.end());
    Pending.clear();
  }

private:
  /// The directive line for L, its map items and notes; why not, else "".
  std::string offload(const SerialLoop &L, std::string &Line,
                      std::vector<KernelItem> &Items, ConstructRecord &R,
                      LoopRecord &LR);
  /// The run-time test that the sections of L's pointer pairs do not
  /// overlap (a versioned loop), or "" with Why.
  std::string overlapTest(const SerialLoop &L, const std::vector<KernelItem> &Items,
                          std::string &Why) const;
  /// The loop's text, as lines, for the offloaded copy of a versioned loop.
  std::vector<std::string> loopCopy(const clang::ForStmt *For,
                                    const std::string &Indent) const;
  std::vector<Kernel> &Kernels;
  std::set<const clang::Stmt *> Offloaded;
  /// The test of the loop being offloaded, when it is versioned.
  std::string OverlapTest;
  /// The parents of each function's statements, built once per function.
  std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> FnParents;
  std::vector<Edit> Pending;
  /// The atomic directive lines of the loop being offloaded.
  EditSet Atomics{SM};
  /// The functions made declare target so far (once each).
  std::set<const clang::FunctionDecl *> DeclaredTarget;
};

} // namespace ompm

#endif
