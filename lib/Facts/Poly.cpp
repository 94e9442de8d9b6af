//===- Poly.cpp - Integer polynomials over symbolic atoms -----------------===//
#include "Facts/Poly.h"
#include <algorithm>

namespace ompm {

Poly Poly::constant(int64_t C) {
  Poly P;
  P.add({}, C);
  return P;
}

Poly Poly::symbol(const std::string &S) {
  Poly P;
  P.add({S}, 1);
  return P;
}

void Poly::add(const Monomial &M, int64_t C) {
  if (C == 0)
    return;
  int64_t &V = Terms[M];
  V += C;
  if (V == 0)
    Terms.erase(M);
}

Poly Poly::operator+(const Poly &O) const {
  Poly R = *this;
  for (const auto &[M, C] : O.Terms)
    R.add(M, C);
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O.scaled(-1); }

Poly Poly::scaled(int64_t K) const {
  Poly R;
  for (const auto &[M, C] : Terms)
    R.add(M, C * K);
  return R;
}

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (const auto &[M1, C1] : Terms)
    for (const auto &[M2, C2] : O.Terms) {
      Monomial M = M1;
      M.insert(M.end(), M2.begin(), M2.end());
      std::sort(M.begin(), M.end());
      R.add(M, C1 * C2);
    }
  return R;
}

bool Poly::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

std::optional<int64_t> Poly::constantValue() const {
  if (Terms.empty())
    return 0;
  if (isConstant())
    return Terms.begin()->second;
  return std::nullopt;
}

bool Poly::mentions(const std::string &S) const {
  for (const auto &[M, C] : Terms)
    if (std::find(M.begin(), M.end(), S) != M.end())
      return true;
  return false;
}

std::optional<Poly> Poly::coefficientOf(const std::string &S) const {
  Poly R;
  for (const auto &[M, C] : Terms) {
    auto N = std::count(M.begin(), M.end(), S);
    if (N > 1)
      return std::nullopt;
    if (N == 1) {
      Monomial Rest = M;
      Rest.erase(std::find(Rest.begin(), Rest.end(), S));
      R.add(Rest, C);
    }
  }
  return R;
}

Poly Poly::substitute(const std::string &S, const Poly &P) const {
  Poly R;
  for (const auto &[M, C] : Terms) {
    auto It = std::find(M.begin(), M.end(), S);
    if (It == M.end()) {
      R.add(M, C);
      continue;
    }
    Monomial Rest = M;
    Rest.erase(Rest.begin() + (It - M.begin()));
    Poly Term;
    Term.add(Rest, C);
    R = R + Term * P;
  }
  return R;
}

Poly Poly::substituteAll(const std::map<std::string, Poly> &With) const {
  Poly R;
  for (const auto &[M, C] : Terms) {
    Poly Term = Poly::constant(C);
    for (const std::string &S : M) {
      auto It = With.find(S);
      Term = Term * (It == With.end() ? Poly::symbol(S) : It->second);
    }
    R = R + Term;
  }
  return R;
}

std::set<std::string> Poly::symbols() const {
  std::set<std::string> Out;
  for (const auto &[M, C] : Terms)
    Out.insert(M.begin(), M.end());
  return Out;
}

std::optional<bool> Poly::geq(const Poly &A, const Poly &B) {
  Poly D = A - B;
  // With every atom >= 1, D's value is at least the sum of its coefficients
  // when every non-constant coefficient is >= 0 (and at most it when every
  // one is <= 0).
  bool AllNonNeg = true, AllNonPos = true;
  int64_t AtOnes = 0;
  for (const auto &[M, C] : D.Terms) {
    for (const std::string &S : M)
      if (!S.empty() && S[0] == '@')
        return std::nullopt;
    AtOnes += C;
    if (!M.empty()) {
      AllNonNeg &= C >= 0;
      AllNonPos &= C <= 0;
    }
  }
  if (AllNonNeg && AtOnes >= 0)
    return true;
  if (AllNonPos && AtOnes < 0)
    return false;
  return std::nullopt;
}

std::optional<Poly> Poly::decidedMin(const Poly &A, const Poly &B) {
  if (geq(B, A) == std::optional<bool>(true))
    return A;
  if (geq(A, B) == std::optional<bool>(true))
    return B;
  return std::nullopt;
}

std::optional<Poly> Poly::decidedMax(const Poly &A, const Poly &B) {
  if (geq(A, B) == std::optional<bool>(true))
    return A;
  if (geq(B, A) == std::optional<bool>(true))
    return B;
  return std::nullopt;
}

std::string Poly::str(
    const std::function<std::string(const std::string &)> &DisplayName) const {
  if (Terms.empty())
    return "0";
  auto Name = [&](const std::string &S) {
    if (DisplayName)
      return DisplayName(S);
    return S;
  };
  // Non-constant terms first (in map order), the constant last: "n*m - 2".
  std::string Out;
  auto Emit = [&](const Monomial &M, int64_t C) {
    bool Neg = C < 0;
    int64_t A = Neg ? -C : C;
    std::string Body;
    if (M.empty() || A != 1)
      Body = std::to_string(A);
    for (const std::string &S : M) {
      if (!Body.empty())
        Body += "*";
      Body += Name(S);
    }
    if (Out.empty())
      Out = (Neg ? "-" : "") + Body;
    else
      Out += (Neg ? " - " : " + ") + Body;
  };
  // Higher degree first ("m*n - 2*m - 2"), then the map's order.
  std::vector<std::pair<Monomial, int64_t>> Order(Terms.begin(), Terms.end());
  std::stable_sort(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.first.size() > B.first.size();
  });
  for (const auto &[M, C] : Order)
    if (!M.empty())
      Emit(M, C);
  auto It = Terms.find({});
  if (It != Terms.end())
    Emit(It->first, It->second);
  return Out;
}

} // namespace ompm
