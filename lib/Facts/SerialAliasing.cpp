//===- SerialAliasing.cpp - Pointers of a serial loop that may overlap ----===//
#include "Facts/SerialAliasing.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>

using namespace clang;

namespace ompm {

/// Whether W and O hold the same address or distinct objects
/// (AllocationFacts::sameOrDistinct) and the loop uses each at one list of
/// subscripts, the same for both, and the same element type: were they one
/// array, each iteration would touch only the element the dependence test
/// separates for W.
bool sameAddressOneElement(const RegionFacts &F, const AllocationFacts &Allocs,
                           const FunctionDecl *Fn, const ValueDecl *W,
                           const ValueDecl *O) {
  auto OneElement = [&](const ValueDecl *V) -> std::optional<std::vector<Poly>> {
    std::optional<std::vector<Poly>> Key;
    for (const Access &A : F.accesses()) {
      if (A.Base != V)
        continue;
      std::vector<Poly> K;
      for (size_t D = 0; D < A.Indices.size(); ++D) {
        std::optional<Poly> P = F.indexPoly(A, D);
        if (!P)
          return std::nullopt;
        K.push_back(*P);
      }
      if (Key && *Key != K)
        return std::nullopt;
      Key = K;
    }
    return Key;
  };
  if (!Allocs.sameOrDistinct(W, O, Fn))
    return false;
  std::optional<std::vector<Poly>> KW = OneElement(W), KO = OneElement(O);
  auto Elem = [](const ValueDecl *V) {
    return V->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  };
  return KW && KO && *KW == *KO && Elem(W) == Elem(O);
}

/// Two bases of the loop, one written, may be the same memory unless one is
/// a restrict pointer or both are declared arrays: why, empty if no pair may.
std::vector<PointerPair> aliasPairs(const RegionFacts &F, const AllocationFacts &Allocs, const FunctionDecl *Fn) {
  llvm::DenseSet<const ValueDecl *> Bases, Written;
  std::vector<const ValueDecl *> Order;
  for (const Access &A : F.accesses()) {
    if (Bases.insert(A.Base).second)
      Order.push_back(A.Base);
    if (A.IsWrite)
      Written.insert(A.Base);
  }
  auto Restrict = [](const ValueDecl *V) {
    return V->getType()->isPointerType() && V->getType().isRestrictQualified();
  };
  auto Array = [](const ValueDecl *V) { return V->getType()->isArrayType(); };
  std::vector<std::pair<const ValueDecl *, const ValueDecl *>> Pairs;
  for (const ValueDecl *W : Order) {
    if (!Written.count(W))
      continue;
    for (const ValueDecl *O : Order)
      if (O != W && !Restrict(W) && !Restrict(O) && !(Array(W) && Array(O)) &&
          !Allocs.distinct(W, O, Fn) && !sameAddressOneElement(F, Allocs, Fn, W, O) &&
          !llvm::is_contained(Pairs, std::make_pair(O, W)))
        Pairs.push_back({W, O});
  }
  return Pairs;
}

/// Why the pair may be the same memory, for a loop that stays.
std::string aliasWhy(const RegionFacts &F, const PointerPair &P) {
  return "'" + F.nameOf(P.first) + "' and '" + F.nameOf(P.second) +
         "' may be the same memory (declare the pointers restrict, or "
         "pass distinct arrays to a static function)";
}

/// Whether S is the host copy of a loop omp-migrate versioned: the else
/// branch of an if whose then branch is a block holding one OpenMP
/// directive (a second run leaves it).
bool hostCopyOfVersionedLoop(const Stmt *S, const ParentMap &PM) {
  const auto *If = dyn_cast_or_null<IfStmt>(PM.getParent(const_cast<Stmt *>(S)));
  if (!If || If->getElse() != S)
    return false;
  const auto *Then = dyn_cast<CompoundStmt>(If->getThen());
  return Then && Then->size() == 1 && isa<OMPExecutableDirective>(Then->body_front());
}

} // namespace ompm
