//===- Hoist.cpp - What a data region around host code may hold ------------===//
#include "Placement/Hoist.h"
#include "Facts/StmtWalk.h"
#include "Facts/Footprints.h"
#include "Facts/Members.h"
#include "Facts/Subscripts.h"
#include "Placement/Sections.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ompm {

bool DataPlacer::tryHoist(const Stmt *L, const FunctionDecl *Fn,
                          const CompoundStmt *Run, bool AllOrNothing) {
  return HoistAttempt(*this, L, Fn, Run, AllOrNothing).run();
}

bool HoistAttempt::run() {
  P.HoistWhy.clear();
  // Nothing inside that moves data of its own or is left untranslated.
  if (const Barrier *B = P.barrierIn(L, Fn, /*Untranslated=*/true))
    return no(B->Why);
  scanHost();
  if (!checkHostCode())
    return false;
  LFacts = std::make_unique<RegionFacts>(L, Ctx);
  if (!collectCandidates())
    return false;
  rejectUserMapped();
  rejectByHostCalls();
  rejectBySummarizedCalls();
  rejectChanging();
  widenToAllocations();
  if (!collectUses() || !groupSwaps())
    return false;
  chooseTypes();
  refineLiveness();
  if (!chooseHoisted() || !renderRegion())
    return false;
  emitRegion();
  if (!placeUpdates() || !placeExits())
    return false;
  R.Translated = true;
  succeed(R, E);
  return true;
}

void HoistAttempt::scanHost() {
  // Parents of the loop's host code, and no goto or throw out of it. A
  // return is followed: the region becomes enter/exit data, with the exit
  // also before each return.
  unsigned InLambda = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S))
      Jumps = true;
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (InLambda || RS->getBeginLoc().isMacroID())
        Jumps = true;
      else
        Returns.push_back(RS);
    }
    struct LambdaScope {
      unsigned &N;
      bool On;
      ~LambdaScope() { N -= On; }
    } Scope{InLambda, isa<LambdaExpr>(S) || isa<BlockExpr>(S)};
    InLambda += Scope.On;
    if (P.SummarizedCalls.count(S))
      SummarizedCalls.push_back(cast<CallExpr>(S));
    if (P.Input.isConstruct(S) || P.SummarizedCalls.count(S))
      return; // kernels: their maps are their own
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      Refs.push_back(DR);
    if (const auto *CE = dyn_cast<CallExpr>(S))
      HostCalls.push_back(CE);
    for (const Stmt *C : codeChildren(S)) {
      if (!C)
        continue;
      Parent[C] = S;
      Walk(C);
    }
  };
  Walk(L);
}

bool HoistAttempt::checkHostCode() {
  // A call to a function of this file that runs kernels or moves data (and
  // is not summarized as a kernel) would find the arrays present and work on
  // the device copies, which the updates around a host call then overwrite:
  // no region around such a loop.
  for (const CallExpr *CE : HostCalls)
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition();
          Def && P.callGraph().mayRunDeviceCode(Def))
        return no("'" + F->getNameAsString() + "' runs device code of its own "
                  "and is not summarized (it would work on the region's "
                  "device copies)");
  if (Jumps)
    return no("a goto, throw or return in a lambda or macro leaves it");
  if (Run && !Returns.empty())
    return false;
  const auto *LP = dyn_cast_or_null<CompoundStmt>(
      [&]() -> const Stmt * {
        // The loop must be a statement of a block to take a directive.
        const Stmt *Body = Fn->getBody();
        std::function<const Stmt *(const Stmt *)> Find =
            [&](const Stmt *S) -> const Stmt * {
          if (!S)
            return nullptr;
          // An OpenMP directive's block lies under captured statements,
          // which do not list it among their children.
          if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
            if (!D->hasAssociatedStmt())
              return nullptr;
            const Stmt *Raw = D->getRawStmt();
            return Raw == L ? S : Find(Raw);
          }
          for (const Stmt *C : S->children()) {
            if (C == L)
              return S;
            if (const Stmt *R = Find(C))
              return R;
          }
          return nullptr;
        };
        return Find(Body);
      }());
  if (Run)
    LP = Run;
  if (!LP)
    return no("it is not a statement of a block ({ ... }), where a "
              "directive could go before it");
  return true;
}

