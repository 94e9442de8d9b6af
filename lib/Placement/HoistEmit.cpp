//===- HoistEmit.cpp - A data region's lines and updates -------------------===//
#include "Placement/Hoist.h"
#include "Facts/Footprints.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

bool HoistAttempt::renderRegion() {
  R = loopRecord("data region", L);
  if (Run)
    R.Original = "(statements at lines " + std::to_string(R.Line) + "-" +
                 std::to_string(SM.getPresumedLineNumber(lastLoc(L))) + ")";
  const char *Whole = Run ? " for the whole run of statements" : " for the whole loop";
  MapList M;
  for (const ValueDecl *V : Hoisted) {
    const Cand &C = Cands[V];
    M.add(C.Type, C.Section);
    QualType T = V->getType();
    QualType Elem = T->isPointerType() ? T->getPointeeType()
                    : T->isArrayType() ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                                       : T;
    StringRef Sec(C.Section);
    std::string Len = Sec.contains(':') ? Sec.rsplit(':').second.drop_back().str() : "";
    std::string Bytes = Len.empty() ? "sizeof(" + C.Name + ")"
                                    : "(" + Len + ")*sizeof(" + Elem.getAsString() + ")";
    std::string Moves = C.Type == "tofrom" ? "in once and out once"
                        : C.Type == "to" ? "in once" : C.Type == "from" ? "out once"
                                         : "never (device only)";
    R.Notes.push_back(C.Section + ": " + Bytes + " bytes, moved " + Moves +
                      Whole);
    if (DeviceOnly.count(V) && C.Type == "alloc")
      R.Notes.push_back(C.Section + ": created on the device (alloc): every "
                        "element a kernel reads is written earlier in the same " +
                        std::string(Run ? "run" : "iteration") +
                        ", and the host never reads it");
    else if (DeviceOnly.count(V))
      R.Notes.push_back(C.Section + ": not copied in (from): the first kernel "
                        "overwrites it whole before any kernel reads it");
  }
  for (const ValueDecl *V : Order)
    if (Cands[V].UserMapped)
      R.Notes.push_back(Cands[V].Name + ": mapped by a data region of the input "
                        "around this one, left to it");
  for (const Kernel &K : P.Kernels)
    if (within(K.S, L))
      for (const std::string &Item : K.Skipped)
        R.Notes.push_back("'" + Item + "' stays with its kernel's own map "
                          "(always/present modifier or a form not followed)");
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  Line = omp("target data", Cl);
  if (!Run && !FinalFetch.empty() && !endsItsLine(L))
    return no("code follows the loop on its line: no place for the update "
              "after it");
  if (!Returns.empty()) {
    // At a return the exit copies out what the device holds: the host must
    // not hold newer data there, so no return inside a host statement that
    // writes a hoisted array (its update to comes after the statement).
    if (!FinalFetch.empty() || !endsItsLine(L))
      return no("a return leaves it, and the region would need a copy-out "
                "after the loop that the return skips, or code follows it");
    for (const ReturnStmt *RS : Returns)
      for (const auto &[S, Vs] : Uses) {
        if (!within(RS, S))
          continue;
        RegionFacts SF(S, Ctx);
        for (const ValueDecl *V : Vs)
          if (Cands[V].Ok && (SF.isWritten(V) || SF.isAddressTaken(V)))
            return no("a return inside a host statement that writes '" +
                      V->getNameAsString() + "' (its update comes after it)");
      }
  }
  if ((Run || !Returns.empty()) &&
      llvm::any_of(Hoisted, [&](const ValueDecl *V) { return Swapped.count(V) > 0; }))
    return no("pointers trade buffers in it and a return leaves it (an exit "
              "data would find the buffer under the pointer then)");
  if (Run || !Returns.empty()) {
    // enter/exit data rather than a block, which would end the scope of
    // declarations in the run, or which a return could not leave.
    MapList In, Out;
    for (const ValueDecl *V : Hoisted) {
      const Cand &C = Cands[V];
      In.add(C.Type == "tofrom" || C.Type == "to" ? "to" : "alloc", C.Section);
      Out.add(C.Type == "tofrom" || C.Type == "from" ? "from" : "release", C.Section);
    }
    std::vector<std::string> InCl, OutCl;
    In.renderInto(InCl);
    Out.renderInto(OutCl);
    Line = omp("target enter data", InCl);
    ExitLine = omp("target exit data", OutCl);
    if (Run && !endsItsLine(Run->body_back()))
      return false;
  }
  return true;
}

  // Lines before and after statement S; S gets braces when it is not a
  // statement of a block (an if's branch, a labelled statement).
