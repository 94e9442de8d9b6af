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
// of an invariant is made. Before these, a loop with a step s other than 1
// is rewritten over its trip variable (i = lo + s*t), and a linearized
// subscript m*q + r whose remainder r stays within [0, m - 1] over the
// loops (m an invariant: a[i*m + j], 0 <= j < m) is split into [q][r].
// When no dimension alone proves it, all dimensions together with every
// loop bound (triangular and coupled subscripts: a[i][j] and a[j][i] with
// j < i) go to Fourier-Motzkin elimination (lib/Facts/Feasibility).
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

/// A loop variable's symbol and inclusive range; with a Step other than 1
/// or -1 the variable takes Min, Min + Step, ... (Step > 0) or Max, Max +
/// Step, ... (Step < 0) within the range.
struct LoopRange {
  std::string Sym;
  Poly Min, Max;
  int64_t Step = 1;
};

/// The least and greatest values of E over Vars, innermost first (a range
/// may mention the variables that come after it): each variable replaced
/// by the bound that minimises or maximises E. std::nullopt when the sign
/// of a coefficient is not known.
std::optional<std::pair<Poly, Poly>> rangeOver(const Poly &E,
                                               const std::vector<LoopRange> &Vars);

/// Whether P and Q never take the same value over the loops (the range of
/// P - Q excludes 0, or the gcd of its constant coefficients does not divide
/// its constant).
bool disjointValues(const Poly &P, const Poly &Q, const std::vector<LoopRange> &All);

/// One access: its subscripts (outermost first) and the loops between the
/// loop under test and the access, innermost first. Outer: the loops around
/// the loop under test (innermost first), whose variables both iterations
/// share; only their bounds are used.
struct SubscriptAccess {
  std::vector<Poly> Index;
  std::vector<LoopRange> Inner;
  std::vector<LoopRange> Outer;
};

/// Whether W and A, made in different iterations of the loop L, never
/// reach the same element (one of the tests above proves it).
bool independentAcrossIterations(const SubscriptAccess &W, const SubscriptAccess &A,
                                 const LoopRange &L);

/// Whether W and A never reach the same element in any iterations of L,
/// the same one included (an element W keeps to itself: the target of a
/// reduction that no other access of the loop reads).
bool neverSameElement(const SubscriptAccess &W, const SubscriptAccess &A,
                      const LoopRange &L);

} // namespace ompm

#endif
