//===- HostParallel.cpp - CPU OpenMP loops offloaded ----------------------===//
#include "Translate/HostParallel.h"
#include "Facts/Directives.h"
#include "Facts/OpenMPKernels.h"
#include "Facts/Regions.h"
#include "Facts/Scalars.h"
#include "Facts/StmtWalk.h"
#include "Translate/ArgPass.h"
#include "Translate/Criticals.h"
#include "Translate/KernelData.h"
#include "Translate/TeamHistogramText.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;

namespace ompm {
namespace {

/// Whether every write of V in S is inside a critical that is converted or
/// an atomic (the input's lock, which the kernel keeps).
bool writesUnderLock(const Stmt *S, const ValueDecl *V,
                     const std::vector<CriticalFact> &Facts) {
  bool All = true;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool Locked) {
    if (!S || !All)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      bool L = Locked || isa<OMPAtomicDirective>(D) ||
               llvm::any_of(Facts, [&](const CriticalFact &F) {
                 return F.D == D && F.Form != CriticalForm::None;
               });
      if (D->hasAssociatedStmt())
        Walk(D->getRawStmt(), L);
      return;
    }
    const Expr *T = writtenLValue(S);
    if (T && !Locked)
      if (const auto *DR = dyn_cast<DeclRefExpr>(T->IgnoreParenImpCasts());
          DR && DR->getDecl() == V)
        All = false;
    for (const Stmt *C : S->children())
      Walk(C, Locked);
  };
  Walk(S, false);
  return All;
}

const char *kindName(const OMPExecutableDirective *D) {
  if (isa<OMPParallelForSimdDirective>(D))
    return "omp parallel for simd";
  if (isa<OMPParallelForDirective>(D))
    return "omp parallel for";
  return "omp parallel";
}

} // namespace

std::string HostParallelTranslator::kernel(const WorkLoop &W,
                                           const std::vector<CriticalFact> &Facts,
                                           std::string &Line, std::vector<KernelItem> &Items,
                                           ConstructRecord &R) {
  RegionFacts F(W.For, Ctx);
  // The loop variables of the associated loops are private to OpenMP.
  std::set<const ValueDecl *> Associated = nestVariables(F, W.For, W.D->getLoopsNumber());
  std::set<const ValueDecl *> Reduced = W.Reduced;
  std::vector<std::string> Reductions;
  MapList Maps;
  // A packed arg reduction's value and index: the kernel uses its key
  // instead. Else the value is reduced and the index private to each
  // thread (firstprivate with a tie rule, whose comparisons read it); a
  // second pass finds it.
  std::set<const ValueDecl *> ArgVars;
  std::vector<std::string> Private, FirstPrivate;
  for (const CriticalFact &C : Facts)
    if (C.Loop == W.D && !C.Clause.empty() &&
        !llvm::is_contained(Reductions, C.Clause)) {
      Reductions.push_back(C.Clause);
      if (C.Form == CriticalForm::ArgReduction && C.ArgPacked) {
        ArgVars.insert({C.Arg->Value, C.Arg->Index});
        Maps.add("tofrom", C.Key);
        continue;
      }
      Reduced.insert(C.X);
      if (C.Form == CriticalForm::ArgReduction) {
        ArgVars.insert(C.Arg->Index);
        if (C.Arg->TieRule)
          FirstPrivate.push_back(C.Arg->Index->getNameAsString());
        else
          Private.push_back(C.Arg->Index->getNameAsString());
      }
    }
  for (const ValueDecl *V : F.externalVars()) {
    std::string Name = F.nameOf(V);
    if (Associated.count(V) || ArgVars.count(V))
      continue;
    if (Reduced.count(V)) {
      Maps.add("tofrom", Name);
      continue;
    }
    if (W.ClauseVars.count(V))
      continue;
    if (!isa<VarDecl>(V))
      return "'" + Name + "' is not a variable (a member of this): not offloaded yet";
    QualType T = V->getType().getNonReferenceType();
    if (T->isPointerType() || T->isArrayType()) {
      if (std::string Why = mapArrayOf(F, V, W.For, /*Deref=*/true, Maps, Items, R.Notes);
          !Why.empty())
        return Why;
      continue;
    }
    if (!F.isWritten(V))
      continue; // read only: firstprivate by default
    if (llvm::is_contained(W.RegionPrivate, V)) {
      Private.push_back(Name);
      continue;
    }
    // A shared scalar the iterations write: the kernel must write the
    // host's variable back, and the input must not race on it.
    if (!writesUnderLock(W.For, V, Facts) &&
        classifyScalar(W.For->getBody(), V, Ctx).Role != ScalarRole::SharedFlag)
      return "'" + Name + "' is shared and written by the iterations without a "
             "lock: a data race in the input (make it private, or a reduction)";
    Maps.add("tofrom", Name);
    R.Notes.push_back("'" + Name + "' is shared and written: map(tofrom: " + Name + ")");
  }
  // The clauses by the construct they belong to: the combined construct
  // takes them all; the team-local form (--team-histograms) the maps on
  // `target teams`, the loop's on `distribute parallel for`, and the
  // reductions on both (each team reduces its threads' copies into its own,
  // the teams into the variable).
  std::vector<std::string> MapCl, PrivateCl, ReductionCl, InputReductions;
  Maps.renderInto(MapCl);
  if (!Private.empty())
    PrivateCl.push_back("private(" + llvm::join(Private, ", ") + ")");
  if (!FirstPrivate.empty())
    PrivateCl.push_back("firstprivate(" + llvm::join(FirstPrivate, ", ") + ")");
  for (const std::string &Red : Reductions)
    ReductionCl.push_back("reduction(" + Red + ")");
  if (llvm::any_of(Facts, [&](const CriticalFact &C) {
        return C.Loop == W.D && C.Form == CriticalForm::TeamHistogram;
      })) {
    for (const std::string &C : W.Clauses)
      if (StringRef(C).starts_with("reduction("))
        InputReductions.push_back(C);
    teamLoop(W, Facts, joinClauses({&MapCl, &InputReductions, &ReductionCl}),
             joinClauses({&W.Clauses, &PrivateCl, &ReductionCl}), Line, R);
    return "";
  }
  std::vector<std::string> Cl = joinClauses({&W.Clauses, &MapCl, &PrivateCl, &ReductionCl});
  if (!W.If.empty())
    Cl.push_back("if(" + W.If + ")");
  std::string Dir = "target teams distribute parallel for";
  if (Opts.Style == LoopStyle::Loop) {
    Dir = "target teams loop";
    for (const std::string &S : W.SimdClauses)
      R.Notes.push_back("dropped: " + S + " (target teams loop takes no simd clause)");
  } else if (W.Simd) {
    Dir += " simd";
    Cl.insert(Cl.end(), W.SimdClauses.begin(), W.SimdClauses.end());
  }
  Line = omp(Dir, Cl);
  return "";
}