bool HoistAttempt::collectCandidates() {
  // Candidates: the arrays the kernels map, one section each.
  for (const Kernel &K : P.Kernels) {
    if (K.Fn != Fn || !within(K.S, L))
      continue;
    if (K.Async)
      return no("a kernel inside is asynchronous (async, nowait or depend)");
    for (const KernelItem &H : K.Items) {
      Cand Fresh{H.Name, H.Section, H.Type};
      Fresh.Lo = H.Lo;
      Fresh.Hi = H.Hi;
      widenOverLoops(K, Fresh);
      auto [It, New] = Cands.insert({H.V, Fresh});
      Cand &C = It->second;
      if (New) {
        Order.push_back(H.V);
      } else if (!widenSection(C.Section, C.Lo, C.Hi, C.Name, H.Section, H.Lo, H.Hi)) {
        // Different sections whose bounds cannot be ordered: no union.
        C.reject("its kernels' sections cannot be ordered into one"); // per kernel
      }
      C.Types.insert(H.Type);
    }
  }
  return true;
}

// A kernel inside host loops of L whose variables its section names (lu's
// `A[0:i + 1]` in the loop over i) maps, over the region, the union of its
// sections: each bound taken at the end of those loops' ranges that makes
// it least or greatest (`A[0:n]`). Only when the kernel runs in every
// iteration of those loops (blocks and rectangular canonical loops of step
// 1 between, no jump in them), so that the union holds nothing the kernels
// would not have mapped themselves when the loops run (as any region's maps
// assume of the loop it holds), and only for a section of one dimension.
void HoistAttempt::widenOverLoops(const Kernel &K, Cand &C) {
  if (!C.Lo || !C.Hi || C.Section != sectionText(C.Name, *C.Lo, *C.Hi))
    return;
  std::vector<LoopRange> Vars;
  std::map<std::string, Poly> Renames;
  std::vector<const ValueDecl *> IVs;
  if (!loopsAround(K.S, /*EveryIteration=*/true, Vars, Renames, IVs) ||
      llvm::none_of(IVs, [&](const ValueDecl *IV) {
        return mentionsAnyVar(*C.Lo, {IV}) || mentionsAnyVar(*C.Hi, {IV});
      }))
    return;
  auto Low = rangeOver(C.Lo->substituteAll(Renames), Vars);
  auto High = rangeOver(C.Hi->substituteAll(Renames), Vars);
  if (!Low || !High)
    return;
  for (const Poly *B : {&Low->first, &High->second})
    for (const std::string &S : B->symbols())
      if (!S.empty() && S[0] == '@')
        return;
  C.Lo = Low->first;
  C.Hi = High->second;
  C.Section = sectionText(C.Name, *C.Lo, *C.Hi);
}

bool HoistAttempt::loopsAround(const Stmt *S, bool EveryIteration, std::vector<LoopRange> &Vars,
                               std::map<std::string, Poly> &Renames,
                               std::vector<const ValueDecl *> &IVs) {
  std::vector<const ValueDecl *> Changed = LFacts->changedOrLocalVars();
  // Rectangular (bounds that name no other loop's variable): every value
  // in the ranges is an iteration.
  auto NamesLoop = [](const Poly &B) {
    return llvm::any_of(B.symbols(),
                        [](const std::string &X) { return !X.empty() && X[0] == '@'; });
  };
  for (const Stmt *Cur = S; Cur != L;) {
    const Stmt *Up = Parent.lookup(Cur);
    if (!Up)
      return false;
    const auto *F = dyn_cast<ForStmt>(Up);
    const CanonicalLoop *CL = F && Cur == F->getBody() ? LFacts->loopOf(F) : nullptr;
    if (EveryIteration &&
        (F ? !CL || (CL->Step != 1 && CL->Step != -1) || NamesLoop(CL->Min) ||
                 NamesLoop(CL->Max) || hasJumpsOrLabels(F->getBody())
           : !isa<CompoundStmt>(Up)))
      return false;
    if (CL) {
      std::string Name = CL->IV->getNameAsString();
      // The name must be this variable's alone among those L changes.
      if (Renames.count(Name) || llvm::any_of(Changed, [&](const ValueDecl *W) {
            return W != CL->IV && W->getName() == Name;
          }))
        return false;
      Vars.push_back({CL->Symbol, CL->Min, CL->Max, CL->Step});
      Renames[Name] = Poly::symbol(CL->Symbol);
      IVs.push_back(CL->IV);
    }
    Cur = Up;
  }
  return true;
}

