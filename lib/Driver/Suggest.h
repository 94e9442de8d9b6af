//===- Suggest.h - --suggest: offloadable loops as remarks ---------*- C++ -*-===//
//
// `--suggest` rewrites nothing: each serial loop proved parallel becomes a
// clang-style remark with its fix-it (the directive line to insert, with
// the maps of the loop alone, so that any subset of the fix-its can be
// applied), and with --explain each loop kept on the host a note with its
// reason. --export-fixes then carries one diagnostic per loop, so that
// clang-apply-replacements applies a reviewed subset.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_SUGGEST_H
#define OMPM_DRIVER_SUGGEST_H

#include "Driver/Driver.h"
#include "clang/Tooling/Core/Diagnostic.h"

namespace ompm {

/// Prints the remarks (and with Style.Explain the notes) of R's loops,
/// each with its source line and fix-its, then a summary line.
void printSuggestions(const FileResult &R, const ReportStyle &Style, llvm::raw_ostream &Err);

/// One clang-apply-replacements diagnostic per offloadable loop of R.
void addSuggestionFixes(const FileResult &R,
                        clang::tooling::TranslationUnitDiagnostics &Fixes);

/// The report's "loops" of R: each loop looked at, offloaded (with its
/// directive and clauses) or kept (with why).
llvm::json::Array loopsReport(const FileResult &R);

} // namespace ompm

#endif
