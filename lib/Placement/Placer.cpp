//===- Placer.cpp - Where data regions go ---------------------------------===//
#include "Placement/Placer.h"
#include "Facts/StmtWalk.h"

using namespace clang;

namespace ompm {

void DataPlacer::run() {
  planCallSummaries();
  planStraightLineRuns(/*Phases=*/true);
  planHoisting();
  planStraightLineRuns(/*Phases=*/false);
}

std::set<const FunctionDecl *> DataPlacer::kernelFunctions() const {
  std::set<const FunctionDecl *> Fns;
  for (const Kernel &K : Kernels)
    if (K.Fn && K.Fn->getBody())
      Fns.insert(K.Fn);
  return Fns;
}

bool DataPlacer::hostLoopRunningKernels(const Stmt *S, const FunctionDecl *Fn) const {
  return (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) &&
         llvm::any_of(Kernels, [&](const Kernel &K) {
           return K.Fn == Fn && within(K.S, S);
         });
}

std::vector<const Kernel *> DataPlacer::kernelsIn(const Stmt *L,
                                                  const FunctionDecl *Fn) const {
  std::vector<const Kernel *> Ks;
  for (const Kernel &K : Kernels)
    if (K.Fn == Fn && within(K.S, L))
      Ks.push_back(&K);
  std::stable_sort(Ks.begin(), Ks.end(), [&](const Kernel *A, const Kernel *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->S->getBeginLoc()),
                                        SM.getExpansionLoc(B->S->getBeginLoc()));
  });
  return Ks;
}

const Barrier *DataPlacer::barrierIn(const Stmt *Within, const FunctionDecl *Fn,
                                     bool Untranslated) const {
  for (const Barrier &B : Barriers)
    if (B.S && (!B.Fn || B.Fn == Fn) && (Untranslated || !B.Untranslated) &&
        within(B.S, Within))
      return &B;
  return nullptr;
}

bool DataPlacer::barrierInFunction(const FunctionDecl *F) const {
  const FunctionDecl *FC = F->getCanonicalDecl();
  return llvm::any_of(Barriers, [&](const Barrier &B) {
    return B.Fn ? B.Fn->getCanonicalDecl() == FC : within(B.S, F->getBody());
  });
}

const CallGraphFacts &DataPlacer::callGraph() {
  // A function with a kernel runs device code, whatever made the kernel
  // (for OpenACC and OpenMP kernels the call graph sees their directives).
  if (!CallGraph)
    CallGraph.emplace(Ctx, kernelFunctions());
  return *CallGraph;
}

const std::map<std::string, const VarDecl *> &DataPlacer::globalVars() {
  if (!GlobalVarsByName) {
    GlobalVarsByName.emplace();
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        (*GlobalVarsByName)[VD->getNameAsString()] = VD;
  }
  return *GlobalVarsByName;
}

const AllocationFacts &DataPlacer::allocations() {
  if (!Allocations)
    Allocations = std::make_unique<AllocationFacts>(Ctx);
  return *Allocations;
}

const HostCopies &DataPlacer::flowOf(const FunctionDecl *Fn) {
  std::unique_ptr<HostCopies> &F = Flows[Fn];
  if (!F)
    F = std::make_unique<HostCopies>(Fn, Ctx);
  return *F;
}

/// One region around each host loop that runs kernels, outermost first;
/// a loop that gets none is looked into.
void DataPlacer::planHoisting() {
  std::set<const FunctionDecl *> Fns = kernelFunctions();
  for (const FunctionDecl *Fn : Fns) {
    std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
      // Loops inside kernels, or inside host OpenMP constructs, are not
      // host loops a data region may enclose.
      if (const Stmt *Body = S ? Input.userDataBody(S) : nullptr)
        return Visit(Body); // a data region of the input: completed inside
      if (!S || Input.isDirective(S) || isa<LambdaExpr>(S) || InRun.count(S))
        return;
      if (hostLoopRunningKernels(S, Fn)) {
        if (tryHoist(S, Fn)) {
          HoistedLoops.insert(S);
          return;
        }
        if (!HoistWhy.empty()) {
          ConstructRecord D = loopRecord("data placement", S);
          D.Translated = true;
          D.Notes.push_back("no data region around this loop: " + HoistWhy +
                            "; its kernels keep their own maps");
          Out.Decisions.push_back(std::move(D));
        }
      }
      for (const Stmt *C : codeChildren(S))
        Visit(C);
    };
    Visit(Fn->getBody());
  }
}

} // namespace ompm