bool HostParallelTranslator::hostAtomics(const HostParallel &H,
                                         const std::set<const ValueDecl *> &Private,
                                         const std::vector<const OMPLoopDirective *> &Loops,
                                         CriticalRewriter &CR, ConstructRecord &R) {
  if (!Opts.CriticalToAtomic)
    return false;
  CriticalOptions CO;
  CO.Reductions = false; // the input's directive keeps its clauses
  CO.ArrayReductions = false;
  std::vector<CriticalFact> Facts = analyzeCriticals(H.D, Loops, Private, Ctx, CO, H.Fn);
  llvm::erase_if(Facts, [](const CriticalFact &F) { return !isa<OMPCriticalDirective>(F.D); });
  if (Facts.empty() || CriticalRewriter::firstKept(Facts) ||
      llvm::any_of(Facts, [&](const CriticalFact &F) {
        return F.Form == CriticalForm::Reduction || F.Form == CriticalForm::ArrayReduction ||
               ompPragmaRange(F.D, Ctx).isInvalid();
      }))
    return false;
  EditSet E(SM);
  CR.rewrite(Facts, E);
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
  R.Notes.push_back("it stays on the host; its " +
                    (Facts.size() == 1 ? std::string("critical becomes an atomic")
                                       : std::to_string(Facts.size()) +
                                             " criticals become atomics") +
                    " there");
  return true;
}