bool HoistAttempt::around(const Stmt *S, const std::string &Before,
                          const std::string &After) {
  if (isa_and_nonnull<CompoundStmt>(Parent.lookup(S))) {
    if (!Before.empty())
      E.insertLinesBefore(S->getBeginLoc(), {Before});
    if (After.empty())
      return true;
    if (endsItsLine(S)) {
      // (lastLoc: an OpenMP directive kept on the host ends with its
      // statement, not with its pragma line)
      E.insertLinesAfter(lastLoc(S), {After}, E.indentOf(S->getBeginLoc()));
      return true;
    }
    // Code follows S on its line (the `}` of `{ a[k] = x; }`): the line
    // goes right after S, inside whatever encloses it.
    SourceLocation End = lastLoc(S);
    SourceLocation Past = Lexer::findLocationAfterToken(
        End, tok::semi, SM, Ctx.getLangOpts(), /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (Past.isInvalid())
      Past = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    if (Past.isInvalid())
      return false;
    E.insertLinesAt(Past, {After}, E.indentOf(S->getBeginLoc()) + "  ");
    return true;
  }
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      lastLoc(S), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid())
    return false;
  std::string In = E.indentOf(S->getBeginLoc());
  std::string Open = "{\n";
  if (!Before.empty())
    Open += In + "  " + Before + "\n";
  Open += In + "  ";
  std::string Close = "\n";
  if (!After.empty())
    Close += In + "  " + After + "\n";
  Close += In + "}";
  SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
  E.replace(CharSourceRange::getCharRange(B, B), Open);
  E.replace(CharSourceRange::getCharRange(AfterSemi, AfterSemi), Close,
            /*Closes=*/true);
  return true;
}

