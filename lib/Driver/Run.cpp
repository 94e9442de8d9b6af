//===- Run.cpp - A run over many files: in parallel, headers after --------===//
//
// The files of a run are parsed by -j threads, one job per file (all its
// compile commands, merged); each is reported in the order given, and
// written (-i, --output-dir) as soon as its result is final, so that an
// interrupted run keeps what it finished. The project's headers with
// OpenACC that the files include are found by those parses and translated
// after them, each under the commands of its includers (lib/Driver/
// Headers.h); their records leave the includers' reports for their own.
//
//===----------------------------------------------------------------------===//
#include "Driver/Commands.h"
#include "Driver/Configurations.h"
#include "Driver/Driver.h"
#include "Driver/Headers.h"
#include "Driver/Messages.h"
#include "Driver/Sarif.h"
#include "Driver/Suggest.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "Driver/Interrupts.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/YAMLTraits.h"
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace ompm {

namespace {

/// Writes the translation where the output mode says; returns 2 on a
/// failure to write, else 0.
int writeOutput(const FileResult &R, const DriverOptions &Opts, llvm::StringRef Root,
                llvm::StringRef OutputDir,
                llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  switch (Opts.Mode) {
  case OutputMode::Stdout:
    Out << R.Translated;
    return 0;
  case OutputMode::Diff:
    Out << unifiedDiff(shownPath(R.Path), R.Original, R.Translated);
    return 0;
  case OutputMode::None:
    return 0;
  case OutputMode::InPlace:
  case OutputMode::OutputDir:
    break;
  }
  std::string Target = R.Path;
  if (Opts.Mode == OutputMode::OutputDir) {
    // The file's path below Root, below the output directory: files of the
    // same name in different directories never overwrite each other.
    std::string Rel =
        pathBelow(R.Path, Root).value_or(llvm::sys::path::filename(R.Path).str());
    llvm::SmallString<256> P(OutputDir);
    llvm::sys::path::append(P, Rel);
    Target = std::string(P);
    llvm::StringRef Dir = llvm::sys::path::parent_path(Target);
    if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
      Err << "omp-migrate: error: cannot create '" << Dir << "': " << EC.message() << "\n";
      return 2;
    }
  } else if (R.Translated == R.Original) {
    return 0; // nothing to write
  }
  // -i: through a symbolic link to its target, keeping the file's mode; a
  // file nobody may write is left as it is.
  std::optional<llvm::sys::fs::perms> Mode;
  if (Opts.Mode == OutputMode::InPlace) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Target, Real))
      Target = std::string(Real);
    llvm::ErrorOr<llvm::sys::fs::perms> P = llvm::sys::fs::getPermissions(Target);
    if (P && (*P & llvm::sys::fs::all_write) == 0) {
      // Named as the file's other messages name it (not '/dir/./f.c').
      Err << "omp-migrate: error: '" << (R.Shown.empty() ? R.Path : R.Shown)
          << "' is read-only: not rewritten (make it writable to translate it in place)\n";
      return 2;
    }
    if (P)
      Mode = *P;
  }
  // writeToOutput writes a temporary file beside the target and renames it
  // over the target: a killed run leaves the old file (its handlers remove
  // the temporary on SIGINT and SIGTERM).
  if (!beginWrite())
    return 0; // interrupted: the process ends before the file is written
  llvm::Error WE = llvm::writeToOutput(Target, [&](llvm::raw_ostream &OS) {
    OS << R.Translated;
    return llvm::Error::success();
  });
  endWrite();
  if (WE) {
    Err << "omp-migrate: error: cannot write '" << Target
        << "': " << llvm::toString(std::move(WE)) << "\n";
    return 2;
  }
  if (Mode)
    if (std::error_code EC = llvm::sys::fs::setPermissions(Target, *Mode)) {
      Err << "omp-migrate: error: cannot restore the mode of '" << Target
          << "': " << EC.message() << "\n";
      return 2;
    }
  return 0;
}

template <typename Fn> int writeJson(const std::string &Path, const char *What,
                                     llvm::raw_ostream &Err, Fn Write) {
  if (!beginWrite())
    return 0;
  llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    Write(OS);
    return llvm::Error::success();
  });
  endWrite();
  if (E) {
    Err << "omp-migrate: error: cannot write " << What << ": "
        << llvm::toString(std::move(E)) << "\n";
    return 2;
  }
  return 0;
}


