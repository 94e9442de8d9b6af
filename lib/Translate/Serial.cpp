//===- Serial.cpp - Serial loops proved parallel, offloaded ---------------===//
#include "Translate/Serial.h"
#include "Facts/Interchange.h"
#include "Facts/Directives.h"
#include "Facts/Regions.h"
#include "Facts/TeamHistograms.h"
#include "Translate/KernelData.h"
#include "Translate/TeamHistogramText.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMap.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <cassert>
#include <functional>

using namespace clang;

namespace ompm {

/// The run-time test that the sections of each pair of L.OverlapTests do
/// not overlap: "(unsigned long long)(a + n) <= (unsigned long long)(b + 0)
/// || ..." for each pair, joined by &&; "" with Why when a section is not
/// known.
/// The text of the loop For, through the `;` that ends its body, as lines;
/// the lines after the first lose the Indent of the loop's line.
std::vector<std::string> SerialTranslator::loopCopy(const ForStmt *For,
                                                    const std::string &Indent) const {
  SourceLocation End = Lexer::getLocForEndOfToken(For->getEndLoc(), 0, SM, Ctx.getLangOpts());
  if (std::optional<Token> Next = Lexer::findNextToken(For->getEndLoc(), SM, Ctx.getLangOpts());
      Next && Next->is(tok::semi))
    End = Next->getEndLoc();
  StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(For->getBeginLoc(), End),
                                        SM, Ctx.getLangOpts());
  std::vector<std::string> Lines;
  SmallVector<StringRef> Parts;
  Text.split(Parts, '\n');
  for (size_t K = 0; K < Parts.size(); ++K) {
    StringRef P = Parts[K].rtrim("\r");
    if (K > 0 && P.starts_with(Indent))
      P = P.drop_front(Indent.size());
    Lines.push_back(P.str());
  }
  return Lines;
}

std::string SerialTranslator::overlapTest(const SerialLoop &L,
                                          const std::vector<KernelItem> &Items,
                                          std::string &Why) const {
  auto Bounds = [&](const ValueDecl *V) -> std::optional<std::pair<std::string, std::string>> {
    for (const KernelItem &I : Items) {
      if (I.V != V)
        continue;
      if (V->getType()->isConstantArrayType())
        return std::make_pair("(" + I.Name + ")", "(&" + I.Name + " + 1)");
      if (!I.Lo || !I.Hi)
        return std::nullopt;
      auto At = [&](const Poly &Off) {
        std::string T = Off.str();
        if (Off.isConstant() && Off.constantValue() == 0)
          return I.Name;
        bool Simple = llvm::all_of(T, [](char C) { return isalnum(C) || C == '_'; });
        return "(" + I.Name + " + " + (Simple ? T : "(" + T + ")") + ")";
      };
      return std::make_pair(At(*I.Lo), At(*I.Hi + Poly::constant(1)));
    }
    return std::nullopt;
  };
  std::vector<std::string> Tests;
  const std::string U = "(unsigned long long)";
  for (const auto &[A, B] : L.OverlapTests) {
    auto BA = Bounds(A), BB = Bounds(B);
    if (!BA || !BB) {
      Why = "'" + A->getNameAsString() + "' and '" + B->getNameAsString() +
            "' may be the same memory, and the section of one is not known "
            "for a run-time test (declare the pointers restrict)";
      return "";
    }
    Tests.push_back(U + BA->second + " <= " + U + BB->first + " || " + U +
                    BB->second + " <= " + U + BA->first);
  }
  if (Tests.size() == 1)
    return Tests.front();
  for (std::string &T : Tests)
    T = "(" + T + ")";
  return llvm::join(Tests, " && ");
}

