//===- SharedPlan.h - One translation plan per translation unit -*- C++ -*-===//
//
// The checks of the module (TranslationCheck.h) are sources of kernels of
// one translation: data placement (lib/Placement) places the data of all
// kernels of a file jointly, so two checks that planned alone would emit
// overlapping, contradicting edits. The enabled checks of a translation unit
// therefore join one SharedPlan: it collects the preprocessor facts once,
// plans the file once with the union of their options, self-checks the
// translation as the tool does (lib/Verify, through an invocation rebuilt
// from clang-tidy's parse), and hands each check its findings: one warning
// per construct, with the edits that follow it as fix-its.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TIDY_SHAREDPLAN_H
#define OMPM_TIDY_SHAREDPLAN_H

#include "Driver/Driver.h"
#include "Driver/PreprocessorFacts.h"
#include "Mapping/Mapping.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Core/Replacement.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ompm::tidy {

/// The checks, one per source of kernels (docs/clang-tidy.md has the
/// table of what each does, as which options of the tool).
enum class CheckKind { OpenACC, SerialLoops, OpenMPOffload, Critical };
constexpr unsigned NumCheckKinds = 4;

/// "omp-migrate-openacc", ...
llvm::StringRef checkName(CheckKind K);

/// One warning of one check: its place, its message, and the edits it
/// carries as fix-its (offsets in the main file).
struct Finding {
  CheckKind Kind = CheckKind::OpenACC;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<clang::tooling::Replacement> Fix;
};

class SharedPlan {
public:
  /// The plan of the translation unit that PP preprocesses, which the
  /// check of Kind joins with its loop style. The first check to join
  /// installs the preprocessor callbacks; the plan lives as long as one of
  /// its checks holds it.
  static std::shared_ptr<SharedPlan> join(clang::Preprocessor &PP, CheckKind Kind,
                                          LoopStyle Style);
  explicit SharedPlan(clang::Preprocessor &PP) : PP(PP) {}
  ~SharedPlan();

  /// The findings of every check that joined, computed at the first call
  /// (the end of the translation unit, when the AST is complete).
  const std::vector<Finding> &findings(clang::ASTContext &Ctx);

private:
  void compute(clang::ASTContext &Ctx);
  /// Without -fopenacc: a warning at each OpenACC place the preprocessor
  /// saw. Returns whether there was one (then nothing is planned).
  bool reportUnparsedOpenACC(const clang::SourceManager &SM);
  /// The options of the plan, the union of those of the joined checks that
  /// the parse allows; none when no check can plan.
  std::optional<PlanOptions> planOptions(clang::ASTContext &Ctx);
  /// The findings of a planned file: its records, each by the check of its
  /// kind. Returns false when no fix may be offered (the self-check
  /// rejected the translation, or it holds OpenACC with that check off).
  bool reportPlan(const clang::SourceManager &SM, const FileResult &R);
  void add(CheckKind K, clang::SourceLocation Loc, std::string Message,
           bool OwnsEdits = false);
  /// The first check that joined, in the order of CheckKind: it reports
  /// what concerns the whole file (a translation the self-check rejects).
  CheckKind primary() const;
  /// Gives each edit to one finding of Owners: the translated construct at
  /// or before it, or the first one after it in its function when that
  /// function has none before it. A construct left intact offers no fix.
  void attributeEdits(clang::ASTContext &Ctx, const clang::tooling::Replacements &Reps);
  clang::Preprocessor &PP;
  bool Joined[NumCheckKinds] = {};
  LoopStyle Styles[NumCheckKinds] = {};
  PPFacts Facts;
  OpenACCSites Sites;
  bool Computed = false;
  /// Errors of the unit's compile command that clang-tidy's consumer
  /// counted before the parse began (the driver's): no fix is offered.
  unsigned CommandErrors = 0;
  /// clang-tidy's diagnostic consumer, which outlives the unit.
  const clang::DiagnosticConsumer *Client = nullptr;
  std::vector<Finding> Findings;
  /// Indices of the findings that take the edits after them: translated
  /// constructs and converted critical sections.
  std::vector<size_t> Owners;
};

} // namespace ompm::tidy

#endif
