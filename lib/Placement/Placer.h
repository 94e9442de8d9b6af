//===- Placer.h - Where data regions go ---------------------------*- C++ -*-===//
//
// Data placement over a file's kernels: calls to functions whose only use
// of some arrays is their kernels become kernels of the caller (call
// summaries, CallSummaries.cpp); one data region goes around each host loop
// that runs kernels (Hoist*.cpp), around each run of straight-line
// statements whose kernels share arrays (Runs.cpp), with the host's
// accesses inside bracketed by target update, refined where proved
// (Refinements.cpp). A region that cannot be proved right is not placed:
// the kernels keep their own maps, and --explain says why.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLACEMENT_PLACER_H
#define OMPM_PLACEMENT_PLACER_H

#include "Edit/PlanStep.h"
#include "Facts/Allocations.h"
#include "Facts/CallGraph.h"
#include "Facts/HostCopies.h"
#include "Facts/Regions.h"
#include "Placement/Kernels.h"
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace ompm {

class DataPlacer : public PlanStep {
public:
  DataPlacer(const PlanStep &Base, std::vector<Kernel> Kernels,
             std::vector<Barrier> Barriers, const InputDirectives &Input)
      : PlanStep(Base), Kernels(std::move(Kernels)),
        Barriers(std::move(Barriers)), Input(Input) {}
  /// Places the regions: call summaries, the phases of a program (runs
  /// over loops), host loops, the remaining runs.
  void run();
  clang::ASTContext &context() const { return Ctx; }

  // Used by the steps of placement (Hoist*.cpp, Runs.cpp, CallSummaries.cpp).
  /// The functions with a body that hold kernels.
  std::set<const clang::FunctionDecl *> kernelFunctions() const;
  /// Whether S is a host loop (for, while, do) with a kernel of Fn inside.
  bool hostLoopRunningKernels(const clang::Stmt *S,
                              const clang::FunctionDecl *Fn) const;
  /// The kernels of Fn inside L, in source order.
  std::vector<const Kernel *> kernelsIn(const clang::Stmt *L,
                                        const clang::FunctionDecl *Fn) const;
  /// The first barrier of Fn inside Within; null if none. Untranslated:
  /// constructs left untranslated count too.
  const Barrier *barrierIn(const clang::Stmt *Within, const clang::FunctionDecl *Fn,
                           bool Untranslated) const;
  /// Whether a barrier lies in F (by its function, or its source range).
  bool barrierInFunction(const clang::FunctionDecl *F) const;
  /// What the file's functions may do to data (built on first use).
  const CallGraphFacts &callGraph();
  /// The file-scope variables of the translation unit, by name.
  const std::map<std::string, const clang::VarDecl *> &globalVars();
  /// The host-copy dataflow of each function, built once.
  const HostCopies &flowOf(const clang::FunctionDecl *Fn);
  /// Which pointers of the file are proved distinct objects (built on
  /// first use).
  const AllocationFacts &allocations();

  // Refinements.cpp: each proved, else the region keeps the map it would
  // have had without it.
  std::set<const clang::ValueDecl *>
  deviceOnlyArrays(const clang::Stmt *L, const clang::FunctionDecl *Fn,
                   const std::vector<const clang::ValueDecl *> &Vs,
                   const RegionFacts &LF,
                   const std::map<const clang::ValueDecl *, std::pair<Poly, Poly>>
                       *Cover = nullptr) const;
  std::optional<std::pair<Poly, Poly>>
  kernelWriteBox(const clang::Stmt *L, const clang::FunctionDecl *Fn,
                 const std::vector<const clang::ValueDecl *> &Vs,
                 const RegionFacts &LF) const;
  bool denseOverwrite(const clang::Stmt *S, const clang::ValueDecl *V,
                      const RegionFacts &SF, const SectionResult &Sec) const;
  bool skipFetch(const clang::Stmt *S, const clang::ValueDecl *V,
                 const RegionFacts &SF, const SectionResult &Sec,
                 const std::string &Item, const std::string &Whole,
                 const CopyEvents &Events, const clang::FunctionDecl *Fn,
                 bool AllowDense);

  /// Run: L is a run of statements of that block (a CompoundStmt made for
  /// the purpose), bracketed by target enter/exit data.
  /// AllOrNothing: no region unless every array of the kernels inside is
  /// hoisted. Why the last attempt made no region is in HoistWhy.
  bool tryHoist(const clang::Stmt *L, const clang::FunctionDecl *Fn,
                const clang::CompoundStmt *Run = nullptr, bool AllOrNothing = false);

  /// The kernels: those given, then calls to summarized functions.
  std::vector<Kernel> Kernels;
  const std::vector<Barrier> Barriers;
  const InputDirectives &Input;
  llvm::DenseSet<const clang::Stmt *> SummarizedCalls;
  /// What a summarized function's host code (its own and its summarized
  /// callees') does to global arrays. A call to it is a kernel for its
  /// summary's items and host code for these: a region of the caller may
  /// hold a global of Uses across the call with the call as a host access
  /// (a write when true), but never one of Poisoned, which its host code
  /// uses between kernels that write it, or writes between kernels that
  /// read it (the host would see, or the kernels keep, a stale copy).
  struct SummaryHostUses {
    std::map<const clang::VarDecl *, bool> Uses; ///< canonical decls
    std::set<const clang::VarDecl *> Poisoned;   ///< canonical decls
  };
  /// By the function's canonical declaration.
  std::map<const clang::FunctionDecl *, SummaryHostUses> SummaryHost;
  /// Why the last tryHoist made no region, for --explain.
  std::string HoistWhy;

private:
  void planCallSummaries();
  void planHoisting();
  void planStraightLineRuns(bool Phases);

  std::optional<CallGraphFacts> CallGraph;
  std::unique_ptr<AllocationFacts> Allocations;
  std::optional<std::map<std::string, const clang::VarDecl *>> GlobalVarsByName;
  std::map<const clang::FunctionDecl *, std::unique_ptr<HostCopies>> Flows;
  std::set<const clang::Stmt *> HoistedLoops;
  /// Statements of the runs given one region (planStraightLineRuns).
  std::set<const clang::Stmt *> InRun;
};

} // namespace ompm

#endif
