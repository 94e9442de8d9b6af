//===- Commands.h - Compile commands as omp-migrate parses them --*- C++ -*-===//
//
// The flags every parse gets (OpenACC on, the bundled openacc.h), the
// adjustment of a build's compile command (its OpenMP flags and the flags of
// other OpenACC compilers dropped), and a log of each command: its macros,
// the errors its driver reported (an unknown argument must not pass
// silently), and the dropped flags, noted once per run.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_COMMANDS_H
#define OMPM_DRIVER_COMMANDS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ompm {

/// The flags every parse gets, whatever its compile command: OpenACC on;
/// OpenMP too when OpenMP is set (--optimize-data); what gcc accepts parsed
/// leniently; Clang 22's include directory (where the bundled openacc.h is
/// served from memory, lib/Driver/Driver.cpp, whatever resource directory
/// the command names) and the directory of an installed omp.h, both after
/// the build's own -I paths.
std::vector<std::string> parseFlags(bool OpenMP);

/// A flag of another OpenACC compiler that Clang does not understand: gcc's
/// -foffload=, -foffload-options=, -fopenacc-dim=, -fopenacc-kernels=;
/// nvc's -acc[=...], -gpu=..., -ta=..., -mp[=...], -fast, -M... (Clang's
/// tooling removes -M flags itself, with the dependency-file ones).
bool isOtherCompilersFlag(llvm::StringRef Arg);

class CommandLog;

/// A compile command with the build's OpenACC/OpenMP flags replaced by
/// parseFlags, other compilers' flags dropped (and noted in Log), and
/// Clang 22's own headers unless it names a resource dir. With a Log, each
/// adjusted command starts a new command there.
clang::tooling::ArgumentsAdjuster commonAdjuster(bool OpenMP, CommandLog *Log = nullptr);

/// Diagnostics of the compile commands' drivers (the argument parsing before
/// each parse): printed as Clang prints them, with the diagnostic options of
/// the command, and the errors kept for the command they belong to. Also
/// what the adjuster dropped, for one note per run.
class CommandLog : public clang::DiagnosticConsumer {
public:
  explicit CommandLog(llvm::raw_ostream &OS) : OS(OS) {}
  /// A new command with these (adjusted) arguments: forgets the errors of
  /// the previous one.
  void beginCommand(const std::vector<std::string> &Args);
  /// Errors the current command's driver reported (unknown arguments,
  /// invalid values), taken away.
  std::vector<std::string> takeErrors();
  /// The current command's -D and -U flags ("-DUSE_GPU -UNDEBUG").
  const std::string &macros() const { return Macros; }
  void dropped(llvm::StringRef Flag);
  /// The other compilers' flags dropped in this run, each once.
  const std::vector<std::string> &droppedFlags() const { return Dropped; }
  /// "omp-migrate: note: ..." naming the dropped flags, or "".
  std::string droppedNote() const;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  void ensurePrinter();
  llvm::raw_ostream &OS;
  std::unique_ptr<clang::DiagnosticOptions> Opts;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::vector<std::string> Errors, Dropped;
  std::string Macros;
};

/// "omp-migrate: note: ..." naming the dropped flags of other compilers,
/// or "".
std::string droppedFlagsNote(const std::vector<std::string> &Dropped);

/// The directory named by -p in a command line (before any "--"), if any:
/// `-p DIR`, `-p=DIR`, `--p DIR`, `--p=DIR`; the last one wins.
std::optional<std::string> buildPathArgument(llvm::ArrayRef<const char *> Argv);

/// An error message when an explicit -p directory has no compilation
/// database that Clang can read, or its compile_commands.json is not
/// strictly valid (JSON, an array of objects with "directory", "file" and
/// "command" or "arguments": Clang's own loader accepts a truncated file
/// and guesses), else "".
std::string checkBuildPath(llvm::StringRef Dir);

/// The nearest directory, Dir or one above it, that holds an entry named
/// Name (a file or directory: ".git", "compile_commands.json"); nullopt if
/// none does.
std::optional<std::string> nearestDirWith(llvm::StringRef Dir, llvm::StringRef Name);

/// Without -p and without "--", Clang's tooling reads the nearest
/// compile_commands.json above each source file and, when it is not valid,
/// runs without flags: the error checkBuildPath gives for the first such
/// database of the source files in Argv (C and C++ files that exist), else
/// "". Nothing is checked with -p or "--".
std::string checkNearestDatabases(llvm::ArrayRef<const char *> Argv);

} // namespace ompm

#endif
