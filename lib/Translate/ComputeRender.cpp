//===- ComputeRender.cpp - The OpenMP a compute construct becomes ----------===//
//
// The directives of a translated compute construct: target teams with the
// loop's level (distribute, parallel for, simd, or the loop form) and its
// clauses for a combined or parallel construct; for a kernels region, a
// target data region and one kernel per loop nest (a single-thread target
// for other statements that touch device data); the loop directives inside.
//
//===----------------------------------------------------------------------===//
#include "Translate/Compute.h"
#include "Facts/Scalars.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

using DK = OpenACCDirectiveKind;

std::string ComputeTranslator::renderLoop(const LoopNode &N, std::vector<std::string> &Cl) {
  std::string D;
  // OpenMP compilers refuse a reduction on a 'loop' bound to teams (a
  // loop directive of its own in a target teams region): such a loop
  // takes the distribute form.
  bool LoopForm = Opts.Style == LoopStyle::Loop;
  if (LoopForm && N.IsGang && !N.OwnKernel &&
      (!N.Reductions.empty() || !N.AutoReductions.empty() || !N.Inherited.empty())) {
    LoopForm = false;
    R.Notes.push_back("loop at line " +
                      std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc())) +
                      ": a reduction on a loop bound to teams is refused by "
                      "OpenMP compilers in the loop form; it takes the "
                      "distribute form");
  }
  if (LoopForm) {
    D = "loop";
  } else {
    std::vector<std::string> Parts;
    if (N.IsGang)
      Parts.push_back("distribute");
    if (N.IsThread)
      Parts.push_back("parallel for");
    if (N.IsSimd)
      Parts.push_back("simd");
    D = llvm::join(Parts, " ");
  }
  unsigned Collapse = N.TileSizes.empty() ? N.Collapse : N.TileSizes.size();
  if (Collapse > 1)
    Cl.push_back("collapse(" + std::to_string(Collapse) + ")");
  std::set<std::string> Privs(N.Private.begin(), N.Private.end());
  for (const std::string &P :
       neededPrivates(N.For->getBody(), N.For, Collapse))
    if (!NodeClauseNames.count(P) || Privs.count(P) || innerReductionTemporary(N, P))
      Privs.insert(P);
  for (const std::string &Red : N.Reductions)
    Privs.erase(StringRef(Red).split(':').second.trim().str());
  for (const std::string &Red : N.AutoReductions)
    Privs.erase(StringRef(Red).split(':').second.trim().str());
  for (const std::string &Red : N.Inherited)
    Privs.erase(redVar(Red));
  for (const std::string &X : N.SharedFlags)
    Privs.erase(X);
  if (!Privs.empty())
    Cl.push_back("private(" + llvm::join(Privs, ", ") + ")");
  if (!N.FirstPrivate.empty())
    Cl.push_back("firstprivate(" + llvm::join(N.FirstPrivate, ", ") + ")");
  if (!LoopForm) {
    // On the target teams line of its own kernel, the thread count limits
    // each team (thread_limit): num_threads(n) there asks the host fallback
    // of gcc's libgomp for n threads at every launch, which it creates and
    // ends each time (NPB-ACC CG's vector(1024) loops: 470 s instead of
    // 2 s); on a GPU both give blocks of n threads. Elsewhere, and when
    // the construct limits its teams already, num_threads.
    bool TeamsLine = N.OwnKernel && N.Partitioned &&
                     llvm::none_of(TeamsCl, [](const std::string &X) {
                       return StringRef(X).starts_with("thread_limit(");
                     });
    std::string Count = N.IsThread && !N.NumThreads.empty() ? N.NumThreads
                        : N.IsThread && !N.SimdLen.empty() && !N.Worker ? N.SimdLen
                                                                         : "";
    if (!Count.empty())
      Cl.push_back((TeamsLine ? "thread_limit(" : "num_threads(") + Count + ")");
    if (N.IsSimd && !N.SimdLen.empty() && !N.IsThread)
      Cl.push_back("simdlen(" + N.SimdLen + ")");
  }
  bool ReductionHere = N.IsThread || N.IsSimd || LoopForm;
  if (ReductionHere || N.Dir == CI)
    for (const std::string &Red : N.Reductions)
      Cl.push_back("reduction(" + Red + ")");
  if (ReductionHere)
    for (const std::string &Red : N.Inherited)
      Cl.push_back("reduction(" + Red + ")");
  for (const std::string &Red : N.AutoReductions) {
    Cl.push_back("reduction(" + Red + ")");
  }
  return D;
}

