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
