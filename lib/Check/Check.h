//===- Check.h - omp-migrate check: the CI migration check -------*- C++ -*-===//
//
// `omp-migrate check` translates a program in memory, builds the original
// (gcc, OpenACC on the host) and the translation (clang-19 OpenMP offload),
// runs both and compares exit codes and stdout (numbers within a tolerance).
// It also counts the host<->device copies libomptarget reports
// (LIBOMPTARGET_INFO=32) and reads each kernel launch's arguments to find
// kernels that use host addresses (LaunchInfo.h). See docs/check.md.
//
// The pieces are separate so they can be tested alone: output comparison,
// the LIBOMPTARGET_INFO parser, the config file parser, and the command.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_CHECK_CHECK_H
#define OMPM_CHECK_CHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ompm {
namespace check {

// ---------------------------------------------------------------------------
// Output comparison
// ---------------------------------------------------------------------------

struct Tolerance {
  double RTol = 1e-6;
  double ATol = 1e-9;
};

/// Splits a line into tokens: runs of characters other than white space and
/// the punctuation `,;:=()[]{}`, and each such punctuation character alone.
std::vector<std::string> tokenize(llvm::StringRef Line);

/// Whether Tok reads as a number (integer, decimal, exponent, inf, nan).
std::optional<double> parseNumber(llvm::StringRef Tok);

/// Two tokens match: equal text, or both numbers with |A-B| <= atol +
/// rtol*|Ref|; two integers (no '.', no exponent) must be equal.
bool tokensMatch(llvm::StringRef Ref, llvm::StringRef Got, const Tolerance &T);

/// The first difference of two outputs.
struct Mismatch {
  unsigned Line = 0;            ///< 1-based
  std::string RefLine, GotLine; ///< "<end of output>" past the end
  std::string RefToken, GotToken; ///< the first differing tokens ("" if none)
  std::string Summary; ///< one line: "line 3: '1.5' vs '1.7' (beyond tolerance)"
  std::string Report;  ///< the lines around it, both sides, 2 lines of context
};

/// Compares Got with Ref line by line (trailing blank lines ignored).
std::optional<Mismatch> compareOutputs(llvm::StringRef Ref, llvm::StringRef Got,
                                       const Tolerance &T,
                                       llvm::StringRef RefName = "original",
                                       llvm::StringRef GotName = "translated");

// ---------------------------------------------------------------------------
// LIBOMPTARGET_INFO=32 (data transfers)
// ---------------------------------------------------------------------------

struct TransferStats {
  uint64_t H2DBytes = 0, H2DCopies = 0;
  uint64_t D2HBytes = 0, D2HCopies = 0;
};

/// Sums the "Copying data from host to device, ..., Size=N, ..." lines that
/// libomptarget prints with LIBOMPTARGET_INFO=32 (and device to host).
TransferStats parseOffloadInfo(llvm::StringRef Stderr);

/// Stderr without the libomptarget info lines.
std::string stripOffloadInfo(llvm::StringRef Stderr);

// ---------------------------------------------------------------------------
// Config file
// ---------------------------------------------------------------------------

/// One program to check. Unset optionals take the command line's values.
struct ProgramSpec {
  std::string Name;
  std::vector<std::string> Sources;  ///< paths as given (config: resolved)
  std::vector<std::string> Flags;    ///< compile flags
  std::vector<std::string> RunArgs;  ///< arguments of both runs
  std::optional<double> RTol, ATol;
  std::optional<unsigned> Timeout;   ///< seconds per run
  unsigned Line = 0;                 ///< of its [program] header, 0 if none
};

/// Splits a value like a shell word list: white space separates, '...' and
/// "..." quote, backslash escapes. An unterminated quote is an error.
llvm::Expected<std::vector<std::string>> splitWords(llvm::StringRef S);

/// Parses a config file's text (see docs/check.md). Relative source paths
/// are resolved against BaseDir. Errors read "FILE:LINE: error: ...".
llvm::Expected<std::vector<ProgramSpec>> parseConfig(llvm::StringRef Text,
                                                     llvm::StringRef FileName,
                                                     llvm::StringRef BaseDir);

// ---------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------

/// `omp-migrate check ...`: Args are the arguments after "check". Returns the
/// exit status: 0 every program matches, 1 a mismatch, a kernel that uses
/// a host address, a crash, timeout, build failure or untranslated
/// construct, 2 usage, config or setup errors.
int runCheckCommand(const std::vector<std::string> &Args, llvm::raw_ostream &Out,
                    llvm::raw_ostream &Err);

/// Bytes in a short human form: "812 B", "1.5 KiB", "3.0 MiB".
std::string formatBytes(uint64_t Bytes);

/// Text escaped for XML attributes and content.
std::string xmlEscape(llvm::StringRef S);

} // namespace check
} // namespace ompm

#endif