std::string SerialTranslator::offload(const SerialLoop &L, std::string &Line,
                                      std::vector<KernelItem> &Items,
                                      ConstructRecord &R, LoopRecord &LR) {
  // The file's functions it calls with pointers: their accesses are the
  // loop's (lib/Facts/RegionCalls), as the dependence test saw them.
  assert(L.Facts && "an offloaded loop keeps the facts it was tested with");
  const RegionFacts &F = *L.Facts;
  if (std::string Why = linkWhy(L); !Why.empty())
    return Why;
  // The loop variables of the collapsed loops are private to OpenMP. An
  // interchanged nest's loop is its inner loop, whose header takes the
  // outer one's place; the outer loop's variable is then a private of it.
  std::set<const ValueDecl *> Associated =
      nestVariables(F, L.Interchanged ? L.Interchanged : L.For, L.Collapse);
  if (L.Interchanged) {
    std::string Outer = headerText(L.For, Ctx), Inner = headerText(L.Interchanged, Ctx);
    BodyLines.replace(headerRange(L.For, Ctx), Inner);
    BodyLines.replace(headerRange(L.Interchanged, Ctx), Outer);
    unsigned N = SM.getPresumedLineNumber(SM.getExpansionLoc(L.Interchanged->getBeginLoc()));
    R.Notes.push_back("interchanged with the loop at line " + std::to_string(N) +
                      ": this loop alone is not parallel (" + L.InterchangeWhy +
                      "); the loop at line " + std::to_string(N) +
                      " is, over the whole nest, and now spreads over the device, this "
                      "one running in its order inside each of its iterations");
  }
  std::set<std::string> Reduced, Flags(L.Flags.begin(), L.Flags.end());
  for (const std::string &Red : L.Reductions)
    Reduced.insert(StringRef(Red).split(':').second.trim().str());
  MapList Maps;
  std::vector<std::string> Private, FirstPrivate;
  for (const ValueDecl *V : F.externalVars()) {
    const auto *VD = dyn_cast<VarDecl>(V);
    if (!VD)
      return "'" + F.nameOf(V) + "' is not a variable (a member of this): not offloaded yet";
    std::string Name = F.nameOf(V);
    QualType T = V->getType().getNonReferenceType();
    if (llvm::is_contained(L.PrivateArrays, Name)) {
      Private.push_back(Name);
      R.Notes.push_back("'" + Name + "' is private: every iteration writes what it "
                        "reads of it first, and nothing reads what the loop leaves in it");
      continue;
    }
    if (T->isPointerType() || T->isArrayType()) {
      if (!Sites)
        Sites = std::make_unique<CallSites>(Ctx);
      if (std::string Why = mapArrayOf(F, V, L.For, /*Deref=*/false, Maps, Items, R.Notes,
                                       Sites.get());
          !Why.empty())
        return Why;
      continue;
    }
    if (llvm::is_contained(L.DeviceGlobals, VD->getCanonicalDecl())) {
      Maps.add("to", Name); // what the device functions read (declare target link)
      continue;
    }
    if (!F.isWritten(V) || Associated.count(V))
      continue; // read only: firstprivate by default
    if (Reduced.count(Name) || Flags.count(Name)) {
      Maps.add("tofrom", Name);
      continue;
    }
    // The index of an arg reduction with a tie rule: each thread starts
    // from the host's value, which its comparisons read.
    if (llvm::any_of(L.ArgReductions,
                     [&](const ArgReduction &A) { return A.TieRule && A.Index == V; })) {
      FirstPrivate.push_back(Name);
      continue;
    }
    Private.push_back(Name); // a temporary of each iteration (SerialLoops)
    // Read after the loop: the last iteration stores it into a copy, which
    // the kernel maps back (clang 19 loses lastprivate on a GPU).
    if (llvm::is_contained(L.LastPrivate, Name) && !L.LastIterationTest.empty()) {
      std::string Copy = lastCopyName(L.Fn, V);
      if (LastCopies.empty())
        Maps.add("tofrom", lastCopyName(L.Fn, nullptr)); // the flag
      Maps.add("from", Copy);
      PrintingPolicy PP(Ctx.getLangOpts());
      LastCopies.push_back({Name, Copy, T.getCanonicalType().getUnqualifiedType().getAsString(PP)});
    }
  }
  if (L.versioned()) {
    // What the run-time test checks, for the reasons below.
    std::string What =
        !L.OverlapTests.empty()
            ? "'" + F.nameOf(L.OverlapTests.front().first) + "' and '" +
                  F.nameOf(L.OverlapTests.front().second) + "' may be the same memory"
        : !L.RowTests.empty()
            ? "the iterations reach disjoint rows only when '" +
                  L.RowTests.front().Rows->getNameAsString() + "' does not decrease"
            : "the scratch arrays are private only when " + L.Guards.front().str() + " >= 0";
    std::string Advice = !L.OverlapTests.empty() ? " (declare the pointers restrict)" : "";
    if (!L.AtomicUpdates.empty() || !L.AtomicWrites.empty())
      return What + ", and a versioned loop with atomics is not done" + Advice;
    // The copy must mean what the loop means: a label would be defined
    // twice, a static local would become two.
    bool Copyable = true;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || !Copyable)
        return;
      if (isa<LabelStmt>(S))
        Copyable = false;
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->isStaticLocal())
            Copyable = false;
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(L.For);
    if (!Copyable)
      return What + ", and the loop holds a label or a static variable, which a "
             "versioned copy would duplicate" + Advice;
    std::string Why;
    std::vector<std::string> Tests;
    if (!L.OverlapTests.empty()) {
      Tests.push_back(overlapTest(L, Items, Why));
      if (Tests.back().empty())
        return Why;
    }
    if (!L.RowTests.empty()) {
      Tests.push_back(rowTests(L, Why));
      if (Tests.back().empty())
        return Why;
    }
    for (const Poly &G : L.Guards)
      Tests.push_back(G.str() + " >= 0");
    if (Tests.size() > 1)
      for (std::string &T : Tests)
        T = "(" + T + ")";
    OverlapTest = llvm::join(Tests, " && ");
    // The copy runs where the surrounding code sees the host's data (data
    // placement treats the loop as host code): it moves its data both ways
    // even when an enclosing region holds it.
    for (auto &[T, All] : Maps.Groups)
      T = "always, " + T;
    for (const RowTest &T : L.RowTests)
      R.Notes.push_back("the iterations write the rows of a sparse structure that '" +
                        T.Rows->getNameAsString() + "' delimits: disjoint when '" +
                        T.Rows->getNameAsString() + "' does not decrease from index " +
                        T.From.str() + " to " + T.To.str() + ", tested before the loop");
    R.Notes.push_back("versioned: offloaded when " + OverlapTest + ", else the "
                      "loop as it was");
    LR.Versioned = OverlapTest;
    if (!L.OverlapTests.empty())
      LR.VersionedWhen.push_back("its arrays do not overlap");
    for (const RowTest &T : L.RowTests)
      LR.VersionedWhen.push_back("'" + T.Rows->getNameAsString() + "' does not decrease");
    for (const Poly &G : L.Guards)
      LR.VersionedWhen.push_back(G.str() + " >= 0");
  }
  LR.Collapse = L.Collapse;
  LR.Private = Private;
  LR.FirstPrivate = FirstPrivate;
  LR.Reductions = L.Reductions;
  // The clauses by the construct they belong to: the combined construct
  // takes them all; the team-local form (--team-histograms) the maps on
  // `target teams`, the loop's on `distribute parallel for`, and a scalar
  // reduction on both (each team reduces its threads' copies into its own,
  // the teams into the variable).
  std::vector<std::string> CollapseCl, MapCl, PrivateCl, ReductionCl;
  if (L.Collapse > 1)
    CollapseCl.push_back("collapse(" + std::to_string(L.Collapse) + ")");
  Maps.renderInto(MapCl);
  if (!Private.empty())
    PrivateCl.push_back("private(" + llvm::join(Private, ", ") + ")");
  if (!FirstPrivate.empty())
    PrivateCl.push_back("firstprivate(" + llvm::join(FirstPrivate, ", ") + ")");
  for (const std::string &Red : L.Reductions)
    ReductionCl.push_back("reduction(" + Red + ")");
  std::vector<std::string> Cl = joinClauses({&CollapseCl, &MapCl, &PrivateCl, &ReductionCl});
  for (const std::string &Red : L.SmallArrayReductions) {
    Cl.push_back("reduction(" + Red + ")");
    LR.Reductions.push_back(Red);
    R.Notes.push_back("'" + StringRef(Red).split(':').second.trim().str() +
                      "' is reduced as a whole array (" +
                      StringRef(Red).split(':').first.trim().str() +
                      "): each team its own copy");
  }
  TeamBefore.clear();
  TeamAfter.clear();
  if (TeamHistograms && !L.AtomicUpdates.empty() && L.ThreadLoops.empty() &&
      L.SmallArrayReductions.empty() && L.ArgReductions.empty() &&
      L.ConditionalLasts.empty() && OverlapTest.empty() && LastCopies.empty() &&
      teamHistogramForm(L, Items, joinClauses({&MapCl, &ReductionCl}),
                        joinClauses({&CollapseCl, &PrivateCl, &ReductionCl}), Line, R, LR)) {
    // Line is the `target teams` line; the loop's directive is in TeamBefore.
  } else if (L.ThreadLoops.empty()) {
    Line = omp("target teams distribute parallel for", Cl);
  } else {
    // The loop over teams, its inner loops over each team's threads.
    Line = omp("target teams distribute", Cl);
    for (const SerialLoop::ThreadLoop &T : L.ThreadLoops) {
      std::vector<std::string> TCl;
      if (!T.Private.empty())
        TCl.push_back("private(" + llvm::join(T.Private, ", ") + ")");
      BodyLines.insertLinesBefore(SM.getExpansionLoc(T.For->getBeginLoc()),
                                {omp("parallel for", TCl)});
      unsigned N = SM.getPresumedLineNumber(SM.getExpansionLoc(T.For->getBeginLoc()));
      LR.ThreadLoops.push_back(N);
      R.Notes.push_back("the loop at line " + std::to_string(N) +
                        " runs on the threads of each team (parallel for): neighbouring "
                        "threads write neighbouring elements; this loop spreads over teams");
    }
  }
  ArgBefore.clear();
  ArgAfter.clear();
  ArgDecls.clear();
  if (!L.ArgReductions.empty() || !L.ConditionalLasts.empty())
    if (std::string Why = argPass(L, Items, R); !Why.empty())
      return Why;
  // Atomic updates and flag writes: a directive line before each.
  for (const auto &[Exprs, Kind] :
       {std::make_pair(&L.AtomicUpdates, "update"), std::make_pair(&L.AtomicWrites, "write")})
    for (const Expr *X : *Exprs) {
      BodyLines.insertLinesBefore(SM.getExpansionLoc(X->getBeginLoc()),
                                {std::string("#pragma omp atomic ") + Kind});
      LR.Atomics.push_back(std::string(Kind) + ": " + text(X));
      R.Notes.push_back("atomic " + std::string(Kind) + " of " + text(X) +
                        (Exprs == &L.AtomicWrites ? " (a flag)" : ""));
    }
  return "";
}

