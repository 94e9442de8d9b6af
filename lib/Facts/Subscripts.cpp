//===- Subscripts.cpp - Two subscripts in different iterations ------------===//
#include "Facts/Subscripts.h"
#include "Facts/Feasibility.h"
#include <algorithm>
#include <numeric>

namespace ompm {

std::optional<std::pair<Poly, Poly>> rangeOver(const Poly &E,
                                               const std::vector<LoopRange> &Vars) {
  Poly Lo = E, Hi = E;
  for (const LoopRange &V : Vars)
    for (Poly *Q : {&Lo, &Hi}) {
      if (!Q->mentions(V.Sym))
        continue;
      std::optional<Poly> C = Q->coefficientOf(V.Sym);
      if (!C)
        return std::nullopt;
      std::optional<bool> NonNeg = Poly::geq(*C, Poly::constant(0));
      std::optional<bool> NonPos = Poly::geq(Poly::constant(0), *C);
      if (!C->isConstant() || (!NonNeg && !NonPos))
        return std::nullopt;
      bool Up = NonNeg && *NonNeg;
      // The lower bound takes the low end of a growing term.
      *Q = Q->substitute(V.Sym, (Q == &Lo) == Up ? V.Min : V.Max);
    }
  return std::make_pair(Lo, Hi);
}

namespace {

/// The access with its loop symbols primed: the other iteration's.
SubscriptAccess primed(const SubscriptAccess &A, const LoopRange &L,
                       LoopRange &LPrimed) {
  std::map<std::string, Poly> Renames;
  Renames[L.Sym] = Poly::symbol(L.Sym + "'");
  for (const LoopRange &R : A.Inner)
    Renames[R.Sym] = Poly::symbol(R.Sym + "'");
  SubscriptAccess P;
  for (const Poly &I : A.Index)
    P.Index.push_back(I.substituteAll(Renames));
  for (const LoopRange &R : A.Inner)
    P.Inner.push_back({R.Sym + "'", R.Min.substituteAll(Renames),
                       R.Max.substituteAll(Renames), R.Step});
  LPrimed = {L.Sym + "'", L.Min, L.Max, L.Step};
  return P;
}

std::optional<int64_t> constant(const Poly &P) { return P.constantValue(); }

/// Two accesses side by side: W's subscripts (P) and A's (Q), over the
/// loops of both, innermost first (W's inner loops, A's inner loops, the
/// loop under test for W and for A, then the shared outer loops), with I
/// and IP the symbols of the loop under test in W and in A.
struct AccessPair {
  std::vector<Poly> P, Q;
  std::vector<LoopRange> All;
  std::string I, IP;
};

/// Every loop with a step other than 1 rewritten over its trip variable:
/// i = lo + s*t (or hi + s*t, s < 0) with 0 <= t <= hi - lo, a range
/// that holds the trip count and more.
void normalizeSteps(AccessPair &X) {
  for (LoopRange &R : X.All) {
    if (R.Step == 1 || R.Step == -1)
      continue;
    std::string T = R.Sym + "#t";
    Poly Sub = (R.Step > 0 ? R.Min : R.Max) + Poly::constant(R.Step) * Poly::symbol(T);
    auto Replace = [&](Poly &E) {
      if (E.mentions(R.Sym))
        E = E.substitute(R.Sym, Sub);
    };
    for (Poly &E : X.P)
      Replace(E);
    for (Poly &E : X.Q)
      Replace(E);
    for (LoopRange &O : X.All)
      if (&O != &R) {
        Replace(O.Min);
        Replace(O.Max);
      }
    if (X.I == R.Sym)
      X.I = T;
    if (X.IP == R.Sym)
      X.IP = T;
    R = {T, Poly::constant(0), R.Max - R.Min, 1};
  }
}

/// E split by the invariant atom M: E = M*Quot + Rem, Rem free of M.
void splitBy(const Poly &E, const std::string &M, Poly &Quot, Poly &Rem) {
  Quot = Rem = Poly();
  for (const auto &[Mono, K] : E.terms()) {
    auto It = std::find(Mono.begin(), Mono.end(), M);
    Poly Term = Poly::constant(K);
    if (It == Mono.end()) {
      for (const std::string &S : Mono)
        Term = Term * Poly::symbol(S);
      Rem = Rem + Term;
      continue;
    }
    for (auto J = Mono.begin(); J != Mono.end(); ++J)
      if (J != It)
        Term = Term * Poly::symbol(*J);
    Quot = Quot + Term;
  }
}

/// Whether E stays within [0, M - 1] over the loops.
bool withinZeroTo(const Poly &E, const std::string &M, const std::vector<LoopRange> &All) {
  auto R = rangeOver(E, All);
  if (!R)
    return false;
  auto Lo = constant(R->first);
  auto Slack = constant(Poly::symbol(M) - Poly::constant(1) - R->second);
  return Lo && *Lo >= 0 && Slack && *Slack >= 0;
}

/// Linearized dimensions split: P = m*q + r and Q = m*q' + r' with r and r'
/// within [0, m - 1] over the loops are equal exactly when q = q' and
/// r = r' (when an access runs, its r is in [0, m - 1], so m >= 1).
void delinearize(AccessPair &X) {
  for (size_t D = 0; D < X.P.size(); ++D) {
    const Poly P = X.P[D], Q = X.Q[D];
    // An invariant atom that multiplies a loop variable in P.
    for (const auto &[Mono, K] : P.terms()) {
      bool Done = false;
      if (Mono.size() < 2)
        continue;
      for (const std::string &M : Mono) {
        if (M[0] == '@' || M.find('*') != std::string::npos)
          continue;
        Poly PQ, PR, QQ, QR;
        splitBy(P, M, PQ, PR);
        splitBy(Q, M, QQ, QR);
        if (PQ.isConstant() && QQ.isConstant())
          continue;
        if (PR.mentions(M) || QR.mentions(M) || !withinZeroTo(PR, M, X.All) ||
            !withinZeroTo(QR, M, X.All))
          continue;
        X.P[D] = PQ;
        X.P.insert(X.P.begin() + D + 1, PR);
        X.Q[D] = QQ;
        X.Q.insert(X.Q.begin() + D + 1, QR);
        Done = true;
        break;
      }
      if (Done)
        break;
    }
  }
}

/// The pair of W in iterations of L and A in others: A's loop symbols
/// primed, steps normalized, linearized dimensions split; nullopt when the
/// two have different numbers of subscripts.
std::optional<AccessPair> pairOf(const SubscriptAccess &W, const SubscriptAccess &A,
                                 const LoopRange &L) {
  if (W.Index.size() != A.Index.size())
    return std::nullopt;
  LoopRange LP;
  SubscriptAccess AP = primed(A, L, LP);
  AccessPair X{W.Index, AP.Index, W.Inner, L.Sym, LP.Sym};
  X.All.insert(X.All.end(), AP.Inner.begin(), AP.Inner.end());
  X.All.push_back(L);
  X.All.push_back(LP);
  X.All.insert(X.All.end(), W.Outer.begin(), W.Outer.end());
  normalizeSteps(X);
  delinearize(X);
  if (X.P.size() != X.Q.size())
    return std::nullopt;
  return X;
}

/// Whether one dimension alone separates the iterations (strong SIV,
/// ranges, GCD).
bool oneDimensionSeparates(const AccessPair &X) {
  for (size_t D = 0; D < X.P.size(); ++D) {
    const Poly &P = X.P[D], &Q = X.Q[D];
    // Strong SIV: P = c*i + r(x), Q = c*i' + r'(x'); |r' - r| < |c|.
    std::optional<Poly> CP = P.coefficientOf(X.I), CQ = Q.coefficientOf(X.IP);
    if (CP && CQ && *CP == *CQ && CP->constantValue() && *CP->constantValue() != 0 &&
        !(P - *CP * Poly::symbol(X.I)).mentions(X.I) &&
        !(Q - *CQ * Poly::symbol(X.IP)).mentions(X.IP)) {
      int64_t C = std::abs(*CP->constantValue());
      Poly Diff = (Q - *CQ * Poly::symbol(X.IP)) - (P - *CP * Poly::symbol(X.I));
      // The other iteration's variable is not in the difference, so the
      // range is over the inner loops (whose bounds may name i and i').
      if (auto R = rangeOver(Diff, X.All)) {
        auto Lo = constant(R->first), Hi = constant(R->second);
        if (Lo && Hi && *Lo > -C && *Hi < C)
          return true;
      }
    }
    if (disjointValues(P, Q, X.All))
      return true;
  }
  return false;
}

/// The loops' bounds and the equal subscripts as linear constraints;
/// nullopt if something is not linear.
std::optional<std::vector<LinearConstraint>> systemOf(const AccessPair &X) {
  std::vector<LinearConstraint> Sys;
  auto Add = [&](const Poly &E) {
    std::optional<LinearConstraint> C = linearNonNegative(E);
    if (C)
      Sys.push_back(*C);
    return C.has_value();
  };
  for (const LoopRange &R : X.All)
    if (!Add(Poly::symbol(R.Sym) - R.Min) || !Add(R.Max - Poly::symbol(R.Sym)))
      return std::nullopt;
  for (size_t D = 0; D < X.P.size(); ++D)
    if (!Add(X.P[D] - X.Q[D]) || !Add(X.Q[D] - X.P[D]))
      return std::nullopt;
  return Sys;
}

} // namespace

bool disjointValues(const Poly &P, const Poly &Q, const std::vector<LoopRange> &All) {
  // Ranges: P - Q never 0.
  Poly E = P - Q;
  if (auto R = rangeOver(E, All)) {
    auto Lo = constant(R->first), Hi = constant(R->second);
    if ((Lo && *Lo > 0) || (Hi && *Hi < 0))
      return true;
  }
  // GCD: constant coefficients whose gcd does not divide the rest.
  int64_t G = 0;
  std::map<std::string, Poly> Zero;
  for (const LoopRange &V : All) {
    Zero[V.Sym] = Poly::constant(0);
    if (!E.mentions(V.Sym))
      continue;
    std::optional<Poly> C = E.coefficientOf(V.Sym);
    if (!C || !C->constantValue())
      return false;
    G = std::gcd(G, std::abs(*C->constantValue()));
  }
  std::optional<int64_t> K = constant(E.substituteAll(Zero));
  return G > 1 && K && *K % G != 0;
}

bool independentAcrossIterations(const SubscriptAccess &W, const SubscriptAccess &A,
                                 const LoopRange &L) {
  std::optional<AccessPair> Pair = pairOf(W, A, L);
  if (!Pair)
    return false;
  const AccessPair &X = *Pair;
  if (oneDimensionSeparates(X))
    return true;
  // All dimensions and bounds at once, for i < i' and for i > i'.
  std::optional<std::vector<LinearConstraint>> Sys = systemOf(X);
  if (!Sys)
    return false;
  for (int Sign : {1, -1}) {
    std::vector<LinearConstraint> S = *Sys;
    std::optional<LinearConstraint> Order = linearNonNegative(
        (Poly::symbol(X.IP) - Poly::symbol(X.I)).scaled(Sign) - Poly::constant(1));
    if (!Order)
      return false;
    S.push_back(*Order);
    if (!provedInfeasible(std::move(S)))
      return false;
  }
  return true;
}

bool neverSameElement(const SubscriptAccess &W, const SubscriptAccess &A,
                      const LoopRange &L) {
  std::optional<AccessPair> Pair = pairOf(W, A, L);
  if (!Pair)
    return false;
  const AccessPair &X = *Pair;
  for (size_t D = 0; D < X.P.size(); ++D)
    if (disjointValues(X.P[D], X.Q[D], X.All))
      return true;
  std::optional<std::vector<LinearConstraint>> Sys = systemOf(X);
  return Sys && provedInfeasible(std::move(*Sys));
}

} // namespace ompm
