//===- KernelData.h - The map of an array a generated kernel uses -*- C++ -*-===//
//
// A kernel the tool writes itself (a serial loop proved parallel, a CPU
// OpenMP loop) maps each array it uses the way a compute construct's
// implicit data is made explicit: a declared array of constant size whole,
// a pointer with the section its subscripts and loop bounds reach, `to`
// when the kernel only reads it. Data reached through loaded pointers, and
// arrays of unknown size, are refused with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_KERNELDATA_H
#define OMPM_TRANSLATE_KERNELDATA_H

#include "Edit/MapList.h"
#include "Analysis/CallSites.h"
#include "Facts/Regions.h"
#include "Placement/Kernels.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// Adds the map of V (a pointer or an array the loop Loop uses, F its
/// facts) to Maps and Items, a note for an inferred section to Notes.
/// Deref: a pointer used only as `*p` (or `p[0]`) maps as p[0:1]. Returns
/// why V cannot be mapped, else "". Sites: the translation unit's calls,
/// when given: a pointer parameter no section bounds maps whole when every
/// call passes an array of one constant extent (Analysis/ParamExtents).
std::string mapArrayOf(const RegionFacts &F, const clang::ValueDecl *V,
                       const clang::Stmt *Loop, bool Deref, MapList &Maps,
                       std::vector<KernelItem> &Items, std::vector<std::string> &Notes,
                       const CallSites *Sites = nullptr);

/// The variables of the N loops of a perfect nest from For down (OpenMP
/// makes them private): the loops of RegionFacts F over For.
std::set<const clang::ValueDecl *> nestVariables(const RegionFacts &F,
                                                 const clang::ForStmt *For, unsigned N);

} // namespace ompm

#endif