bool SerialTranslator::teamHistogramForm(const SerialLoop &L,
                                         const std::vector<KernelItem> &Items,
                                         const std::vector<std::string> &TeamClauses,
                                         const std::vector<std::string> &LoopClauses,
                                         std::string &Line, ConstructRecord &R, LoopRecord &LR) {
  // Pointers the kernel maps as [0:B], B a constant.
  std::map<const ValueDecl *, uint64_t> PointerBins;
  for (const KernelItem &I : Items)
    if (I.V && I.V->getType()->isPointerType() && I.Lo && I.Hi)
      if (auto Lo = I.Lo->constantValue(), Hi = I.Hi->constantValue();
          Lo && Hi && *Lo == 0 && *Hi >= 0)
        PointerBins[I.V] = static_cast<uint64_t>(*Hi) + 1;
  std::string Why;
  std::vector<TeamHistogram> Hs = teamHistograms(*L.Facts, L, Why, PointerBins);
  if (Hs.empty()) {
    if (!Why.empty())
      R.Notes.push_back("no team-local histogram: " + Why);
    return false;
  }
  std::vector<TeamCopy> Copies;
  for (const TeamHistogram &H : Hs) {
    TeamCopy C{H.Name, freshName(L.Fn, H.Name + "_team"), freshName(L.Fn, H.Name + "_bin"),
               H.ElementType, H.Bins};
    for (const DeclRefExpr *Ref : H.Refs)
      BodyLines.replace(CharSourceRange::getCharRange(Ref->getLocation(),
                                                      Ref->getLocation().getLocWithOffset(
                                                          H.Name.size())),
                        C.Team);
    LR.TeamHistograms.push_back(H.Name);
    R.Notes.push_back(teamHistogramNote(C));
    Copies.push_back(std::move(C));
  }
  TeamHistogramLines T = teamHistogramLines(Copies, TeamClauses);
  Line = T.Before.front();
  TeamBefore.assign(T.Before.begin() + 1, T.Before.end());
  TeamBefore.push_back(omp("distribute parallel for", LoopClauses));
  TeamAfter = std::move(T.After);
  return true;
}