void HoistAttempt::rejectUserMapped() {
  // Arrays a data region of the input around L maps are that region's: its
  // clauses are kept as written, and no region or update of ours is added
  // for them. The others complete it.
  std::set<const ValueDecl *> UserMapped = P.Input.userMappedAround(L, Fn);
  for (auto &[V, C] : Cands)
    if (UserMapped.count(canonicalDecl(V))) {
      C.reject("mapped by a data region of the input around it");
      C.UserMapped = true;
    }
}

bool HoistAttempt::boundsName(const std::string &Section, StringRef Name) {
  StringRef Sec(Section);
  size_t Br = Sec.find('[');
  return Br != StringRef::npos && mentionsIdentifier(Sec.substr(Br), Name);
}

  // Host calls other than to library functions (declared in system headers,
  // other than the OpenACC and OpenMP runtimes). A function of this file is
  // host code, but the globals it uses must stay on the host, and no
  // section's bounds may name one of them (the call could change it). A
  // function the analysis cannot see (defined elsewhere, called through a
  // pointer, or reached from one of this file's) may run kernels of its own
  // on what it is given or on globals: arrays passed to it, global arrays,
  // and sections bounded by globals stay with their kernels.
void HoistAttempt::rejectByHostCalls() {
  bool UnknownCall = false;
  std::string UnknownName; // the first such call, for the report
  for (const CallExpr *CE : HostCalls) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (F && isLibraryFunction(F, SM))
      continue;
    if (F && F->getDefinition()) {
      std::set<const VarDecl *> Assigned = P.callGraph().globalsAssigned(F);
      std::set<const VarDecl *> Written = P.callGraph().globalsWritten(F);
      for (const VarDecl *G : P.callGraph().globalsUsed(F))
        for (auto &[V, C] : Cands) {
          if (boundsName(C.Section, G->getName())) {
            if (Assigned.count(G))
              C.reject("'" + F->getNameAsString() + "' may change '" +
                       G->getNameAsString() + "', which bounds its section");
            continue;
          }
          const auto *VD = dyn_cast<VarDecl>(V);
          if (!VD || VD->getCanonicalDecl() != G)
            continue;
          if (Assigned.count(G) || !(VD->getType()->isPointerType() || VD->getType()->isArrayType()))
            C.reject("'" + F->getNameAsString() +
                     "' may change the pointer itself");
          else
            CallUses.push_back({CE, V, Written.count(G) > 0});
        }
      if (!P.callGraph().callsUnknown(F))
        continue;
    }
    std::string CalleeName =
        !F ? "a call through a pointer"
        : F->getDefinition()
            ? "'" + F->getNameAsString() + "' (it calls functions the analysis cannot see)"
            : "'" + F->getNameAsString() + "' (defined in another file)";
    if (!UnknownCall)
      UnknownName = CalleeName;
    UnknownCall = true;
    std::function<void(const Stmt *)> Passed = [&](const Stmt *X) {
      if (!X)
        return;
      if (const auto *DR = dyn_cast<DeclRefExpr>(X))
        if (auto It = Cands.find(DR->getDecl()); It != Cands.end())
          It->second.reject("passed to " + CalleeName +
                            ", which may run kernels on it");
      for (const Stmt *C : X->children())
        Passed(C);
    };
    for (const Expr *A : CE->arguments())
      Passed(A);
  }
  if (UnknownCall)
    for (auto &[V, C] : Cands) {
      if (const auto *VD = dyn_cast<VarDecl>(V); VD && VD->hasGlobalStorage())
        C.reject("a global, and " + UnknownName + " may run kernels on it");
      for (const auto &[Name, G] : P.globalVars())
        if (boundsName(C.Section, Name))
          C.reject("its section names the global '" + Name + "', which " +
                   UnknownName + " may change");
    }

}

