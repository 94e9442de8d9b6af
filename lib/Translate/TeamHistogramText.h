//===- TeamHistogramText.h - The lines of team-local histograms -*- C++ -*-===//
//
// The text of the team-local form of histograms (`--team-histograms`,
// lib/Facts/TeamHistograms.h), shared by the serial loops and the CPU
// OpenMP loops it applies to:
//
//   #pragma omp target teams <maps>
//   {
//     long hist_team[64];               // each team's copy
//     int hist_bin;
//     #pragma omp parallel for
//     for (hist_bin = 0; hist_bin < 64; hist_bin++)
//       hist_team[hist_bin] = 0;
//   #pragma omp distribute parallel for <the loop's clauses>   (the caller's)
//   for (...) { ... #pragma omp atomic update / hist_team[k]++; ... }
//     #pragma omp parallel for
//     for (hist_bin = 0; hist_bin < 64; hist_bin++) {
//       #pragma omp atomic update
//       hist[hist_bin] += hist_team[hist_bin];
//     }
//   }
//
// A variable declared in a `teams` region outside any `parallel` is the
// team's own and shared by the team's threads; clang 19 puts it in a GPU
// block's shared memory.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_TEAMHISTOGRAMTEXT_H
#define OMPM_TRANSLATE_TEAMHISTOGRAMTEXT_H

#include <cstdint>
#include <string>
#include <vector>

namespace ompm {

struct TeamCopy {
  std::string Array;       ///< the histogram, as the code names it
  std::string Team, Bin;   ///< its team's copy and the zero/flush loops' variable
  std::string ElementType; ///< as C writes it
  uint64_t Bins = 0;
};

struct TeamHistogramLines {
  /// The `target teams` line, the block's opening and the copies' setup:
  /// before the loop's own directive.
  std::vector<std::string> Before;
  /// The copies added into the arrays and the block's end: after the loop.
  std::vector<std::string> After;
};

/// The lines around a loop whose histograms Copies are (at least one);
/// TeamClauses go on `target teams` (its maps).
TeamHistogramLines teamHistogramLines(const std::vector<TeamCopy> &Copies,
                                      const std::vector<std::string> &TeamClauses);

/// The note of one copy for --explain.
std::string teamHistogramNote(const TeamCopy &C);

} // namespace ompm

#endif
