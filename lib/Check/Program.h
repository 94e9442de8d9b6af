//===- Program.h - One program's check: runs and result ---------*- C++ -*-===//
//
// Internal to lib/Check: what checking one program records (its builds, runs
// and result), shared by the command (Check.cpp) and its reports
// (Report.cpp: the table, JSON and JUnit XML).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_CHECK_PROGRAM_H
#define OMPM_CHECK_PROGRAM_H

#include "Check/Check.h"
#include "Check/LaunchInfo.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace ompm {
namespace check {

/// One process run.
struct Exec {
  bool Started = false;     ///< false: could not execute
  int Exit = 0;             ///< when it exited normally
  bool Crashed = false, TimedOut = false;
  std::string Signal;       ///< "SIGABRT (Aborted)"
  std::string Error;        ///< why it could not start
  double Seconds = 0;
};

/// One build of the program and its run.
struct Variant {
  std::string Label;    ///< "original", "translated", "translated (gcc)"
  std::string Compiler; ///< "gcc -fopenacc", ...
  std::vector<std::string> BuildCmd;
  bool Built = false;
  std::string BuildLog;
  Exec Run;
  std::string Stdout, Stderr;
  bool Ran = false;
};

struct ProgramResult {
  ProgramSpec Spec;
  Tolerance Tol;
  unsigned Timeout = 60;
  /// PASS MISMATCH UNMAPPED CRASH TIMEOUT UNTRANSLATED BUILD-ERROR ERROR
  std::string Result = "PASS";
  std::string Message;         ///< one line
  std::string Details;         ///< several lines
  std::string OriginalKind;    ///< "OpenACC", "OpenMP", "serial"
  unsigned Constructs = 0, Translated = 0;
  Variant Orig, Omp, Gcc;
  bool HasGcc = false;
  TransferStats Transfers;
  std::vector<KernelFacts> Kernels; ///< of the translated sources
  LaunchReport Launches;            ///< the translation's kernel launches
  bool LaunchChecked = false;
  std::string LaunchNote; ///< why the launches were not checked
  std::string WorkDir;
  bool Kept = false;
  double Seconds = 0;

  bool passed() const { return Result == "PASS"; }
  void fail(llvm::StringRef R, const std::string &Msg, const std::string &Det = "") {
    if (!passed())
      return; // the first failure is the one reported
    Result = R.str();
    Message = Msg;
    Details = Det;
  }
};

/// Where clang-19's offload runtime lives.
inline constexpr const char *LLVM19Lib = "/usr/lib/llvm-19/lib";

/// Runs Program with Args (Args[0] its name) and Env (nullptr: this
/// process's), stdin from /dev/null, stdout and stderr to files ("":
/// /dev/null), killed after Timeout seconds.
Exec execute(llvm::StringRef Program, const std::vector<std::string> &Args,
             const std::vector<std::string> *Env, llvm::StringRef StdoutFile,
             llvm::StringRef StderrFile, unsigned Timeout);

/// A file's text, "" if it cannot be read.
std::string readFile(llvm::StringRef Path);
bool writeFile(llvm::StringRef Path, llvm::StringRef Text);

/// A command line, quoted where a shell needs it.
std::string quoteCommand(const std::vector<std::string> &Cmd);

/// Text as an indented block ("    | "), at most Limit lines.
std::string indent(llvm::StringRef Text, size_t Limit = 20);

/// The environment of the builds and of the original's run: this process's
/// without the variables that change what OpenACC/OpenMP runtimes do, with
/// LC_ALL=C and (unless set) OMP_WAIT_POLICY=passive.
std::vector<std::string> baseEnv();

/// The offload run's: baseEnv with clang-19's runtime first in
/// LD_LIBRARY_PATH, OMP_TARGET_OFFLOAD=MANDATORY and LIBOMPTARGET_INFO.
std::vector<std::string> offloadEnv();

/// The table of results, one row per program.
void printTable(llvm::raw_ostream &OS, const std::vector<ProgramResult> &Rs, bool AlsoGcc);

/// One program's entry of the JSON report.
llvm::json::Value resultJson(const ProgramResult &R);

/// The JUnit XML report.
std::string junitXml(const std::vector<ProgramResult> &Rs, double Total);

} // namespace check
} // namespace ompm

#endif