/// One file of the run: parsed (every command of it) on a worker thread.
struct Job {
  std::vector<std::string> Names; ///< the file as the run names it
  std::string Shown;              ///< as messages name it
  bool Header = false;            ///< a project header, on its own
  FileResult R;
  std::string Diags;    ///< its parses' diagnostics
  std::string WriteErr; ///< why writing it failed
  int WriteStatus = 0;
  std::vector<std::string> Dropped;
};

/// The real path of a file, or its absolute path when it has none.
std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  return std::string(Abs);
}

class Run {
public:
  Run(const tooling::CompilationDatabase &DB, const DriverOptions &Opts,
      llvm::raw_ostream &Out, llvm::raw_ostream &Err)
      : DB(DB), Opts(Opts), Out(Out), Err(Err),
        HeaderPhase(Opts.Mode != OutputMode::Stdout && !Opts.Suggest), Plan(Opts.Plan) {
    // Headers are written: a _Pragma in a header's macro is translated there.
    Plan.HeaderMacros = HeaderPhase;
  }
  int run(const std::vector<std::string> &Sources);

private:
  /// Parses and merges J's file (and writes it, with -i or --output-dir).
  void work(Job &J, const tooling::CompilationDatabase &From);
  /// Runs work() over Jobs on the pool, calling Done(J) for each in order.
  void runJobs(std::vector<Job> &Jobs, const tooling::CompilationDatabase &From,
               llvm::function_ref<void(Job &, size_t)> Done);
  /// The records of R's headers: moved to the headers' own results, or
  /// reported once in the run with the reason they stay.
  void sortHeaderRecords(FileResult &R);
  /// A header whose own parse failed: its directives, reported.
  FileResult headerNotParsed(const std::string &Header, const Job &J);
  /// The files that edit headers' macros, once every file is parsed: a
  /// file whose edits agree with every other file's at each literal (and
  /// whose headers are the project's) keeps them, its headers join the
  /// header phase, and it is written; the others are left intact.
  void acceptMacroEdits(std::vector<Job> &Waiting);
  /// Adds the files' edits of Header's macros to H, its translation.
  void applyMacroEdits(const std::string &Header, FileResult &H);
  /// Writes J's result with -i or --output-dir.
  void write(Job &J) {
    if ((Opts.Mode == OutputMode::InPlace || Opts.Mode == OutputMode::OutputDir) &&
        J.R.Parsed && J.R.Conflicts.empty()) {
      llvm::raw_string_ostream WE(J.WriteErr);
      J.WriteStatus = writeOutput(J.R, Opts, Root, OutputDir, llvm::nulls(), WE);
    }
  }
  void report(const FileResult &R, size_t Index, size_t Count);
  /// Reports J's result, then what writing it said, and keeps the result.
  void finish(Job &J, size_t Index, size_t Count) {
    report(J.R, Index, Count);
    Err << J.WriteErr;
    Status = std::max(Status, J.WriteStatus);
    Results.push_back(std::move(J.R));
  }
  /// Whether a header's record C is the first one at its place in the run.
  bool firstReport(const ConstructRecord &C) {
    return ReportedPlaces
        .insert(C.RealFile + ":" + std::to_string(C.Line) + ":" + std::to_string(C.Column))
        .second;
  }

  const tooling::CompilationDatabase &DB;
  const DriverOptions &Opts;
  llvm::raw_ostream &Out, &Err;
  const bool HeaderPhase;
  PlanOptions Plan;
  /// The headers' macro edits the files made: by header, then place
  /// (offset, length), the text and the first file that made it.
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, std::pair<std::string, std::string>>>
      MacroEdits;
  std::optional<HeaderSelection> Selection;
  std::string Root;
  std::string OutputDir; ///< absolute
  int Status = 0;
  std::vector<FileResult> Results;
  llvm::json::Array ReportFiles;
  tooling::TranslationUnitDiagnostics Fixes;
  std::vector<std::string> Dropped;
  HeaderDatabase Headers;
  /// The headers' records found by the files' parses (by header, then
  /// place), for a header that does not parse on its own.
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, ConstructRecord>> Stash;
  std::set<std::string> ReportedPlaces;
};

