//===- Criticals.h - Critical sections rewritten as atomics ------*- C++ -*-===//
//
// The edits of the critical sections lib/Facts/Criticals converts: the
// directive line becomes `#pragma omp atomic <form>` (its statement loses
// the braces an atomic does not take; a compare gets the braces it needs),
// or goes away for a reduction, whose clause its loop's kernel carries (an
// arg-max's `if` becomes the update of its packed key: ArgCritical.cpp).
// Each critical is a record for the report (criticals) and a decision
// note for --explain, converted or kept with why.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_CRITICALS_H
#define OMPM_TRANSLATE_CRITICALS_H

#include "Edit/PlanStep.h"
#include "Facts/Criticals.h"

namespace ompm {

/// The range of an OpenMP directive's pragma text (from its '#'); invalid
/// when it comes from a macro or _Pragma.
clang::CharSourceRange ompPragmaRange(const clang::OMPExecutableDirective *D,
                                      const clang::ASTContext &Ctx);

/// The text of an arg-max critical as a packed-key reduction
/// (ArgCritical.cpp): the lines before the loop's directive (a block's
/// `{` and the key, set from the value and index before the loop), the
/// statement that replaces the critical, the lines after the loop (the
/// value and index unpacked, the block's `}`).
struct ArgCriticalText {
  std::vector<std::string> Before, After;
  std::string Body;
};
ArgCriticalText argCriticalText(const ArgReduction &A, const std::string &Compared,
                                const std::string &IV, const std::string &Key,
                                const std::string &Item, clang::ASTContext &Ctx);

class CriticalRewriter : public PlanStep {
public:
  using PlanStep::PlanStep;
  /// The edits of the converted facts into E; a record and a decision for
  /// each fact.
  void rewrite(const std::vector<CriticalFact> &Facts, EditSet &E);
  /// The first fact that stays, if any.
  static const CriticalFact *firstKept(const std::vector<CriticalFact> &Facts);
  /// Records each fact as looked at, without edits (its region stays).
  void recordOnly(const std::vector<CriticalFact> &Facts, const std::string &Why);
  /// The line of S, "line N".
  std::string lineOf(const clang::Stmt *S) const;
  /// The update of a TeamHistogram fact as written, its array renamed to
  /// the team's copy; "" when a reference to it comes from a macro.
  std::string teamUpdateText(const CriticalFact &F) const;

private:
  /// The range of a critical's statement, through the ';' of one that is
  /// not a block.
  clang::CharSourceRange bodyRange(const clang::Stmt *Body) const;
  void record(const CriticalFact &F, const std::string &Directive, const std::string &Why);
  /// The text of each comment in R, in order.
  std::vector<std::string> commentsIn(clang::CharSourceRange R) const;
};

} // namespace ompm

#endif
