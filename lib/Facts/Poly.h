//===- Poly.h - Integer polynomials over symbolic atoms ---------*- C++ -*-===//
//
// Subscripts and loop bounds as sums of integer-weighted monomials. A monomial
// is a sorted list of symbols: loop-invariant source expressions ("n",
// "s->len") or induction variables (marked with a leading '@'). Used to infer
// array sections and to decide whether two subscripts are the same.
//
// Symbols are interned (one copy of each name per process), so a monomial is
// a short list of pointers and two symbols are the same when their pointers
// are; they still sort by their text, so terms print in the same order as
// when they were kept as strings.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_POLY_H
#define OMPM_FACTS_POLY_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ompm {

/// An interned symbol name. Reads as the `const std::string &` it names.
class Sym {
public:
  /// The symbol named S (made on first use; thread-safe).
  static Sym intern(llvm::StringRef S);

  const std::string &str() const { return *Name; }
  operator const std::string &() const { return *Name; }
  /// An induction variable ('@' first).
  bool isLoopVar() const { return !Name->empty() && (*Name)[0] == '@'; }

  bool operator==(Sym O) const { return Name == O.Name; }
  bool operator!=(Sym O) const { return Name != O.Name; }
  /// By text (the order of the names, not of their addresses).
  bool operator<(Sym O) const { return Name != O.Name && *Name < *O.Name; }
  friend bool operator==(Sym A, const std::string &B) { return *A.Name == B; }
  friend bool operator==(const std::string &A, Sym B) { return A == *B.Name; }

private:
  explicit Sym(const std::string *Name) : Name(Name) {}
  const std::string *Name;
};

class Poly {
public:
  using Monomial = llvm::SmallVector<Sym, 2>; // sorted symbols; empty = constant
  using Term = std::pair<Monomial, int64_t>;
  Poly() = default;
  static Poly constant(int64_t C);
  static Poly symbol(const std::string &S);
  static Poly symbol(Sym S);

  Poly operator+(const Poly &O) const;
  Poly operator-(const Poly &O) const;
  Poly operator*(const Poly &O) const;
  Poly scaled(int64_t K) const;

  bool isConstant() const;
  std::optional<int64_t> constantValue() const;
  bool operator==(const Poly &O) const { return Terms == O.Terms; }
  bool operator!=(const Poly &O) const { return !(*this == O); }

  /// True if some monomial contains symbol S.
  bool mentions(const std::string &S) const;
  bool mentions(Sym S) const;
  /// Coefficient polynomial of S when every monomial mentioning S has it
  /// exactly once; std::nullopt otherwise (S squared).
  std::optional<Poly> coefficientOf(const std::string &S) const;
  /// Replaces S by P (S must appear at most once per monomial).
  Poly substitute(const std::string &S, const Poly &P) const;
  /// Replaces every symbol named in With at once (powers included): a
  /// callee's parameters by the caller's arguments.
  Poly substituteAll(const std::map<std::string, Poly> &With) const;
  /// The symbols the polynomial mentions.
  std::set<std::string> symbols() const;

  /// Decides A >= B assuming every atom (non-'@' symbol) is >= 1 and no
  /// induction variable is left. std::nullopt if undecidable.
  static std::optional<bool> geq(const Poly &A, const Poly &B);
  /// The smaller / larger of A and B when geq decides it, else nullopt.
  static std::optional<Poly> decidedMin(const Poly &A, const Poly &B);
  static std::optional<Poly> decidedMax(const Poly &A, const Poly &B);

  /// C-like text; DisplayName maps '@' symbols to their source names.
  std::string str(const std::function<std::string(const std::string &)>
                      &DisplayName = nullptr) const;

  /// The terms, by monomial (the symbols' texts, lexicographically); no
  /// zero coefficient.
  const std::vector<Term> &terms() const { return Terms; }

private:
  void add(const Monomial &M, int64_t C);
  std::vector<Term> Terms; // sorted by monomial, no zero coefficients
};

} // namespace ompm

#endif