void Run::work(Job &J, const tooling::CompilationDatabase &From) {
  llvm::raw_string_ostream OS(J.Diags);
  OS.enable_colors(Opts.Colors);
  std::vector<FileResult> Rs = parseFiles(From, J.Names, Plan, OS, J.Dropped);
  if (Rs.empty()) {
    J.R.Path = realPath(J.Names.front());
    J.R.Shown = J.Shown;
    J.R.Error = "the file could not be parsed; it is skipped";
    return;
  }
  // The commands' edits of headers' macros (the merge keeps the file's).
  std::vector<Edit> Macro;
  for (FileResult &R : Rs)
    for (Edit &E : R.MacroEdits)
      if (llvm::none_of(Macro, [&](const Edit &M) {
            return M.File == E.File && M.Offset == E.Offset && M.Length == E.Length &&
                   M.Text == E.Text;
          }))
        Macro.push_back(std::move(E));
  J.R = mergeConfigurations(std::move(Rs));
  J.R.Shown = J.Shown;
  if (J.R.Parsed && J.R.Conflicts.empty())
    J.R.MacroEdits = std::move(Macro);
  else
    J.R.MacroEdits.clear();
  if (J.Header) {
    // Its uses of other headers' macros: as the files translated them.
    for (const Edit &E : J.R.MacroEdits) {
      auto Of = MacroEdits.find(E.File);
      if (Of == MacroEdits.end() || Of->second.count({E.Offset, E.Length}) == 0 ||
          Of->second.at({E.Offset, E.Length}).first != E.Text) {
        leaveFileIntact(J.R, 0, 0,
                        "it uses a _Pragma operator of a macro of " + shownPath(E.File) +
                            ", which the files do not translate as it does");
        break;
      }
    }
    J.R.MacroEdits.clear();
    applyMacroEdits(J.Names.front(), J.R);
  }
  // A file that edits a header's macro waits for the other files' edits.
  if (J.R.MacroEdits.empty())
    write(J);
}

void Run::acceptMacroEdits(std::vector<Job> &Waiting) {
  // The place of an edit in its header, for messages.
  auto Place = [](const Edit &E) {
    unsigned Line = 1;
    if (auto Buf = llvm::MemoryBuffer::getFile(E.File))
      Line += (*Buf)->getBuffer().take_front(E.Offset).count('\n');
    return shownPath(E.File) + ":" + std::to_string(Line);
  };
  // Every translation of each literal, with the first file that made it.
  using Literal = std::tuple<std::string, unsigned, unsigned>;
  std::map<Literal, std::map<std::string, std::string>> Texts;
  for (const Job &J : Waiting)
    for (const Edit &E : J.R.MacroEdits)
      Texts[{E.File, E.Offset, E.Length}].try_emplace(E.Text, J.Shown);
  for (Job &J : Waiting) {
    FileResult &R = J.R;
    std::string Why;
    for (const Edit &E : R.MacroEdits) {
      const auto &All = Texts[{E.File, E.Offset, E.Length}];
      if (!Selection->selects(E.File)) {
        Why = "the directive comes from a _Pragma operator in a macro of " + Place(E) +
              ", a header omp-migrate does not translate (" + Selection->whyNot(E.File) + ")";
      } else if (All.size() > 1) {
        Why = "the _Pragma operator of the macro at " + Place(E) + " translates differently in "
              "its uses (";
        for (auto It = All.begin(); It != All.end(); ++It)
          Why += (It == All.begin() ? "" : ", ") + It->first + " in " + It->second;
        Why += "); its definition can hold one, so every file that uses it is left intact";
      }
      if (!Why.empty())
        break;
    }
    if (!Why.empty()) {
      leaveFileIntact(R, 0, 0, Why);
      write(J); // --output-dir: its copy
      continue;
    }
    for (const Edit &E : R.MacroEdits) {
      MacroEdits[E.File].try_emplace({E.Offset, E.Length}, E.Text, J.Shown);
      // The header is written in the header phase, under its includers'
      // commands (or, when it does not parse alone, with these edits only).
      for (const tooling::CompileCommand &Cmd : DB.getCompileCommands(R.Path))
        Headers.add(E.File, Cmd);
    }
    write(J);
  }
}

