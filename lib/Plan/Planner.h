//===- Planner.h - From OpenACC facts to OpenMP edits ------------*- C++ -*-===//
//
// Decides, for each OpenACC directive of a file, what OpenMP to emit and
// where: the rendering of directives and clauses (from lib/Mapping), loop
// levels, implicit data made explicit with inferred sections, kernels regions
// split into kernels, runtime API calls rewritten. A construct that cannot be
// translated is left intact, with its reason, and nothing inside it changes.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLAN_PLANNER_H
#define OMPM_PLAN_PLANNER_H

#include "Edit/Edits.h"
#include "Facts/Directives.h"
#include "Mapping/Mapping.h"
#include "clang/AST/ASTContext.h"
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
};

/// Preprocessor facts the AST does not keep.
struct PPFacts {
  /// `_OPENACC` in #ifdef/#ifndef/defined()/#if: the macro name's range.
  std::vector<clang::CharSourceRange> OpenACCMacroRefs;
  /// `<openacc.h>` / `"openacc.h"` in an #include of the main file.
  std::vector<clang::CharSourceRange> OpenACCIncludes;
  /// The main file includes <omp.h> itself.
  bool IncludesOmpH = false;
  /// The '#' of the main file's first #include (invalid if none).
  clang::SourceLocation FirstInclude;
};

/// What became of one construct (the JSON report's entries).
struct ConstructRecord {
  std::string Kind;     ///< "parallel loop", "runtime call", ...
  unsigned Line = 0, Column = 0;
  std::string Original; ///< the directive or call as written
  std::vector<std::string> Emitted;
  bool Translated = false;
  std::string Reason;   ///< why not, when not translated
  std::vector<std::string> Notes;
  /// Defects of a translated construct that the user must see without
  /// --explain (a kernels loop that runs on one GPU thread): printed as
  /// warnings, counted in the summary and listed in the report.
  std::vector<std::string> Warnings;
  clang::SourceLocation Loc;
  /// The file the record is in when it is not the main file (an OpenACC
  /// directive of an included header, reported by the driver); empty for
  /// the main file.
  std::string File;
  /// The directive is in a preprocessor branch that the compile command
  /// skips (#if 0, an #ifdef not taken); Reason says which condition would
  /// make it active.
  bool Inactive = false;
};

struct FilePlan {
  std::vector<Edit> Edits;
  std::vector<ConstructRecord> Records;
  /// Decisions that are not constructs (a loop that runs kernels left
  /// without a data region, and why): notes for --explain and the report,
  /// not counted as constructs.
  std::vector<ConstructRecord> Decisions;
  unsigned untranslated() const {
    unsigned N = 0;
    for (const ConstructRecord &R : Records)
      N += !R.Translated;
    return N;
  }
};

FilePlan planFile(clang::ASTContext &Ctx, const std::vector<Directive> &Dirs,
                  const PPFacts &PP, const PlanOptions &Opts);

} // namespace ompm

#endif
