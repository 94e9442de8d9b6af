//===- Driver.h - Run omp-migrate over files ---------------------*- C++ -*-===//
//
// Parses each file with Clang (OpenACC on), plans its translation and writes
// the result: to stdout, in place (atomically), into a directory, as a
// unified diff, as clang-apply-replacements YAML, and a JSON report.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_DRIVER_H
#define OMPM_DRIVER_DRIVER_H

#include "Driver/PreprocessorFacts.h"
#include "Plan/Planner.h"
#include "Verify/SelfCheck.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ompm {

enum class OutputMode { Stdout, InPlace, OutputDir, Diff, None };

struct DriverOptions {
  PlanOptions Plan;
  OutputMode Mode = OutputMode::Stdout;
  std::string OutputDir;
  /// --output-dir mirrors the files' paths below Root (--root); empty: the
  /// deepest directory that holds every file of the run.
  std::string Root;
  std::string ExportFixes; ///< YAML path, "" = none
  std::string Report;      ///< JSON path, "" = none
  std::string Sarif;       ///< SARIF 2.1.0 path, "" = none
  std::string ToolVersion; ///< for the SARIF log
  bool Explain = false;    ///< notes on stderr too
  /// Messages in colour (--use-color; by default, on a terminal).
  bool Colors = false;
  /// --suggest: print the serial loops that can be offloaded as remarks
  /// with fix-its (lib/Driver/Suggest.h); write nothing.
  bool Suggest = false;
  /// Files parsed at once (-j); 0: one per core.
  unsigned Jobs = 1;
  /// A progress line per file on stderr ([3/500] path): on a terminal, or
  /// always with --progress.
  bool Progress = false;
  /// --header-filter: the headers to translate (a regex over their real
  /// paths); empty: those below the project's root (lib/Driver/Headers.h).
  std::string HeaderFilter;
};

/// The result of translating one source file.
struct FileResult {
  std::string Path;
  /// How messages name the file: as the user or the compilation database
  /// named it (empty: Path).
  std::string Shown;
  /// The directory of its compile command (the parse's working directory).
  std::string Directory;
  bool Parsed = false;
  std::string Error; ///< why the file was skipped
  std::string Original, Translated;
  FilePlan Plan;
  /// The -D and -U flags of the compile command ("" when none).
  std::string Macros;
  /// How many compile commands gave this result (the file named twice, or
  /// several entries for it in compile_commands.json): their results are
  /// merged (lib/Driver/Configurations.h).
  unsigned Commands = 1;
  /// Places where the commands' translations disagree (Line, Column and the
  /// message in Reason); the file is then left intact.
  std::vector<ConstructRecord> Conflicts;
  /// Byte ranges of the file that the command's preprocessor skipped
  /// (inactive #if branches): another command's edit there does not change
  /// this command's program.
  std::vector<std::pair<unsigned, unsigned>> Skipped;
  /// Why the self-check rejected the translation (then Parsed is false).
  std::vector<SelfCheckFailure> SelfCheck;
  /// Project headers with OpenACC that the file includes inside a
  /// declaration (their real paths): fragments, not translated on their own.
  std::set<std::string> HeadersInsideCode;
  /// Edits of `_Pragma("acc ...")` string literals in the macro definitions
  /// of project headers (Edit::File names the header; PlanOptions::
  /// HeaderMacros): written with the header when every file that uses the
  /// macro agrees (lib/Driver/Run.cpp).
  std::vector<Edit> MacroEdits;
  /// Compile failures of a translation that keeps reported constructs
  /// (warnings; the file is written).
  std::vector<SelfCheckFailure> SelfCheckWarnings;
};

/// What becomes of a file once Clang has parsed it, wherever the parse ran
/// (the driver's, or clang-tidy's for the module in tidy/): plans it, adds
/// the records of the OpenACC the planner could not see (PP and Sites, from
/// collectPreprocessorFacts; a header's place once per Reported), applies
/// the edits and self-checks the translation (lib/Verify) with a parse made
/// from Parse, the invocation of this one, over FS, its file system. Fills
/// R (whose Path names the file); R.Parsed is false when the file has
/// compile errors or the self-check rejects the translation.
void planParsedFile(clang::ASTContext &Ctx, const clang::CompilerInvocation &Parse,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                    const PPFacts &PP, const OpenACCSites &Sites,
                    std::set<std::string> &Reported, const PlanOptions &Opts,
                    FileResult &R);

