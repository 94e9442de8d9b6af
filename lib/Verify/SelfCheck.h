//===- SelfCheck.h - Re-parse a translation as OpenMP compilers see it -*- C++ -*-===//
//
// Before anything is written, the translation is parsed once more, syntax
// only, with the input's own compile flags minus -fopenacc, plus -fopenmp,
// and without the bundled openacc.h (OpenMP compilers have none), and
// checked:
//  (a) it parses without errors, and calls no acc_* function that only an
//      implicit declaration declares;
//  (b) every pointer a target construct dereferences is mapped
//      (lib/Verify/PointerMaps.h);
//  (c) no `#pragma acc` is left in it, except those of the constructs the
//      planner reported as not translated;
//  (d) no map section of a target construct it wrote has bounds that name a
//      variable private to the construct (lib/Verify/PrivateBounds.h).
// A failure is an internal error of the translator. The driver plans the
// file again with the constructs at fault left intact (reported with the
// failure, lib/Driver/Driver.cpp); a failure it cannot put on a construct
// means nothing is written for the file, exit 2.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_VERIFY_SELFCHECK_H
#define OMPM_VERIFY_SELFCHECK_H

#include "Edit/Edits.h"
#include "Plan/Planner.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <string>
#include <vector>

namespace ompm {

/// One finding. Line and Column are positions in the translated text (the
/// output), 1-based; InputLine is the line of the input it comes from (the
/// line of the edit that wrote it, for text an edit wrote), 0 if unknown.
struct SelfCheckFailure {
  unsigned Line = 0, Column = 0;
  unsigned InputLine = 0;
  /// The input offset it comes from (of the edit that wrote it, when
  /// Written), for finding the construct at fault (the driver's roll-back).
  unsigned InputOffset = 0;
  bool Written = false;
  std::string What;
  /// Check (a): the translation does not compile. When the file also has
  /// constructs reported as not translated, what they left may be the
  /// cause: the driver then warns instead (formatSelfCheckWarning).
  bool Compile = false;
  /// Check (a), an acc_* routine only implicitly declared: its name. When
  /// a call to it is reported as not translated, that report says so.
  std::string AccRoutine;
  /// The real path of the included file the error is in; empty for the
  /// main file (the driver translates the project's headers on their own).
  std::string File;
};

/// Whether the driver's hook checks (option --self-check, on by default).
/// Tests of the planner's details switch it off around a translation that
/// the check rejects.
bool selfCheckEnabled();
void setSelfCheckEnabled(bool On);

/// The message of F, after its place and level: the failure's (`internal
/// error: self-check: What (...) [omp-migrate]`), or the warning's.
std::string selfCheckMessage(const SelfCheckFailure &F, bool Warning);
/// `Path:Line:Column: error: internal error: self-check: What (...)
/// [omp-migrate]`, the driver's message.
std::string formatSelfCheckFailure(llvm::StringRef Path, const SelfCheckFailure &F);
/// `Path:Line:Column: warning: What; ...`, for a compile failure of a file
/// that keeps reported constructs.
std::string formatSelfCheckWarning(llvm::StringRef Path, const SelfCheckFailure &F);

/// Offsets of the translation against those of the input, from the edits
/// that made it (Clang replacements: sorted, not overlapping).
class OffsetMap {
public:
  OffsetMap() = default; ///< no edits: the identity
  explicit OffsetMap(const clang::tooling::Replacements &Reps);
  /// Where the byte at input offset In is in the output (for a byte an edit
  /// replaced: where the edit's text starts).
  unsigned toOutput(unsigned In) const;
  /// Where the byte at output offset Out comes from in the input; for a byte
  /// an edit wrote, the input offset of that edit, and *Written is set.
  unsigned toInput(unsigned Out, bool *Written = nullptr) const;

private:
  struct Piece {
    unsigned Offset, Length, NewLength;
  };
  std::vector<Piece> Pieces;
};

/// What the self-check parse needs.
struct SelfCheckInput {
  /// The invocation of the self-check parse (see openMPInvocation).
  std::shared_ptr<clang::CompilerInvocation> Invocation;
  /// The file system the input was parsed from (headers); the main file is
  /// replaced by Translated on top of it. Null: the real file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
  std::string Original;   ///< the input's text (for input line numbers)
  std::string Translated; ///< the text to check
  OffsetMap Map;          ///< input -> output offsets
  /// Input offsets where an untranslated construct's directive starts (its
  /// '#', or the start of the macro expansion that holds its _Pragma): the
  /// only places where a `#pragma acc` may survive.
  std::vector<unsigned> Untranslated;
  /// Input offsets of the names of the main file's functions whose bodies
  /// the parse skips (sorted; Verify/SkippedBodies.h).
  std::vector<unsigned> SkipBodies;
};

/// Parses In.Translated and runs the checks (a), (b), (c). Empty: it passed.
std::vector<SelfCheckFailure> selfCheck(const SelfCheckInput &In);

/// The invocation of the self-check parse, from that of the input's parse:
/// the same cc1 flags, without -fopenacc and without the include directory
/// that holds the bundled openacc.h (whose text is BundledHeader), with
/// -fopenmp, syntax only. Null (and *Error set) if Clang rejects the flags.
std::shared_ptr<clang::CompilerInvocation>
openMPInvocation(const clang::CompilerInvocation &Parse,
                 llvm::StringRef BundledHeader, std::string *Error = nullptr);

/// For tests: the invocation Clang's driver makes of `clang -fsyntax-only
/// Flags File` (no -fopenacc), then as openMPInvocation.
std::shared_ptr<clang::CompilerInvocation>
openMPInvocationFromFlags(const std::vector<std::string> &Flags,
                          llvm::StringRef File, llvm::StringRef BundledHeader = "",
                          std::string *Error = nullptr);

/// Test-only faults, injected into a file's edits before the check, so that
/// tests can show it firing: drop the map clauses of the emitted target
/// kernels (b), keep the OpenACC directives that were translated (c), keep
/// the acc_* calls that were rewritten (a).
enum class InjectedFault { None, DropMaps, KeepAccDirectives, KeepAccCalls };

/// What --self-check-inject sets (for the tests of the driver's roll-back).
void setInjectedFault(InjectedFault F);

/// Applies Fault to the edits of a file whose text is Original.
void injectFault(InjectedFault Fault, llvm::StringRef Original,
                 std::vector<Edit> &Edits);

/// The driver's hook, in the consumer of the input's parse (CI), after the
/// translation is computed: applies the fault of --self-check-inject (to
/// Plan.Edits and Translated), then, unless --self-check=off, checks
/// Translated. BundledHeader: the text of the bundled openacc.h.
std::vector<SelfCheckFailure>
selfCheckTranslation(clang::CompilerInstance &CI, llvm::StringRef BundledHeader,
                     llvm::StringRef Path, llvm::StringRef Original,
                     FilePlan &Plan, std::string &Translated);
/// The same hook for a parse known by its invocation (Parse), its file
/// system (FS) and its source manager (SM): a parse that this library did
/// not start, such as clang-tidy's.
/// SkipBodies: as SelfCheckInput's.
std::vector<SelfCheckFailure>
selfCheckTranslation(const clang::CompilerInvocation &Parse,
                     llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                     const clang::SourceManager &SM, llvm::StringRef BundledHeader,
                     llvm::StringRef Path, llvm::StringRef Original,
                     FilePlan &Plan, std::string &Translated,
                     std::vector<unsigned> SkipBodies = {});

} // namespace ompm

#endif