bool ComputeTranslator::innerReductionTemporary(const LoopNode &N, const std::string &P) const {
  // Named by this loop, a loop around it or the construct: theirs.
  auto Named = [&](const std::vector<std::string> &Items) {
    return llvm::any_of(Items, [&](const std::string &X) {
      return X == P || redVar(X) == P; // a name, or "op: name"
    });
  };
  // Private to the teams already (a construct with a loop inside): each
  // team runs its distribute iterations one after the other.
  if (Named(Priv) || Named(FirstPriv) || Named(Reds) || TeamPrivs.count(P))
    return false;
  for (int I = static_cast<int>(&N - Nodes.data()); I >= 0; I = Nodes[I].Parent) {
    const LoopNode &A = Nodes[I];
    if (Named(A.Reductions) || Named(A.Private) || Named(A.FirstPrivate) ||
        Named(A.AutoReductions) || Named(A.Inherited))
      return false;
  }
  // Then a loop inside names it (`loop vector reduction(+: d)`): when each
  // iteration of this one writes it before reading it (`d = 0.0;` before
  // the inner loop), every iteration has its own.
  RegionFacts LF(N.For->getBody(), Ctx);
  for (const ValueDecl *V : LF.externalVars())
    if (LF.nameOf(V) == P)
      return classifyScalar(N.For->getBody(), V, Ctx).Role == ScalarRole::Private;
  return false;
}

std::string ComputeTranslator::tileLine(const LoopNode &N) {
  return "#pragma omp tile sizes(" + llvm::join(N.TileSizes, ", ") + ")";
}

void ComputeTranslator::replaceDir(int D, const std::string &Line, const LoopNode *N) {
  std::string T = Line;
  if (N && !N->TileSizes.empty())
    T += "\n" + E.indentOf(Dirs[D].Loc) + tileLine(*N);
  E.replace(Dirs[D].Text, T);
  Emitted.push_back(T);
}

void ComputeTranslator::recordLoopDir(int D, const std::string &Emit, bool Removed) {
  if (D == CI)
    return;
  ConstructRecord LR = newRecord(D);
  LR.Translated = true;
  if (Removed)
    LR.Notes.push_back("directive removed: the loop runs sequentially");
  else
    LR.Emitted.push_back(Emit);
  InnerRecords.push_back(LR);
}

void ComputeTranslator::teamPrivates() {
  // Teams-level private: loop variables of loops outside partitioned ones.
  if (!Combined || !Nodes[0].Partitioned)
    for (const std::string &P :
         neededPrivates(Body, Combined ? Nodes[0].For : nullptr, 1))
      TeamPrivs.insert(P);
  for (const std::string &P : Priv)
    TeamPrivs.insert(P);
  for (const std::string &Red : Reds)
    TeamPrivs.erase(StringRef(Red).split(':').second.trim().str());
  for (const std::string &Red : TeamsReds)
    TeamPrivs.erase(StringRef(Red).split(':').second.trim().str());
  // A kernels region's scalars are shared and copied back: outside its
  // partitioned loops one thread writes them.
  if (Kernels)
    for (const std::string &S : KernelScalarMaps)
      TeamPrivs.erase(S);
}

std::vector<std::string> ComputeTranslator::constructClauses(bool Teams) {
  std::vector<std::string> Cl;
  if (!IfClause.empty())
    Cl.push_back(IfClause);
  if (Teams)
    Cl.insert(Cl.end(), TeamsCl.begin(), TeamsCl.end());
  Maps.renderInto(Cl);
  if (!DevPtrs.empty())
    Cl.push_back("is_device_ptr(" + llvm::join(DevPtrs, ", ") + ")");
  if (!TeamPrivs.empty())
    Cl.push_back("private(" + llvm::join(TeamPrivs, ", ") + ")");
  if (!FirstPriv.empty())
    Cl.push_back("firstprivate(" + llvm::join(FirstPriv, ", ") + ")");
  // A plain target runs one thread: its variables are mapped tofrom and
  // need no reduction (OpenMP accepts none there).
  if (Teams) {
    for (const std::string &Red : Reds)
      Cl.push_back("reduction(" + Red + ")");
    for (const std::string &Red : TeamsReds)
      Cl.push_back("reduction(" + Red + ")");
  }
  Cl.insert(Cl.end(), Async.begin(), Async.end());
  return Cl;
}

  // A kernels loop nest that nothing partitions runs on one GPU thread: a
  // performance defect the user must see without --explain.