/// The constructs to roll back for R's self-check failures, by the input
/// offset where each starts, with the reason: for text an edit wrote, the
/// construct whose translation made the edit; else the innermost translated
/// construct around the failure. Lenient (the file keeps reported
/// constructs): a compile error in text no edit wrote is put on none.
std::map<unsigned, std::string> constructsAtFault(const clang::SourceManager &SM,
                                                  const FileResult &R, bool Lenient);

/// Translates one file's text (for tests and the driver): Args are compile
/// flags (no file name).
FileResult translateCode(llvm::StringRef Code, llvm::StringRef FileName,
                         const std::vector<std::string> &Args,
                         const PlanOptions &Opts,
                         llvm::raw_ostream *DiagOut = nullptr);

/// Parses Code as FileName with OpenMP on (as --optimize-data parses) and
/// calls Fn with its AST; Args are compile flags (no file name). Returns
/// false, without calling Fn, when the code has errors.
bool parseOpenMPCode(llvm::StringRef Code, llvm::StringRef FileName,
                     const std::vector<std::string> &Args,
                     llvm::function_ref<void(clang::ASTContext &)> Fn,
                     llvm::raw_ostream *DiagOut = nullptr);

/// Parses Files under each of their commands in DB (one result per
/// command), in this thread. The parses' and their drivers' diagnostics go
/// to Diags (in colour when Diags has colours enabled); Dropped gets the other compilers' flags the commands lost.
std::vector<FileResult> parseFiles(const clang::tooling::CompilationDatabase &DB,
                                   const std::vector<std::string> &Files,
                                   const PlanOptions &Opts, llvm::raw_ostream &Diags,
                                   std::vector<std::string> &Dropped);

/// A construct of a file with the edits that go with it (those at or after
/// its place, before the next construct's).
struct ConstructFix {
  const ConstructRecord *Record = nullptr; ///< null: edits of no construct
  unsigned Offset = 0;                     ///< its place in the original
  std::string Message; ///< "'parallel loop' translated: #pragma omp ..."
  std::vector<clang::tooling::Replacement> Edits;
};

/// The file's constructs (not its headers') in source order, each with its
/// edits; when it has none, one entry without a record holds every edit.
std::vector<ConstructFix> constructFixes(const FileResult &R);

/// Adds the file's edits to Fixes as clang-apply-replacements diagnostics:
/// one per construct at its own place with its message (a remark when
/// translated, a warning when not), each edit with the construct at or
/// before it, in the compile command's directory.
void addFixes(const FileResult &R, clang::tooling::TranslationUnitDiagnostics &Fixes);

/// Runs over Sources with their commands from DB (a file with several
/// commands gets one merged result). Returns the exit status: 0 every
/// OpenACC directive the parses saw translated, 1 something reported and
/// left intact, 2 input errors.
int runDriver(const clang::tooling::CompilationDatabase &DB,
              const std::vector<std::string> &Sources,
              const DriverOptions &Opts, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err);

/// Takes back R's translation: its edits and macro edits go, the text is
/// the original, each translated record becomes untranslated with
/// Reason(record).
void takeBackTranslation(FileResult &R,
                         llvm::function_ref<std::string(const ConstructRecord &)> Reason);
/// Takes back R's translation (edits, macro edits, translated records)
/// because of Why; the construct at Line:Column (if any) gets Why as its
/// reason, the others "left intact with the whole file: Why".
void leaveFileIntact(FileResult &R, unsigned Line, unsigned Column, const std::string &Why);

/// How reportFile prints.
struct ReportStyle {
  bool Explain = false; ///< --explain's notes
  bool Colors = false;  ///< --use-color, or a terminal
};

/// Prints what became of a file to Err, through Clang's diagnostic engine
/// (lib/Driver/Messages.h): a conflict between its compile commands, each
/// construct not translated (`file:line:col: warning: 'kind' not
/// translated: reason`), each warning of a translated construct, --explain's
/// notes, each with its source line; then the summary line ("3 of 3
/// constructs translated, 1 warning"). Returns the file's entry of the JSON
/// report. Status becomes 2 for a file that was not parsed, at least 1 when
/// something is left intact; warnings leave it as it is.
llvm::json::Object reportFile(const FileResult &R, const ReportStyle &Style,
                              llvm::raw_ostream &Err, int &Status);

/// A unified diff of Original -> Translated, hunks with 3 lines of context,
/// the file named a/Path and b/Path (as git names them).
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Original,
                        llvm::StringRef Translated);

/// The bundled OpenACC 3.3 declaration header used for parsing.
llvm::StringRef builtinOpenACCHeader();

} // namespace ompm

#endif
