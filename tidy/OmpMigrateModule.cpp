//===- OmpMigrateModule.cpp - omp-migrate as a clang-tidy module -----------===//
//
// Registers the checks of TranslationCheck.h with clang-tidy when it loads
// the module (`clang-tidy --load=OmpMigrateTidyModule.so`).
//
//===----------------------------------------------------------------------===//
#include "ClangTidyModule.h"
#include "TranslationCheck.h"

namespace ompm::tidy {
namespace {

class OmpMigrateModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<OpenACCCheck>(checkName(CheckKind::OpenACC));
    Factories.registerCheck<SerialLoopsCheck>(checkName(CheckKind::SerialLoops));
    Factories.registerCheck<OpenMPOffloadCheck>(checkName(CheckKind::OpenMPOffload));
    Factories.registerCheck<CriticalCheck>(checkName(CheckKind::Critical));
  }
};

clang::tidy::ClangTidyModuleRegistry::Add<OmpMigrateModule>
    Registration("omp-migrate-module", "omp-migrate: OpenACC and CPU code to OpenMP offload");

} // namespace
} // namespace ompm::tidy
