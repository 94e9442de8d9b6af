//===- Edits.h - Text edits of one file ---------------------------*- C++ -*-===//
//
// The planner's output: replacements of byte ranges of the main file. Small
// helpers find line starts and indentation so inserted directives line up
// with the code they annotate, and remove a directive's whole line when
// nothing else (a comment, code) shares it.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_EDIT_EDITS_H
#define OMPM_EDIT_EDITS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ompm {

struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  /// Text that ends what comes before Offset (lines after a statement, a
  /// closing brace): at one offset it goes before the text that opens what
  /// follows (lines before the next statement), whatever the order planned.
  bool Closes = false;
  /// The real path of the file the edit is in when it is not the main
  /// file: the string literal of a `_Pragma` in a header's macro definition
  /// (lib/Edit/PragmaOperators.h). Empty: the main file.
  std::string File;
  /// The input offset where the construct whose translation made the edit
  /// starts (PlanStep::succeed); Unowned for the edits of data placement,
  /// the preprocessor lines and the helpers.
  unsigned Owner = Unowned;
  static constexpr unsigned Unowned = ~0u;
};

class EditSet {
public:
  EditSet(const clang::SourceManager &SM);
  /// Replace a character range of the main file (or of a header, for a
  /// _Pragma's literal: the edit names it). Closes: the text ends what
  /// precedes R (see Edit::Closes).
  void replace(clang::CharSourceRange R, std::string Text, bool Closes = false);
  /// Insert whole lines before the line holding Loc, indented like it.
  /// When code precedes Loc on its line (`{ stmt; }`), the line is broken
  /// there and the lines, then Loc's code, go two columns further in after
  /// a `{`.
  void insertLinesBefore(clang::SourceLocation Loc,
                         const std::vector<std::string> &Lines);
  /// Insert whole lines at Loc, in the middle of a line (just past a
  /// statement that code follows on its line, such as the `}` of a
  /// one-line block): the line is broken at Loc, the lines get Indent and
  /// the rest of the line the indentation of Loc's line.
  void insertLinesAt(clang::SourceLocation Loc, const std::vector<std::string> &Lines,
                     const std::string &Indent);
  /// Insert whole lines after the line holding Loc, indented like Indent.
  void insertLinesAfter(clang::SourceLocation Loc,
                        const std::vector<std::string> &Lines,
                        const std::string &Indent);
  /// Append Line as a line of its own at the end of Loc's line (the edit
  /// is at the line's end, not at the next line's start, where another
  /// construct's lines may go).
  void appendLineAfter(clang::SourceLocation Loc, const std::string &Line);
  /// Remove a directive: its whole line when only blanks remain, else just
  /// its text (a trailing comment stays).
  void removeDirective(clang::CharSourceRange R);
  /// Text from the start of Loc's line to its first non-blank character.
  std::string indentOf(clang::SourceLocation Loc) const;

  const std::vector<Edit> &edits() const { return Edits; }
  void append(const EditSet &O);
  void clear() { Edits.clear(); }

private:
  unsigned offset(clang::SourceLocation L) const;
  const clang::SourceManager &SM;
  llvm::StringRef Buf;
  std::vector<Edit> Edits;
};

/// Turns edits of FilePath into Clang replacements (sorted, merged at equal
/// offsets: closing text first, then in insertion order). Fails when two
/// edits overlap.
llvm::Expected<clang::tooling::Replacements>
toReplacements(llvm::StringRef FilePath, const std::vector<Edit> &Edits);

/// Text (the contents of FilePath) with Edits made (toReplacements'
/// order); fails when two edits overlap.
llvm::Expected<std::string> applyEdits(llvm::StringRef FilePath, llvm::StringRef Text,
                                       const std::vector<Edit> &Edits);

/// The real path of the file Loc (its expansion) is in when it is not the
/// main file ("?" for a buffer with no file), else "": an edit's File.
std::string otherFileOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

} // namespace ompm

#endif
