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

#include "Facts/Regions.h"
#include <string>
#include <vector>

namespace ompm {

struct ParallelResult {
  bool Parallel = false;
  std::string Why;                     ///< when not parallel
  std::vector<std::string> Reductions; ///< "+:s" items found
  /// Scalars the iterations only set to one constant (shared, no race on
  /// the value), and temporaries each iteration writes before reading.
  std::vector<std::string> Shared, Privates;
};
/// Whether the iterations of the canonical loop For, a loop of the region F
/// describes, are independent.
ParallelResult testParallel(const RegionFacts &F, const clang::ForStmt *For);

} // namespace ompm

#endif
