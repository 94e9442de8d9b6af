//===- Messages.h - the tool's own messages, printed as Clang prints ------===//
//
// omp-migrate's reports (a construct not translated, a warning, a note of
// --explain, a remark of --suggest) are printed by Clang's diagnostic
// renderer (TextDiagnostic, the one Clang's own diagnostics go through),
// after the parse is gone, over a source manager of the files' texts: `file:line:col: warning: message [omp-migrate]`,
// then the source line with its number and a caret, fix-its in Clang's
// parseable form where asked, colours where asked (--use-color, or a
// terminal). Files are named as the user named them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPM_DRIVER_MESSAGES_H
#define OMPM_DRIVER_MESSAGES_H

#include "Edit/Edits.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

namespace clang {
class FileManager;
class SourceManager;
class TextDiagnostic;
} // namespace clang

namespace ompm {

class MessagePrinter {
public:
  /// Messages go to OS (whose colours this enables when Colors is set);
  /// fix-its are printed as `fix-it:"file":{l:c-l:c}:"text"` lines when
  /// ParseableFixits is set.
  MessagePrinter(llvm::raw_ostream &OS, bool Colors, bool ParseableFixits = false);
  ~MessagePrinter();

  /// Reports Message at Line:Column (1-based) of the file Name, whose text
  /// is Text, with its source line and caret; Fix (edits of Text) as
  /// fix-its. Line 0: the message names the file alone; a place Text does
  /// not have (a file read again after it changed) is named without its
  /// source line.
  void report(clang::DiagnosticsEngine::Level Level, llvm::StringRef Name,
              llvm::StringRef Text, unsigned Line, unsigned Column,
              llvm::StringRef Message, llvm::ArrayRef<Edit> Fix = {});

private:
  clang::FileID fileOf(llvm::StringRef Name, llvm::StringRef Text);

  llvm::raw_ostream *OS;
  std::unique_ptr<clang::DiagnosticOptions> Opts;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  std::unique_ptr<clang::FileManager> Files;
  std::unique_ptr<clang::SourceManager> Sources;
  std::unique_ptr<clang::TextDiagnostic> Renderer;
  llvm::StringMap<clang::FileID> IDs;
};

/// How a file the user did not name (a header) is named in messages and
/// diffs: relative to the working directory when it is below it (`git
/// apply` takes --diff's a/ and b/ paths from the repository's root), else
/// as it is.
std::string shownPath(llvm::StringRef Path);

} // namespace ompm

#endif
