//===- Planner.cpp - From a file's facts to its OpenMP edits --------------===//
//
// The file-level orchestrator: runs the translators of OpenACC directives
// (lib/Translate) in the order the directives come, hands the kernels they
// made (and, with --optimize-data, the input's OpenMP kernels) to data
// placement (lib/Placement), then rewrites the runtime calls and the
// preprocessor lines. It owns the plan: the edits and the records.
//
//===----------------------------------------------------------------------===//
#include "Plan/Planner.h"
#include "Facts/Members.h"
#include "Placement/Placer.h"
#include "Plan/InputDirectives.h"
#include "Translate/Atomic.h"
#include "Translate/Compute.h"
#include "Translate/DataConstructs.h"
#include "Translate/Declare.h"
#include "Translate/Preprocessor.h"
#include "Translate/Routine.h"
#include "Translate/Serial.h"
#include "Translate/HostParallel.h"
#include "Facts/HostParallel.h"
#include "Facts/LaunchWork.h"
#include "Translate/RuntimeCalls.h"
#include "Translate/Simple.h"

using namespace clang;

namespace ompm {
namespace {

using DK = OpenACCDirectiveKind;

/// Each directive not handled with its compute construct, by its kind.
void translateDirectives(const PlanStep &Base, AccFileState &St, FilePlan &Out) {
  DataConstructTranslator Data(Base, St);
  AtomicTranslator Atomic(Base, St);
  DeclareTranslator Declare(Base, St);
  RoutineTranslator Routine(Base, St);
  SimpleTranslator Simple(Base, St);
  const std::vector<Directive> &Dirs = St.Dirs;
  for (size_t K = 0; K < Dirs.size(); ++K) {
    int I = static_cast<int>(K);
    if (St.Handled[I])
      continue;
    size_t Before = Out.Records.size();
    switch (Dirs[I].Kind) {
    case DK::Parallel: case DK::Serial: case DK::Kernels:
    case DK::ParallelLoop: case DK::SerialLoop: case DK::KernelsLoop:
      ComputeTranslator(Base, St, I).run();
      break;
    case DK::Data: Data.planData(I); break;
    case DK::EnterData: case DK::ExitData: Data.planEnterExit(I); break;
    case DK::Update: Data.planUpdate(I); break;
    case DK::HostData: Data.planHostData(I); break;
    case DK::Atomic: Atomic.planAtomic(I); break;
    case DK::Declare: Declare.planDeclare(I); break;
    case DK::Routine: Routine.planRoutine(I); break;
    case DK::Loop: Simple.planOrphanLoop(I); break;
    default: Simple.planSimple(I); break;
    }
    // What was not translated is not emitted: no later decision may rely
    // on it (a data region's arrays are not present inside it).
    if (Dirs[I].S && Out.Records.size() > Before && !Out.Records[Before].Translated)
      St.FailedConstructs.insert(Dirs[I].S);
  }
}

/// The input offset where the construct that starts at L starts.
unsigned startOffset(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  return L.isValid() && SM.isInMainFile(L) ? SM.getFileOffset(L) : ~0u;
}

/// The directives, those the self-check rejected made constructs left
/// intact: a directive inside a compute construct (a loop) takes the whole
/// construct with it, as any failure inside one does.
std::vector<Directive> withRollBacks(const SourceManager &SM,
                                     const std::vector<Directive> &Dirs,
                                     const PlanOptions &Opts) {
  std::vector<Directive> Out = Dirs;
  for (size_t I = 0; I < Out.size(); ++I) {
    auto It = Opts.RolledBack.find(startOffset(SM, Out[I].Loc));
    if (It == Opts.RolledBack.end())
      continue;
    int Unit = static_cast<int>(I);
    for (int P = Out[Unit].Parent; P >= 0 && !isComputeKind(Out[Unit].Kind); P = Out[P].Parent)
      if (isComputeKind(Out[P].Kind)) {
        Unit = P;
        break;
      }
    Out[Unit].WhyNotRewritable = It->second;
  }
  return Out;
}

} // namespace

FilePlan planFile(ASTContext &Ctx, const std::vector<Directive> &InputDirs,
                  const PPFacts &PP, const PlanOptions &Opts) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Directive> Dirs = withRollBacks(SM, InputDirs, Opts);
  FilePlan Out;
  PlanStep Base(Ctx, Out);
  AccFileState St(Dirs, PP, Opts);
  // Runtime calls first: whether the file sets or reads the default async
  // queue decides how every async without an argument is rendered.
  RuntimeCallTranslator Calls(Base, St);
  Calls.findCalls();
  // Global declares first: later compute constructs see their variables.
  for (const Directive &D : Dirs)
    if (D.Kind == DK::Declare && !D.Fn)
      for (const OpenACCClause *C : D.Clauses)
        for (const Expr *X : varList(C))
          if (const ValueDecl *V = itemDecl(X))
            St.GlobalDeclared.insert(V);
  translateDirectives(Base, St, Out);