void HostParallelTranslator::argCritical(const HostParallel &H, CriticalFact &F,
                                         std::vector<std::string> &Before,
                                         std::vector<std::string> &After) {
  const ArgReduction &A = *F.Arg;
  const Expr *E = A.Compared;
  if (SM.getExpansionLoc(E->getBeginLoc()) != E->getBeginLoc() ||
      SM.getExpansionLoc(E->getEndLoc()) != E->getEndLoc()) {
    F.Form = CriticalForm::None;
    F.Why = "the value '" + A.Value->getNameAsString() + "' is compared with comes from a macro";
    return;
  }
  if (!F.ArgPacked)
    return; // its second pass is written with the kernel (argSecondPass)
  std::string Base = A.Value->getNameAsString() + "_" + A.Index->getNameAsString();
  F.Key = freshName(H.Fn, Base + "_key");
  std::string Item = freshName(H.Fn, Base + "_item");
  const auto *IV = cast<DeclRefExpr>((*F.Loop->counters().begin())->IgnoreParenImpCasts());
  ArgCriticalText T =
      argCriticalText(A, text(E), IV->getDecl()->getNameAsString(), F.Key, Item, Ctx);
  F.Clause = "max: " + F.Key;
  F.NewBody = T.Body;
  Before.insert(Before.end(), T.Before.begin(), T.Before.end());
  After.insert(After.begin(), T.After.begin(), T.After.end());
}

std::string HostParallelTranslator::argSecondPass(const HostParallel &H, const CriticalFact &F,
                                                  const std::vector<KernelItem> &Items,
                                                  std::vector<std::string> &Before,
                                                  std::vector<std::string> &After,
                                                  ConstructRecord &R) {
  const ForStmt *For = nullptr;
  for (const WorkLoop &W : H.Loops)
    if (W.D == F.Loop)
      For = W.For;
  std::string What = "the arg-" + std::string(F.Arg->Max ? "max" : "min") + " at line " +
                     std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(F.D->getBeginLoc())));
  if (!For)
    return What + ": its loop is not one of the construct's";
  RegionFacts RF(For, Ctx);
  const CanonicalLoop *CL = RF.loopOf(For);
  if (!CL || !CL->IV)
    return What + ": its loop is not canonical, no second pass copies it";
  ArgPassWriter W(*this, H.Fn);
  ArgPassText T;
  if (std::string Why = W.write(*F.Arg, For, *CL, Items, T); !Why.empty())
    return What + ": " + Why;
  // In a block of its own, as the packed form.
  Before.push_back("{");
  for (const std::vector<std::string> *Part : {&T.Decls, &T.Before})
    for (const std::string &L : *Part)
      Before.push_back("  " + L);
  std::vector<std::string> Lines;
  for (const std::string &L : T.After)
    Lines.push_back("  " + L);
  Lines.push_back("}");
  After.insert(After.begin(), Lines.begin(), Lines.end());
  R.Notes.push_back(T.Note);
  return "";
}

void HostParallelTranslator::argLines(const WorkLoop &W, CharSourceRange Pragma,
                                      ArgLineMap &ArgLines, EditSet &E) {
  auto It = ArgLines.find(W.D);
  if (It == ArgLines.end() || It->second.first.empty())
    return;
  std::vector<std::string> Before = It->second.first;
  const std::vector<std::string> &After = It->second.second;
  // The block's lines go where the loop is indented (a directive is often
  // at column 0).
  std::string In = E.indentOf(W.For->getBeginLoc());
  if (E.indentOf(Pragma.getBegin()).empty())
    for (std::string &L : Before)
      L = In + L;
  E.insertLinesBefore(Pragma.getBegin(), Before);
  if (endsItsLine(W.For)) {
    E.insertLinesAfter(lastLoc(W.For), After, In);
    return;
  }
  // Code follows the loop on its line (`} printf(...);`): the lines go
  // right after the loop, before that code.
  SourceLocation Past =
      Lexer::findLocationAfterToken(lastLoc(W.For), tok::semi, SM, Ctx.getLangOpts(), false);
  if (Past.isInvalid())
    Past = Lexer::getLocForEndOfToken(lastLoc(W.For), 0, SM, Ctx.getLangOpts());
  E.insertLinesAt(Past, After, In);
}

bool HostParallelTranslator::teamFormFits(const WorkLoop &W,
                                          const std::vector<CriticalFact> &Facts) const {
  if (Opts.Style == LoopStyle::Loop || W.Simd || !W.If.empty())
    return false;
  for (const CriticalFact &C : Facts)
    if (C.Loop == W.D && !C.Clause.empty() && C.Form != CriticalForm::Reduction)
      return false; // an arg-max or array reduction: the combined construct keeps it
  // What `distribute parallel for` takes of the input's clauses (no
  // default(none): the team's copy would need a clause of its own); a
  // plain reduction goes on `target teams` too.
  for (const std::string &C : W.Clauses) {
    StringRef S(C);
    if (S.starts_with("reduction(") && !S.contains("inscan") && !S.contains("task"))
      continue;
    if (!(S.starts_with("private(") || S.starts_with("firstprivate(") ||
          S.starts_with("shared(") || S.starts_with("schedule(") ||
          S.starts_with("collapse(") || S.starts_with("num_threads(") ||
          S.starts_with("proc_bind(") || S == "default(shared)"))
      return false;
  }
  return true;
}

