//===- HostParallel.h - CPU OpenMP loops offloaded ----------------*- C++ -*-===//
//
// `--offload=openmp`: each host parallel construct lib/Facts/HostParallel
// finds offloadable becomes one kernel per work-sharing loop: the loop's
// directive line is replaced by the target teams form of --loop-style with
// the clauses kept, the maps of its arrays (sections inferred, `to` for
// what it only reads) and of the shared scalars it writes, and the
// reductions its critical sections become; a `parallel` region's own line
// goes. Its critical sections become atomics (lib/Facts/Criticals); one
// that must stay keeps the construct on the host. With --optimize-data,
// the critical sections of the input's target kernels are converted the
// same way (or reported). Each construct is a record.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_HOSTPARALLEL_H
#define OMPM_TRANSLATE_HOSTPARALLEL_H

#include "Edit/PlanStep.h"
#include "Facts/Criticals.h"
#include "Facts/HostParallel.h"
#include "Placement/Kernels.h"
#include "Translate/Criticals.h"
#include "Translate/Options.h"
#include <map>
#include <set>

namespace ompm {

class HostParallelTranslator : public PlanStep {
public:
  HostParallelTranslator(const PlanStep &Base, const PlanOptions &Opts,
                         std::vector<Kernel> &Kernels)
      : PlanStep(Base), Opts(Opts), Kernels(Kernels) {}
  /// Offloads each construct it can (a record each).
  void run(const std::vector<HostParallel> &Constructs);
  /// --optimize-data: the critical sections of the input's target kernels.
  void convertKernelCriticals();
  /// --offload=openmp: the criticals outside any construct of their
  /// function (Facts: analyzeOrphanedCriticals), converted where they may
  /// be; a record each.
  void convertOrphanedCriticals();
  /// The directives offloaded: device code to data placement.
  const std::set<const clang::Stmt *> &offloaded() const { return Offloaded; }

private:
  /// The kernel line of W and its map items; why not, else "".
  std::string kernel(const WorkLoop &W,
                     const std::vector<CriticalFact> &Facts, std::string &Line,
                     std::vector<KernelItem> &Items, ConstructRecord &R);
  /// A construct that stays on the host for a reason other than its
  /// criticals: they become atomics there when every one of them may (a
  /// CPU speed-up; no reduction clause is added to the input's directive).
  /// False (nothing changed) when one must stay a critical.
  bool hostAtomics(const HostParallel &H, const std::set<const clang::ValueDecl *> &Private,
                   const std::vector<const clang::OMPLoopDirective *> &Loops,
                   CriticalRewriter &CR, ConstructRecord &R);
  /// An arg-max critical of H (F's form ArgReduction): its key's name and
  /// text (F.Key, F.Clause, F.NewBody), the lines around the loop into
  /// Before and After; or F stays, with why.
  void argCritical(const HostParallel &H, CriticalFact &F, std::vector<std::string> &Before,
                   std::vector<std::string> &After);
  /// The second pass of an arg-max critical of H that packs into no key
  /// (F.ArgPacked false), after its loop's kernel (whose map items are
  /// Items): its lines around the loop into Before and After, its note
  /// into R; why not, else "".
  std::string argSecondPass(const HostParallel &H, const CriticalFact &F,
                            const std::vector<KernelItem> &Items,
                            std::vector<std::string> &Before, std::vector<std::string> &After,
                            ConstructRecord &R);
  /// The lines of W's arg-max criticals (ArgLines, by loop) around W: a
  /// block from before its directive (Pragma) to after the loop.
  using ArgLineMap = std::map<const clang::OMPLoopDirective *,
                              std::pair<std::vector<std::string>, std::vector<std::string>>>;
  void argLines(const WorkLoop &W, clang::CharSourceRange Pragma, ArgLineMap &ArgLines,
                EditSet &E);
  /// --team-histograms: names for the TeamHistogram facts of H's loops
  /// (one copy per array and loop), or, where the loop or the update does
  /// not allow the form, the plain atomic update (Form Update) instead.
  void teamCopies(const HostParallel &H, std::vector<CriticalFact> &Facts,
                  const CriticalRewriter &CR);
  /// Whether W's clauses allow the team-local form (the input's clauses go
  /// on `distribute parallel for`, which takes them; no reduction beside).
  bool teamFormFits(const WorkLoop &W, const std::vector<CriticalFact> &Facts) const;
  /// The team-local lines of W's histograms into TeamLines; W's own line
  /// into Line.
  void teamLoop(const WorkLoop &W, const std::vector<CriticalFact> &Facts,
                const std::vector<std::string> &TeamClauses,
                const std::vector<std::string> &LoopClauses, std::string &Line,
                ConstructRecord &R);
  ArgLineMap TeamLines;
  const PlanOptions &Opts;
  std::vector<Kernel> &Kernels;
  std::set<const clang::Stmt *> Offloaded;
  std::set<const clang::FunctionDecl *> DeclaredTarget;
};

} // namespace ompm

#endif
