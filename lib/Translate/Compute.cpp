//===- Compute.cpp - Compute constructs: clauses and the whole ------------===//
//
// A compute construct (parallel, serial, kernels and their loop forms) is
// translated in steps, each in a file of its own: its clauses (here), its
// loop nest (ComputeLoops.cpp), its implicit data (ComputeData.cpp) and the
// OpenMP it becomes (ComputeRender.cpp). Any step that cannot translate
// leaves the whole construct intact, with its reason.
//
//===----------------------------------------------------------------------===//
#include "Translate/Compute.h"
#include "Facts/Members.h"
#include "Translate/Atomic.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

ComputeTranslator::ComputeTranslator(const PlanStep &Base, AccFileState &St, int CI)
    : ClauseStep(Base, St), CI(CI), C(Dirs[CI]), R(newRecord(CI)),
      Desc(descendants(CI)),
      Kernels(C.Kind == DK::Kernels || C.Kind == DK::KernelsLoop),
      Serial(C.Kind == DK::Serial || C.Kind == DK::SerialLoop),
      Combined(isCombinedKind(C.Kind)), E(SM) {}

void ComputeTranslator::failAll(std::string Why) {
  FailedConstructs.insert(C.S);
  for (int D : Desc) {
    ConstructRecord DR = newRecord(D);
    DR.Reason = "inside an untranslated " + R.Kind + " construct";
    Out.Records.push_back(DR);
  }
  fail(R, Why);
}

void ComputeTranslator::run() {
  for (int D : Desc)
    Handled[D] = true;
  if (!C.WhyNotRewritable.empty())
    return failAll(C.WhyNotRewritable);
  for (int D : Desc)
    if (!Dirs[D].WhyNotRewritable.empty())
      return failAll("a directive inside it comes from a macro or _Pragma");
  if (!readClauses())
    return failAll(Why);
  Body = assoc(C);
  if (!Body)
    return failAll("the construct has no associated statement");
  Facts = std::make_unique<RegionFacts>(Body, Ctx);
  if (!buildNodes() || !decideLoops())
    return failAll(Why);
  assignLevels();
  // gang(dim:2) around gang(dim:1): OpenMP has one league of teams, and a
  // distribute cannot nest in another.
  for (const LoopNode &N : Nodes)
    for (int P = N.Parent; N.IsGang && P >= 0; P = Nodes[P].Parent)
      if (Nodes[P].IsGang)
        return failAll("a gang loop inside a gang loop (line " +
                       std::to_string(SM.getPresumedLineNumber(
                           SM.getExpansionLoc(N.For->getBeginLoc()))) +
                       ") is not translated: OpenMP has one level of teams");
  inheritReductions();
  if (!implicitData())
    return failAll(Why);
  teamPrivates();
  if (C.Kind == DK::KernelsLoop) {
    // Scalars the loop writes are copied back (kernels' default is copy).
    for (const std::string &Red : Nodes[0].AutoReductions)
      Maps.add("tofrom", StringRef(Red).split(':').second.trim().str());
    for (const std::string &S : KernelScalarMaps)
      Maps.add("tofrom", S);
  }
  if (C.Kind != DK::Kernels)
    emitConstruct();
  else if (!emitKernels())
    return failAll(Why);
  if (!innerDirectives() || !placeZeros() || !placeDeeps())
    return failAll(Why);
  if (!Async.empty())
    noteQueueUse(C.Loc);
  R.Emitted = Emitted;
  Kernel K;
  K.S = C.S;
  K.Fn = C.Fn;
  K.Items = Hoistable;
  K.Async = !Async.empty();
  K.Body = Body;
  K.Conditional = llvm::any_of(C.Clauses, [](const OpenACCClause *Cl) {
    return Cl->getClauseKind() == CK::If || Cl->getClauseKind() == CK::Self;
  });
  // Zeroed data must be fresh here: no data region may enclose it.
  if (!Zeros.empty())
    K.NoRegionWhy = "a kernel inside zeroes data it allocates (line " +
                    std::to_string(R.Line) + ")";
  else if (!Deeps.empty())
    K.NoRegionWhy = "a kernel inside deep-copies data around itself (line " +
                    std::to_string(R.Line) + ")";
  St.Kernels.push_back(std::move(K));
  // Data reached through structure members (s.x may be any array's data):
  // data placement cannot tell what the kernel touches.
  if (!Maps.Roots.empty())
    St.MemberKernels.push_back(C.S);
  // The records of the directives inside, kept until now: a failure after
  // them leaves the whole construct (and them) untranslated.
  Out.Records.insert(Out.Records.end(), InnerRecords.begin(), InnerRecords.end());
  succeed(R, E);
}