void ComputeTranslator::oneThread(const LoopNode &N) {
  StringRef Why(N.Decision);
  size_t At = Why.find("kept sequential: ");
  Why = At == StringRef::npos ? StringRef() : Why.substr(At + 17);
  R.Warnings.push_back(
      "loop at line " +
      std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(N.For->getBeginLoc()))) +
      " runs on one GPU thread" + (Why.empty() ? "" : ": " + Why.str()) +
      (Why.contains("independent")
           ? ""
           : "; if its iterations are independent, say so (loop independent)"));
}

/// A loop directive inside the kernel: removed when the loop runs
/// sequentially, else its level and clauses.
void ComputeTranslator::emitLoopDirective(const LoopNode &N) {
  if (!N.Partitioned) {
    E.removeDirective(Dirs[N.Dir].Text);
    recordLoopDir(N.Dir, "", true);
    return;
  }
  std::vector<std::string> Cl;
  std::string LD = renderLoop(N, Cl);
  std::string L = omp(LD, Cl);
  replaceDir(N.Dir, L, &N);
  recordLoopDir(N.Dir, L, false);
}

void ComputeTranslator::emitConstruct() {
  std::string Line;
  const LoopNode *Tiled = nullptr;
  if (Combined && Nodes[0].Partitioned) {
    std::vector<std::string> LoopCl;
    std::string LD = renderLoop(Nodes[0], LoopCl);
    std::vector<std::string> Cl = constructClauses(true);
    // The construct-level private list already holds the loop's own.
    Cl.insert(Cl.end(), LoopCl.begin(), LoopCl.end());
    Line = omp("target teams " + LD, Cl);
    Tiled = &Nodes[0];
  } else if (Combined) {
    // A sequential loop: one team, or a plain target when nothing inside
    // is partitioned.
    bool Inner = false;
    for (size_t K = 1; K < Nodes.size(); ++K)
      Inner |= Nodes[K].Partitioned;
    std::vector<std::string> Cl = constructClauses(Inner);
    Line = Inner ? omp("target teams num_teams(1)", Cl) : omp("target", Cl);
    if (Kernels && !Inner)
      oneThread(Nodes[0]);
  } else if (Serial) {
    Line = omp("target", constructClauses(false));
  } else {
    // Code outside gang loops runs on every gang (gang-redundant), and
    // OpenACC leaves the number of gangs to the implementation: with no
    // gang loop inside and no num_gangs, one team runs the region once
    // (a GPU would otherwise start many, each repeating its writes).
    bool GangLoop = llvm::any_of(Nodes, [](const LoopNode &N) { return N.IsGang; });
    bool NumGangs = llvm::any_of(TeamsCl, [](const std::string &C) {
      return StringRef(C).starts_with("num_teams(");
    });
    Line = omp(GangLoop || NumGangs ? "target teams" : "target teams num_teams(1)",
               constructClauses(true));
  }
  if (TaskwaitBefore)
    Line = "#pragma omp taskwait\n" + E.indentOf(C.Loc) + Line;
  replaceDir(CI, Line, Tiled);
  for (size_t K = Combined ? 1 : 0; K < Nodes.size(); ++K)
    emitLoopDirective(Nodes[K]);
}

std::vector<std::string>
ComputeTranslator::kernelClauses(const Stmt *S, bool Teams,
                                 const std::vector<std::string> &Reductions) {
  std::vector<std::string> Cl;
  if (!IfClause.empty())
    Cl.push_back(IfClause);
  if (Teams)
    Cl.insert(Cl.end(), TeamsCl.begin(), TeamsCl.end());
  RegionFacts SF(S, Ctx);
  std::vector<std::string> Written;
  for (const std::string &N : KernelScalarMaps)
    for (const ValueDecl *V : SF.externalVars())
      if (SF.nameOf(V) == N && SF.isWritten(V))
        Written.push_back(N);
  MapList M;
  if (SingleLoop)
    M = Maps;
  for (const std::string &W : Written)
    M.add("tofrom", W);
  // Reduction variables come back to the host.
  for (const std::string &Red : Reductions)
    M.add("tofrom", StringRef(Red).split(':').second.trim().str());
  M.renderInto(Cl);
  std::vector<std::string> DP;
  for (const std::string &D : DevPtrs)
    for (const ValueDecl *V : SF.externalVars())
      if (SF.nameOf(V) == D)
        DP.push_back(D);
  if (!DP.empty())
    Cl.push_back("is_device_ptr(" + llvm::join(DP, ", ") + ")");
  if (SingleLoop)
    Cl.insert(Cl.end(), Async.begin(), Async.end());
  return Cl;
}

