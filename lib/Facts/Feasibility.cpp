//===- Feasibility.cpp - Whether linear constraints have an integer point -===//
#include "Facts/Feasibility.h"
#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace ompm {

namespace {

constexpr int64_t Limit = int64_t(1) << 40;

int64_t floorDiv(int64_t A, int64_t B) { // B > 0
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// Divides by the gcd of the coefficients, rounding the constant down:
/// exact for integer variables. false if the constraint is 0 >= -Const with
/// Const < 0 (no point satisfies it).
bool tighten(LinearConstraint &C) {
  int64_t G = 0;
  for (const auto &[V, K] : C.Coef)
    G = std::gcd(G, K < 0 ? -K : K);
  if (G == 0)
    return C.Const >= 0;
  if (G > 1) {
    for (auto &[V, K] : C.Coef)
      K /= G;
    C.Const = floorDiv(C.Const, G);
  }
  return true;
}

/// K1 * A + K2 * B with the variable X cancelled; nullopt on overflow.
std::optional<LinearConstraint> combine(const LinearConstraint &A, int64_t K1,
                                        const LinearConstraint &B, int64_t K2) {
  LinearConstraint R;
  auto Add = [&](const LinearConstraint &C, int64_t K) {
    for (const auto &[V, X] : C.Coef) {
      __int128 S = static_cast<__int128>(R.Coef[V]) + static_cast<__int128>(X) * K;
      if (S > Limit || S < -Limit)
        return false;
      R.Coef[V] = static_cast<int64_t>(S);
    }
    __int128 S = static_cast<__int128>(R.Const) + static_cast<__int128>(C.Const) * K;
    if (S > Limit || S < -Limit)
      return false;
    R.Const = static_cast<int64_t>(S);
    return true;
  };
  if (!Add(A, K1) || !Add(B, K2))
    return std::nullopt;
  for (auto It = R.Coef.begin(); It != R.Coef.end();)
    It = It->second == 0 ? R.Coef.erase(It) : std::next(It);
  return R;
}

} // namespace

std::optional<LinearConstraint> linearNonNegative(const Poly &P) {
  LinearConstraint C;
  for (const auto &[M, K] : P.terms()) {
    if (M.empty()) {
      C.Const = K;
      continue;
    }
    bool HasLoopVar = std::any_of(M.begin(), M.end(),
                                  [](const std::string &S) { return S[0] == '@'; });
    if (HasLoopVar && M.size() > 1)
      return std::nullopt;
    std::string Name;
    for (const std::string &S : M)
      Name += (Name.empty() ? "" : "*") + S;
    C.Coef[Name] = K;
  }
  return C;
}

namespace {

/// The system split into groups of rows that share no variable (elimination
/// never combines rows of two groups); a single group when it does not
/// split. A row without variables goes into the first group.
std::vector<std::vector<LinearConstraint>>
independentGroups(std::vector<LinearConstraint> System) {
  std::map<std::string, std::string> Up; // union-find over variable names
  std::function<const std::string &(const std::string &)> Find =
      [&](const std::string &V) -> const std::string & {
    auto It = Up.try_emplace(V, V).first;
    if (It->second == V)
      return It->first;
    It->second = Find(It->second);
    return It->second;
  };
  for (const LinearConstraint &C : System) {
    if (C.Coef.empty())
      continue;
    std::string R = Find(C.Coef.begin()->first);
    for (const auto &[V, K] : C.Coef) {
      std::string O = Find(V);
      if (O != R)
        Up[O] = R;
    }
  }
  std::map<std::string, size_t> Group;
  std::vector<std::vector<LinearConstraint>> Out;
  for (LinearConstraint &C : System) {
    size_t G = 0;
    if (!C.Coef.empty()) {
      auto [It, New] = Group.try_emplace(Find(C.Coef.begin()->first), Out.size());
      if (New)
        Out.emplace_back();
      G = It->second;
    } else if (Out.empty()) {
      Out.emplace_back();
    }
    Out[G].push_back(std::move(C));
  }
  return Out;
}

bool eliminate(std::vector<LinearConstraint> System, size_t MaxConstraints);

} // namespace

bool provedInfeasible(std::vector<LinearConstraint> System, size_t MaxConstraints) {
  // Loops of a nest that no subscript names are constraints of their own:
  // eliminating each group apart keeps a deep nest from costing the cube
  // of its depth.
  for (std::vector<LinearConstraint> &G : independentGroups(std::move(System)))
    if (eliminate(std::move(G), MaxConstraints))
      return true;
  return false;
}

namespace {

bool eliminate(std::vector<LinearConstraint> System, size_t MaxConstraints) {
  for (;;) {
    // Tighten, drop duplicates and trivially true rows; stop at a false one.
    std::set<LinearConstraint, ConstraintOrder> Seen;
    std::vector<LinearConstraint> Rows;
    for (LinearConstraint &C : System) {
      if (!tighten(C))
        return true;
      if (C.Coef.empty() || !Seen.insert(C).second)
        continue;
      Rows.push_back(C);
    }
    if (Rows.empty())
      return false;
    // Eliminate the variable with the fewest new rows.
    std::map<std::string, std::pair<size_t, size_t>> Count; // (+, -)
    for (const LinearConstraint &C : Rows)
      for (const auto &[V, K] : C.Coef)
        (K > 0 ? Count[V].first : Count[V].second)++;
    std::string X;
    size_t Best = SIZE_MAX;
    for (const auto &[V, PN] : Count) {
      size_t Cost = PN.first * PN.second;
      if (Cost < Best) {
        Best = Cost;
        X = V;
      }
    }
    std::vector<LinearConstraint> Pos, Neg, Next;
    for (LinearConstraint &C : Rows) {
      auto It = C.Coef.find(X);
      if (It == C.Coef.end())
        Next.push_back(C);
      else
        (It->second > 0 ? Pos : Neg).push_back(C);
    }
    // a x + P >= 0 (a > 0) and -b x + Q >= 0 (b > 0) give b P + a Q >= 0.
    for (const LinearConstraint &P : Pos)
      for (const LinearConstraint &N : Neg) {
        int64_t A = P.Coef.at(X), B = -N.Coef.at(X);
        int64_t G = std::gcd(A, B);
        std::optional<LinearConstraint> R = combine(P, B / G, N, A / G);
        if (!R)
          return false;
        Next.push_back(*R);
        if (Next.size() > MaxConstraints)
          return false;
      }
    System = std::move(Next);
  }
}

} // namespace

} // namespace ompm