void HostParallelTranslator::teamCopies(const HostParallel &H, std::vector<CriticalFact> &Facts,
                                        const CriticalRewriter &CR) {
  std::map<std::pair<const OMPLoopDirective *, const ValueDecl *>,
           std::pair<std::string, std::string>>
      Names;
  for (CriticalFact &F : Facts) {
    if (F.Form != CriticalForm::TeamHistogram)
      continue;
    const WorkLoop *W = nullptr;
    for (const WorkLoop &X : H.Loops)
      if (X.D == F.Loop)
        W = &X;
    auto Key = std::make_pair(F.Loop, F.X);
    auto It = Names.find(Key);
    if (It == Names.end() && W && teamFormFits(*W, Facts))
      It = Names.emplace(Key, std::make_pair(freshName(H.Fn, F.X->getNameAsString() + "_team"),
                                              freshName(H.Fn, F.X->getNameAsString() + "_bin")))
               .first;
    std::string Update;
    if (It != Names.end()) {
      F.Team = It->second.first;
      F.Bin = It->second.second;
      Update = CR.teamUpdateText(F);
    }
    if (Update.empty()) {
      F.Form = CriticalForm::Update; // the array's own atomic update
      F.Team.clear();
    } else {
      F.NewBody = std::move(Update); // the team's copy's update
    }
  }
}

void HostParallelTranslator::teamLoop(const WorkLoop &W, const std::vector<CriticalFact> &Facts,
                                      const std::vector<std::string> &TeamClauses,
                                      const std::vector<std::string> &LoopClauses,
                                      std::string &Line, ConstructRecord &R) {
  std::vector<TeamCopy> Copies;
  for (const CriticalFact &C : Facts)
    if (C.Loop == W.D && C.Form == CriticalForm::TeamHistogram &&
        llvm::none_of(Copies, [&](const TeamCopy &T) { return T.Team == C.Team; })) {
      Copies.push_back({C.X->getNameAsString(), C.Team, C.Bin, C.ElementType, C.Bins});
      R.Notes.push_back(teamHistogramNote(Copies.back()));
    }
  TeamHistogramLines T = teamHistogramLines(Copies, TeamClauses);
  Line = omp("distribute parallel for", LoopClauses);
  TeamLines[W.D] = {T.Before, T.After};
}

