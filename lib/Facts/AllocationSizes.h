//===- AllocationSizes.h - Element counts of allocations ----------*- C++ -*-===//
//
// How many elements an allocation holds, in a region's terms: `malloc(K *
// sizeof(T))` (the factors other than `sizeof(T)`, in any order), `calloc(K,
// sizeof(T))` and `new T[K]` hold K elements of T. A kernel maps a local
// pointer whole, `p[0:K]`, when the subscripts bound no narrower section
// (`a[idx[i]]`) and its allocation is in sight (fixedAllocationLength);
// data placement widens a region's sections to the allocation
// (Placement/Hoist).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_ALLOCATIONSIZES_H
#define OMPM_FACTS_ALLOCATIONSIZES_H

#include "Facts/Poly.h"
#include "Facts/Regions.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace ompm {

/// The element count of the allocation Source (an initializer or the
/// right side of `p = ...`) for elements of type Elem, in LF's terms; none
/// when Source is no allocation of Elem or its count is no polynomial of
/// LF's.
std::optional<Poly> allocatedCount(const clang::Expr *Source, clang::QualType Elem,
                                   const RegionFacts &LF);

/// The element count of the allocation that the local pointer V of Fn
/// holds wherever Fn's loop L uses it, or none with the reason in Why. V is
/// an automatic variable (not a parameter), its address never taken, and
/// its one definition in Fn (initializer or `V = ...`) is the allocation;
/// nothing else writes or moves it. The count reads only constants and
/// automatic variables or parameters of Fn whose address is never taken
/// and that Fn writes at most once, outside every loop and before the
/// allocation, in a function with no goto or label: the count has the same
/// value when L runs as when the allocation did.
std::optional<Poly> fixedAllocationLength(const clang::VarDecl *V, const clang::FunctionDecl *Fn,
                                          const clang::Stmt *L, const RegionFacts &LF,
                                          std::string &Why);

} // namespace ompm

#endif
