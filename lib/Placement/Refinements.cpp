//===- Refinements.cpp - What a data region need not move -----------------===//
//
// Refinements of a hoisted region, each proved or not made: arrays the
// kernels create and consume within an iteration stay on the device
// (alloc), a run's first kernel that overwrites an array whole spares its
// copy-in (from), the live half of a swapped pair is fetched by extent of
// the kernels' writes, and a host statement needs no fetch when it
// overwrites the section or the host already holds the current copy.
//
//===----------------------------------------------------------------------===//
#include "Facts/Footprints.h"
#include "Placement/Placer.h"

using namespace clang;

namespace ompm {

/// The arrays among Vs that the region can create on the device without
/// copying them in (map alloc). In program order inside L, the first kernel
/// that touches V must run in every iteration (a statement of L's body) and
/// write, by plain unconditional assignments, every element that it and the
/// later kernels of L read from V: it reads its own element only after
/// writing it; a later kernel reads the same elements (the same subscript
/// over the same loop ranges) or a part of a dense write. The caller has
/// checked that the host neither touches V inside L nor reads it after L.
std::set<const ValueDecl *>
DataPlacer::deviceOnlyArrays(
    const Stmt *L, const FunctionDecl *Fn, const std::vector<const ValueDecl *> &Vs,
    const RegionFacts &LF,
    const std::map<const ValueDecl *, std::pair<Poly, Poly>> *Cover) const {
  std::set<const ValueDecl *> Result;
  std::vector<const Kernel *> Ks = kernelsIn(L, Fn);
  ParentMap LPM(const_cast<Stmt *>(L));
  const Stmt *LBody = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(L))
    LBody = W->getBody();
  else if (const auto *F = dyn_cast<ForStmt>(L))
    LBody = F->getBody();
  else if (const auto *D = dyn_cast<DoStmt>(L))
    LBody = D->getBody();
  else if (isa<CompoundStmt>(L))
    LBody = L; // a run of statements
  std::vector<const ValueDecl *> Changed = LF.changedOrLocalVars();
  for (const ValueDecl *V : Vs) {
    bool Ok = true;
    const Kernel *First = nullptr;
    std::vector<Footprint> Writes; // unconditional plain writes of the first
    for (const Kernel *K : Ks) {
      const Stmt *Body = K->Body;
      if (!Body) {
        Ok = false;
        break;
      }
      auto KF = std::make_unique<RegionFacts>(Body, Ctx, &K->Followed);
      if (!llvm::is_contained(KF->externalVars(), V))
        continue;
      if (KF->isAddressTaken(V) || K->Conditional) {
        Ok = false;
        break;
      }
      ParentMap PM(const_cast<Stmt *>(Body));
      if (!First) {
        // It runs in every iteration: only blocks between it and the body.
        const Stmt *Cur = K->S;
        while (Cur != LBody) {
          const Stmt *P = LPM.getParent(const_cast<Stmt *>(Cur));
          if (!P || !isa<CompoundStmt>(P)) {
            Ok = false;
            break;
          }
          Cur = P;
        }
        if (!Ok || !LBody || hasJumpsOrLabels(Body))
          break;
        First = K;
        std::vector<const Access *> UncondWrites;
        for (const Access &A : KF->accesses())
          if (A.Base == V && A.Expr && plainAssignOf(PM, A.Expr) &&
              unconditionalIn(PM, plainAssignOf(PM, A.Expr), Body, *KF)) {
            std::optional<Footprint> FP = footprintOf(*KF, A);
            if (!FP || footprintMentions(*FP, Changed))
              continue;
            Writes.push_back(*FP);
            UncondWrites.push_back(&A);
          }
        // Its own reads: the element it has just written, in a later
        // statement of the same block.
        for (const Access &X : KF->accesses()) {
          if (X.Base != V || (X.Expr && plainAssignOf(PM, X.Expr)))
            continue;
          bool Covered = false;
          for (const Access *W : UncondWrites) {
            if (!X.Expr || W->Loops != X.Loops || X.Indices.size() != 1)
              continue;
            std::optional<Poly> PX = KF->indexPoly(X, 0);
            std::optional<Poly> PW = KF->indexPoly(*W, 0);
            if (!PX || !PW || *PX != *PW)
              continue;
            const BinaryOperator *B = plainAssignOf(PM, W->Expr);
            const auto *Block = dyn_cast_or_null<CompoundStmt>(
                PM.getParent(const_cast<BinaryOperator *>(B)));
            if (!Block)
              continue;
            const Stmt *C = X.Expr;
            while (C && PM.getParent(const_cast<Stmt *>(C)) != Block)
              C = PM.getParent(const_cast<Stmt *>(C));
            if (C && C != B &&
                SM.isBeforeInTranslationUnit(SM.getExpansionLoc(B->getEndLoc()),
                                             SM.getExpansionLoc(C->getBeginLoc())))
              Covered = true;
          }
          if (!Covered) {
            Ok = false;
            break;
          }
        }
        if (!Ok)
          break;
        continue;
      }
      // A later kernel: each read lies in what the first one wrote.
      for (const Access &X : KF->accesses()) {
        if (X.Base != V || (X.Expr && plainAssignOf(PM, X.Expr)))
          continue;
        std::optional<Footprint> FX = footprintOf(*KF, X);
        bool Covered = false;
        if (FX && !footprintMentions(*FX, Changed))
          for (const Footprint &W : Writes) {
            if (W.sameElements(*FX)) {
              Covered = true;
            } else if (W.Dense && W.Box && FX->Box) {
              std::optional<bool> A = Poly::geq(FX->Box->first, W.Box->first);
              std::optional<bool> B = Poly::geq(W.Box->second, FX->Box->second);
              Covered = A && *A && B && *B;
            }
            if (Covered)
              break;
          }
        if (!Covered) {
          Ok = false;
          break;
        }
      }
      if (!Ok)
        break;
    }
    // With Cover: one dense write of the first kernel spans V's extent.
    if (Ok && First && Cover) {
      auto It = Cover->find(V);
      bool Spans = false;
      for (const Footprint &W : Writes)
        if (It != Cover->end() && W.Dense && W.Box) {
          std::optional<bool> A = Poly::geq(It->second.first, W.Box->first);
          std::optional<bool> B = Poly::geq(W.Box->second, It->second.second);
          Spans |= A && *A && B && *B;
        }
      Ok = Spans;
    }
    if (Ok && First)
      Result.insert(V);
  }
  return Result;
}