void HostParallelTranslator::run(const std::vector<HostParallel> &Constructs) {
  CriticalRewriter CR(Ctx, Out);
  for (const HostParallel &H : Constructs) {
    ConstructRecord R = loopRecord(kindName(H.D), H.D);
    CharSourceRange P = ompPragmaRange(H.D, Ctx);
    if (P.isValid())
      R.Original = Lexer::getSourceText(P, SM, Ctx.getLangOpts()).str();
    if (H.Fn->isDependentContext()) {
      fail(R, H.Why); // template code: its criticals are not looked at either
      continue;
    }
    std::set<const ValueDecl *> Private;
    std::vector<const OMPLoopDirective *> Loops;
    for (const WorkLoop &W : H.Loops) {
      Private.insert(W.ClauseVars.begin(), W.ClauseVars.end());
      Private.insert(W.RegionPrivate.begin(), W.RegionPrivate.end());
      for (const Expr *C : W.D->counters())
        if (const auto *DR = dyn_cast<DeclRefExpr>(C->IgnoreParenImpCasts()))
          Private.insert(DR->getDecl());
      Loops.push_back(W.D);
    }
    CriticalOptions CO;
    CO.ArrayReductions = Opts.ArrayReductions && !Opts.TeamHistograms;
    CO.TeamHistograms = Opts.TeamHistograms;
    std::vector<CriticalFact> Facts = analyzeCriticals(H.D, Loops, Private, Ctx, CO, H.Fn);
    teamCopies(H, Facts, CR);
    TeamLines.clear();
    // The combines of partial results run once on the host, after the
    // kernel: no longer criticals of the region.
    llvm::erase_if(Facts, [&](const CriticalFact &F) {
      return llvm::any_of(H.Combines, [&](const HostParallel::Combine &C) { return C.D == F.D; });
    });
    // The lines around each work loop that has an arg-max critical.
    ArgLineMap ArgLines;
    for (CriticalFact &F : Facts)
      if (F.Form == CriticalForm::ArgReduction)
        argCritical(H, F, ArgLines[F.Loop].first, ArgLines[F.Loop].second);
    if (!H.Why.empty() || P.isInvalid()) {
      std::string Why = !H.Why.empty() ? H.Why
                                       : "the directive comes from a macro or _Pragma; "
                                         "it is not rewritten";
      if (!hostAtomics(H, Private, Loops, CR, R))
        CR.recordOnly(Facts, "its construct stays on the host");
      fail(R, Why);
      continue;
    }
    bool HasCritical = llvm::any_of(Facts, [](const CriticalFact &F) {
      return isa<OMPCriticalDirective>(F.D);
    });
    if (HasCritical && !Opts.CriticalToAtomic) {
      CR.recordOnly(Facts, "--no-critical-to-atomic");
      fail(R, "it holds a critical (" + CR.lineOf(Facts.front().D) +
                  "), which --no-critical-to-atomic keeps: on a GPU a critical is "
                  "one lock for every thread and does not exclude other teams");
      continue;
    }
    if (const CriticalFact *K = CriticalRewriter::firstKept(Facts)) {
      CR.recordOnly(Facts, "its construct stays on the host");
      fail(R, "the critical at " + CR.lineOf(K->D) + " must stay a critical: " + K->Why);
      continue;
    }
    std::vector<std::string> Lines;
    std::vector<std::vector<KernelItem>> Items(H.Loops.size());
    std::string Why;
    for (size_t I = 0; I < H.Loops.size() && Why.empty(); ++I) {
      std::string Line;
      Why = kernel(H.Loops[I], Facts, Line, Items[I], R);
      if (H.Loops.size() > 1 && !Why.empty())
        Why = "the loop at " + CR.lineOf(H.Loops[I].For) + ": " + Why;
      Lines.push_back(Line);
    }
    if (Why.empty())
      for (const WorkLoop &W : H.Loops)
        if (W.D != H.D && ompPragmaRange(W.D, Ctx).isInvalid())
          Why = "the directive at " + CR.lineOf(W.D) + " comes from a macro or _Pragma";
    for (const HostParallel::Combine &C : H.Combines)
      if (Why.empty() && ompPragmaRange(C.D, Ctx).isInvalid())
        Why = "the directive at " + CR.lineOf(C.D) + " comes from a macro or _Pragma";
    for (CriticalFact &F : Facts)
      for (size_t I = 0; I < H.Loops.size(); ++I)
        if (Why.empty() && F.Form == CriticalForm::ArgReduction && !F.ArgPacked &&
            H.Loops[I].D == F.Loop)
          Why = argSecondPass(H, F, Items[I], ArgLines[F.Loop].first, ArgLines[F.Loop].second, R);
    if (!Why.empty()) {
      if (!hostAtomics(H, Private, Loops, CR, R))
        CR.recordOnly(Facts, "its construct stays on the host");
      fail(R, Why);
      continue;
    }
    for (auto &[Loop, Lines2] : TeamLines) {
      auto &A = ArgLines[Loop];
      A.first.insert(A.first.end(), Lines2.first.begin(), Lines2.first.end());
      A.second.insert(A.second.begin(), Lines2.second.begin(), Lines2.second.end());
    }
    EditSet E(SM);
    if (H.Loops.front().D == H.D) {
      E.replace(P, Lines.front());
      argLines(H.Loops.front(), P, ArgLines, E);
    } else {
      E.removeDirective(P);
      for (size_t I = 0; I < H.Loops.size(); ++I) {
        CharSourceRange LP = ompPragmaRange(H.Loops[I].D, Ctx);
        E.replace(LP, Lines[I]);
        argLines(H.Loops[I], LP, ArgLines, E);
      }
      for (const HostParallel::Combine &C : H.Combines) {
        // Its line goes (a record like a critical that becomes a reduction).
        CriticalFact F;
        F.D = C.D;
        if (const auto *Cr = dyn_cast<OMPCriticalDirective>(C.D))
          F.Name = Cr->getDirectiveName().getAsString();
        F.Form = CriticalForm::Reduction;
        F.X = C.Partial;
        F.Clause = C.Op + ": " + C.Partial->getNameAsString();
        F.Loop = C.Loop;
        Facts.push_back(F);
        R.Notes.push_back("the partial result '" + C.Partial->getNameAsString() +
                          "' is its loop's reduction: the combine at " + CR.lineOf(C.D) +
                          " runs once, on the host");
      }
      llvm::sort(Facts, [&](const CriticalFact &A, const CriticalFact &B) {
        return SM.isBeforeInTranslationUnit(A.D->getBeginLoc(), B.D->getBeginLoc());
      });
      R.Notes.push_back("the region becomes " + std::to_string(H.Loops.size()) +
                        " kernel" + (H.Loops.size() > 1 ? "s" : "") +
                        ", one per work-sharing loop (its barriers are kernel boundaries)");
    }
    CR.rewrite(Facts, E);
    for (const std::string &D : H.Dropped)
      R.Notes.push_back("dropped: " + D + " (the device schedules its own teams and threads)");
    for (const FunctionDecl *D : H.DeviceFunctions) {
      R.Notes.push_back("'" + D->getNameAsString() + "' is called: declare target");
      if (!DeclaredTarget.insert(D).second)
        continue;
      E.insertLinesBefore(SM.getExpansionLoc(D->getSourceRange().getBegin()),
                          {"#pragma omp declare target"});
      E.insertLinesAfter(SM.getExpansionLoc(D->getSourceRange().getEnd()),
                         {"#pragma omp end declare target"}, "");
    }
    R.Emitted = Lines;
    succeed(R, E);
    for (size_t I = 0; I < H.Loops.size(); ++I) {
      Kernel K;
      K.S = H.Loops[I].D;
      K.Fn = H.Fn;
      K.Items = std::move(Items[I]);
      K.Body = H.Loops[I].For;
      K.Conditional = !H.Loops[I].If.empty();
      Kernels.push_back(std::move(K));
      Offloaded.insert(H.Loops[I].D);
    }
  }
}

