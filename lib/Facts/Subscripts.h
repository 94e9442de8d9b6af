//===- Subscripts.h - Two subscripts in different iterations ------*- C++ -*-===//
//
// Whether two accesses to one array, made by different iterations of a
// loop, can reach the same element: the subscripts are affine polynomials
// (lib/Facts/Poly) of the loop's variable, the variables of the loops
// nested in it (each with its inclusive range) and invariants. The accesses
// are independent when one dimension proves it (the others in bounds, as C
// requires of an array of arrays):
//  - strong SIV: both have the loop variable with one constant coefficient
//    c, and the rest differs by less than |c| over the inner loops, so equal
//    subscripts force the same iteration (a[2*i] and a[2*i + 1]);
//  - ranges: the difference of the subscripts never reaches 0 over all the
//    loops' ranges (a[i] and a[i + n] with 0 <= i < n; a Banerjee-style
//    bound);
//  - GCD: every loop variable has a constant coefficient and their greatest
//    common divisor does not divide the constant difference.
// A bound decides only when it is a constant, so no assumption on the sign
// of an invariant is made.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SUBSCRIPTS_H
#define OMPM_FACTS_SUBSCRIPTS_H

#include "Facts/Poly.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ompm {

/// A loop variable's symbol and inclusive range.
struct LoopRange {
  std::string Sym;
  Poly Min, Max;
};

/// The least and greatest values of E over Vars, innermost first (a range
/// may mention the variables that come after it): each variable replaced
/// by the bound that minimises or maximises E. std::nullopt when the sign
/// of a coefficient is not known.
std::optional<std::pair<Poly, Poly>> rangeOver(const Poly &E,
                                               const std::vector<LoopRange> &Vars);

/// One access: its subscripts (outermost first) and the loops between the
/// loop under test and the access, innermost first.
struct SubscriptAccess {
  std::vector<Poly> Index;
  std::vector<LoopRange> Inner;
};

/// Whether W and A, made in different iterations of the loop L, never
/// reach the same element (one of the tests above proves it).
bool independentAcrossIterations(const SubscriptAccess &W, const SubscriptAccess &A,
                                 const LoopRange &L);

} // namespace ompm

#endif
