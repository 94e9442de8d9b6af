//===- SerialClauses.cpp - Clauses of a serial loop beyond the test --------===//
#include "Facts/SerialClauses.h"
#include "Analysis/AstQueries.h"
#include "Facts/Dependence.h"
#include "clang/AST/ParentMap.h"
#include <functional>
#include <set>

using namespace clang;

namespace ompm {

void smallArrayReductions(const RegionFacts &F, SerialLoop &L) {
  auto Small = [&](const ValueDecl *V) {
    uint64_t N = arithmeticElements(V->getType(), F.context());
    return N > 0 && N <= MaxArrayReductionElements;
  };
  // Atomics: every update of a small array's (they are all of one
  // operator class, onlyCommutativeUpdates).
  // In the order the loop first updates them (the clauses' order).
  std::set<const Expr *> Reduced;
  std::set<const ValueDecl *> Seen;
  for (const Expr *E : L.AtomicUpdates) {
    const ArraySubscriptExpr *Elem = nullptr;
    std::string Op = atomicUpdateOf(E, Elem, F.context());
    for (const Access &A : F.accesses())
      if (Elem && A.Expr == Elem && Small(A.Base)) {
        Reduced.insert(E);
        if (Seen.insert(A.Base).second)
          L.SmallArrayReductions.push_back(Op + ": " + F.nameOf(A.Base));
      }
  }
  llvm::erase_if(L.AtomicUpdates, [&](const Expr *E) { return Reduced.count(E); });
  // Shared affine elements: when every such array is small.
  bool AllSmall = true;
  for (const std::string &R : L.ArrayReductions) {
    std::string Name = StringRef(R).split(':').second.trim().str();
    const ValueDecl *V = nullptr;
    for (const ValueDecl *X : F.externalVars())
      if (F.nameOf(X) == Name)
        V = X;
    AllSmall &= V && Small(V);
  }
  if (AllSmall) {
    L.SmallArrayReductions.insert(L.SmallArrayReductions.end(),
                                  L.ArrayReductions.begin(), L.ArrayReductions.end());
    L.ArrayReductions.clear();
  }
}

std::string flagWrites(const RegionFacts &F, const ForStmt *For,
                       const std::vector<std::string> &Shared, SerialLoop &L) {
  if (Shared.empty())
    return "";
  ParentMap PM(const_cast<Stmt *>(static_cast<const Stmt *>(For)));
  for (const std::string &Name : Shared) {
    const ValueDecl *V = nullptr;
    for (const ValueDecl *X : F.externalVars())
      if (F.nameOf(X) == Name)
        V = X;
    bool Ok = V != nullptr;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Assign)
        if (const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
            DR && DR->getDecl() == V) {
          Ok &= isStatement(S, PM.getParent(const_cast<Stmt *>(S)));
          L.AtomicWrites.push_back(B);
        }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(For->getBody());
    if (!Ok || L.AtomicWrites.empty()) {
      return "'" + Name + "' is set in some iterations only (a flag), where "
             "an atomic write cannot go (not a statement of its own)";
    }
    L.Flags.push_back(Name);
  }
  return "";
}

} // namespace ompm
