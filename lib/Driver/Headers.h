//===- Headers.h - The project's headers, translated on their own -*- C++ -*-===//
//
// OpenACC in a project's headers (inline functions, templates, class
// members) is translated by parsing each such header as a translation unit
// of its own, under the compile command of every file that includes it (its
// configurations: -D, -I), with the language of that file. The results of a
// header's commands are merged like a source file's (lib/Driver/
// Configurations.h): identical edits once, edits of different #if branches
// both, different edits at one place a conflict that leaves the header
// intact. Which headers: those below the project's root (--root, or the
// deepest directory above every source file and build directory of the
// run, the files' own when that is /), or those a --header-filter regex
// matches; system headers never,
// nor a header the main file includes inside code (a fragment such as
// `#include "body.inc"` in a function), which only its includer's
// translation could handle.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_HEADERS_H
#define OMPM_DRIVER_HEADERS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Regex.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ompm {

/// The deepest directory that holds every path of Paths (absolute, dots
/// removed); "" for none.
std::string commonDirectory(const std::vector<std::string> &Paths);

/// Path (dots removed) relative to Dir when it lies below Dir ("a/b.c"
/// for /p/a/b.c below /p), else nullopt.
std::optional<std::string> pathBelow(llvm::StringRef Path, llvm::StringRef Dir);

/// Which headers are the project's.
class HeaderSelection {
public:
  /// Root: the project's directory; Filter: a regex over the header's real
  /// path that replaces the root's test when given.
  HeaderSelection(std::string Root, std::optional<llvm::Regex> Filter)
      : Root(std::move(Root)), Filter(std::move(Filter)) {}
  bool selects(llvm::StringRef RealPath) const;
  /// Why a header is not translated ("outside the project's directory
  /// /p (--header-filter=REGEX selects other headers)").
  std::string whyNot(llvm::StringRef RealPath) const;
  const std::string &root() const { return Root; }

private:
  std::string Root;
  std::optional<llvm::Regex> Filter;
};

/// The command that parses Header on its own as Includer's command parses
/// its file: the same flags and directory, Header in the file's place with
/// the file's language (`-x c` or `-x c++`), no output or dependency files.
clang::tooling::CompileCommand headerCommand(const clang::tooling::CompileCommand &Includer,
                                             llvm::StringRef Header);

/// The compile commands of the run's headers, each once (commands that
/// differ only in the includer's name parse the header alike).
class HeaderDatabase : public clang::tooling::CompilationDatabase {
public:
  /// Adds the command of Header that Includer's command gives.
  void add(llvm::StringRef Header, const clang::tooling::CompileCommand &Includer);
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override;
  std::vector<std::string> getAllFiles() const override;

private:
  std::map<std::string, std::vector<clang::tooling::CompileCommand>> Commands;
};

} // namespace ompm

#endif
