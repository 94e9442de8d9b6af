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

/// A command line, quoted where a shell needs it.
std::string quoteCommand(const std::vector<std::string> &Cmd);

/// The table of results, one row per program.
void printTable(llvm::raw_ostream &OS, const std::vector<ProgramResult> &Rs, bool AlsoGcc);

/// One program's entry of the JSON report.
llvm::json::Value resultJson(const ProgramResult &R);

/// The JUnit XML report.
std::string junitXml(const std::vector<ProgramResult> &Rs, double Total);

} // namespace check
} // namespace ompm

#endif
