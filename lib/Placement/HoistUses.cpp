//===- HoistUses.cpp - The host's uses inside a data region ----------------===//
#include "Placement/Hoist.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

  // Host uses of the candidates inside the loop.
  // The statement to put updates around: a statement of a block, or the
  // single-statement branch of an if (which then gets braces), so a guarded
  // host access moves data only when the guard holds.
  std::set<const Stmt *> NeedsBraces;
  // An access inside a host loop nested in L moves data around the
  // outermost such loop, once, with the section of the whole loop (not once
  // per host iteration).
const Stmt *HoistAttempt::stmtOf(const Stmt *S) {
  // Inside an OpenMP construct the host runs (a `parallel` region kept on
  // the host): every thread would run an update placed there, and one
  // thread's fetch may overwrite what another has written. The update goes
  // around the outermost such construct. (A region that holds kernels is
  // one the translation dissolved: its line goes, its code is the host's.)
  for (const Stmt *X = Parent.lookup(S); X && X != L; X = Parent.lookup(X)) {
    if (!isa<OMPExecutableDirective>(X))
      continue;
    // (A directive's own range is its pragma line: its statement's end.)
    SourceLocation B = SM.getExpansionLoc(X->getBeginLoc()), E = lastLoc(X);
    if (llvm::none_of(P.Kernels, [&](const Kernel &K) {
          SourceLocation At = SM.getExpansionLoc(K.S->getBeginLoc());
          return K.Fn == Fn && !SM.isBeforeInTranslationUnit(At, B) &&
                 !SM.isBeforeInTranslationUnit(E, At);
        }))
      S = X;
  }
  const Stmt *Anchor = S;
  for (const Stmt *P = Parent.lookup(S); P && P != L; P = Parent.lookup(P)) {
    if (!isa<ForStmt>(P) && !isa<WhileStmt>(P) && !isa<DoStmt>(P))
      continue;
    // Not around a loop that runs kernels: they must see the updates.
    if (llvm::any_of(this->P.Kernels, [&](const Kernel &K) {
          return K.Fn == Fn && within(K.S, P);
        }))
      break;
    Anchor = P;
  }
  S = Anchor;
  for (const Stmt *P = Parent.lookup(S); P; S = P, P = Parent.lookup(P)) {
    if (isa<CompoundStmt>(P))
      return S;
    if (const auto *If = dyn_cast<IfStmt>(P))
      if ((S == If->getThen() || S == If->getElse()) && isa<Expr>(S)) {
        NeedsBraces.insert(S);
        return S;
      }
  }
  return nullptr;
}

std::vector<const ValueDecl *> HoistAttempt::mayAliasCandidates(const ValueDecl *V) {
  auto Memory = [](const ValueDecl *X) {
    QualType T = X->getType().getNonReferenceType();
    return T->isPointerType() || T->isArrayType();
  };
  auto Restrict = [](const ValueDecl *X) {
    return X->getType()->isPointerType() && X->getType().isRestrictQualified();
  };
  auto Array = [](const ValueDecl *X) { return X->getType()->isArrayType(); };
  std::vector<const ValueDecl *> Out;
  if (!Memory(V) || !isa<VarDecl>(V))
    return Out;
  for (const ValueDecl *C : Order)
    if (Memory(C) && !Restrict(C) && !Restrict(V) && !(Array(C) && Array(V)) &&
        !P.allocations().distinct(V, C, Fn))
      Out.push_back(C);
  return Out;
}

