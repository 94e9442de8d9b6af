//===- Footprints.cpp - The elements an access touches ----------------------===//
#include "Facts/Footprints.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ompm {

/// Whether Text names the identifier Name (not as part of a longer one).
bool mentionsIdentifier(StringRef Text, StringRef Name) {
  auto IsId = [](char Ch) { return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_'; };
  for (size_t P = Text.find(Name); P != StringRef::npos; P = Text.find(Name, P + 1)) {
    bool Left = P == 0 || !IsId(Text[P - 1]);
    bool Right = P + Name.size() >= Text.size() || !IsId(Text[P + Name.size()]);
    if (Left && Right)
      return true;
  }
  return false;
}

bool mentionsLoopVar(const Poly &P) {
  for (const auto &[M, K] : P.terms())
    for (const std::string &S : M)
      if (!S.empty() && S[0] == '@')
        return true;
  return false;
}

std::optional<Footprint> footprintOf(const RegionFacts &F, const Access &A) {
  if (A.Indices.size() != 1)
    return std::nullopt;
  std::optional<Poly> P = F.indexPoly(A, 0);
  if (!P)
    return std::nullopt;
  auto Depth = [](size_t D) { return "@#" + std::to_string(D); };
  bool Ok = true;
  auto Rename = [&](Poly Q) {
    for (size_t D = 0; D < A.Loops.size(); ++D) {
      const std::string &From = F.loops()[A.Loops[D]].Symbol;
      if (!Q.mentions(From))
        continue;
      if (!Q.coefficientOf(From)) {
        Ok = false; // not linear in it
        continue;
      }
      Q = Q.substitute(From, Poly::symbol(Depth(D)));
    }
    return Q;
  };
  // A loop with a step other than 1 skips elements of its range, which a
  // footprint (a subscript over ranges) cannot say.
  for (int LI : A.Loops)
    if (F.loops()[LI].Step != 1 && F.loops()[LI].Step != -1)
      return std::nullopt;
  Footprint FP;
  FP.Index = Rename(*P);
  for (int LI : A.Loops)
    FP.Ranges.push_back({Rename(F.loops()[LI].Min), Rename(F.loops()[LI].Max)});
  if (!Ok)
    return std::nullopt;
  // Bounding box: each loop variable at the end of its range that makes the
  // subscript smallest / largest, innermost first.
  Poly Lo = FP.Index, Hi = FP.Index;
  for (size_t D = FP.Ranges.size(); D-- > 0;) {
    for (Poly *Q : {&Lo, &Hi}) {
      if (!Q->mentions(Depth(D)))
        continue;
      std::optional<Poly> C = Q->coefficientOf(Depth(D));
      std::optional<bool> NonNeg;
      if (C && !mentionsLoopVar(*C))
        NonNeg = Poly::geq(*C, Poly::constant(0));
      if (!NonNeg)
        return FP;
      bool WantMin = Q == &Lo;
      *Q = Q->substitute(Depth(D), WantMin == *NonNeg ? FP.Ranges[D].first
                                                      : FP.Ranges[D].second);
    }
  }
  if (mentionsLoopVar(Lo) || mentionsLoopVar(Hi))
    return FP;
  FP.Box = std::make_pair(Lo, Hi);
  // Dense: rectangular, non-empty loop ranges, and the loop variables the
  // subscript uses have strides 1, len(inner), len(inner)*len(next), ...
  for (const auto &[Min, Max] : FP.Ranges) {
    std::optional<bool> NonEmpty = Poly::geq(Max, Min);
    if (mentionsLoopVar(Min) || mentionsLoopVar(Max) || !NonEmpty || !*NonEmpty)
      return FP;
  }
  Poly Stride = Poly::constant(1);
  for (size_t D = FP.Ranges.size(); D-- > 0;) {
    if (!FP.Index.mentions(Depth(D)))
      continue;
    std::optional<Poly> C = FP.Index.coefficientOf(Depth(D));
    if (!C || *C != Stride)
      return FP;
    Stride = Stride * (FP.Ranges[D].second - FP.Ranges[D].first + Poly::constant(1));
  }
  FP.Dense = true;
  return FP;
}

/// Whether a polynomial names one of the variables (atoms are source text:
/// an identifier match inside them).
bool mentionsAnyVar(const Poly &P, const std::vector<const ValueDecl *> &Vars) {
  for (const auto &[M, K] : P.terms())
    for (const std::string &S : M) {
      if (S.empty() || S[0] == '@')
        continue;
      for (const ValueDecl *V : Vars)
        if (mentionsIdentifier(S, V->getNameAsString()))
          return true;
    }
  return false;
}

bool footprintMentions(const Footprint &FP, const std::vector<const ValueDecl *> &Vars) {
  if (mentionsAnyVar(FP.Index, Vars))
    return true;
  for (const auto &[Min, Max] : FP.Ranges)
    if (mentionsAnyVar(Min, Vars) || mentionsAnyVar(Max, Vars))
      return true;
  return false;
}

/// `X = e` (not `X op= e`, not `++X`): the old value is not read.
const BinaryOperator *plainAssignOf(const ParentMap &PM, const Expr *X) {
  const Stmt *P = PM.getParentIgnoreParens(const_cast<Expr *>(X));
  const auto *B = dyn_cast_or_null<BinaryOperator>(P);
  if (B && B->getOpcode() == BO_Assign && B->getLHS()->IgnoreParens() == X)
    return B;
  return nullptr;
}

/// Whether S runs whenever Root runs, once per iteration of the canonical
/// loops of F around it: only blocks, canonical loops (S in their body) and
/// OpenACC loop directives lie between.
bool unconditionalIn(const ParentMap &PM, const Stmt *S, const Stmt *Root,
                     const RegionFacts &F) {
  for (const Stmt *Cur = S; Cur != Root;) {
    const Stmt *P = PM.getParent(const_cast<Stmt *>(Cur));
    if (!P)
      return false;
    if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (For->getBody() != Cur ||
          llvm::none_of(F.loops(), [&](const CanonicalLoop &L) { return L.For == For; }))
        return false;
    } else if (!isa<CompoundStmt>(P) && !isa<OpenACCLoopConstruct>(P) &&
               !isa<AttributedStmt>(P) && !isa<OMPLoopDirective>(P) &&
               !isa<CapturedStmt>(P)) {
      // (An OpenMP loop directive of --optimize-data input runs every
      // iteration of its loop, whatever its clauses.)
      return false;
    }
    Cur = P;
  }
  return true;
}

} // namespace ompm