void Run::applyMacroEdits(const std::string &Header, FileResult &H) {
  auto It = MacroEdits.find(Header);
  if (It == MacroEdits.end())
    return;
  for (const auto &[Place, Edit] : It->second) {
    auto Same = llvm::find_if(H.Plan.Edits, [&, P = Place](const ompm::Edit &E) {
      return E.Offset == P.first && E.Length == P.second;
    });
    if (Same == H.Plan.Edits.end()) {
      H.Plan.Edits.push_back({Place.first, Place.second, Edit.first});
    } else if (Same->Text != Edit.first) {
      // The header's own use of its macro translates otherwise.
      leaveFileIntact(H, 0, 0,
                      "the _Pragma operator of a macro at offset " + std::to_string(Place.first) +
                          " translates in the header as " + Same->Text + " and in " +
                          Edit.second + " as " + Edit.first +
                          "; the macro's definition can hold one");
      return;
    }
  }
  auto Text = applyEdits(H.Path, H.Original, H.Plan.Edits);
  if (!Text) {
    leaveFileIntact(H, 0, 0, "its macros' edits overlap its own: " + llvm::toString(Text.takeError()));
    return;
  }
  H.Translated = *Text;
}

void Run::runJobs(std::vector<Job> &Jobs, const tooling::CompilationDatabase &From,
                  llvm::function_ref<void(Job &, size_t)> Done) {
  unsigned Threads = Opts.Jobs ? Opts.Jobs : llvm::hardware_concurrency().compute_thread_count();
  if (Threads <= 1 || Jobs.size() <= 1) {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      work(Jobs[I], From);
      Done(Jobs[I], I);
    }
    return;
  }
  llvm::StdThreadPool Pool(llvm::hardware_concurrency(std::min<size_t>(Threads, Jobs.size())));
  std::vector<std::shared_future<void>> Futures;
  for (Job &J : Jobs)
    Futures.push_back(Pool.async([this, &J, &From] { work(J, From); }));
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Futures[I].wait();
    Done(Jobs[I], I);
  }
}

void Run::sortHeaderRecords(FileResult &R) {
  std::vector<ConstructRecord> Kept;
  for (ConstructRecord &C : R.Plan.Records) {
    if (C.RealFile.empty()) {
      Kept.push_back(std::move(C));
      continue;
    }
    bool Inside = R.HeadersInsideCode.count(C.RealFile);
    if (HeaderPhase && Selection->selects(C.RealFile) && !Inside) {
      // Translated on its own, under the command of each includer.
      for (const tooling::CompileCommand &Cmd : DB.getCompileCommands(R.Path))
        Headers.add(C.RealFile, Cmd);
      Stash[C.RealFile].emplace(std::make_pair(C.Line, C.Column), std::move(C));
      continue;
    }
    if (!firstReport(C))
      continue; // reported with an earlier file
    if (Inside)
      C.Reason += "; the header is included inside a declaration, so it is not "
                  "translated on its own";
    else if (!Selection->selects(C.RealFile))
      C.Reason += "; " + Selection->whyNot(C.RealFile);
    else
      C.Reason += "; the project's headers are translated when omp-migrate "
                  "writes files (-i, --output-dir) or a diff (--diff): the "
                  "standard output holds the main file alone";
    Kept.push_back(std::move(C));
  }
  R.Plan.Records = std::move(Kept);
  // What the original of a header translated on its own keeps from
  // compiling (its <openacc.h>) is the header's to report.
  llvm::erase_if(R.SelfCheckWarnings,
                 [&](const SelfCheckFailure &F) { return Stash.count(F.File); });
}

