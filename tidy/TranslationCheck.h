//===- TranslationCheck.h - The module's checks -------------------*- C++ -*-===//
//
// One clang-tidy check per source of kernels of omp-migrate's translation:
//   omp-migrate-openacc         OpenACC constructs (the tool's default)
//   omp-migrate-serial-loops    serial loops proved parallel (--offload=serial)
//   omp-migrate-openmp-offload  CPU OpenMP parallel loops (--offload=openmp)
//   omp-migrate-critical        critical sections to atomics and reductions
// Each warns at every construct it looked at: a translated one with its
// fix-its, one left intact with the reason and no fix. The checks of a
// translation unit share one plan (SharedPlan.h). Option: LoopStyle,
// `distribute` (default) or `loop`, as the tool's --loop-style.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TIDY_TRANSLATIONCHECK_H
#define OMPM_TIDY_TRANSLATIONCHECK_H

#include "ClangTidyCheck.h"
#include "SharedPlan.h"
#include <memory>

namespace ompm::tidy {

class TranslationCheck : public clang::tidy::ClangTidyCheck {
public:
  TranslationCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                   CheckKind Kind);
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  CheckKind Kind;
  LoopStyle Style = LoopStyle::Distribute;
  std::shared_ptr<SharedPlan> Plan;
};

/// OpenACC constructs to OpenMP offload.
class OpenACCCheck : public TranslationCheck {
public:
  OpenACCCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : TranslationCheck(Name, Context, CheckKind::OpenACC) {}
};

/// Serial loops proved parallel to target kernels.
class SerialLoopsCheck : public TranslationCheck {
public:
  SerialLoopsCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : TranslationCheck(Name, Context, CheckKind::SerialLoops) {}
};

/// CPU OpenMP parallel loops and regions of work-sharing loops to target
/// kernels.
class OpenMPOffloadCheck : public TranslationCheck {
public:
  OpenMPOffloadCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : TranslationCheck(Name, Context, CheckKind::OpenMPOffload) {}
};

/// Critical sections of offloaded loops and of the input's target kernels
/// to atomics and reductions.
class CriticalCheck : public TranslationCheck {
public:
  CriticalCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : TranslationCheck(Name, Context, CheckKind::Critical) {}
};

} // namespace ompm::tidy

#endif
