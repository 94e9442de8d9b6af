//===- Sarif.h - A run's results as SARIF 2.1.0 --------------------*- C++ -*-===//
//
// --sarif=FILE: the run as a SARIF 2.1.0 log, as code-scanning services read
// it. One result per construct (a note with its fix when translated, a
// warning with the reason when not), per warning of a translated construct
// or of a decision, per conflict between compile commands, per self-check
// warning, and an error per file skipped. Paths are relative to the
// project's root (%SRCROOT%); fixes replace byte ranges of the original.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_SARIF_H
#define OMPM_DRIVER_SARIF_H

#include "Driver/Driver.h"
#include "llvm/Support/JSON.h"
#include <vector>

namespace ompm {

/// The SARIF log of Results; Root: the directory %SRCROOT% names.
llvm::json::Value sarifLog(const std::vector<FileResult> &Results, llvm::StringRef Root,
                           llvm::StringRef ToolVersion);

/// Path as a URI reference: relative to Root when below it (with
/// Relative set), else a file:// URI; reserved characters escaped.
std::string sarifUri(llvm::StringRef Path, llvm::StringRef Root, bool &Relative);

} // namespace ompm

#endif