std::string SerialTranslator::lastCopyName(const FunctionDecl *Fn, const ValueDecl *V) {
  std::string &Name = CopyNames[{Fn, V}];
  if (!Name.empty())
    return Name;
  Name = freshName(Fn, V ? V->getNameAsString() + "_last" : "last_ran");
  return Name;
}

void SerialTranslator::declareAtTop(const FunctionDecl *Fn, EditSet &E,
                                    const std::vector<std::string> &Decls) {
  if (Decls.empty())
    return;
  // At the top of the function: C89 allows declarations nowhere else.
  const auto *FnBody = cast<CompoundStmt>(Fn->getBody());
  E.insertLinesAfter(FnBody->getLBracLoc(), Decls,
                     FnBody->body_empty() ? "  "
                                          : E.indentOf(FnBody->body_front()->getBeginLoc()));
}

void SerialTranslator::lastCopyEdits(const SerialLoop &L, EditSet &E,
                                     std::vector<std::string> &After, ConstructRecord &R,
                                     LoopRecord &LR) {
  // The flag the last iteration sets: 0 before every kernel (set at the
  // top, and again right after each kernel that set it), so a loop that
  // does not run leaves the host's values as they were.
  std::string Ran = lastCopyName(L.Fn, nullptr);
  std::vector<std::string> Decls, Stores, Loads;
  if (CopiesDeclared.insert({L.Fn, Ran}).second)
    Decls.push_back("int " + Ran + " = 0;");
  for (const LastCopy &C : LastCopies) {
    if (CopiesDeclared.insert({L.Fn, C.Copy}).second)
      Decls.push_back(C.Type + " " + C.Copy + ";");
    Stores.push_back(C.Copy + " = " + C.Name + ";");
    Loads.push_back(C.Name + " = " + C.Copy + ";");
    R.Notes.push_back("'" + C.Name + "' is read after the loop: the last iteration "
                      "stores it into '" + C.Copy + "', mapped back, and the host "
                      "sets it after the kernel (no lastprivate, which clang 19 "
                      "loses on a GPU)");
    LR.LastValues.push_back(C.Name);
  }
  Stores.push_back(Ran + " = 1;");
  Loads.push_back(Ran + " = 0;");
  After.push_back("if (" + Ran + ") { " + llvm::join(Loads, " ") + " }");
  declareAtTop(L.Fn, E, Decls);
  // The store, on a line of its own after the innermost body's last
  // statement (SerialLoops checked that the line is free).
  const Stmt *Last = L.LastBody->body_back();
  E.insertLinesAfter(lastLocation(Last, SM),
                     {"if (" + L.LastIterationTest + ") { " + llvm::join(Stores, " ") + " }"},
                     E.indentOf(SM.getExpansionLoc(Last->getBeginLoc())));
}

