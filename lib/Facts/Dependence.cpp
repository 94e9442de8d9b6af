//===- Dependence.cpp - Whether a loop's iterations are independent -------===//
#include "Facts/Dependence.h"
#include "Facts/Scalars.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ompm {

/// Two pointers, one written, may alias unless both are restrict: why,
/// empty if no pair may.
static std::string mayAliasWhy(const RegionFacts &F,
                               const llvm::DenseSet<const ValueDecl *> &WrittenBases) {
  for (const ValueDecl *W : WrittenBases) {
    if (!W->getType()->isPointerType())
      continue;
    for (const ValueDecl *O : F.externalVars()) {
      if (O == W || !O->getType()->isPointerType())
        continue;
      bool Used = false;
      for (const Access &A : F.accesses())
        Used |= A.Base == O;
      if (!Used)
        continue;
      if (!W->getType().isRestrictQualified() ||
          !O->getType().isRestrictQualified()) {
        return "'" + F.nameOf(W) + "' and '" + F.nameOf(O) +
               "' may alias (declare them restrict, or add independent)";
      }
    }
  }
  return "";
}

ParallelResult testParallel(const RegionFacts &F, const ForStmt *For) {
  const std::vector<CanonicalLoop> &Loops = F.loops();
  ParallelResult R;
  int Self = -1;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Loops[I].For == For)
      Self = static_cast<int>(I);
  if (Self < 0) {
    R.Why = "the loop is not in canonical form (for (i = lo; i < hi; i++))";
    return R;
  }
  const CanonicalLoop &L = Loops[Self];
  if (F.hasJumps()) {
    R.Why = "the loop body leaves the loop (break, return, goto or throw)";
    return R;
  }
  if (F.hasCallsOrEscapes()) {
    R.Why = "the loop calls a function whose side effects are unknown";
    return R;
  }
  if (!F.opaqueWrite().empty()) {
    R.Why = "the loop writes '" + F.opaqueWrite() +
            "', which the dependence test does not follow (a struct member "
            "or an element reached through one)";
    return R;
  }
  // Scalars declared outside the loop and written in it: reductions or a
  // loop-carried dependence.
  for (const ValueDecl *V : F.externalVars()) {
    if (!F.isWritten(V) || V->getType()->isPointerType() ||
        V->getType()->isArrayType())
      continue;
    if (const auto *VD = dyn_cast<VarDecl>(V); VD && F.isLoopVar(VD))
      continue;
    ScalarUse U = classifyScalar(For->getBody(), V, F.context());
    switch (U.Role) {
    case ScalarRole::Reduction:
      R.Reductions.push_back(U.Op + ": " + F.nameOf(V));
      break;
    case ScalarRole::SharedFlag:
      R.Shared.push_back(F.nameOf(V));
      break;
    case ScalarRole::Private:
      R.Privates.push_back(F.nameOf(V));
      break;
    case ScalarRole::Other:
      R.Why = U.Why;
      return R;
    }
  }
  // Arrays: every access to a written array must be the same element, and
  // that element must differ between iterations.
  llvm::DenseSet<const ValueDecl *> WrittenBases;
  for (const Access &A : F.accesses())
    if (A.IsWrite)
      WrittenBases.insert(A.Base);
  for (const ValueDecl *B : WrittenBases) {
    const Access *First = nullptr;
    std::vector<Poly> Key;
    for (const Access &A : F.accesses()) {
      if (A.Base != B)
        continue;
      std::vector<Poly> K;
      for (const Expr *I : A.Indices) {
        std::optional<Poly> P = F.toPoly(I);
        if (!P) {
          R.Why = "a subscript of '" + F.nameOf(B) +
                  "' depends on a value computed in the loop";
          return R;
        }
        K.push_back(*P);
      }
      if (!First) {
        First = &A;
        Key = K;
      } else if (K != Key) {
        R.Why = "'" + F.nameOf(B) +
                "' is written and accessed at different subscripts, which "
                "may be a loop-carried dependence";
        return R;
      }
    }
    // The first subscript that mentions the IV must separate iterations.
    bool Separated = false;
    for (size_t D = 0; D < Key.size() && !Separated; ++D) {
      if (!Key[D].mentions(L.Symbol))
        continue;
      std::optional<Poly> C = Key[D].coefficientOf(L.Symbol);
      if (!C)
        break;
      Poly Rest = Key[D] - *C * Poly::symbol(L.Symbol);
      // Range of the rest over the inner loops.
      Access Tmp = *First;
      Poly Lo = Rest, Hi = Rest;
      bool Ok = true;
      for (auto It = Tmp.Loops.rbegin(); It != Tmp.Loops.rend() && Ok; ++It) {
        const CanonicalLoop &In = Loops[*It];
        if (In.For == For)
          break;
        for (Poly *Q : {&Lo, &Hi}) {
          if (!Q->mentions(In.Symbol))
            continue;
          std::optional<Poly> CI = Q->coefficientOf(In.Symbol);
          std::optional<bool> NN =
              CI ? Poly::geq(*CI, Poly::constant(0)) : std::nullopt;
          if (!NN) {
            Ok = false;
            break;
          }
          *Q = Q->substitute(In.Symbol, ((Q == &Lo) == *NN) ? In.Min : In.Max);
        }
      }
      if (!Ok || Lo.mentions(L.Symbol) || Hi.mentions(L.Symbol))
        break;
      Poly Width = Hi - Lo;
      std::optional<bool> Pos = Poly::geq(*C, Poly::constant(1));
      std::optional<bool> Neg = Poly::geq(Poly::constant(-1), *C);
      if (Pos && *Pos) {
        std::optional<bool> Fits = Poly::geq(*C - Poly::constant(1), Width);
        Separated = Fits && *Fits;
      } else if (Neg && *Neg) {
        std::optional<bool> Fits =
            Poly::geq(C->scaled(-1) - Poly::constant(1), Width);
        Separated = Fits && *Fits;
      }
      break;
    }
    if (!Separated) {
      R.Why = "iterations may write the same element of '" + F.nameOf(B) + "'";
      return R;
    }
  }
  R.Why = mayAliasWhy(F, WrittenBases);
  if (!R.Why.empty())
    return R;
  R.Parallel = true;
  return R;
}

} // namespace ompm