bool ComputeTranslator::readClauses() {
  Cls = effectiveClauses(C.Clauses, R);
  for (const OpenACCClause *Cl : Cls) {
    bool Data = findDataClauseRule(Cl->getClauseKind(), DataContext::Compute) != nullptr;
    for (const Expr *E : varList(Cl)) {
      if (const ValueDecl *V = itemDecl(E))
        Explicit.insert(V);
      if (Data && isa<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
        ElementItems.push_back(E);
      if (std::optional<MemberPath> MP = memberPathOf(E))
        ExplicitPaths.insert(MP->Text);
    }
    switch (Cl->getClauseKind()) {
    case CK::If:
      IfConds.push_back("(" + text(cast<OpenACCIfClause>(Cl)->getConditionExpr()) + ")");
      break;
    case CK::Self: {
      const auto *S = cast<OpenACCSelfClause>(Cl);
      IfConds.push_back(S->hasConditionExpr()
                            ? "!(" + text(S->getConditionExpr()) + ")"
                            : std::string("0"));
      break;
    }
    case CK::Async:
    case CK::Wait:
      asyncWait(Cl, Async, TaskwaitBefore, true, Why, Opts.AsyncNowait);
      if (Cl->getClauseKind() == CK::Async && !Opts.AsyncNowait)
        R.Notes.push_back("async: runs synchronously once its queue's earlier "
                          "work is done (--async=nowait defers it)");
      break;
    case CK::NumGangs: {
      auto Es = cast<OpenACCNumGangsClause>(Cl)->getIntExprs();
      if (!Es.empty())
        TeamsCl.push_back("num_teams(" + text(Es[0]) + ")");
      if (Es.size() > 1)
        R.Notes.push_back("num_gangs: only the first dimension is kept");
      break;
    }
    case CK::NumWorkers:
      NumWorkers = text(cast<OpenACCNumWorkersClause>(Cl)->getIntExpr());
      break;
    case CK::VectorLength:
      VectorLength = text(cast<OpenACCVectorLengthClause>(Cl)->getIntExpr());
      break;
    case CK::Default:
      DefaultPresent = cast<OpenACCDefaultClause>(Cl)->getDefaultClauseKind() ==
                       OpenACCDefaultClauseKind::Present;
      R.Notes.push_back(DefaultPresent
                            ? "default(present): arrays the clauses do not name "
                              "are present already and map as present (no copy)"
                            : "default(none) dropped: every map is explicit");
      break;
    case CK::Private:
      for (const Expr *E : varList(Cl))
        if (std::string P = privateItem(E, "private", Why); !P.empty())
          Priv.push_back(P);
      break;
    case CK::FirstPrivate:
      for (const Expr *E : varList(Cl))
        if (std::string P = privateItem(E, "firstprivate", Why); !P.empty())
          FirstPriv.push_back(P);
      break;
    case CK::Reduction: {
      const auto *Red = cast<OpenACCReductionClause>(Cl);
      std::string Op = reductionOperator(Red->getReductionOp()).str();
      for (const Expr *E : Red->getVarList()) {
        Reds.push_back(Op + ": " + text(E));
        Maps.add("tofrom", text(E));
      }
      break;
    }
    case CK::Copy: case CK::PCopy: case CK::PresentOrCopy:
    case CK::CopyIn: case CK::PCopyIn: case CK::PresentOrCopyIn:
    case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
    case CK::Create: case CK::PCreate: case CK::PresentOrCreate:
    case CK::NoCreate: case CK::Present: case CK::DevicePtr: case CK::Attach:
      dataClause(Cl, DataContext::Compute, false, Maps, DevPtrs, R, Why);
      if (const DataClauseRule *Rule =
              findDataClauseRule(Cl->getClauseKind(), DataContext::Compute)) {
        StringRef T = Rule->OmpMapType;
        // Zeroed data stays the construct's own (placeZeros).
        if (T == "to" || T == "from" || T == "tofrom" || T == "alloc")
          for (const Expr *E : varList(Cl))
            if (llvm::none_of(Zeros, [&](const ZeroItem &Z) { return Z.Item == text(E); }) &&
                llvm::none_of(Deeps, [&](const DeepItem &D) { return D.Item == text(E); }))
            if (const ValueDecl *V = itemDecl(E))
              if (isSection(E) || V->getType()->isConstantArrayType())
                Hoistable.push_back({V, V->getNameAsString(), text(E), T.str()});
      }
      break;
    // Loop clauses of a combined construct: handled with the loop.
    case CK::Gang: case CK::Worker: case CK::Vector: case CK::Seq:
    case CK::Independent: case CK::Auto: case CK::Collapse: case CK::Tile:
      break;
    default:
      Why = "clause '" + clauseText(Cl) + "' is not supported";
      break;
    }
    if (!Why.empty())
      return false;
  }
  if (!NumWorkers.empty() && !VectorLength.empty())
    TeamsCl.push_back("thread_limit((" + NumWorkers + ") * (" + VectorLength + "))");
  else if (!NumWorkers.empty() || !VectorLength.empty())
    TeamsCl.push_back("thread_limit(" + NumWorkers + VectorLength + ")");
  if (!IfConds.empty())
    IfClause = "if(target: " + llvm::join(IfConds, " && ") + ")";
  return true;
}

bool ComputeTranslator::placeZeros() {
  if (Zeros.empty())
    return true;
  if (!Async.empty())
    return no("the zero modifier on an async construct is not translated");
  if (std::string W = zeroPlaceWhy(C.S); !W.empty())
    return no(W);
  std::string Cond = llvm::join(IfConds, " && ");
  std::vector<std::string> Lines = zeroEntries(Cond, C);
  E.insertLinesBefore(C.Loc, Lines);
  for (const std::string &L : Lines)
    noteHelpers(L, C.Loc);
  std::string X = zeroExit(Maps, Cond);
  E.insertLinesAfter(lastLoc(Body), {X}, E.indentOf(C.Loc));
  Emitted.insert(Emitted.begin(), Lines.begin(), Lines.end());
  Emitted.push_back(X);
  return true;
}

bool ComputeTranslator::placeDeeps() {
  if (Deeps.empty())
    return true;
  if (!Async.empty())
    return no("a deep copy on an async construct is not translated (its "
              "rows enter and leave around it, on the host)");
  if (!inBlock(C.S))
    return no("a deep copy: the construct must be a statement of a { } "
              "block (its rows enter before it and leave after it)");
  std::vector<std::string> Extra;
  if (!IfConds.empty())
    Extra.push_back("if(" + llvm::join(IfConds, " && ") + ")");
  auto [In, Out] = deepAround(Extra, C);
  E.insertLinesBefore(C.Loc, In);
  E.insertLinesAfter(lastLoc(Body), Out, E.indentOf(C.Loc));
  Emitted.insert(Emitted.begin(), In.begin(), In.end());
  Emitted.insert(Emitted.end(), Out.begin(), Out.end());
  return true;
}

bool ComputeTranslator::innerDirectives() {
  // Other directives inside the region: atomic, cache.
  for (int D : Desc) {
    const Directive &DD = Dirs[D];
    if (DD.Kind == DK::Loop)
      continue;
    ConstructRecord DR = newRecord(D);
    if (DD.Kind == DK::Atomic) {
      if (!DD.Clauses.empty())
        return no("atomic with an if clause has no OpenMP equivalent");
      std::string L = atomicDirective(DD);
      E.replace(DD.Text, L);
      DR.Emitted.push_back(L);
      DR.Translated = true;
    } else if (DD.Kind == DK::Cache) {
      E.removeDirective(DD.Text);
      DR.Notes.push_back("cache dropped: OpenMP has no cache directive");
      DR.Translated = true;
    } else {
      return no("directive '" + DR.Kind + "' inside a compute construct "
                     "is not supported");
    }
    InnerRecords.push_back(DR);
  }
  return true;
}

} // namespace ompm