void HostParallelTranslator::convertOrphanedCriticals() {
  std::vector<CriticalFact> Facts = analyzeOrphanedCriticals(Ctx);
  if (Facts.empty())
    return;
  CriticalRewriter CR(Ctx, Out);
  EditSet E(SM);
  CR.rewrite(Facts, E);
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
}

void HostParallelTranslator::convertKernelCriticals() {
  CriticalRewriter CR(Ctx, Out);
  for (const OmpKernel &K : collectOpenMPFacts(Ctx).Kernels) {
    const auto *D = cast<OMPExecutableDirective>(K.S);
    std::set<const ValueDecl *> Private;
    for (const OMPClause *C : D->clauses())
      if (isa<OMPPrivateClause>(C) || isa<OMPFirstprivateClause>(C) ||
          isa<OMPReductionClause>(C))
        for (const Stmt *X : const_cast<OMPClause *>(C)->children())
          if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(
                  X ? cast<Expr>(X)->IgnoreParenImpCasts() : nullptr))
            Private.insert(DR->getDecl());
    std::vector<const OMPLoopDirective *> Loops;
    if (const auto *L = dyn_cast<OMPLoopDirective>(D)) {
      Loops.push_back(L);
      for (const Expr *C : L->counters())
        if (const auto *DR = dyn_cast<DeclRefExpr>(C->IgnoreParenImpCasts()))
          Private.insert(DR->getDecl());
    }
    CriticalOptions CO;
    CO.Reductions = false; // the input's directive keeps its clauses
    std::vector<CriticalFact> Facts = analyzeCriticals(D, Loops, Private, Ctx, CO, K.Fn);
    if (Facts.empty())
      continue;
    EditSet E(SM);
    CR.rewrite(Facts, E);
    Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
    for (const CriticalFact &F : Facts)
      if (F.Form == CriticalForm::None) {
        ConstructRecord R = loopRecord("omp critical", F.D);
        CharSourceRange P = ompPragmaRange(F.D, Ctx);
        if (P.isValid())
          R.Original = Lexer::getSourceText(P, SM, Ctx.getLangOpts()).str();
        fail(R, "it stays a critical in a target kernel, where it does not exclude "
                "the threads of other teams: " + F.Why);
      }
  }
}

} // namespace ompm
