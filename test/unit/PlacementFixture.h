//===- PlacementFixture.h - Data placement on a snippet, for unit tests -*- C++ -*-===//
#ifndef OMPM_TEST_PLACEMENTFIXTURE_H
#define OMPM_TEST_PLACEMENTFIXTURE_H

#include "PlanFixture.h"
#include "Placement/Placer.h"
#include "Plan/InputDirectives.h"
#include "Translate/Compute.h"
#include "Translate/DataConstructs.h"

namespace ompm {

/// A snippet's compute and data constructs translated, ready for data
/// placement: the kernels, the input's directives and the placer.
struct PlacementFixture : PlanFixture {
  explicit PlacementFixture(llvm::StringRef Code) : PlanFixture(Code) {
    if (!AST)
      return;
    DataConstructTranslator Data(*Base, *St);
    for (size_t K = 0; K < Dirs.size(); ++K) {
      int I = static_cast<int>(K);
      if (St->Handled[I])
        continue;
      size_t Before = Out.Records.size();
      if (isComputeKind(Dirs[I].Kind))
        ComputeTranslator(*Base, *St, I).run();
      else if (Dirs[I].Kind == clang::OpenACCDirectiveKind::Data)
        Data.planData(I);
      else if (Dirs[I].Kind == clang::OpenACCDirectiveKind::EnterData ||
               Dirs[I].Kind == clang::OpenACCDirectiveKind::ExitData)
        Data.planEnterExit(I);
      else if (Dirs[I].Kind == clang::OpenACCDirectiveKind::Update)
        Data.planUpdate(I);
      if (Dirs[I].S && Out.Records.size() > Before && !Out.Records[Before].Translated)
        St->FailedConstructs.insert(Dirs[I].S);
    }
    Input = std::make_unique<PlanInput>(ctx(), Dirs, St->FailedConstructs, false);
    Placer = std::make_unique<DataPlacer>(*Base, St->Kernels,
                                          Input->barriers(St->MemberKernels), *Input);
  }
  /// The records data placement added (after the translators' own).
  std::vector<ConstructRecord> placed(size_t Translated) const {
    return {Out.Records.begin() + Translated, Out.Records.end()};
  }
  /// The function named Name.
  const clang::FunctionDecl *function(llvm::StringRef Name) {
    for (const clang::Decl *D : ctx().getTranslationUnitDecl()->decls())
      if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
        if (F->getName() == Name && F->hasBody())
          return F;
    return nullptr;
  }
  /// The first statement of kind T in Fn's body.
  template <typename T> const T *first(const clang::FunctionDecl *Fn) {
    std::function<const T *(const clang::Stmt *)> Find =
        [&](const clang::Stmt *S) -> const T * {
      if (!S)
        return nullptr;
      if (const auto *X = llvm::dyn_cast<T>(S))
        return X;
      for (const clang::Stmt *C : S->children())
        if (const T *X = Find(C))
          return X;
      return nullptr;
    };
    return Find(Fn->getBody());
  }

  std::unique_ptr<PlanInput> Input;
  std::unique_ptr<DataPlacer> Placer;
};

} // namespace ompm

#endif
