//===- PreprocessorFacts.h - What the preprocessor sees of OpenACC -*- C++ -*-===//
//
// The planner translates the OpenACC constructs of the main file that Clang's
// AST holds. The preprocessor sees more: directives in included headers
// (which are not rewritten yet), directives in branches the compile command
// skips (#if 0, an #ifdef not taken), and directives the AST dropped. The
// collector records them through PPCallbacks (every `#pragma acc` and
// `_Pragma("acc ...")` reaches PragmaDirective; the text of a skipped branch
// is raw-lexed from SourceRangeSkipped's range), along with the facts the
// planner needs (PPFacts), so that the driver reports each directive it
// cannot translate instead of leaving it behind silently.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_PREPROCESSORFACTS_H
#define OMPM_DRIVER_PREPROCESSORFACTS_H

#include "Facts/Directives.h"
#include "Plan/Planner.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// One OpenACC directive the preprocessor met, in the main file or in a
/// non-system header.
struct AccPragma {
  clang::SourceLocation Loc; ///< its '#', or its `_Pragma` (maybe in a macro)
  std::string Kind;          ///< "parallel loop", "routine", ...
  std::string Text;          ///< as written ('#' to its last token)
  /// For a directive in a skipped branch: the condition that skips it
  /// ("'#ifdef USE_GPU' is false") and what would activate it ("define
  /// USE_GPU"). Empty for an active directive.
  std::string Condition, Activate;
  bool active() const { return Condition.empty(); }
};

/// OpenACC the AST does not show the planner.
struct OpenACCSites {
  std::vector<AccPragma> Pragmas; ///< in the order the preprocessor met them
  /// `openacc.h` included by a non-system header: the file name's range.
  std::vector<clang::CharSourceRange> HeaderIncludes;
  /// Byte ranges of the main file in skipped branches, from the '#' of the
  /// directive that starts skipping to the end of the one that ends it.
  std::vector<std::pair<unsigned, unsigned>> SkippedInMain;
};

/// Preprocessor callbacks that fill Facts (for the planner) and Sites.
std::unique_ptr<clang::PPCallbacks>
collectPreprocessorFacts(const clang::Preprocessor &PP, PPFacts &Facts,
                         OpenACCSites &Sites);

/// Records (not translated) for what the planner could not see: each
/// directive of Sites in a non-system header and each openacc.h include
/// there; each directive in a skipped branch; each active directive of the
/// main file that no record of Planned is at (one the AST dropped). Main-file
/// records come in source order, then header records. A header's records are
/// made once per run: Reported holds the places (file and offset) already
/// reported, and gets the new ones.
std::vector<ConstructRecord>
unplannedRecords(const clang::SourceManager &SM, const OpenACCSites &Sites,
                 const std::vector<ConstructRecord> &Planned,
                 std::set<std::string> &Reported);

/// The outermost statement construct of the main file (an index in Dirs)
/// whose text includes a file with active OpenACC directives (`#include
/// "body.inc"` inside a parallel region), or -1. Such a construct cannot be
/// translated without the included directives (which are not), and the
/// planner's edits of it cannot be told from the others: the caller leaves
/// the file intact. Why says so.
int constructIncludingOpenACC(const clang::SourceManager &SM,
                              const OpenACCSites &Sites,
                              const std::vector<Directive> &Dirs, std::string &Why);

/// Where the main file includes (directly or not) the file of L; invalid
/// for a place of the main file.
clang::SourceLocation mainIncludeLoc(const clang::SourceManager &SM,
                                     clang::SourceLocation L);

/// The kind of an OpenACC directive from the words after `acc`, as the
/// report names it ("parallel loop", "enter data", "update").
std::string accDirectiveKind(llvm::StringRef First, llvm::StringRef Second);

} // namespace ompm

#endif
