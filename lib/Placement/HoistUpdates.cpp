//===- HoistUpdates.cpp - target update around the host's uses -------------===//
//
// Inside a data region, each host statement that touches a hoisted array
// gets target update around it, in program order: before it a fetch of
// what it touches (`from`), unless on every path there the host already
// holds the current copy (the dataflow of HostCopies over the function's
// CFG) or the statement overwrites it whole; after it a send (`to`) of what
// it writes. Sections are clipped to what the region maps, over the ranges
// of the region's loops around the statement. A send is left out when the
// statement right after, in the same block, sends the same section again
// and nothing between can read the device's copy (PolyBench's atax:
// `tmp[i] = 0;` then a host loop that accumulates into `tmp[i]`, one
// `target update to(tmp[i:1])` after both, not one after each).
//
// Write-back: when every kernel that writes an array writes a box of it
// that is known where the kernel ends, and those boxes are smaller than
// what the host statements of the same loop would fetch, the region fetches
// each kernel's box right after the kernel instead, and those statements
// need no fetch of the array (PolyBench's lu: the kernel of iteration i
// writes row i, the host code before it reads rows 0..i). In a run of
// straight-line statements a kernel that no fetching statement follows
// needs no fetch at all: the region's exit copies out. The host copy is
// the current one at the region's entry, which copies the array in: no
// data region of the input around the loop holds it (Hoist.cpp's
// rejectUserMapped), and no region of a caller spans a call to a function
// that runs kernels unless it is summarized, which needs its host code not
// to touch the array (CallSummaries.cpp).
//
//===----------------------------------------------------------------------===//
#include "Facts/Footprints.h"
#include "Facts/Subscripts.h"
#include "Placement/Hoist.h"
#include "llvm/ADT/StringExtras.h"
#include "Analysis/AstQueries.h"
#include "Facts/CallGraph.h"
#include <functional>

using namespace clang;

