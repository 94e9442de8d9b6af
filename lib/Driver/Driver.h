//===- Driver.h - Run omp-migrate over files ---------------------*- C++ -*-===//
//
// Parses each file with Clang (OpenACC on), plans its translation and writes
// the result: to stdout, in place (atomically), into a directory, as a
// unified diff, as clang-apply-replacements YAML, and a JSON report.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_DRIVER_H
#define OMPM_DRIVER_DRIVER_H

#include "Plan/Planner.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace ompm {

enum class OutputMode { Stdout, InPlace, OutputDir, Diff, None };

struct DriverOptions {
  PlanOptions Plan;
  OutputMode Mode = OutputMode::Stdout;
  std::string OutputDir;
  std::string ExportFixes; ///< YAML path, "" = none
  std::string Report;      ///< JSON path, "" = none
  bool Explain = false;    ///< notes on stderr too
};

/// The result of translating one source file.
struct FileResult {
  std::string Path;
  bool Parsed = false;
  std::string Error; ///< why the file was skipped
  std::string Original, Translated;
  FilePlan Plan;
};

/// Translates one file's text (for tests and the driver): Args are compile
/// flags (no file name).
FileResult translateCode(llvm::StringRef Code, llvm::StringRef FileName,
                         const std::vector<std::string> &Args,
                         const PlanOptions &Opts,
                         llvm::raw_ostream *DiagOut = nullptr);

/// Parses Code as FileName with OpenMP on (as --optimize-data parses) and
/// calls Fn with its AST; Args are compile flags (no file name). Returns
/// false, without calling Fn, when the code has errors.
bool parseOpenMPCode(llvm::StringRef Code, llvm::StringRef FileName,
                     const std::vector<std::string> &Args,
                     llvm::function_ref<void(clang::ASTContext &)> Fn,
                     llvm::raw_ostream *DiagOut = nullptr);

/// Runs over Sources with their commands from DB. Returns the exit status:
/// 0 all translated, 1 some constructs left intact, 2 input errors.
int runDriver(const clang::tooling::CompilationDatabase &DB,
              const std::vector<std::string> &Sources,
              const DriverOptions &Opts, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err);

/// A unified diff of Original -> Translated, hunks with 3 lines of context.
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Original,
                        llvm::StringRef Translated);

/// The bundled OpenACC 3.3 declaration header used for parsing.
llvm::StringRef builtinOpenACCHeader();

} // namespace ompm

#endif