FileResult Run::headerNotParsed(const std::string &Header, const Job &J) {
  FileResult F;
  F.Path = Header;
  F.Shown = J.Shown;
  F.Parsed = true;
  if (auto Buf = llvm::MemoryBuffer::getFile(Header))
    F.Original = F.Translated = (*Buf)->getBuffer().str();
  // The first error of its parse says why.
  std::string First;
  for (llvm::StringRef L : llvm::split(J.Diags, '\n'))
    if (L.contains(": error: ")) {
      First = L.split(": error: ").second.str();
      break;
    }
  std::string Why = J.R.Error.empty() ? "it could not be parsed" : J.R.Error;
  for (auto &[Place, C] : Stash[Header]) {
    ConstructRecord R = C;
    R.File.clear();
    R.RealFile.clear();
    R.Translated = false;
    R.Reason = "the header does not compile on its own under its includers' "
               "commands" + (First.empty() ? std::string() : " (" + First + ")") +
               ", so it is not translated";
    F.Plan.Records.push_back(std::move(R));
  }
  return F;
}

void Run::report(const FileResult &R, size_t Index, size_t Count) {
  if (Opts.Progress)
    Err << "[" << Index + 1 << "/" << Count << "] " << (R.Shown.empty() ? R.Path : R.Shown)
        << "\n";
  if (Opts.Suggest && R.Parsed) {
    ReportFiles.push_back(reportFile(R, {}, llvm::nulls(), Status));
    printSuggestions(R, {Opts.Explain, Opts.Colors}, Err);
    if (!Opts.ExportFixes.empty())
      addSuggestionFixes(R, Fixes);
    return;
  }
  ReportFiles.push_back(reportFile(R, {Opts.Explain, Opts.Colors}, Err, Status));
  if (!R.Parsed)
    return;
  if (!Opts.ExportFixes.empty())
    addFixes(R, Fixes);
  if ((Opts.Mode == OutputMode::Stdout || Opts.Mode == OutputMode::Diff) &&
      (R.Conflicts.empty() || Opts.Mode == OutputMode::Stdout))
    Status = std::max(Status, writeOutput(R, Opts, Root, OutputDir, Out, Err));
}

