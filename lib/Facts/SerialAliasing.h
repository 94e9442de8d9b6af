//===- SerialAliasing.h - Pointers of a serial loop that may overlap -*- C++ -*-===//
//
// Which bases of a serial loop (lib/Facts/SerialLoops) may be the same
// memory, one of them written: not restrict, not two declared arrays, not
// proved distinct objects (lib/Facts/Allocations), and not the same address
// or distinct objects used at one subscript. The loop is versioned over
// such pairs (a run-time test of their sections, lib/Translate/Serial), or
// kept when they are traced to one object. And the host copy of a loop
// omp-migrate versioned, which a second run leaves alone.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SERIALALIASING_H
#define OMPM_FACTS_SERIALALIASING_H

#include "Facts/Allocations.h"
#include "Facts/Regions.h"
#include "clang/AST/ParentMap.h"
#include <string>
#include <utility>
#include <vector>

namespace ompm {

using PointerPair = std::pair<const clang::ValueDecl *, const clang::ValueDecl *>;

/// Whether W and O hold the same address or distinct objects
/// (AllocationFacts::sameOrDistinct) and the loop uses each at one list of
/// subscripts, the same for both, and the same element type: were they one
/// array, each iteration would touch only the element the dependence test
/// separates for W.
bool sameAddressOneElement(const RegionFacts &F, const AllocationFacts &Allocs,
                           const clang::FunctionDecl *Fn, const clang::ValueDecl *W,
                           const clang::ValueDecl *O);

/// The pairs of bases of the loop F describes, the first written, that may
/// be the same memory; each pair once.
std::vector<PointerPair> aliasPairs(const RegionFacts &F, const AllocationFacts &Allocs,
                                    const clang::FunctionDecl *Fn);

/// Why the pair may be the same memory, for a loop that stays.
std::string aliasWhy(const RegionFacts &F, const PointerPair &P);

/// Whether S is the host copy of a loop omp-migrate versioned: the else
/// branch of an if whose then branch is a block holding one OpenMP
/// directive.
bool hostCopyOfVersionedLoop(const clang::Stmt *S, const clang::ParentMap &PM);

} // namespace ompm

#endif