bool HoistAttempt::collectUses() {
  for (const DeclRefExpr *R : Refs) {
    const ValueDecl *V = R->getDecl();
    // Pointer assignments between variables: a swap.
    const Stmt *P = Parent.lookup(R);
    while (P && isa<ImplicitCastExpr>(P))
      P = Parent.lookup(P);
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P);
        DS && V->getType()->isPointerType()) {
      // `T *tmp = u;`: a pointer copy.
      bool Copy = false;
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (VD->getInit() && VD->getInit()->IgnoreParenImpCasts() == R) {
            Swaps.push_back({VD, V});
            Copy = true;
          }
      if (Copy)
        continue;
    }
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->getOpcode() == BO_Assign && V->getType()->isPointerType()) {
      const auto *LD = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
      const auto *RD = dyn_cast<DeclRefExpr>(B->getRHS()->IgnoreParenImpCasts());
      if (LD && RD) {
        if (LD == R || RD == R) {
          if (LD == R)
            Swaps.push_back({LD->getDecl(), RD->getDecl()});
          continue;
        }
      }
    }
    if (!Cands.count(V)) {
      NotCopied.insert(V); // a use of a variable no kernel maps, not a pointer copy
      // A pointer (or array) that may be the memory of a candidate: the
      // host may read or write the candidate through it, so the use is one
      // of the candidate's whole mapped section, a write (as a call's).
      if (const Stmt *S = stmtOf(R); S && S != L)
        for (const ValueDecl *C : mayAliasCandidates(V)) {
          if (!Cands[C].Ok)
            continue;
          Uses[S].insert(C);
          ViaCall[S].insert(C);
          WrittenViaCall[S].insert(C);
        }
      continue;
    }
    // The pointer itself changes in a way we cannot follow: its address
    // escapes (a callee may redirect it) or it is assigned something other
    // than another pointer variable.
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
        U && U->getOpcode() == UO_AddrOf)
      return no("the address of '" + V->getNameAsString() + "' is taken");
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->isAssignmentOp() &&
        B->getLHS()->IgnoreParenImpCasts() == R)
      return no("'" + V->getNameAsString() +
                "' is assigned something other than another pointer");
    const Stmt *S = stmtOf(R);
    if (!S || S == L) {
      // A read of an array no kernel writes (`i < grid_points[0]`): the
      // host copy stays current, nothing to update.
      const Stmt *X = R;
      bool Element = false;
      for (const Stmt *Up = Parent.lookup(X);
           Up && (isa<ParenExpr>(Up) || isa<ImplicitCastExpr>(Up) ||
                  (isa<ArraySubscriptExpr>(Up) && cast<ArraySubscriptExpr>(Up)->getBase() == X));
           Up = Parent.lookup(Up)) {
        Element |= isa<ArraySubscriptExpr>(Up);
        X = Up;
      }
      const Stmt *Top = Parent.lookup(X);
      bool Write = false;
      if (const auto *B = dyn_cast_or_null<BinaryOperator>(Top))
        Write = B->isAssignmentOp() && B->getLHS() == X;
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(Top))
        Write = U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf;
      const Cand &C = Cands[V];
      if (!Write && Element && C.deviceReadOnly())
        continue;
      return no("'" + V->getNameAsString() +
                "' is used in the loop's own header: no place for an update");
    }
    // Its value stored into another pointer (`q = a + 1`, `T *q = a`): an
    // alias the analysis does not follow.
    for (const Stmt *X = R, *Up = Parent.lookup(R); Up && X != S;
         X = Up, Up = Parent.lookup(Up)) {
      if (const auto *B = dyn_cast<BinaryOperator>(Up))
        if (B->isAssignmentOp() && B->getRHS() == X &&
            B->getLHS()->getType()->isPointerType())
          return no("'" + V->getNameAsString() +
                    "' is copied into another pointer (an alias)");
      if (const auto *DS = dyn_cast<DeclStmt>(Up))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getInit() == X && VD->getType()->isPointerType())
              return no("'" + V->getNameAsString() +
                        "' is copied into another pointer (an alias)");
    }
    Uses[S].insert(V);
  }
  for (const CallUse &U : CallUses) {
    if (!Cands[U.V].Ok)
      continue;
    // A read of an array no kernel inside writes: the host copy is current.
    if (!U.Writes && Cands[U.V].deviceReadOnly())
      continue;
    const Stmt *S = stmtOf(U.Call);
    if (!S || S == L)
      return no("a call in the loop's own header uses '" +
                U.V->getNameAsString() + "': no place for an update");
    Uses[S].insert(U.V);
    ViaCall[S].insert(U.V);
    if (U.Writes)
      WrittenViaCall[S].insert(U.V);
  }
  return true;
}

  // Pointer copies tie variables into groups: buffers that trade places
  // must all be mapped, with one extent (the union of their sections); the
  // other members must be temporaries, never subscripted.