void SerialTranslator::run(const std::vector<SerialLoop> &Loops) {
  for (const SerialLoop &L : Loops) {
    ConstructRecord R = loopRecord("serial loop", L.For);
    LoopRecord LR;
    LR.Loc = R.Loc;
    LR.Line = R.Line;
    LR.Column = R.Column;
    auto Keep = [&](const std::string &Why) {
      R.Translated = true; // a decision: nothing to translate
      R.Notes = {"kept on the host: " + Why};
      Out.Decisions.push_back(std::move(R));
      LR = LoopRecord{LR.Line, LR.Column, LR.Loc};
      LR.Reason = Why;
      Out.Loops.push_back(std::move(LR));
    };
    if (!L.Parallel) {
      Keep(L.Why);
      Out.Loops.back().Parallel = L.ProvedParallel;
      Out.Loops.back().Needs = L.Needs;
      if (L.DistributeTail && SplitLoops)
        split(L);
      if (!L.DistributeWhy.empty())
        Out.Decisions.back().Notes.push_back(L.DistributeWhy);
      continue;
    }
    std::unique_ptr<ParentMap> &Parents = FnParents[L.Fn];
    if (!Parents)
      Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(L.Fn->getBody()));
    const ParentMap &PM = *Parents;
    std::string Line, Why;
    std::vector<KernelItem> Items;
    BodyLines.clear();
    LastCopies.clear();
    RowHelpersOfLoop.clear();
    // A directive goes before a statement of a block, or before the body
    // of a for loop (`for (...)` then the directive then the loop: the
    // construct is the outer loop's body).
    const Stmt *Parent = PM.getParent(const_cast<ForStmt *>(L.For));
    const auto *ParentFor = dyn_cast_or_null<ForStmt>(Parent);
    if (!isa_and_nonnull<CompoundStmt>(Parent) &&
        !(ParentFor && ParentFor->getBody() == L.For))
      Why = "it is not a statement of a block ({ ... }) or a for loop's body, "
            "where a directive could go before it";
    else
      Why = offload(L, Line, Items, R, LR);
    if (!Why.empty()) {
      Keep(Why);
      continue;
    }
    R.Notes.insert(R.Notes.begin(),
                   L.Interchanged
                       ? "offloaded with its inner loop's header in its place: the "
                         "dependence test proves that loop's iterations independent "
                         "over the whole nest"
                       : "offloaded: the dependence test proves its iterations "
                         "independent" +
                             std::string(L.Collapse > 1 ? " (and those of the " +
                                                              std::to_string(L.Collapse - 1) +
                                                              " loops nested in it: collapsed)"
                                                        : ""));
    EditSet E(SM);
    std::vector<Edit> TeamClose;
    if (OverlapTest.empty()) {
      std::vector<std::string> After, Before = ArgBefore;
      Before.push_back(Line);
      Before.insert(Before.end(), TeamBefore.begin(), TeamBefore.end());
      E.insertLinesBefore(L.For->getBeginLoc(), Before);
      if (!L.FinalValue.empty()) {
        // The loop variable is read after the loop: its final value, set
        // on the host (no lastprivate, which clang 19 loses on a GPU).
        After.push_back(L.FinalValue);
        R.Notes.push_back("'" + L.LastValueOfIV + "' is read after the loop: its final "
                          "value is set on the host after it");
        LR.FinalValue = L.LastValueOfIV;
      }
      if (!LastCopies.empty())
        lastCopyEdits(L, E, After, R, LR);
      After.insert(After.end(), ArgAfter.begin(), ArgAfter.end());
      declareAtTop(L.Fn, E, ArgDecls);
      if (!After.empty())
        E.insertLinesAfter(lastLocation(L.For, SM), After, E.indentOf(L.For->getBeginLoc()));
      if (!TeamAfter.empty()) {
        // The end of the team block is the kernel's own end: planned now,
        // it goes before what data placement puts after the kernel (an exit
        // data, a region's end) at the same place, and before the lines
        // above (host code after the kernel).
        EditSet Close(SM);
        Close.insertLinesAfter(lastLocation(L.For, SM), TeamAfter,
                               E.indentOf(L.For->getBeginLoc()));
        Out.Edits.insert(Out.Edits.end(), Close.edits().begin(), Close.edits().end());
        TeamClose = Close.edits();
      }
    } else {
      // if (no overlap) { directive, a copy of the loop } else the loop.
      std::vector<std::string> Lines = {"if (" + OverlapTest + ") {", "  " + Line};
      for (const std::string &C : loopCopy(L.For, E.indentOf(L.For->getBeginLoc())))
        Lines.push_back("  " + C);
      Lines.push_back("} else");
      E.insertLinesBefore(L.For->getBeginLoc(), Lines);
    }
    E.append(BodyLines);
    BodyLines.clear();
    // The file's functions it calls run on the device too.
    EditSet Declare(SM);
    for (const FunctionDecl *D : L.DeviceFunctions) {
      SourceLocation Begin = SM.getExpansionLoc(D->getSourceRange().getBegin());
      SourceLocation End = SM.getExpansionLoc(D->getSourceRange().getEnd());
      Declare.insertLinesBefore(Begin, {"#pragma omp declare target"});
      Declare.insertLinesAfter(End, {"#pragma omp end declare target"}, "");
      R.Notes.push_back("'" + D->getNameAsString() + "' is called: declare target");
      LR.DeviceFunctions.push_back(D->getNameAsString());
      if (DeclaredTarget.insert(D).second)
        Pending.insert(Pending.end(), Declare.edits().end() - 2, Declare.edits().end());
    }
    Pending.insert(Pending.end(), E.edits().begin(), E.edits().end());
    R.Emitted.push_back(Line);
    LR.Offloaded = true;
    LR.Parallel = true;
    LR.Directive = Line;
    // The globals they read: declare target link (its lines: linkEdits).
    for (const VarDecl *G : L.DeviceGlobals) {
      R.Notes.push_back("'" + G->getNameAsString() + "' is read on the device by a function "
                        "the loop calls: declare target link, mapped by the kernel");
      LR.DeviceGlobals.push_back(G->getNameAsString());
      Linked.insert(G);
    }
    if (!L.DeviceGlobals.empty())
      LinkUsers.push_back({Out.Loops.size(), L.DeviceGlobals});
    LR.Fix = E.edits();
    LR.Fix.insert(LR.Fix.end(), TeamClose.begin(), TeamClose.end());
    LR.Fix.insert(LR.Fix.end(), Declare.edits().begin(), Declare.edits().end());
    for (size_t H : RowHelpersOfLoop) {
      RowHelpers[H].Users.insert(L.Fn);
      RowHelpers[H].Loops.push_back(Out.Loops.size());
    }
    if (L.Interchanged) {
      // The report by loop: this one stays sequential (inside the other),
      // the inner one is the loop the kernel spreads.
      LoopRecord Outer{LR.Line, LR.Column, LR.Loc};
      LR.Loc = SM.getExpansionLoc(L.Interchanged->getBeginLoc());
      LR.Line = SM.getPresumedLineNumber(LR.Loc);
      LR.Column = SM.getPresumedColumnNumber(LR.Loc);
      LR.InterchangedWith = Outer.Line;
      Outer.Reason = "interchanged with the loop at line " + std::to_string(LR.Line) +
                     ", which runs on the device in its place, this loop inside it: " +
                     L.InterchangeWhy;
      Out.Loops.push_back(std::move(Outer));
    }
    Out.Loops.push_back(std::move(LR));
    EditSet None(SM);
    succeed(R, None); // the edit comes with emitEdits()
    if (!OverlapTest.empty()) {
      OverlapTest.clear();
      continue; // the loop stays host code: its copy maps its own data
    }
    Kernel K;
    K.S = L.For;
    K.Fn = L.Fn;
    for (const FunctionDecl *D : L.DeviceFunctions)
      K.Followed.insert(D->getCanonicalDecl());
    // (The linked globals among them: dropLinkGlobals, for every kernel.)
    K.Items = std::move(Items);
    K.Body = L.For;
    Kernels.push_back(std::move(K));
    Offloaded.insert(L.For);
  }
  linkEdits();
  rowHelperEdits();
}

