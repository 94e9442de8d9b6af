//===- Dependence.h - Whether a loop's iterations are independent -*- C++ -*-===//
//
// The dependence test of one canonical loop over the facts of its region
// (lib/Facts/Regions): scalars written in the loop are reductions, shared
// flags or private temporaries, or a carried dependence; every written
// array is accessed at one subscript that separates iterations; written
// pointers may alias unless restrict.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_DEPENDENCE_H
#define OMPM_FACTS_DEPENDENCE_H

#include "Facts/ArgReductions.h"
#include "Facts/Regions.h"
#include "Facts/Subscripts.h"
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// A run-time condition under which a loop is parallel: the integer array
/// Rows does not decrease from index From to index To (rows[x] <= rows[x+1]
/// for From <= x < To), so the rows of a sparse structure its iterations
/// reach (`for (k = rows[j]; k < rows[j+1]; k++)`) are disjoint.
struct RowTest {
  const clang::VarDecl *Rows = nullptr;
  Poly From, To;
};

struct ParallelResult {
  bool Parallel = false;
  std::string Why;                     ///< when not parallel
  std::vector<std::string> Reductions; ///< "+:s" items found
  /// Scalars the iterations only set to one constant (shared, no race on
  /// the value), and temporaries each iteration writes before reading.
  std::vector<std::string> Shared, Privates;
  /// With AtomicUpdates: the updates of arrays written only by one
  /// commutative operator at places the test cannot separate
  /// (`h[key[i]] += w`, `h[b]++`): each becomes an atomic update.
  std::vector<const clang::Expr *> Updates;
  /// With ElementReductions: array elements that every iteration updates
  /// with one commutative operator and no other access of the loop reaches
  /// (`A[i][j] -= A[i][k] * A[j][k]` over k < j): "-: A[i][j]" items. The
  /// loop is parallel with a reduction on each.
  std::vector<std::string> ElementReductions;
  /// With ElementReductions: arrays whose every access is an update of one
  /// operator class (+, *, &, |, ^, max through fmax, min) at elements the
  /// iterations share (`y[j] += a[i][j]`, `m[k[i]] = fmax(m[k[i]], v)`),
  /// and that are no atomics (above): "+: y" items, the loop is parallel
  /// with an array reduction on each.
  std::vector<std::string> ArrayReductions;
  /// With RowTests: arrays written only at the variable of a loop over a
  /// row (`colidx[k] = ...` in `for (k = rowstr[j]; k < rowstr[j+1]; k++)`)
  /// are separated by these run-time tests (the loop is versioned).
  std::vector<RowTest> RowTests;
  /// With ArgReductions: the scalars that are the value of an arg-max or
  /// arg-min (Facts/ArgReductions), each also a "max: best" item of
  /// Reductions; its index is one of Privates.
  std::vector<ArgReduction> ArgReductions;
};
/// Whether the iterations of the canonical loop For, a loop of the region F
/// describes, are independent.
/// Distinct(a, b): the caller has proved the pointers a and b reach
/// distinct objects (lib/Facts/Allocations), so they do not alias even
/// without restrict.
/// AtomicUpdates: an array written only by updates of one commutative
/// operator (each a statement of its own) needs no separation: its updates
/// are listed in Updates, to be made atomic.
/// ElementReductions: an array element updated as a reduction (above) is
/// no dependence.
/// Context: the ranges of the loops around the region, innermost first,
/// each named as the region names its variable (an invariant there).
/// Private: arrays the caller has proved private to the loop (each
/// iteration writes what it reads of them first: Analysis/PrivateArrays),
/// which the iterations do not share.
/// RowTests: arrays written at the rows of a sparse structure are
/// separated by run-time tests (ParallelResult::RowTests), which the caller
/// emits.
ParallelResult testParallel(
    const RegionFacts &F, const clang::ForStmt *For,
    const std::function<bool(const clang::ValueDecl *, const clang::ValueDecl *)>
        &Distinct = nullptr,
    bool AtomicUpdates = false, bool ElementReductions = false,
    const std::vector<LoopRange> &Context = {},
    const std::set<const clang::ValueDecl *> *Private = nullptr, bool RowTests = false,
    bool ArgReductions = false);

/// Whether the perfect nest of the canonical loops Outer and Inner (Inner
/// Outer's whole body, F the facts of Outer) may run with their headers
/// exchanged and the new outer loop (Inner) parallel: Inner's range does
/// not depend on Outer's variable, no two iterations of Inner reach the
/// same element of a written array whatever Outer's iterations, the only
/// scalars written are loop variables and temporaries each iteration of
/// Inner's body writes first (Privates), and the nest makes no call,
/// jump or member write. Every dependence is then carried by Outer alone,
/// which still runs in order inside each iteration of Inner.
ParallelResult testInterchanged(
    const RegionFacts &F, const clang::ForStmt *Outer, const clang::ForStmt *Inner,
    const std::function<bool(const clang::ValueDecl *, const clang::ValueDecl *)>
        &Distinct = nullptr,
    const std::vector<LoopRange> &Context = {});

/// Whether S, whose parent is P, is a statement where a directive line can
/// go before it: in a block, or the branch or body of if, for, while, do.
bool isStatement(const clang::Stmt *S, const clang::Stmt *P);

/// The operator class of an atomic update of an array element that E is,
/// as a statement ("+" for +=, -=, ++, --, x = x + e, x = x - e; "*", "|",
/// "&", "^"), with its element in Elem; "" if E is none.
std::string atomicUpdateOf(const clang::Expr *E, const clang::ArraySubscriptExpr *&Elem,
                           const clang::ASTContext &Ctx);

} // namespace ompm

#endif
