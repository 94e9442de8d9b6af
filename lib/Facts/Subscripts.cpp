//===- Subscripts.cpp - Two subscripts in different iterations ------------===//
#include "Facts/Subscripts.h"
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
                       R.Max.substituteAll(Renames)});
  LPrimed = {L.Sym + "'", L.Min, L.Max};
  return P;
}

std::optional<int64_t> constant(const Poly &P) { return P.constantValue(); }

} // namespace

bool independentAcrossIterations(const SubscriptAccess &W, const SubscriptAccess &A,
                                 const LoopRange &L) {
  if (W.Index.size() != A.Index.size())
    return false;
  LoopRange LP;
  SubscriptAccess AP = primed(A, L, LP);
  std::vector<LoopRange> All = W.Inner;
  All.insert(All.end(), AP.Inner.begin(), AP.Inner.end());
  All.push_back(L);
  All.push_back(LP);
  for (size_t D = 0; D < W.Index.size(); ++D) {
    const Poly &P = W.Index[D], &Q = AP.Index[D];
    // Strong SIV: P = c*i + r(x), Q = c*i' + r'(x'); |r' - r| < |c|.
    std::optional<Poly> CP = P.coefficientOf(L.Sym), CQ = Q.coefficientOf(LP.Sym);
    if (CP && CQ && *CP == *CQ && CP->constantValue() && *CP->constantValue() != 0 &&
        !(P - *CP * Poly::symbol(L.Sym)).mentions(L.Sym) &&
        !(Q - *CQ * Poly::symbol(LP.Sym)).mentions(LP.Sym)) {
      int64_t C = std::abs(*CP->constantValue());
      Poly Diff = (Q - *CQ * Poly::symbol(LP.Sym)) - (P - *CP * Poly::symbol(L.Sym));
      // The other iteration's variable is not in the difference, so the
      // range is over the inner loops (whose bounds may name i and i').
      if (auto R = rangeOver(Diff, All)) {
        auto Lo = constant(R->first), Hi = constant(R->second);
        if (Lo && Hi && *Lo > -C && *Hi < C)
          return true;
      }
    }
    // Ranges: P - Q never 0.
    Poly E = P - Q;
    if (auto R = rangeOver(E, All)) {
      auto Lo = constant(R->first), Hi = constant(R->second);
      if ((Lo && *Lo > 0) || (Hi && *Hi < 0))
        return true;
    }
    // GCD: constant coefficients whose gcd does not divide the rest.
    int64_t G = 0;
    bool AllConstant = true;
    std::map<std::string, Poly> Zero;
    for (const LoopRange &V : All) {
      Zero[V.Sym] = Poly::constant(0);
      if (!E.mentions(V.Sym))
        continue;
      std::optional<Poly> C = E.coefficientOf(V.Sym);
      if (!C || !C->constantValue()) {
        AllConstant = false;
        break;
      }
      G = std::gcd(G, std::abs(*C->constantValue()));
    }
    std::optional<int64_t> K = constant(E.substituteAll(Zero));
    if (AllConstant && G > 1 && K && *K % G != 0)
      return true;
  }
  return false;
}

} // namespace ompm