void SerialTranslator::split(const SerialLoop &L) {
  // Before the tail's line: the end of the first loop, then the header of
  // the second, which the tail and the loop's own `}` complete. #line
  // keeps the lines after them (and the second header, reported at the
  // loop's line) numbered as in the input; the driver takes them out.
  const auto *Body = llvm::cast<CompoundStmt>(L.For->getBody());
  SourceLocation Begin = SM.getExpansionLoc(L.For->getBeginLoc());
  SourceLocation Tail = SM.getExpansionLoc(L.DistributeTail->getBeginLoc());
  SourceLocation Close = SM.getExpansionLoc(Body->getRBracLoc());
  EditSet E(SM);
  LoopSplit S;
  // (From the start of the loop's line: a directive before the loop goes
  // there, and its fix-it must hold the split.)
  S.Begin = SM.getFileOffset(Begin) - (SM.getPresumedColumnNumber(Begin) - 1);
  S.End = SM.getFileOffset(Close) + 1;
  S.At = SM.getFileOffset(Tail) - (SM.getPresumedColumnNumber(Tail) - 1);
  S.Line = SM.getPresumedLineNumber(Begin);
  S.TailLine = SM.getPresumedLineNumber(Tail);
  S.Text = E.indentOf(Close) + "}\n#line " + std::to_string(S.Line) + "\n" + E.indentOf(Begin) +
           headerText(L.For, Ctx) + " {\n#line " + std::to_string(S.TailLine) + "\n";
  // One split per nest: the loops come outer first, in source order.
  if (llvm::any_of(Out.Splits,
                   [&](const LoopSplit &O) { return S.Begin < O.End && O.Begin < S.End; }))
    return;
  Out.Splits.push_back(std::move(S));
}

