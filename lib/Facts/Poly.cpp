//===- Poly.cpp - Integer polynomials over symbolic atoms -----------------===//
#include "Facts/Poly.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <mutex>

namespace ompm {

namespace {
/// The names of every symbol, one copy each, for the process's lifetime
/// (worker threads of -j share it).
struct SymbolTable {
  std::mutex Lock;
  llvm::StringMap<std::string> Names;
};
SymbolTable &symbolTable() {
  static SymbolTable *T = new SymbolTable; // never destroyed: symbols outlive exit handlers
  return *T;
}

bool monomialLess(const Poly::Monomial &A, const Poly::Monomial &B) {
  return std::lexicographical_compare(A.begin(), A.end(), B.begin(), B.end());
}
} // namespace

Sym Sym::intern(llvm::StringRef S) {
  SymbolTable &T = symbolTable();
  std::lock_guard<std::mutex> G(T.Lock);
  auto It = T.Names.find(S);
  if (It == T.Names.end())
    It = T.Names.try_emplace(S, S.str()).first;
  return Sym(&It->second);
}

Poly Poly::constant(int64_t C) {
  Poly P;
  P.add({}, C);
  return P;
}

Poly Poly::symbol(const std::string &S) { return symbol(Sym::intern(S)); }

Poly Poly::symbol(Sym S) {
  Poly P;
  P.Terms.push_back({Monomial{S}, 1});
  return P;
}

void Poly::add(const Monomial &M, int64_t C) {
  if (C == 0)
    return;
  auto It = std::lower_bound(Terms.begin(), Terms.end(), M,
                             [](const Term &T, const Monomial &K) { return monomialLess(T.first, K); });
  if (It == Terms.end() || It->first != M) {
    Terms.insert(It, {M, C});
    return;
  }
  It->second += C;
  if (It->second == 0)
    Terms.erase(It);
}

Poly Poly::operator+(const Poly &O) const {
  // A merge of the two sorted lists.
  Poly R;
  R.Terms.reserve(Terms.size() + O.Terms.size());
  auto A = Terms.begin(), B = O.Terms.begin();
  while (A != Terms.end() || B != O.Terms.end()) {
    if (B == O.Terms.end() || (A != Terms.end() && monomialLess(A->first, B->first))) {
      R.Terms.push_back(*A++);
    } else if (A == Terms.end() || monomialLess(B->first, A->first)) {
      R.Terms.push_back(*B++);
    } else {
      if (int64_t C = A->second + B->second)
        R.Terms.push_back({A->first, C});
      ++A, ++B;
    }
  }
  return R;
}

Poly Poly::operator-(const Poly &O) const { return *this + O.scaled(-1); }

Poly Poly::scaled(int64_t K) const {
  Poly R;
  if (K == 0)
    return R;
  R.Terms = Terms;
  for (Term &T : R.Terms)
    T.second *= K;
  return R;
}

Poly Poly::operator*(const Poly &O) const {
  Poly R;
  for (const auto &[M1, C1] : Terms)
    for (const auto &[M2, C2] : O.Terms) {
      Monomial M = M1;
      M.append(M2.begin(), M2.end());
      std::sort(M.begin(), M.end());
      R.add(M, C1 * C2);
    }
  return R;
}

bool Poly::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.front().first.empty());
}

std::optional<int64_t> Poly::constantValue() const {
  if (Terms.empty())
    return 0;
  if (isConstant())
    return Terms.front().second;
  return std::nullopt;
}

/// The symbol of P named Name, if P mentions one (a scan of P's few
/// symbols costs less than a look-up in the shared table).
static std::optional<Sym> symbolNamed(const Poly &P, const std::string &Name) {
  for (const auto &[M, C] : P.terms())
    for (Sym S : M)
      if (S == Name)
        return S;
  return std::nullopt;
}

bool Poly::mentions(const std::string &S) const { return symbolNamed(*this, S).has_value(); }

bool Poly::mentions(Sym S) const {
  for (const auto &[M, C] : Terms)
    if (std::find(M.begin(), M.end(), S) != M.end())
      return true;
  return false;
}

std::optional<Poly> Poly::coefficientOf(const std::string &Name) const {
  Poly R;
  std::optional<Sym> S = symbolNamed(*this, Name);
  if (!S)
    return R;
  for (const auto &[M, C] : Terms) {
    auto N = std::count(M.begin(), M.end(), *S);
    if (N > 1)
      return std::nullopt;
    if (N == 1) {
      Monomial Rest = M;
      Rest.erase(std::find(Rest.begin(), Rest.end(), *S));
      R.add(Rest, C);
    }
  }
  return R;
}

Poly Poly::substitute(const std::string &Name, const Poly &P) const {
  std::optional<Sym> S = symbolNamed(*this, Name);
  if (!S)
    return *this;
  Poly R;
  for (const auto &[M, C] : Terms) {
    auto It = std::find(M.begin(), M.end(), *S);
    if (It == M.end()) {
      R.add(M, C);
      continue;
    }
    Monomial Rest = M;
    Rest.erase(Rest.begin() + (It - M.begin()));
    Poly T;
    T.add(Rest, C);
    R = R + T * P;
  }
  return R;
}

Poly Poly::substituteAll(const std::map<std::string, Poly> &With) const {
  Poly R;
  for (const auto &[M, C] : Terms) {
    Poly T = Poly::constant(C);
    for (Sym S : M) {
      auto It = With.find(S.str());
      T = T * (It == With.end() ? Poly::symbol(S) : It->second);
    }
    R = R + T;
  }
  return R;
}

std::set<std::string> Poly::symbols() const {
  std::set<std::string> Out;
  for (const auto &[M, C] : Terms)
    for (Sym S : M)
      Out.insert(S.str());
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
    for (Sym S : M)
      if (S.isLoopVar())
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
    for (Sym S : M) {
      if (!Body.empty())
        Body += "*";
      Body += Name(S);
    }
    if (Out.empty())
      Out = (Neg ? "-" : "") + Body;
    else
      Out += (Neg ? " - " : " + ") + Body;
  };
  // Higher degree first ("m*n - 2*m - 2"), then the terms' order.
  std::vector<const Term *> Order;
  for (const Term &T : Terms)
    Order.push_back(&T);
  std::stable_sort(Order.begin(), Order.end(), [](const Term *A, const Term *B) {
    return A->first.size() > B->first.size();
  });
  for (const Term *T : Order)
    if (!T->first.empty())
      Emit(T->first, T->second);
  // The constant, if any, sorts first (the empty monomial).
  if (!Terms.empty() && Terms.front().first.empty())
    Emit(Terms.front().first, Terms.front().second);
  return Out;
}

} // namespace ompm