namespace ompm {

bool HoistAttempt::withinCand(const Stmt *S, const Poly &Lo, const Poly &Hi,
                              const Cand &C) {
  if (!C.Lo || !C.Hi)
    return false;
  auto Holds = [&](const Poly &L2, const Poly &H2) {
    std::optional<bool> A = Poly::geq(L2, *C.Lo), B = Poly::geq(*C.Hi, H2);
    return A && *A && B && *B;
  };
  std::vector<const ValueDecl *> Changed = LFacts->changedOrLocalVars();
  if (!mentionsAnyVar(Lo, Changed) && !mentionsAnyVar(Hi, Changed) && Holds(Lo, Hi))
    return true;
  // Over the ranges of the canonical loops of L around S.
  std::vector<LoopRange> Vars;
  std::map<std::string, Poly> Renames;
  std::vector<const ValueDecl *> Renamed;
  if (!loopsAround(S, /*EveryIteration=*/false, Vars, Renames, Renamed))
    return false;
  // Every other variable the bounds name is fixed in L.
  for (const ValueDecl *W : Changed)
    if (!llvm::is_contained(Renamed, W) &&
        (mentionsAnyVar(Lo, {W}) || mentionsAnyVar(Hi, {W})))
      return false;
  auto Low = rangeOver(Lo.substituteAll(Renames), Vars);
  auto High = rangeOver(Hi.substituteAll(Renames), Vars);
  return Low && High && Holds(Low->first, High->second);
}

std::optional<std::pair<Poly, Poly>>
HoistAttempt::writeBox(const RegionFacts &F, const ValueDecl *V) {
  if (F.isAddressTaken(V) || F.indexedThroughPointers(V) || !F.opaqueWrite().empty() ||
      !F.inferSection(V).ok())
    return std::nullopt;
  std::optional<std::pair<Poly, Poly>> Box;
  for (const Access &A : F.accesses()) {
    if (A.Base != V || !A.IsWrite)
      continue;
    Poly Lo, Hi;
    std::string Why;
    if (!F.bound(A, 0, Lo, Hi, Why))
      return std::nullopt;
    Box = Box ? unionRange(Box->first, Box->second, Lo, Hi) : std::make_pair(Lo, Hi);
    if (!Box)
      return std::nullopt;
  }
  return Box;
}

/// The innermost loop of L's host code around S (L itself, or a loop
/// inside it).
static const Stmt *innermostLoop(const Stmt *S, const Stmt *L,
                                 const llvm::DenseMap<const Stmt *, const Stmt *> &Parent) {
  for (const Stmt *Up = Parent.lookup(S); Up && Up != L; Up = Parent.lookup(Up))
    if (isa<ForStmt>(Up) || isa<WhileStmt>(Up) || isa<DoStmt>(Up))
      return Up;
  return L;
}

HoistAttempt::UseUpdates HoistAttempt::updatesFor(const Stmt *S,
                                                  const std::set<const ValueDecl *> &Vs,
                                                  const CopyEvents &Events) {
  UseUpdates U;
  RegionFacts SF(S, Ctx);
  for (const ValueDecl *V : Vs) {
    const Cand &C = Cands[V];
    if (!C.Ok || C.Type == "alloc")
      continue;
    SectionResult Sec = SF.inferSection(V);
    // Only what the region maps can be updated: clip to its extent (an
    // update of a partly mapped section does nothing at all). A call that
    // uses the array may touch any of it.
    bool Called = ViaCall.count(S) && ViaCall[S].count(V);
    if (Called)
      Sec = SectionResult{"", "used by a call", "", std::nullopt, std::nullopt};
    std::string Item = C.Section;
    std::optional<std::pair<Poly, Poly>> Range;
    if (C.Lo && C.Hi)
      Range = std::make_pair(*C.Lo, *C.Hi);
    // One element is either mapped or not (never partly): an update of
    // one the region does not hold assigns nothing (OpenMP 5.0, target
    // update: "no assignment occurs"), and then the host's copy is the
    // current one. So a single element needs no clipping.
    bool OneElement = Sec.ok() && Sec.Lo && Sec.Hi && *Sec.Lo == *Sec.Hi;
    if (Sec.ok() && C.FullExtent) {
      Item = Sec.Item; // inside the allocation, so inside the region
      Range = std::make_pair(*Sec.Lo, *Sec.Hi);
    } else if (Sec.ok() && Sec.Lo && Sec.Hi && withinCand(S, *Sec.Lo, *Sec.Hi, C)) {
      Item = Sec.Item; // inside the region's section in every iteration
      Range = std::make_pair(*Sec.Lo, *Sec.Hi);
    } else if (Sec.ok() && C.Lo && C.Hi) {
      auto Common = intersectRange(*Sec.Lo, *Sec.Hi, *C.Lo, *C.Hi);
      if (Common && !*Common)
        continue; // the host touches only elements the device never has
      if (Common) {
        Item = sectionText(C.Name, (*Common)->first, (*Common)->second);
        Range = **Common;
      } else if (OneElement) {
        Item = Sec.Item;
        Range = std::make_pair(*Sec.Lo, *Sec.Hi);
      }
    } else if (OneElement) {
      Item = Sec.Item;
      Range = std::make_pair(*Sec.Lo, *Sec.Hi);
    }
    bool Writes = SF.isWritten(V) || SF.isAddressTaken(V) ||
                  (WrittenViaCall.count(S) && WrittenViaCall[S].count(V));
    // An update to wider than what the host writes (its section could
    // not be clipped to the region's) sends elements the host did not
    // write: the host must hold their current values, so a dense write
    // of its own section does not spare the fetch.
    bool Widened = Sec.ok() && Item != Sec.Item;
    if ((C.Type == "tofrom" || C.Type == "from") && !WriteBack.count(V) &&
        (Called ||
         !P.skipFetch(S, V, SF, Sec, Item, C.Section, Events, Fn,
                      !(Writes && Widened)))) {
      U.From.push_back(Item);
      U.FromVars.push_back(V);
      U.FromRanges.push_back(Range);
    }
    if (Writes && (C.Type == "tofrom" || C.Type == "to")) {
      // Only what the host writes goes back, when its rows are known and
      // inside the region's section (the whole allocation or declared
      // array holds every row the host can write): the device holds the
      // others current.
      std::string To = Item;
      if (Sec.ok() && !Called && !Widened)
        if (auto Box = writeBox(SF, V);
            Box && (C.FullExtent || withinCand(S, Box->first, Box->second, C)))
          To = sectionText(C.Name, Box->first, Box->second);
      U.To.push_back(To);
    }
  }
  return U;
}

void HoistAttempt::chooseWriteBack(
    const std::vector<std::pair<const Stmt *, std::set<const ValueDecl *>>> &UsesInOrder,
    const CopyEvents &Base) {
  // The arrays a write-back could serve: each kernel that writes one has a
  // known box where it ends, inside the region's section.
  std::map<const ValueDecl *, std::vector<std::pair<const Kernel *, std::pair<Poly, Poly>>>>
      Boxes;
  std::set<const ValueDecl *> Used;
  for (const auto &Use : UsesInOrder)
    Used.insert(Use.second.begin(), Use.second.end());
  std::vector<const Kernel *> Ks = P.kernelsIn(L, Fn);
  for (const ValueDecl *V : Used) {
    const Cand &C = Cands[V];
    if (!C.Ok || !(C.Type == "tofrom" || C.Type == "from") || Swapped.count(V))
      continue;
    bool Ok = true;
    for (const Kernel *K : Ks) {
      bool WritesV = false;
      for (const KernelItem &H : K->Items) {
        if (H.Type == "to")
          continue;
        if (H.V == V)
          WritesV = true;
        else if (llvm::is_contained(mayAliasCandidates(H.V), V))
          Ok = false; // it may write V under another name
      }
      if (!Ok || !WritesV)
        continue;
      if (!K->Body || K->Conditional || isa<CallExpr>(K->S) ||
          !isa_and_nonnull<CompoundStmt>(Parent.lookup(K->S))) {
        Ok = false;
        break;
      }
      RegionFacts KF(K->Body, Ctx, &K->Followed);
      auto Box = writeBox(KF, V);
      std::vector<const ValueDecl *> KernelWrites = Box ? KF.changedOrLocalVars()
                                                        : std::vector<const ValueDecl *>();
      if (!Box || mentionsAnyVar(Box->first, KernelWrites) ||
          mentionsAnyVar(Box->second, KernelWrites) ||
          !(C.FullExtent || withinCand(K->S, Box->first, Box->second, C))) {
        Ok = false;
        break;
      }
      Boxes[V].push_back({K, *Box});
    }
    if (!Ok)
      Boxes.erase(V);
  }
  if (Boxes.empty())
    return;
  // What the host would fetch without it (a first pass, nothing emitted).
  CopyEvents Events = Base;
  std::map<const ValueDecl *, std::vector<std::pair<const Stmt *, std::optional<std::pair<Poly, Poly>>>>>
      Fetched;
  for (const auto &[S, Vs] : UsesInOrder) {
    UseUpdates U = updatesFor(S, Vs, Events);
    for (size_t I = 0; I < U.From.size(); ++I) {
      Events.Fetches.push_back({S, U.FromVars[I], U.From[I]});
      Fetched[U.FromVars[I]].push_back({S, U.FromRanges[I]});
    }
  }
  // Worth it when the kernels and the fetching statements run equally
  // often (the same innermost loop) and the kernels' boxes add up to less
  // than the fetches (on a tie the host fetches: a read under a condition
  // may not happen).
  auto Len = [](const std::pair<Poly, Poly> &R) { return R.second - R.first + Poly::constant(1); };
  for (auto &[V, KBoxes] : Boxes) {
    auto F = Fetched.find(V);
    if (F == Fetched.end() || KBoxes.empty())
      continue;
    const Stmt *Loop = innermostLoop(F->second.front().first, L, Parent);
    bool Ok = true;
    Poly Fetches = Poly::constant(0), Writes = Poly::constant(0);
    for (const auto &[S, R] : F->second) {
      Ok &= R.has_value() && innermostLoop(S, L, Parent) == Loop;
      if (R)
        Fetches = Fetches + Len(*R);
    }
    // In a run, with no loop around them inside it, a kernel after which
    // no statement fetches needs no write-back either (the exit copies out).
    auto FetchedAfter = [&](const Kernel *K) {
      if (!Run || Loop != L)
        return true;
      SourceLocation End = SM.getExpansionLoc(lastLoc(K->S));
      return llvm::any_of(F->second, [&](const auto &SR) {
        return SM.isBeforeInTranslationUnit(End, SM.getExpansionLoc(SR.first->getBeginLoc()));
      });
    };
    std::vector<std::pair<const Kernel *, std::pair<Poly, Poly>>> Kept;
    for (const auto &[K, B] : KBoxes) {
      Ok &= innermostLoop(K->S, L, Parent) == Loop;
      if (Ok && FetchedAfter(K)) {
        Writes = Writes + Len(B);
        Kept.push_back({K, B});
      }
    }
    std::optional<bool> Smaller = Poly::geq(Fetches, Writes + Poly::constant(1));
    if (!Ok || !Smaller || !*Smaller)
      continue;
    WriteBack.insert(V);
    for (const auto &[K, B] : Kept)
      AfterKernel[K->S].push_back(sectionText(Cands[V].Name, B.first, B.second));
  }
}

void HoistAttempt::dropSentAgain(const Stmt *S, UseUpdates &U, const Stmt *Next,
                                 const UseUpdates &NextU, const CopyEvents &Events) {
  if (U.To.empty() || NextU.To.empty() || NeedsBraces.count(Next))
    return;
  // Next is the statement right after S in one block, and S always
  // reaches it: no jump or label in S (a return would leave the region
  // with the device's copy stale, an exit copying it out over the host's).
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Parent.lookup(S));
  if (!Block || Parent.lookup(Next) != Block || hasJumpsOrLabels(S))
    return;
  auto It = llvm::find(Block->body(), S);
  if (It == Block->body_end() || std::next(It) == Block->body_end() || *std::next(It) != Next)
    return;
  // Nothing in Next runs on the device or may run a kernel: no kernel
  // inside it, no call but the C library's.
  SourceRange NR(SM.getExpansionLoc(Next->getBeginLoc()), SM.getExpansionLoc(Next->getEndLoc()));
  auto Inside = [&](const Stmt *K) {
    SourceLocation B = SM.getExpansionLoc(K->getBeginLoc());
    return !SM.isBeforeInTranslationUnit(B, NR.getBegin()) &&
           !SM.isBeforeInTranslationUnit(NR.getEnd(), B);
  };
  for (const CopyEvents::Kernel &K : Events.Kernels)
    if (Inside(K.S))
      return;
  bool Calls = false;
  std::set<std::string> Assigned, Parts;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || Calls)
      return;
    if (const auto *C = dyn_cast<CallExpr>(X)) {
      const FunctionDecl *F = C->getDirectCallee();
      if (!F || !isLibraryFunction(F, SM))
        Calls = true;
    }
    // A variable assigned, stepped or whose address is taken (Assigned),
    // or what it points to or holds (Parts: an element, a member).
    const Expr *Target = writtenLValue(X);
    bool Part = false;
    while (Target) {
      Target = Target->IgnoreParenImpCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(Target)) {
        (Part ? Parts : Assigned).insert(D->getDecl()->getNameAsString());
        break;
      }
      Part = true;
      if (const auto *M = dyn_cast<MemberExpr>(Target))
        Target = M->getBase();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Target))
        Target = A->getBase();
      else if (const auto *U = dyn_cast<UnaryOperator>(Target); U && U->getOpcode() == UO_Deref)
        Target = U->getSubExpr();
      else {
        Calls = true; // a write this walk does not follow: keep the sends
        break;
      }
    }
    if (const auto *DS = dyn_cast<DeclStmt>(X)) // names Next's own variables
      for (const Decl *D : DS->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(D))
          Assigned.insert(ND->getNameAsString());
    for (const Stmt *C : X->children())
      Walk(C);
  };
  Walk(Next);
  if (Calls)
    return;
  // What Next sends is meant at the same elements: Next assigns no
  // variable the sections name (a bound, or the pointer itself) and
  // declares none of their names.
  llvm::erase_if(U.To, [&](const std::string &Item) {
    if (!llvm::is_contained(NextU.To, Item))
      return false;
    StringRef Base = StringRef(Item).take_until([](char C) { return C == '['; }).trim();
    StringRef Bounds = StringRef(Item).drop_front(Base.size());
    for (const std::string &Name : Assigned)
      if (mentionsIdentifier(Item, Name))
        return false;
    for (const std::string &Name : Parts)
      if (mentionsIdentifier(Bounds, Name))
        return false;
    // Not fetched before Next: the fetch would overwrite S's writes.
    for (const std::string &From : NextU.From)
      if (StringRef(From).take_until([](char C) { return C == '['; }).trim() == Base)
        return false;
    return true;
  });
}

  // Updates around host statements that touch hoisted arrays, in program
  // order: a fetch that, on every path here, the host already made since
  // the last kernel that writes the array (the dataflow of HostCopies over
  // the function's CFG) is not repeated.
