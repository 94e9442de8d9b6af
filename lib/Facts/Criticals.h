//===- Criticals.h - Which critical sections can become atomics -*- C++ -*-===//
//
// On a GPU a `critical` is one lock that every thread of every team queues
// on (and OpenMP does not promise exclusion across teams at all). A
// critical whose body is one update of an atomic form (`x op= e`, `x++`,
// `v = x`, `x = e`, `v = x++`, `{v = x; x op= e;}`, `if (e > x) x = e;`,
// `if (c) x op= e;`)
// can become an `atomic` of that form, a sum or product under a critical a
// `reduction(+: x)` of its loop and a min/max a `reduction(max: x)` (every
// use of x in the region such an update in that loop), and a histogram (`h[k]++` under a
// critical or an atomic, `h` a declared array of a few elements) an array
// reduction: but only when nothing else in the parallel region relies on
// the lock. The rules (docs/openmp.md has them as a table):
//  - x is a scalar lvalue of arithmetic type (no overloaded operator), e
//    does not use x's variable and has no side effects (calls only pure C
//    library functions);
//  - every other use of x's variable in the region (and in the functions of
//    the file it calls) is inside a critical of the same name that is
//    converted too, or inside an atomic; a function the region calls that
//    may use it (defined elsewhere, or using it) keeps the critical;
//  - v of a read or capture is private to the thread; any other shared
//    variable the body reads is written nowhere in the region;
//  - x reached through a pointer: no other pointer of the region may point
//    to the same memory.
// An arg-max or arg-min under a critical (lib/Facts/ArgReductions' form,
// value and index integers of at most 32 bits each, used nowhere else in
// the region, in the loop of a combined `parallel for`) becomes a max
// reduction on a 64-bit key, the value in its high half, the index in its
// low half ordered so that the tie rule's index wins. Any other arithmetic
// value (a double), or `>=` alone, gets the value's own max (min) reduction
// and a second kernel that finds the index, when the value compared reads
// nothing the loop writes and computes no floating value (it is evaluated
// again).
// A critical that fails a rule stays, with the rule and the place.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_CRITICALS_H
#define OMPM_FACTS_CRITICALS_H

#include "Facts/ArgReductions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

enum class CriticalForm {
  None,           ///< stays a critical (Why says why)
  Update,         ///< atomic update
  Read,           ///< atomic read
  Write,          ///< atomic write
  Capture,        ///< atomic capture
  Compare,        ///< atomic compare (min/max)
  Reduction,      ///< removed: reduction(max|min: x) on its loop
  ArrayReduction, ///< removed: reduction(+: h) on its loop
  /// an arg-max or arg-min (`if (a[i] > best || (a[i] == best && i <
  /// at)) { best = a[i]; at = i; }`): a max reduction on a key that packs
  /// the value and the index (lib/Translate/ArgCritical.cpp)
  ArgReduction,
  /// an addition into a small declared array (a histogram) that each team
  /// makes into a copy of its own (`--team-histograms`): an atomic update
  /// of the team's copy, added into the array once per team
  /// (lib/Facts/TeamHistograms.h); X is the array, Loop its loop
  TeamHistogram,
};

/// The atomic directive's clause for a form ("update", "compare"), or "".
const char *atomicClause(CriticalForm F);
/// "update", "read", ..., "reduction", "array-reduction", "" for None.
const char *formName(CriticalForm F);

struct CriticalFact {
  /// The critical (or, for an array reduction, an atomic of the input).
  const clang::OMPExecutableDirective *D = nullptr;
  std::string Name; ///< the critical's name, "" when unnamed
  CriticalForm Form = CriticalForm::None;
  std::string Why;  ///< why it stays, when Form is None
  const clang::ValueDecl *X = nullptr; ///< the variable it updates
  /// For Reduction and ArrayReduction: the clause item ("max: m", "+: h")
  /// and the work-sharing loop it goes on.
  std::string Clause;
  const clang::OMPLoopDirective *Loop = nullptr;
  /// The statement the directive governs, and the text that replaces it
  /// (an atomic takes no `{ }` around one update, a compare needs them
  /// around its assignment); empty: it stays as written.
  const clang::Stmt *Body = nullptr;
  std::string NewBody;
  /// An update under a condition (`if (c) n++;`): the condition stays
  /// outside, the atomic goes inside it, around Guarded.
  const clang::Expr *Guard = nullptr, *Guarded = nullptr;
  /// For ArgReduction: the value, the index and how they compare (X is the
  /// value); the translation fills Clause and NewBody with its key's names.
  std::optional<ompm::ArgReduction> Arg;
  std::string Key; ///< For ArgReduction: the key's name (the translation's)
  /// For ArgReduction: packed into one key; else the value's own reduction
  /// (Clause) and a second pass that finds the index (Translate/ArgPass).
  bool ArgPacked = true;
  /// For TeamHistogram: the team's copy and the variable of the loops that
  /// zero it and add it into X (the translation's names, which also writes
  /// NewBody: the update of the copy), its bins and their type.
  std::string Team, Bin, ElementType;
  uint64_t Bins = 0;
};

struct CriticalOptions {
  /// Sums, products and min/max to reduction(+|*|max|min:) on the
  /// work-sharing loop.
  bool Reductions = true;
  /// A histogram of a declared array of at most MaxArrayReductionElements
  /// elements to an array reduction.
  bool ArrayReductions = false;
  /// The same histograms (a one-dimensional array within MaxTeamBins and
  /// MaxTeamBinBytes, updated by additions only) to TeamHistogram; in
  /// place of ArrayReductions.
  bool TeamHistograms = false;
};

/// The critical sections of Region (a parallel construct or a target
/// kernel, with what it calls), each with its form or why it stays.
/// WorkLoops: the region's work-sharing loops (min/max and histograms
/// become reductions of the one they are in); Private: variables private
/// to each thread besides those declared in the region (clauses, loop
/// variables); Fn: the function the region is in (pointers it is passed
/// distinct objects by every call do not alias, lib/Facts/Allocations).
/// Criticals nested in criticals stay.
std::vector<CriticalFact>
analyzeCriticals(const clang::OMPExecutableDirective *Region,
                 const std::vector<const clang::OMPLoopDirective *> &WorkLoops,
                 const std::set<const clang::ValueDecl *> &Private,
                 clang::ASTContext &Ctx, const CriticalOptions &Opts,
                 const clang::FunctionDecl *Fn = nullptr);

/// The criticals of the file that no construct of their function encloses
/// (orphaned: they belong to whatever region calls the function), each an
/// atomic update or why it stays (lib/Facts/OrphanedCriticals.cpp).
std::vector<CriticalFact> analyzeOrphanedCriticals(clang::ASTContext &Ctx);

} // namespace ompm

#endif