  PlanInput Input(Ctx, Dirs, St.FailedConstructs, Opts.OptimizeOpenMP);
  std::vector<Kernel> Kernels = std::move(St.Kernels);
  SerialTranslator Serial(Base, Kernels);
  Serial.TeamHistograms = Opts.TeamHistograms;
  Serial.SplitLoops = Opts.SplitLoops;
  Serial.addForeign(St.GlobalDeclared);
  if (Opts.OffloadSerial) {
    SerialLoopOptions SO;
    SO.ArrayReductions = Opts.ArrayReductions && !Opts.TeamHistograms;
    SO.ThreadLoops = Opts.ThreadLoops;
    SO.MinLaunchWork = Opts.MinLaunchWork;
    SO.MinTripCount = Opts.MinTripCount;
    SO.Distribute = Opts.DistributeLoops;
    std::vector<SerialLoop> Loops = findSerialLoops(Ctx, SO);
    for (SerialLoop &L : Loops)
      if (auto It = Opts.RolledBack.find(startOffset(SM, L.For->getBeginLoc()));
          It != Opts.RolledBack.end()) {
        L.Parallel = false;
        L.Why = It->second;
      }
    Serial.run(Loops);
    Input.addOffloaded(Serial.offloaded());
  }
  HostParallelTranslator HostOmp(Base, Opts, Kernels);
  if (Opts.OffloadOpenMP) {
    std::vector<HostParallel> Host = findHostParallel(Ctx);
    keepSmallLaunches(Host, Ctx, Opts.MinLaunchWork);
    for (HostParallel &H : Host)
      if (auto It = Opts.RolledBack.find(startOffset(SM, H.D->getBeginLoc()));
          It != Opts.RolledBack.end())
        H.Why = It->second;
    HostOmp.run(Host);
    if (Opts.CriticalToAtomic)
      HostOmp.convertOrphanedCriticals();
    Input.addOffloaded(HostOmp.offloaded());
    std::set<const Stmt *> Dissolved;
    for (const HostParallel &H : Host)
      Dissolved.insert(H.D);
    Input.addDissolved(Dissolved);
  }
  if ((Opts.OptimizeOpenMP || Opts.KernelCriticals) && Opts.CriticalToAtomic)
    HostOmp.convertKernelCriticals();
  std::vector<const Stmt *> MemberKernels = St.MemberKernels;
  if (Opts.OptimizeOpenMP)
    Input.addOpenMP(Kernels, MemberKernels);
  // Globals made declare target link stay with each kernel's own map.
  Serial.dropLinkGlobals(Kernels);
  if (Opts.Data == DataPlacement::Hoist) {
    std::vector<Barrier> Bs = Input.barriers(MemberKernels);
    // A kernel that may run on the host (an if or self clause) uses the
    // host's data then: no region may hold its data on the device.
    for (const Kernel &K : Kernels)
      if (!K.NoRegionWhy.empty())
        Bs.push_back({K.S, K.Fn, K.NoRegionWhy});
      else if (K.Conditional)
        Bs.push_back({K.S, K.Fn,
                      "a kernel inside may run on the host (its if clause, line " +
                          std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                              Ctx.getSourceManager().getExpansionLoc(K.S->getBeginLoc()))) +
                          "), where the device's copies would not be seen"});
    DataPlacer(Base, std::move(Kernels), std::move(Bs), Input).run();
  }
  Serial.emitEdits();

  Calls.planRuntimeCalls();
  PreprocessorTranslator Pre(Base, St);
  Pre.planPreprocessor(Calls.openACCLeft());
  Pre.insertQueueDecl();
  auto ByPlace = [](const ConstructRecord &A, const ConstructRecord &B) {
    return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
  };
  std::stable_sort(Out.Records.begin(), Out.Records.end(), ByPlace);
  std::stable_sort(Out.Decisions.begin(), Out.Decisions.end(), ByPlace);
  return Out;
}

} // namespace ompm