bool HoistAttempt::groupSwaps() {
  const RegionFacts &LF = *LFacts;
  std::function<const ValueDecl *(const ValueDecl *)> Find =
      [&](const ValueDecl *X) -> const ValueDecl * {
    auto It = Leader.find(X);
    if (It == Leader.end() || It->second == X)
      return Leader[X] = X;
    return It->second = Find(It->second);
  };
  for (const auto &Pr : Swaps)
    Leader[Find(Pr.first)] = Find(Pr.second);
  for (const auto &Pr : Leader)
    Groups[Find(Pr.first)].push_back(Pr.first);
  // Pointers that trade places inside L: target exit data would find the
  // buffer under the pointer's value at the exit, not the one mapped at the
  // entry (a target data region remembers that one).
  for (const auto &G : Groups)
    if (G.second.size() > 1)
      Swapped.insert(G.second.begin(), G.second.end());
  for (auto &G : Groups) {
    std::vector<const ValueDecl *> Members = G.second;
    std::optional<Poly> Lo, Hi;
    bool Any = false;
    for (const ValueDecl *X : Members) {
      if (!Cands.count(X)) {
        // A pointer no kernel maps may only carry buffers between the
        // others: any other use in L (a subscript, a call it is passed to)
        // would see a buffer the region holds on the device.
        if (NotCopied.count(X) ||
            llvm::any_of(LF.accesses(),
                         [&](const Access &Acc) { return Acc.Base == X; }))
          return no("'" + X->getNameAsString() + "' trades buffers with "
                    "arrays of the kernels but is used otherwise");
        continue;
      }
      Cand &C = Cands[X];
      if (!C.Ok || !C.Lo || !C.Hi)
        return no("'" + X->getNameAsString() + "' trades buffers with others "
                  "but " + (C.Ok ? std::string("has no known extent") : C.Why));
      if (!Any) {
        Lo = C.Lo;
        Hi = C.Hi;
        Any = true;
        continue;
      }
      std::optional<std::pair<Poly, Poly>> U = unionRange(*Lo, *Hi, *C.Lo, *C.Hi);
      if (!U)
        return no("the sections of pointers that trade buffers ('" +
                  X->getNameAsString() + "') cannot be ordered into one");
      Lo = U->first;
      Hi = U->second;
    }
    for (const ValueDecl *X : Members)
      if (Cands.count(X)) {
        Cand &C = Cands[X];
        C.Lo = Lo;
        C.Hi = Hi;
        C.Section = sectionText(C.Name, *Lo, *Hi);
        for (const ValueDecl *Y : Members)
          if (Cands.count(Y))
            C.Types.insert(Cands[Y].Types.begin(), Cands[Y].Types.end());
      }
  }
  return true;
}

void HoistAttempt::chooseTypes() {
  // Region map type from the kernels' types.
  for (auto &[V, C] : Cands) {
    auto All = [&C = C](std::initializer_list<const char *> Allowed) {
      for (const std::string &T : C.Types)
        if (llvm::none_of(Allowed, [&](const char *A) { return T == A; }))
          return false;
      return true;
    };
    C.Type = All({"to"}) ? "to" : All({"alloc"}) ? "alloc"
             : All({"from", "alloc"}) ? "from" : "tofrom";
  }
}

/// Whether the host never reads V after the loop (a local that is only
/// freed later, or not used at all).
bool HoistAttempt::deadAfter(const ValueDecl *V) const {
  const auto *VD = dyn_cast<VarDecl>(V);
  if (!VD || !VD->isLocalVarDecl())
    return false;
  bool Dead = true;
  std::function<void(const Stmt *, const Stmt *)> Scan =
      [&](const Stmt *S, const Stmt *Par) {
    if (!S || !Dead)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V &&
                                                   !within(D, L)) {
      bool After = SM.isBeforeInTranslationUnit(
          SM.getExpansionLoc(L->getEndLoc()), SM.getExpansionLoc(D->getBeginLoc()));
      const auto *Call = dyn_cast_or_null<CallExpr>(Par);
      bool Freed = Call && Call->getDirectCallee() &&
                   Call->getDirectCallee()->getName() == "free";
      // Before the loop, any use that does not copy the pointer away
      // (into a variable or a call) is harmless; after it, only free.
      bool Copied = isa_and_nonnull<CallExpr>(Par) || isa_and_nonnull<DeclStmt>(Par) ||
                    isa_and_nonnull<ReturnStmt>(Par);
      if (const auto *B = dyn_cast_or_null<BinaryOperator>(Par))
        Copied |= B->isAssignmentOp() && B->getRHS()->IgnoreParenImpCasts() == D;
      if (!(Freed || (!After && !Copied)))
        Dead = false;
    }
    const Stmt *NextPar = isa<ImplicitCastExpr>(S) || isa<ParenExpr>(S) ? Par : S;
    for (const Stmt *C : codeChildren(S))
      Scan(C, NextPar);
  };
  Scan(Fn->getBody(), nullptr);
  return Dead;
}

  // An array the host never reads after the loop (a local that is only
  // freed later) needs no copy-out; swap partners share their fate.