bool HoistAttempt::placeUpdates() {
  std::vector<std::pair<const Stmt *, std::set<const ValueDecl *>>> UsesInOrder(
      Uses.begin(), Uses.end());
  std::stable_sort(UsesInOrder.begin(), UsesInOrder.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.first->getBeginLoc()),
                                        SM.getExpansionLoc(B.first->getBeginLoc()));
  });
  CopyEvents Events;
  if (Run)
    Events.Region.assign(Run->body_begin(), Run->body_end());
  else
    Events.Region = {L};
  for (const Kernel *K : P.kernelsIn(L, Fn)) {
    CopyEvents::Kernel EK;
    EK.S = K->S;
    // A summarized call runs host code too, which may change what a
    // fetched section's bounds name.
    EK.WritesAny = isa<CallExpr>(K->S);
    for (const KernelItem &H : K->Items)
      if (H.Type != "to")
        EK.Writes.insert(H.V);
    Events.Kernels.push_back(std::move(EK));
  }
  Events.MayRunKernels = [&](const FunctionDecl *F) { return !isLibraryFunction(F, SM); };
  Events.Depends = [](const std::string &Item, const ValueDecl *V, const ValueDecl *D,
                      bool Whole) {
    return D == V ? Whole : mentionsIdentifier(Item, D->getName());
  };
  chooseWriteBack(UsesInOrder, Events);
  for (const auto &[KS, Items] : AfterKernel) {
    std::string Line = omp("target update", {"from(" + llvm::join(Items, ", ") + ")"});
    if (!around(KS, "", Line))
      return false;
    R.Emitted.push_back(Line);
  }
  for (const ValueDecl *V : Order)
    if (WriteBack.count(V))
      R.Notes.push_back(Cands[V].Name + ": fetched right after each kernel that "
                        "writes it, only what that kernel writes; the host's "
                        "statements inside read it without a fetch");
  // Each statement's updates are emitted once the next one's are known: a
  // send that the next statement sends again is dropped (dropSentAgain).
  struct Pending {
    const Stmt *S = nullptr;
    UseUpdates U;
  };
  std::optional<Pending> Held;
  // The lines of U (noted as emitted), fetch then send.
  auto LinesOf = [&](const UseUpdates &U) {
    std::string FromLine = U.From.empty() ? ""
        : omp("target update", {"from(" + llvm::join(U.From, ", ") + ")"});
    std::string ToLine = U.To.empty() ? ""
        : omp("target update", {"to(" + llvm::join(U.To, ", ") + ")"});
    for (const std::string *L : {&FromLine, &ToLine})
      if (!L->empty())
        R.Emitted.push_back(*L);
    return std::make_pair(FromLine, ToLine);
  };
  auto Emit = [&](const Stmt *S, const UseUpdates &U) {
    auto [FromLine, ToLine] = LinesOf(U);
    return (FromLine.empty() && ToLine.empty()) || around(S, FromLine, ToLine);
  };
  for (auto &Use : UsesInOrder) {
    const Stmt *S = Use.first;
    UseUpdates U = updatesFor(S, Use.second, Events);
    if (Held) {
      dropSentAgain(Held->S, Held->U, S, U, Events);
      if (!Emit(Held->S, Held->U))
        return false;
      Held.reset();
    }
    if (U.From.empty() && U.To.empty())
      continue;
    // The fetches, for the statements after: made right before S.
    auto Record = [&](const Stmt *At) {
      for (size_t I = 0; I < U.From.size(); ++I)
        Events.Fetches.push_back({At, U.FromVars[I], U.From[I]});
    };
    if (NeedsBraces.count(S)) {
      auto [FromLine, ToLine] = LinesOf(U);
      if (around(S, FromLine, ToLine)) {
        Record(S);
        continue;
      }
      // No ';' to anchor the braces: fall back to the enclosing statement.
      const Stmt *Up = Parent.lookup(S);
      while (Up && !isa<CompoundStmt>(Parent.lookup(Up)))
        Up = Parent.lookup(Up);
      if (!Up || !around(Up, FromLine, ToLine))
        return false;
      Record(Up);
      continue;
    }
    Record(S);
    Held = Pending{S, std::move(U)};
  }
  if (Held && !Emit(Held->S, Held->U))
    return false;
  return true;
}

} // namespace ompm