void SerialTranslator::linkEdits() {
  // One line per place, naming every global linked there (in the order of
  // their declarations), the same in each loop's fix-it that needs one of
  // them: clang-apply-replacements merges identical insertions only.
  std::map<unsigned, std::pair<SourceLocation, std::vector<const VarDecl *>>> At;
  std::map<const VarDecl *, unsigned> PlaceOf;
  for (const VarDecl *G : Linked) {
    std::string Unused;
    SourceLocation Loc = Links.pointFor(G, Unused); // linkWhy checked it
    unsigned O = SM.getFileOffset(Loc);
    At[O].first = Loc;
    At[O].second.push_back(G);
    PlaceOf[G] = O;
  }
  std::map<unsigned, Edit> EditAt;
  for (auto &[O, Place] : At) {
    std::vector<const VarDecl *> &Gs = Place.second;
    llvm::sort(Gs, [&](const VarDecl *A, const VarDecl *B) {
      return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
    });
    std::vector<std::string> Names;
    for (const VarDecl *G : Gs)
      Names.push_back(G->getNameAsString());
    EditSet E(SM);
    E.appendLineAfter(Place.first, "#pragma omp declare target link(" + llvm::join(Names, ", ") + ")");
    EditAt[O] = E.edits().back();
    Pending.push_back(E.edits().back()); // at a line's end: no other line goes there
  }
  for (const auto &[Index, Gs] : LinkUsers) {
    std::set<unsigned> Places;
    for (const VarDecl *G : Gs)
      Places.insert(PlaceOf[G]);
    for (unsigned O : Places)
      Out.Loops[Index].Fix.push_back(EditAt[O]);
  }
}

std::string SerialTranslator::linkWhy(const SerialLoop &L) {
  for (const VarDecl *G : L.DeviceGlobals) {
    std::string Name = "'" + G->getNameAsString() + "'";
    if (Foreign.count(G))
      return Name + ", which a function the loop calls reads on the device, is also in an "
             "OpenACC construct of the file (declare target link is not combined with it)";
    if (!G->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return Name + ", which a function the loop calls reads on the device, is in a "
             "namespace (declare target link is written for globals of the file only)";
    std::string Why;
    if (Links.pointFor(G, Why).isInvalid())
      return Why;
  }
  return "";
}

void SerialTranslator::dropLinkGlobals(std::vector<Kernel> &All) const {
  if (Linked.empty())
    return;
  for (Kernel &K : All)
    llvm::erase_if(K.Items, [&](const KernelItem &I) {
      const auto *VD = dyn_cast_or_null<VarDecl>(I.V);
      return VD && Linked.count(VD->getCanonicalDecl());
    });
}

} // namespace ompm
