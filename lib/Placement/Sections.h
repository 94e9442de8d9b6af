//===- Sections.h - Sections a data region maps -------------------*- C++ -*-===//
//
// Two facts about the sections data placement maps: the union of two
// sections of one array (when their bounds can be ordered), and the
// element count of an array's one allocation in sight (malloc, calloc,
// new[]), which lets a region map the whole allocation.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLACEMENT_SECTIONS_H
#define OMPM_PLACEMENT_SECTIONS_H

#include "Facts/Poly.h"
#include "Facts/Regions.h"
#include <optional>
#include <string>

namespace ompm {

/// Widens Section (with inclusive bounds Lo..Hi, when known) of array Name
/// to cover Other as well (bounds OLo..OHi); false when the two cannot be
/// ordered. Equal sections are left as they are.
bool widenSection(std::string &Section, std::optional<Poly> &Lo,
                  std::optional<Poly> &Hi, const std::string &Name,
                  const std::string &Other, const std::optional<Poly> &OLo,
                  const std::optional<Poly> &OHi);

/// The element count of V's one allocation in Fn (`V = malloc(K *
/// sizeof(T))`, `calloc(K, sizeof(T))`, `new T[K]`), when V is assigned
/// nothing else outside L and K does not change in L.
std::optional<Poly> allocationLength(const clang::ValueDecl *V,
                                     const clang::FunctionDecl *Fn,
                                     const clang::Stmt *L, const RegionFacts &LF);

} // namespace ompm

#endif