void HoistAttempt::emitRegion() {
  if (Run || !Returns.empty()) {
    E.insertLinesBefore(L->getBeginLoc(), {Line});
    R.Emitted.push_back(Line);
  } else if (FinalFetch.empty()) {
    E.insertLinesBefore(L->getBeginLoc(), {Line});
    R.Emitted.push_back(Line);
  } else {
    // The region becomes a block: the loop, then the fetch of the live names.
    std::string Fetch =
        omp("target update", {"from(" + llvm::join(FinalFetch, ", ") + ")"});
    E.insertLinesBefore(L->getBeginLoc(), {Line, "{"});
    E.insertLinesAfter(lastLoc(L), {Fetch, "}"},
                       E.indentOf(L->getBeginLoc()));
    R.Emitted.push_back(Line);
    R.Emitted.push_back(Fetch);
    for (const std::string &F : FinalFetch)
      R.Notes.push_back(F + ": copied out once after the loop (target update "
                        "from, the buffer the pointer then holds); the other "
                        "buffer of the swap stays on the device");
  }
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
  for (auto &Use : UsesInOrder) {
    const Stmt *S = Use.first;
    const std::set<const ValueDecl *> &Vs = Use.second;
    RegionFacts SF(S, Ctx);
    std::vector<std::string> From, To;
    std::vector<const ValueDecl *> FromVars;
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
      // One element is either mapped or not (never partly): an update of
      // one the region does not hold assigns nothing (OpenMP 5.0, target
      // update: "no assignment occurs"), and then the host's copy is the
      // current one. So a single element needs no clipping.
      bool OneElement = Sec.ok() && Sec.Lo && Sec.Hi && *Sec.Lo == *Sec.Hi;
      if (Sec.ok() && C.FullExtent) {
        Item = Sec.Item; // inside the allocation, so inside the region
      } else if (Sec.ok() && C.Lo && C.Hi) {
        auto Common = intersectRange(*Sec.Lo, *Sec.Hi, *C.Lo, *C.Hi);
        if (Common && !*Common)
          continue; // the host touches only elements the device never has
        if (Common)
          Item = sectionText(C.Name, (*Common)->first, (*Common)->second);
        else if (OneElement)
          Item = Sec.Item;
      } else if (OneElement) {
        Item = Sec.Item;
      }
      bool Writes = SF.isWritten(V) || SF.isAddressTaken(V) ||
                    (WrittenViaCall.count(S) && WrittenViaCall[S].count(V));
      // An update to wider than what the host writes (its section could
      // not be clipped to the region's) sends elements the host did not
      // write: the host must hold their current values, so a dense write
      // of its own section does not spare the fetch.
      bool Widened = Sec.ok() && Item != Sec.Item;
      if ((C.Type == "tofrom" || C.Type == "from") &&
          (Called ||
           !P.skipFetch(S, V, SF, Sec, Item, C.Section, Events, Fn,
                      !(Writes && Widened)))) {
        From.push_back(Item);
        FromVars.push_back(V);
      }
      if (Writes && (C.Type == "tofrom" || C.Type == "to"))
        To.push_back(Item);
    }
    std::string FromLine = From.empty() ? ""
        : omp("target update", {"from(" + llvm::join(From, ", ") + ")"});
    std::string ToLine = To.empty() ? ""
        : omp("target update", {"to(" + llvm::join(To, ", ") + ")"});
    if (!FromLine.empty())
      R.Emitted.push_back(FromLine);
    if (!ToLine.empty())
      R.Emitted.push_back(ToLine);
    if (FromLine.empty() && ToLine.empty())
      continue;
    // The fetches, for the statements after: made right before S.
    auto Record = [&](const Stmt *At) {
      for (size_t I = 0; I < From.size(); ++I)
        Events.Fetches.push_back({At, FromVars[I], From[I]});
    };
    if (NeedsBraces.count(S)) {
      if (around(S, FromLine, ToLine)) {
        Record(S);
        continue;
      }
      // No ';' to anchor the braces: fall back to the enclosing statement.
      const Stmt *Up = Parent.lookup(S);
      while (Up && !isa<CompoundStmt>(Parent.lookup(Up)))
        Up = Parent.lookup(Up);
      if (!Up)
        return false;
      S = Up;
    }
    if (!around(S, FromLine, ToLine))
      return false;
    Record(S);
  }
  return true;
}

bool HoistAttempt::placeExits() {
  if (!Returns.empty()) {
    E.insertLinesAfter(lastLoc(L), {ExitLine}, E.indentOf(L->getBeginLoc()));
    R.Emitted.push_back(ExitLine);
    for (const ReturnStmt *RS : Returns) {
      if (!around(RS, ExitLine, ""))
        return false;
      R.Notes.push_back("the return at line " +
                        std::to_string(SM.getPresumedLineNumber(
                            SM.getExpansionLoc(RS->getBeginLoc()))) +
                        " leaves the loop: target exit data before it too");
    }
  }
  if (Run) {
    std::vector<std::string> After;
    if (!FinalFetch.empty())
      After.push_back(omp("target update", {"from(" + llvm::join(FinalFetch, ", ") + ")"}));
    After.push_back(ExitLine);
    E.insertLinesAfter(lastLoc(Run->body_back()), After,
                       E.indentOf(L->getBeginLoc()));
    R.Emitted.insert(R.Emitted.end(), After.begin(), After.end());
  }
  return true;
}

} // namespace ompm