// A summarized call is a kernel, and host code for the globals its
// function's host code uses: a read or a write of the whole mapped section
// there, unless that host code uses the global between its own kernels
// (poisoned), where no region may hold it across the call. Nor may a
// section's bounds name a global the function may change.
void HoistAttempt::rejectBySummarizedCalls() {
  for (const CallExpr *CE : SummarizedCalls) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F)
      continue;
    std::string FName = "'" + F->getNameAsString() + "'";
    std::set<const VarDecl *> Assigned = P.callGraph().globalsAssigned(F);
    auto H = P.SummaryHost.find(F->getCanonicalDecl());
    for (auto &[V, C] : Cands) {
      for (const VarDecl *G : Assigned)
        if (boundsName(C.Section, G->getName()))
          C.reject(FName + " may change '" + G->getNameAsString() +
                   "', which bounds its section");
      const auto *VD = dyn_cast<VarDecl>(V);
      if (!VD || H == P.SummaryHost.end())
        continue;
      const VarDecl *G = VD->getCanonicalDecl();
      if (H->second.Poisoned.count(G))
        C.reject(FName + " uses it on the host between kernels that use it "
                         "(one side writing it)");
      else if (auto U = H->second.Uses.find(G); U != H->second.Uses.end())
        CallUses.push_back({CE, V, U->second});
    }
  }
}

void HoistAttempt::rejectChanging() {
  // The section must not change inside the loop.
  const RegionFacts &LF = *LFacts;
  for (auto &[V, C] : Cands) {
    if (LF.isDeclaredInside(V))
      C.reject("declared inside, not in scope where the region starts");
    // Where the allocation is in sight, the region maps all of it
    // (widenToAllocations), whatever the kernels' sections name.
    if (V->getType()->isPointerType() && allocationLength(V, Fn, L, LF))
      continue;
    StringRef Sec(C.Section);
    size_t Br = Sec.find('[');
    StringRef Bounds = Br == StringRef::npos ? StringRef() : Sec.substr(Br);
    for (const ValueDecl *W : LF.changedOrLocalVars()) {
      if (W == V)
        continue; // the pointer itself may be swapped
      // Identifier match inside the brackets.
      if (mentionsIdentifier(Bounds, W->getNameAsString()))
        C.reject("its section names '" + W->getNameAsString() +
                 "', which changes inside");
    }
  }
}

void HoistAttempt::widenToAllocations() {
  const RegionFacts &LF = *LFacts;
  // Where the allocation is in sight, map the whole of it: any valid host
  // access then lies inside, so updates need no clipping.
  for (auto &[V, C] : Cands) {
    if (!C.Ok || !V->getType()->isPointerType())
      continue;
    if (std::optional<Poly> Len = allocationLength(V, Fn, L, LF)) {
      C.Lo = Poly::constant(0);
      C.Hi = *Len - Poly::constant(1);
      C.Section = sectionText(C.Name, *C.Lo, *C.Hi);
      C.FullExtent = true;
    }
  }
  // An array of constant size mapped whole (an array of arrays too, whose
  // sections are rows): the same holds, and an update moves only what the
  // host touches.
  for (auto &[V, C] : Cands) {
    const auto *AT = Ctx.getAsConstantArrayType(V->getType());
    if (!C.Ok || !AT || C.Section != C.Name)
      continue;
    C.Lo = Poly::constant(0);
    C.Hi = Poly::constant(static_cast<int64_t>(AT->getSize().getZExtValue()) - 1);
    C.FullExtent = true;
  }
}

} // namespace ompm