/// The smallest range holding every element the kernels of L write through
/// any of Vs (a pointer swap moves those names between buffers), when all
/// those writes have bounds that are known and fixed in L.
std::optional<std::pair<Poly, Poly>>
DataPlacer::kernelWriteBox(const Stmt *L, const FunctionDecl *Fn,
                            const std::vector<const ValueDecl *> &Vs,
                            const RegionFacts &LF) const {
  std::optional<std::pair<Poly, Poly>> Box;
  std::vector<const ValueDecl *> Changed = LF.changedOrLocalVars();
  for (const Kernel *K : kernelsIn(L, Fn)) {
    const Stmt *Body = K->Body;
    if (!Body)
      return std::nullopt;
    RegionFacts KF(Body, Ctx, &K->Followed);
    for (const ValueDecl *V : Vs)
      if (KF.isAddressTaken(V))
        return std::nullopt;
    for (const Access &A : KF.accesses()) {
      if (!A.IsWrite || !llvm::is_contained(Vs, A.Base))
        continue;
      std::optional<Footprint> FP = footprintOf(KF, A);
      if (!FP || !FP->Box || mentionsAnyVar(FP->Box->first, Changed) ||
          mentionsAnyVar(FP->Box->second, Changed))
        return std::nullopt;
      if (!Box) {
        Box = FP->Box;
        continue;
      }
      Box = unionRange(Box->first, Box->second, FP->Box->first, FP->Box->second);
      if (!Box)
        return std::nullopt;
    }
  }
  return Box;
}

/// Whether the host statement S overwrites every element of V's section Sec
/// without reading any: all its accesses to V are plain assignments, one of
/// them unconditional and dense over a range that holds Sec, and nothing in
/// S (a jump, a call) can stop it early or look at V before it is written.
bool DataPlacer::denseOverwrite(const Stmt *S, const ValueDecl *V,
                                 const RegionFacts &SF,
                                 const SectionResult &Sec) const {
  if (!Sec.ok() || !Sec.Lo || !Sec.Hi || SF.isAddressTaken(V) ||
      SF.hasCallsOrEscapes() || hasJumpsOrLabels(S))
    return false;
  ParentMap PM(const_cast<Stmt *>(S));
  bool Dense = false;
  for (const Access &A : SF.accesses()) {
    if (A.Base != V)
      continue;
    const BinaryOperator *B = A.Expr ? plainAssignOf(PM, A.Expr) : nullptr;
    if (!B)
      return false; // a read, or op=, ++, --
    if (Dense || !unconditionalIn(PM, B, S, SF))
      continue;
    std::optional<Footprint> FP = footprintOf(SF, A);
    if (!FP || !FP->Dense || !FP->Box)
      continue;
    std::optional<bool> Lo = Poly::geq(*Sec.Lo, FP->Box->first);
    std::optional<bool> Hi = Poly::geq(FP->Box->second, *Sec.Hi);
    Dense = Lo && *Lo && Hi && *Hi;
  }
  return Dense;
}

/// A host statement needs no fetch of Item before it when it overwrites the
/// whole section without reading it, or when on every path into it the
/// host fetched Item (or the region's whole section) and nothing since
/// could have changed the device copy or what the item's text names.
bool DataPlacer::skipFetch(const Stmt *S, const ValueDecl *V,
                            const RegionFacts &SF, const SectionResult &Sec,
                            const std::string &Item, const std::string &Whole,
                            const CopyEvents &Events, const FunctionDecl *Fn,
                            bool AllowDense) {
  if (AllowDense && denseOverwrite(S, V, SF, Sec))
    return true;
  return flowOf(Fn).currentOnEntry(Events, S, V, {Item, Whole});
}

} // namespace ompm