void HoistAttempt::refineLiveness() {
  const RegionFacts &LF = *LFacts;
  std::set<const ValueDecl *> SplitGroups;
  std::map<const ValueDecl *, bool> Live;
  std::set<const ValueDecl *> HostUsed; // read or written by the host in the loop
  for (const auto &U : Uses)
    HostUsed.insert(U.second.begin(), U.second.end());
  for (auto &[V, C] : Cands)
    Live[V] = HostUsed.count(V) || !deadAfter(V);
  // A swapped group the host does not touch in the loop, with only some
  // names read after it: no copy-out, but a target update of the live
  // names at the end of the region (it fetches whichever buffer they then
  // point to; the map's copy-out would use the address of region entry).
  for (auto &G : Groups) {
    std::vector<const ValueDecl *> LiveNames;
    bool AnyDead = false, Eligible = true;
    std::string GroupType;
    for (const ValueDecl *X : G.second) {
      if (!Cands.count(X)) {
        Eligible &= LF.isDeclaredInside(X); // a temporary of the swap
        continue;
      }
      Eligible &= !HostUsed.count(X) && Cands[X].Ok;
      if (Live[X])
        LiveNames.push_back(X);
      else
        AnyDead = true;
      GroupType = Cands[X].Type;
    }
    if (!Eligible || !AnyDead || LiveNames.empty() ||
        (GroupType != "tofrom" && GroupType != "from"))
      continue;
    std::optional<std::pair<Poly, Poly>> WB =
        P.kernelWriteBox(L, Fn, G.second, LF);
    if (!WB && GroupType != "tofrom")
      continue; // `from`: elements no kernel writes are not on the device
    std::vector<std::string> Items;
    for (const ValueDecl *X : LiveNames) {
      const Cand &C = Cands[X];
      std::string Item = C.Section;
      if (WB && C.Lo && C.Hi) {
        // Only the written part, when it lies inside the mapped extent (as
        // the kernels' own maps do, an empty range is not checked for).
        std::optional<bool> In1 = Poly::geq(WB->first, *C.Lo);
        std::optional<bool> In2 = Poly::geq(*C.Hi, WB->second);
        if (In1 && *In1 && In2 && *In2)
          Item = sectionText(C.Name, WB->first, WB->second);
      }
      Items.push_back(Item);
    }
    FinalFetch.insert(FinalFetch.end(), Items.begin(), Items.end());
    for (const ValueDecl *X : G.second)
      if (Cands.count(X))
        Live[X] = false;
    SplitGroups.insert(G.first);
  }
  for (auto &G : Groups) {
    if (SplitGroups.count(G.first))
      continue;
    bool Any = false;
    for (const ValueDecl *X : G.second)
      Any |= !Cands.count(X) || Live[X];
    for (const ValueDecl *X : G.second)
      if (Cands.count(X))
        Live[X] = Any;
  }
  for (auto &[V, C] : Cands)
    if (!Live[V] && C.Ok) {
      if (C.Type == "tofrom")
        C.Type = "to";
      else if (C.Type == "from")
        C.Type = "alloc";
    }
  // Dead after the loop, untouched by the host inside it, and written by
  // a kernel before any kernel reads it in each iteration: device only.
  std::vector<const ValueDecl *> Temps;
  for (auto &[V, C] : Cands)
    if (!Live[V] && C.Ok && C.Type == "to" && !Leader.count(V))
      Temps.push_back(V);
  for (const ValueDecl *V : P.deviceOnlyArrays(L, Fn, Temps, LF)) {
    Cands[V].Type = "alloc";
    DeviceOnly.insert(V);
  }
  // A run of statements runs its first kernel exactly once: an array read
  // after it whose initial contents no kernel needs, and which that kernel
  // overwrites whole (the mapped extent), only comes back (from).
  if (Run) {
    std::vector<const ValueDecl *> Outs;
    std::map<const ValueDecl *, std::pair<Poly, Poly>> Extent;
    for (auto &[V, C] : Cands)
      if (Live[V] && !HostUsed.count(V) && C.Ok && C.Type == "tofrom" &&
          !Leader.count(V) && C.Lo && C.Hi) {
        Outs.push_back(V);
        Extent[V] = {*C.Lo, *C.Hi};
      }
    for (const ValueDecl *V : P.deviceOnlyArrays(L, Fn, Outs, LF, &Extent)) {
      Cands[V].Type = "from";
      DeviceOnly.insert(V);
    }
  }
}

bool HoistAttempt::chooseHoisted() {
  size_t Wanted = 0; // what the region should hold: all but the input's own
  for (const ValueDecl *V : Order) {
    Wanted += !Cands[V].UserMapped;
    if (Cands[V].Ok)
      Hoisted.push_back(V);
  }
  if (Wanted == 0)
    return false; // nothing that is not the input's own: nothing to report
  if (Hoisted.empty() || (AllOrNothing && Hoisted.size() != Wanted)) {
    std::vector<std::string> Whys;
    for (const ValueDecl *V : Order)
      if (!Cands[V].Ok && !Cands[V].UserMapped)
        Whys.push_back(Cands[V].Name + ": " + Cands[V].Why);
    return no(llvm::join(Whys, "; "));
  }
  return true;
}

} // namespace ompm
