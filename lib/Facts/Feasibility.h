//===- Feasibility.h - Whether linear constraints have an integer point -*- C++ -*-===//
//
// Fourier-Motzkin elimination over integer variables, used to prove that
// two accesses of a loop never meet: the iterations of both (each loop
// variable within its bounds, which may name outer variables), the
// subscripts equal in every dimension, and the iterations ordered. When no
// rational point satisfies the system after each constraint is tightened to
// integers (a x + b y >= c with gcd g becomes (a/g) x + (b/g) y >= ceil(c/g)),
// no integer point does either, so the accesses are independent. The
// converse does not hold: a system that survives elimination is "may be
// feasible", never "feasible", which is the safe side for a dependence test.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_FEASIBILITY_H
#define OMPM_FACTS_FEASIBILITY_H

#include "Facts/Poly.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ompm {

/// sum(Coef[v] * v) + Const >= 0 over integer variables.
struct LinearConstraint {
  std::map<std::string, int64_t> Coef; ///< no zero coefficients
  int64_t Const = 0;
};

/// A strict order of constraints (by coefficients, then constant): for
/// sets and maps of them.
struct ConstraintOrder {
  bool operator()(const LinearConstraint &A, const LinearConstraint &B) const {
    return std::tie(A.Coef, A.Const) < std::tie(B.Coef, B.Const);
  }
};

/// P >= 0 as a linear constraint: every monomial of P is a variable (a loop
/// variable, or an invariant or product of invariants taken as one unknown)
/// with a constant weight. std::nullopt when a monomial multiplies a loop
/// variable ('@') by anything else (not linear).
std::optional<LinearConstraint> linearNonNegative(const Poly &P);

/// Whether the system is proved to have no integer solution. false when it
/// may have one, or when elimination grows past MaxConstraints or its
/// coefficients past 2^40 (then nothing is proved).
bool provedInfeasible(std::vector<LinearConstraint> System,
                      size_t MaxConstraints = 4000);

} // namespace ompm

#endif