int Run::run(const std::vector<std::string> &Sources) {
  // One job per file (by its real path), in the order first named.
  std::vector<Job> Jobs;
  std::map<std::string, size_t> JobOf;
  std::vector<std::string> Places, SourceDirs;
  for (const std::string &S : Sources) {
    if (!llvm::sys::fs::exists(S)) {
      Err << "omp-migrate: error: no such file: '" << S << "'\n";
      Status = 2;
      continue;
    }
    auto [It, New] = JobOf.emplace(realPath(S), Jobs.size());
    if (New) {
      Jobs.emplace_back();
      Jobs.back().Shown = S; // as given
    }
    Jobs[It->second].Names.push_back(S);
    Places.push_back(S);
    SourceDirs.push_back(llvm::sys::path::parent_path(S).str());
    for (const tooling::CompileCommand &C : DB.getCompileCommands(S))
      if (llvm::sys::path::is_absolute(C.Directory))
        Places.push_back(C.Directory + "/.");
  }
  // The project's root: --root, or the deepest directory above every file
  // and build directory (the files' alone when that is /). --output-dir
  // mirrors the paths below it; the headers below it are the project's.
  if (!Opts.Root.empty()) {
    llvm::SmallString<256> Abs(Opts.Root);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Root = std::string(Abs);
  } else {
    std::vector<std::string> Dirs;
    for (const std::string &P : Places)
      Dirs.push_back(llvm::sys::path::parent_path(P).str());
    Root = commonDirectory(Dirs);
    // A build directory outside the source tree (/tmp/build): the sources'
    // own directory.
    if (Root == "/" || Root.empty())
      Root = commonDirectory(SourceDirs);
  }
  std::optional<llvm::Regex> Filter;
  if (!Opts.HeaderFilter.empty())
    Filter.emplace(Opts.HeaderFilter);
  Selection.emplace(Root, std::move(Filter));
  if (!Opts.OutputDir.empty()) {
    llvm::SmallString<256> Abs(Opts.OutputDir);
    llvm::sys::fs::make_absolute(Abs);
    OutputDir = std::string(Abs);
  }

  std::vector<Job> Waiting;
  std::vector<size_t> WaitingIndex;
  runJobs(Jobs, DB, [&](Job &J, size_t I) {
    Err << J.Diags;
    for (const std::string &D : J.Dropped)
      if (!llvm::is_contained(Dropped, D))
        Dropped.push_back(D);
    sortHeaderRecords(J.R);
    if (!J.R.MacroEdits.empty()) {
      Waiting.push_back(std::move(J)); // reported once every use is known
      WaitingIndex.push_back(I);
      return;
    }
    finish(J, I, Jobs.size());
  });
  // The files that edit headers' macros: after the others.
  acceptMacroEdits(Waiting);
  for (size_t K = 0; K < Waiting.size(); ++K)
    finish(Waiting[K], WaitingIndex[K], Jobs.size());

  // The project's headers with OpenACC, each on its own.
  std::vector<Job> HeaderJobs;
  for (const std::string &H : Headers.getAllFiles()) {
    HeaderJobs.emplace_back();
    HeaderJobs.back().Names.push_back(H);
    HeaderJobs.back().Shown = shownPath(H);
    HeaderJobs.back().Header = true;
  }
  runJobs(HeaderJobs, Headers, [&](Job &J, size_t I) {
    const std::string &H = J.Names.front();
    if (!J.R.Parsed && J.R.SelfCheck.empty()) {
      J.R = headerNotParsed(H, J);
      // The files' edits of its macros need no parse of its own.
      if (MacroEdits.count(H)) {
        applyMacroEdits(H, J.R);
        write(J);
      }
    } else {
      Err << J.Diags;
      // A header it includes is translated on its own, or was reported.
      std::vector<ConstructRecord> Kept;
      for (ConstructRecord &C : J.R.Plan.Records)
        if (C.RealFile.empty() || (!Stash.count(C.RealFile) && firstReport(C)))
          Kept.push_back(std::move(C));
      J.R.Plan.Records = std::move(Kept);
    }
    finish(J, I, HeaderJobs.size());
  });

  Err << droppedFlagsNote(Dropped);
  // A grand total over several files.
  if (Results.size() > 1) {
    unsigned Parsed = 0, Constructs = 0, Translated = 0;
    for (const FileResult &R : Results) {
      Parsed += R.Parsed;
      for (const ConstructRecord &C : R.Plan.Records) {
        ++Constructs;
        Translated += C.Translated;
      }
    }
    Err << "omp-migrate: " << Results.size() << " files: " << Translated << " of " << Constructs
        << " constructs translated, " << (Constructs - Translated) << " reported; "
        << (Results.size() - Parsed) << " skipped for errors\n";
  }
  if (!Opts.Report.empty()) {
    llvm::json::Object Root{{"tool", "omp-migrate"},
                            {"loop_style", Opts.Plan.Style == LoopStyle::Loop
                                               ? "loop" : "distribute"},
                            {"files", std::move(ReportFiles)},
                            {"exit_status", Status}};
    Status = std::max(Status, writeJson(Opts.Report, "report", Err, [&](llvm::raw_ostream &OS) {
      OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
    }));
  }
  if (!Opts.Sarif.empty()) {
    // Code scanning places a log's paths against the repository's root:
    // without --root, the SARIF log's %SRCROOT% is the git work tree that
    // holds the project (a project in a subdirectory of its repository),
    // else the project's root.
    std::string SarifRoot =
        Opts.Root.empty() ? nearestDirWith(Root, ".git").value_or(Root) : Root;
    Status = std::max(Status, writeJson(Opts.Sarif, "SARIF log", Err, [&](llvm::raw_ostream &OS) {
      OS << llvm::formatv("{0:2}", sarifLog(Results, SarifRoot, Opts.ToolVersion)) << "\n";
    }));
  }
  if (!Opts.ExportFixes.empty()) {
    if (!Results.empty())
      Fixes.MainSourceFile = Results.front().Path;
    Status = std::max(Status, writeJson(Opts.ExportFixes, "fixes", Err, [&](llvm::raw_ostream &OS) {
      llvm::yaml::Output YAML(OS);
      YAML << Fixes;
    }));
  }
  return Status;
}

} // namespace

int runDriver(const tooling::CompilationDatabase &DB,
              const std::vector<std::string> &Sources, const DriverOptions &Opts,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  return Run(DB, Opts, Out, Err).run(Sources);
}

} // namespace ompm