bool ComputeTranslator::emitKernels() {
  // kernels: a data region around kernels, one per loop nest.
  if (!Async.empty() && KernelStmts.size() > 1)
    return no("async on a kernels region with several statements is "
                   "not translated");
  std::vector<std::string> DataCl;
  if (!IfClause.empty())
    DataCl.push_back("if(" + llvm::join(IfConds, " && ") + ")");
  Maps.renderInto(DataCl);
  SingleLoop = KernelStmts.size() == 1 && isa<ForStmt>(KernelStmts[0]);
  if (SingleLoop) {
    // kernels + one loop: a combined kernel, no data region needed (the
    // kernel, placed at the loop, takes the region's maps).
    E.removeDirective(C.Text);
  } else if (Maps.empty()) {
    E.removeDirective(C.Text);
    R.Notes.push_back("no data to move for the whole region: the kernels "
                      "directive is removed");
  } else {
    std::string Line = omp("target data", DataCl);
    if (TaskwaitBefore)
      Line = "#pragma omp taskwait\n" + E.indentOf(C.Loc) + Line;
    E.replace(C.Text, Line);
    Emitted.push_back(Line);
  }
  // Nodes at kernel top level, by statement.
  for (const Stmt *S : KernelStmts) {
    const Stmt *Loop = S;
    int Dir = -1;
    if (const auto *LC = dyn_cast<OpenACCLoopConstruct>(S)) {
      Loop = LC->getLoop();
      for (size_t D = 0; D < Dirs.size(); ++D)
        if (Dirs[D].S == LC)
          Dir = static_cast<int>(D);
    }
    int NodeIdx = -1;
    for (size_t K = 0; K < Nodes.size(); ++K)
      if (Nodes[K].For == Loop && Nodes[K].Parent < 0)
        NodeIdx = static_cast<int>(K);
    if (NodeIdx < 0) {
      // A statement that is not a loop nest.
      if (isa<NullStmt>(S))
        continue;
      RegionFacts SF(S, Ctx);
      if (SF.accesses().empty() && !SF.hasCallsOrEscapes())
        continue; // scalar-only code stays on the host
      if (isa<DeclStmt>(S))
        return no("a declaration in the kernels region reads device "
                       "data; move it out of the region");
      std::string L = omp("target", kernelClauses(S, false));
      E.insertLinesBefore(S->getBeginLoc(), {L});
      Emitted.push_back(L);
      R.Notes.push_back("statement at line " +
                        std::to_string(SM.getPresumedLineNumber(S->getBeginLoc())) +
                        " runs in a single-thread target");
      continue;
    }
    const LoopNode &N = Nodes[NodeIdx];
    bool Inner = false;
    for (size_t K = 0; K < Nodes.size(); ++K)
      for (int P = Nodes[K].Parent; P >= 0; P = Nodes[P].Parent)
        if (P == NodeIdx && Nodes[K].Partitioned)
          Inner = true;
    std::string L;
    if (N.Partitioned) {
      std::vector<std::string> Cl = kernelClauses(S, true, N.AutoReductions);
      std::vector<std::string> LoopCl;
      std::string LD = renderLoop(N, LoopCl);
      Cl.insert(Cl.end(), LoopCl.begin(), LoopCl.end());
      L = omp("target teams " + LD, Cl);
    } else {
      std::vector<std::string> Cl = kernelClauses(S, Inner);
      L = omp(Inner ? "target teams num_teams(1)" : "target", Cl);
      if (!Inner)
        oneThread(N);
    }
    if (Dir >= 0) {
      std::string T = L;
      if (N.Partitioned && !N.TileSizes.empty())
        T += "\n" + E.indentOf(Dirs[Dir].Loc) + tileLine(N);
      E.replace(Dirs[Dir].Text, T);
      recordLoopDir(Dir, T, false);
    } else {
      std::vector<std::string> Lines = {L};
      if (N.Partitioned && !N.TileSizes.empty())
        Lines.push_back(tileLine(N));
      E.insertLinesBefore(S->getBeginLoc(), Lines);
    }
    Emitted.push_back(L);
  }
  // Loop directives below the nests' outer loops.
  for (const LoopNode &N : Nodes)
    if (N.Parent >= 0 && N.Dir >= 0)
      emitLoopDirective(N);
  return true;
}

} // namespace ompm
