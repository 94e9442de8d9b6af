//===- SerialClauses.h - Clauses of a serial loop beyond the test -*- C++ -*-===//
//
// What an offloaded serial loop needs once the dependence test has proved
// it parallel: flags (scalars some iterations set to one constant) become
// shared with each assignment an atomic write, and, with
// --array-reductions, the updates of a small declared array become one
// whole-array reduction instead of atomics.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SERIALCLAUSES_H
#define OMPM_FACTS_SERIALCLAUSES_H

#include "Facts/Regions.h"
#include "Facts/SerialLoops.h"
#include <string>
#include <vector>

namespace ompm {

/// Arrays of a known small size (MaxArrayReductionElements) whose updates
/// the loop would make atomic, or that it reduces at shared elements,
/// become whole-array reductions (`reduction(+: hist)`: each team its own
/// copy, combined at the end): their updates leave L.AtomicUpdates and
/// L.ArrayReductions for L.SmallArrayReductions.
void smallArrayReductions(const RegionFacts &F, SerialLoop &L);

/// The flags Shared (names) of the loop For: each assignment of one goes
/// to L.AtomicWrites and the name to L.Flags. Empty, or why not (an
/// assignment that is not a statement of its own, where the atomic
/// directive cannot go).
std::string flagWrites(const RegionFacts &F, const clang::ForStmt *For,
                       const std::vector<std::string> &Shared, SerialLoop &L);

} // namespace ompm

#endif
