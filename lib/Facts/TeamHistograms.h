//===- TeamHistograms.h - Histograms each team accumulates first -*- C++ -*-===//
//
// `--team-histograms` (issue #31): an offloaded loop whose only use of a
// small declared array is to add into its elements at data-dependent
// places (`hist[key[i]]++`, `h[k] += w`) makes each update an atomic one.
// On a GPU every thread then updates the same few addresses of global
// memory. The team-local form gives each team its own copy of the bins
// (declared in the `target teams` region, so the threads of one team share
// it), adds into that copy with atomics, and adds each team's bins into
// the array once at the end (lib/Translate/Serial.cpp writes it).
//
// An array qualifies when
//  - it is declared with a constant size, one dimension, of arithmetic
//    elements, at most MaxTeamBins of them and MaxTeamBinBytes in all (a
//    team's copy must fit in the memory a team shares); or it is a pointer
//    to numbers whose section the kernel maps is [0:B], B within the same
//    limits (the subscripts, bounded by the section's inference, `h[k &
//    15]`, stay inside the copy);
//  - every one of its updates in the loop is an atomic update of the `+`
//    class (`++`, `--`, `+=`, `-=`, `h = h + e`), and the loop names it
//    nowhere else (no read, no other write, no `&h`, no call it is passed
//    to, no function of the file the loop calls that could reach it);
//  - no update names it through a macro (the copy's name replaces it).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_TEAMHISTOGRAMS_H
#define OMPM_FACTS_TEAMHISTOGRAMS_H

#include "Facts/Regions.h"
#include "Facts/SerialLoops.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ompm {

/// Bins of a team's copy: at most this many elements...
constexpr uint64_t MaxTeamBins = 4096;
/// ...and this many bytes (a GPU block has 48 KiB of shared memory by
/// default; several teams share a multiprocessor).
constexpr uint64_t MaxTeamBinBytes = 16384;

struct TeamHistogram {
  const clang::ValueDecl *Array = nullptr;
  std::string Name;        ///< as the loop writes it
  std::string ElementType; ///< as C writes it (`long`, `unsigned int`)
  uint64_t Bins = 0;
  /// The updates (L.AtomicUpdates' expressions of this array) and the
  /// references to the array in them, to be renamed to the team's copy.
  std::vector<const clang::Expr *> Updates;
  std::vector<const clang::DeclRefExpr *> Refs;
};

/// Why the declared array V cannot have a team's copy (the size and shape
/// rules above), or "": then Bins and ElementType (as C writes it) are set.
std::string teamBinsWhy(const clang::ValueDecl *V, const clang::ASTContext &Ctx,
                        uint64_t &Bins, std::string &ElementType);

/// The histograms of the offloaded loop L (F: its facts) that qualify; an
/// array that does not is left to its atomic updates. Why, when none
/// does, receives the first reason (for the notes).
/// PointerBins: for pointers, the B of the section [0:B] the kernel maps
/// (a pointer not in it does not qualify).
std::vector<TeamHistogram>
teamHistograms(const RegionFacts &F, const SerialLoop &L, std::string &Why,
               const std::map<const clang::ValueDecl *, uint64_t> &PointerBins = {});

} // namespace ompm

#endif
