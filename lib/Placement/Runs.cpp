//===- Runs.cpp - Regions around straight-line runs of kernels -------------===//
#include "Facts/Footprints.h"
#include "Facts/StmtWalk.h"
#include "Placement/Placer.h"
#include <algorithm>

using namespace clang;

namespace ompm {

/// Kernels in straight-line code: one region around each maximal run of
/// statements of a block that holds two or more kernels sharing an array.
/// A run ends at a statement with a barrier (a directive of the input), a jump or a
/// label, or a hoisted loop; it starts and ends with a statement that holds
/// a kernel. Phases (before loops are hoisted): only runs whose kernels lie
/// in two or more of its statements, one of them a loop (the phases of a
/// program: set-up kernels, an iteration loop, a last kernel), so the data
/// stays on the device from the first phase to the last; a loop of a run
/// that cannot have one gets its own region afterwards.
void DataPlacer::planStraightLineRuns(bool Phases) {
  std::set<const FunctionDecl *> Fns = kernelFunctions();
  for (const FunctionDecl *Fn : Fns) {
    // Fn's kernels by where they begin, so the kernels within a statement
    // are found by two binary searches (a search per statement over every
    // kernel made 20,000 kernels in one function take 50 s).
    std::vector<std::pair<SourceLocation, size_t>> ByLoc;
    for (size_t I = 0; I < Kernels.size(); ++I)
      if (Kernels[I].Fn == Fn)
        ByLoc.push_back({SM.getExpansionLoc(Kernels[I].S->getBeginLoc()), I});
    auto Before = [&](SourceLocation A, SourceLocation B) {
      return SM.isBeforeInTranslationUnit(A, B);
    };
    std::stable_sort(ByLoc.begin(), ByLoc.end(),
                     [&](const auto &A, const auto &B) { return Before(A.first, B.first); });
    // Those within S (stmtWithin's test: S's begin <= a kernel's begin <=
    // S's end), in the order of Kernels.
    auto KernelsOf = [&](const Stmt *S) {
      SourceLocation OB = SM.getExpansionLoc(S->getBeginLoc());
      SourceLocation OE = SM.getExpansionLoc(S->getEndLoc());
      auto Lo = std::partition_point(ByLoc.begin(), ByLoc.end(),
                                     [&](const auto &X) { return Before(X.first, OB); });
      auto Hi = std::partition_point(Lo, ByLoc.end(),
                                     [&](const auto &X) { return !Before(OE, X.first); });
      std::vector<size_t> Is;
      for (auto It = Lo; It != Hi; ++It)
        Is.push_back(It->second);
      llvm::sort(Is);
      std::vector<const Kernel *> Ks;
      for (size_t I : Is)
        Ks.push_back(&Kernels[I]);
      return Ks;
    };
    auto Barrier = [&](const Stmt *S) {
      if (HoistedLoops.count(S) || InRun.count(S) || hasJumpsOrLabels(S))
        return true;
      if (barrierIn(S, Fn, /*Untranslated=*/false))
        return true;
      return llvm::any_of(HoistedLoops, [&](const Stmt *H) { return within(H, S); });
    };
    auto TryRun = [&](const CompoundStmt *Block, size_t B, size_t E) {
      // Trim to the statements holding kernels at both ends.
      std::vector<Stmt *> Body(Block->body_begin() + B, Block->body_begin() + E);
      while (!Body.empty() && KernelsOf(Body.front()).empty())
        Body.erase(Body.begin());
      while (!Body.empty() && KernelsOf(Body.back()).empty())
        Body.pop_back();
      std::vector<const Kernel *> Ks;
      for (const Stmt *S : Body)
        for (const Kernel *K : KernelsOf(S))
          Ks.push_back(K);
      if (Phases) {
        std::function<bool(const Stmt *)> HasLoop = [&](const Stmt *X) {
          if (!X || Input.isDirective(X))
            return false;
          return hostLoopRunningKernels(X, Fn) || llvm::any_of(codeChildren(X), HasLoop);
        };
        unsigned Holders = 0;
        bool Loop = false;
        for (const Stmt *S : Body)
          if (!KernelsOf(S).empty()) {
            ++Holders;
            Loop |= HasLoop(S);
          }
        if (Holders < 2 || !Loop)
          return;
      }
      // Two kernels map one pointer (each kernel's variables counted once).
      bool Shared = false;
      llvm::DenseMap<const ValueDecl *, size_t> FirstKernel;
      for (size_t I = 0; I < Ks.size() && !Shared; ++I)
        for (const KernelItem &A : Ks[I]->Items) {
          if (!A.V->getType()->isPointerType())
            continue;
          auto [It, New] = FirstKernel.try_emplace(A.V, I);
          Shared |= !New && It->second != I;
        }
      if (!Shared)
        return;
      auto *Run = CompoundStmt::Create(Ctx, Body, FPOptionsOverride(),
                                       Body.front()->getBeginLoc(),
                                       Body.back()->getEndLoc());
      // A region over phases must keep every array the loops' own regions
      // would: else those regions do better.
      if (tryHoist(Run, Fn, Run, /*AllOrNothing=*/Phases))
        InRun.insert(Body.begin(), Body.end());
    };
    std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
      if (const Stmt *Body = S ? Input.userDataBody(S) : nullptr)
        return Visit(Body);
      if (!S || Input.isDirective(S) || isa<LambdaExpr>(S) || HoistedLoops.count(S) ||
          InRun.count(S))
        return;
      if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
        size_t Start = 0, I = 0, N = Block->size();
        for (; I < N; ++I)
          if (Barrier(Block->body_begin()[I])) {
            TryRun(Block, Start, I);
            Start = I + 1;
          }
        TryRun(Block, Start, N);
      }
      for (const Stmt *C : codeChildren(S))
        Visit(C);
    };
    Visit(Fn->getBody());
  }
}

} // namespace ompm
