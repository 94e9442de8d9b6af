//===- Options.h - What planning a file is told -------------------*- C++ -*-===//
//
// The options of the translation (loop form, data placement, async) and
// the preprocessor facts the AST does not keep, given to every translator.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_OPTIONS_H
#define OMPM_TRANSLATE_OPTIONS_H

#include "Mapping/Mapping.h"
#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ompm {

/// Where data moves: per kernel (each construct's own maps, the naive
/// translation), or hoisted around host loops that run kernels.
enum class DataPlacement { PerKernel, Hoist };

struct PlanOptions {
  LoopStyle Style = LoopStyle::Distribute;
  DataPlacement Data = DataPlacement::Hoist;
  /// async compute constructs become deferred `nowait` tasks; by default they
  /// run synchronously once their queue's earlier work is done (OpenACC
  /// allows it, and libomptarget 19 hangs or crashes on some deferred target
  /// tasks).
  bool AsyncNowait = false;
  /// `--optimize-data`: the OpenMP target kernels of the input (parsed with
  /// -fopenmp) are kernels too: data regions are hoisted around the host
  /// loops that run them, their own map clauses left as they are (inside the
  /// region the data is present, so they move nothing).
  bool OptimizeOpenMP = false;
  /// `--offload=serial`: serial loops of host code proved parallel are
  /// offloaded (lib/Facts/SerialLoops, lib/Translate/Serial).
  bool OffloadSerial = false;
  /// `--offload=openmp`: the host's `parallel for` loops and `parallel`
  /// regions of work-sharing loops become target kernels
  /// (lib/Facts/HostParallel, lib/Translate/HostParallel).
  bool OffloadOpenMP = false;
  /// Critical sections of offloaded OpenMP loops and of the input's target
  /// kernels become atomics or reductions where legal
  /// (lib/Facts/Criticals); `--no-critical-to-atomic` turns it off.
  bool CriticalToAtomic = true;
  /// The critical sections of the input's own target kernels become atomics
  /// where legal (with CriticalToAtomic), as --optimize-data converts them,
  /// without its data placement: the clang-tidy check omp-migrate-critical
  /// (tidy/, docs/clang-tidy.md).
  bool KernelCriticals = false;
  /// `--array-reductions`: a declared array of a few elements that an
  /// offloaded serial loop updates at shared places (a histogram) is
  /// reduced whole (`reduction(+: h)`) instead of by atomic updates. Off by
  /// default until checked on a GPU with clang 19 (docs/serial.md).
  bool ArrayReductions = false;
  /// `--thread-loops`: with --offload=serial, an offloaded loop spreads over
  /// teams and its inner loops that write along their own variable over
  /// each team's threads (gemm's i and j; lib/Facts/ThreadLoops.h). Off by
  /// default until checked on a GPU.
  bool ThreadLoops = false;
  /// `--min-launch-work=N`: serial loops proved parallel (and, with
  /// --offload=openmp, CPU parallel loops) inside a host loop stay on the
  /// host with it when each launch runs at most N iterations
  /// (SerialLoopOptions::MinLaunchWork, keepSmallLaunches); 0 turns that off.
  uint64_t MinLaunchWork = 16384;
  /// `--min-trip-count=N`: a serial loop proved parallel whose constant trip
  /// count (over its collapsed nest) is below N stays on the host
  /// (SerialLoopOptions::MinTripCount); 0 turns that off.
  uint64_t MinTripCount = 1000;
  /// `--team-histograms`: with --offload=serial or openmp, the bins of a
  /// histogram an offloaded loop fills (lib/Facts/TeamHistograms.h; for
  /// criticals, CriticalForm::TeamHistogram) get a copy per team, added
  /// into the array once per team. In place of --array-reductions. Off by
  /// default until checked on a GPU.
  bool TeamHistograms = false;
  /// With --offload=serial: loops kept on the host that may run as two
  /// loops, the second parallel once interchanged, are looked for (the
  /// driver; lib/Driver/Distribute), and with SplitLoops listed in
  /// FilePlan::Splits (its first round; the second plans the split text).
  bool DistributeLoops = false;
  bool SplitLoops = false;
  /// The driver writes the project's headers (-i, --output-dir, --diff):
  /// a directive of a `_Pragma` in a header's macro definition is
  /// translated in the header (FileResult::MacroEdits); otherwise the file
  /// that uses the macro is left intact.
  bool HeaderMacros = false;
  /// Constructs whose translation the self-check rejected, by the input
  /// offset where each starts (its directive's '#', a loop's `for`), with
  /// the reason: planned again as constructs left intact
  /// (lib/Driver/Driver.cpp, planParsedFile), so that data placement sees
  /// only what is translated.
  std::map<unsigned, std::string> RolledBack;
};

/// Preprocessor facts the AST does not keep.
struct PPFacts {
  /// `_OPENACC` in #ifdef/#ifndef/defined()/#if: the macro name's range.
  std::vector<clang::CharSourceRange> OpenACCMacroRefs;
  /// `<openacc.h>` / `"openacc.h"` in an #include of the main file.
  std::vector<clang::CharSourceRange> OpenACCIncludes;
  /// The main file includes <omp.h> itself.
  bool IncludesOmpH = false;
  /// Where the main file includes <omp.h> (the include's '#').
  std::vector<clang::SourceLocation> OmpHIncludes;
  /// The '#' of the main file's first #include (invalid if none).
  clang::SourceLocation FirstInclude;
};

} // namespace ompm

#endif
