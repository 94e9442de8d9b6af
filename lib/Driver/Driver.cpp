//===- Driver.cpp - Run omp-migrate over files ----------------------------===//
#include "Driver/Driver.h"
#include "Facts/Directives.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include <set>

using namespace clang;

namespace ompm {

llvm::StringRef builtinOpenACCHeader() {
  static const char Text[] =
#include "OpenACCHeader.inc"
      ;
  return Text;
}

namespace {

/// The bundled openacc.h, written to a private directory for one run (the
/// header search of Clang ignores include directories that exist only in an
/// in-memory overlay).
class BuiltinHeaderDir {
public:
  BuiltinHeaderDir() {
    llvm::SmallString<128> Dir;
    if (llvm::sys::fs::createUniqueDirectory("omp-migrate-include", Dir))
      return;
    llvm::SmallString<128> File(Dir);
    llvm::sys::path::append(File, "openacc.h");
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    if (EC)
      return;
    OS << builtinOpenACCHeader();
    Path = std::string(Dir);
  }
  ~BuiltinHeaderDir() {
    if (Path.empty())
      return;
    llvm::SmallString<128> File(Path);
    llvm::sys::path::append(File, "openacc.h");
    llvm::sys::fs::remove(File);
    llvm::sys::fs::remove(Path);
  }
  std::string Path;
};

class PPCollector : public PPCallbacks {
public:
  PPCollector(const SourceManager &SM, PPFacts &PP) : SM(SM), PP(PP) {}
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef FileName,
                          bool, CharSourceRange FilenameRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isInMainFile(HashLoc))
      return;
    if (PP.FirstInclude.isInvalid())
      PP.FirstInclude = HashLoc;
    if (FileName == "omp.h")
      PP.IncludesOmpH = true;
    if (FileName == "openacc.h" && FilenameRange.getBegin().isFileID())
      PP.OpenACCIncludes.push_back(FilenameRange);
  }
  void Ifdef(SourceLocation, const Token &T, const MacroDefinition &) override { note(T); }
  void Ifndef(SourceLocation, const Token &T, const MacroDefinition &) override { note(T); }
  void Defined(const Token &T, const MacroDefinition &, SourceRange) override { note(T); }
  void MacroExpands(const Token &T, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    note(T);
  }

private:
  void note(const Token &T) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (!II || II->getName() != "_OPENACC")
      return;
    SourceLocation L = T.getLocation();
    if (!L.isFileID() || !SM.isInMainFile(L))
      return;
    if (!Seen.insert(SM.getFileOffset(L)).second)
      return;
    PP.OpenACCMacroRefs.push_back(
        CharSourceRange::getCharRange(L, L.getLocWithOffset(T.getLength())));
  }
  const SourceManager &SM;
  PPFacts &PP;
  std::set<unsigned> Seen;
};

class Consumer : public ASTConsumer {
public:
  Consumer(PPFacts &PP, const PlanOptions &Opts, FileResult &R)
      : PP(PP), Opts(Opts), R(R) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    R.Original = SM.getBufferData(SM.getMainFileID()).str();
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      R.Error = "the file has compile errors; it is skipped";
      return;
    }
    std::vector<Directive> Dirs = collectDirectives(Ctx);
    R.Plan = planFile(Ctx, Dirs, PP, Opts);
    auto Reps = toReplacements(R.Path, R.Plan.Edits);
    if (!Reps) {
      R.Error = llvm::toString(Reps.takeError());
      return;
    }
    auto Text = tooling::applyAllReplacements(R.Original, *Reps);
    if (!Text) {
      R.Error = llvm::toString(Text.takeError());
      return;
    }
    R.Translated = *Text;
    R.Parsed = true;
  }

private:
  PPFacts &PP;
  const PlanOptions &Opts;
  FileResult &R;
};

class Action : public ASTFrontendAction {
public:
  Action(const PlanOptions &Opts, std::vector<FileResult> &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    Results.emplace_back();
    Results.back().Path = File.str();
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<PPCollector>(CI.getSourceManager(), PP));
    return std::make_unique<Consumer>(PP, Opts, Results.back());
  }

private:
  PPFacts PP;
  const PlanOptions &Opts;
  std::vector<FileResult> &Results;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const PlanOptions &Opts, std::vector<FileResult> &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Opts, Results);
  }

private:
  const PlanOptions &Opts;
  std::vector<FileResult> &Results;
};

const char *const LenientWarnings[] = {
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=int-conversion", "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int"};

/// The flags every parse gets, whatever its compile command: OpenACC on;
/// OpenMP off unless --optimize-data reads the input's OpenMP kernels (the
/// build's own -fopenmp flags are dropped either way: offload-target flags
/// mean nothing to a parse); what gcc accepts parsed leniently; the bundled
/// openacc.h, and the directory of an installed omp.h (Clang 22 ships
/// neither), both after the build's own -I paths.
std::vector<std::string> parseFlags(const std::string &IncludeDir, bool OpenMP) {
  std::vector<std::string> Flags = {"-fopenacc"};
  if (OpenMP)
    Flags.push_back("-fopenmp");
  // Parse what gcc accepts: these are errors by default in Clang 22's C
  // but warnings in gcc, which builds the original program.
  for (const char *W : LenientWarnings)
    Flags.push_back(W);
  if (!IncludeDir.empty()) {
    Flags.push_back("-idirafter");
    Flags.push_back(IncludeDir);
  }
  llvm::StringRef OmpDir = OMPM_OMP_H_DIR;
  if (!OmpDir.empty() && llvm::sys::fs::exists(OmpDir + "/omp.h")) {
    Flags.push_back("-idirafter");
    Flags.push_back(OmpDir.str());
  }
  return Flags;
}

/// A compile command with the build's OpenACC/OpenMP flags replaced by
/// parseFlags, and Clang 22's own headers unless it names a resource dir.
tooling::ArgumentsAdjuster commonAdjuster(std::string IncludeDir, bool OpenMP) {
  return [IncludeDir, OpenMP](const tooling::CommandLineArguments &Args, StringRef) {
    tooling::CommandLineArguments Out;
    bool HasResourceDir = false;
    for (size_t I = 0; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.starts_with("-fopenmp") || A == "-fopenacc")
        continue;
      if (A.starts_with("-resource-dir"))
        HasResourceDir = true;
      Out.push_back(Args[I]);
    }
    auto At = Out.empty() ? Out.end() : Out.begin() + 1;
    std::vector<std::string> Extra = parseFlags(IncludeDir, OpenMP);
    Extra.push_back("-Wno-unknown-pragmas");
    if (!HasResourceDir)
      Extra.push_back("-resource-dir=" OMPM_RESOURCE_DIR);
    Out.insert(At, Extra.begin(), Extra.end());
    return Out;
  };
}

} // namespace

namespace {

/// Runs Act over Code, parsed as FileName (an in-memory file over the real
/// file system, so its #includes resolve as the file's would) with the
/// flags every parse gets (OpenMP on or off) and Args. Compiler diagnostics
/// go to DiagOut, or nowhere. Returns whether the tool ran.
bool runOnCode(llvm::StringRef Code, llvm::StringRef FileName,
               const std::vector<std::string> &Args, bool OpenMP,
               std::unique_ptr<FrontendAction> Act, llvm::raw_ostream *DiagOut) {
  BuiltinHeaderDir Include;
  std::vector<std::string> All = parseFlags(Include.Path, OpenMP);
  All.push_back("-resource-dir=" OMPM_RESOURCE_DIR);
  All.insert(All.end(), Args.begin(), Args.end());
  DiagnosticOptions DiagOpts;
  std::string Ignored;
  llvm::raw_string_ostream Sink(Ignored);
  TextDiagnosticPrinter Printer(DiagOut ? *DiagOut : Sink, DiagOpts);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  llvm::SmallString<256> Abs(FileName);
  llvm::sys::fs::make_absolute(Abs);
  Memory->addFile(Abs, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
  std::vector<std::string> Cmd = {"omp-migrate", "-fsyntax-only"};
  Cmd.insert(Cmd.end(), All.begin(), All.end());
  Cmd.push_back(std::string(Abs));
  tooling::ToolInvocation Inv(Cmd, std::move(Act), Files.get());
  Inv.setDiagnosticConsumer(&Printer);
  return Inv.run();
}

/// Hands the AST of a file without errors to a callback.
class ASTCallbackAction : public ASTFrontendAction {
public:
  ASTCallbackAction(llvm::function_ref<void(ASTContext &)> Fn, bool &Called)
      : Fn(Fn), Called(Called) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    struct C : ASTConsumer {
      C(llvm::function_ref<void(ASTContext &)> Fn, bool &Called) : Fn(Fn), Called(Called) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        if (Ctx.getDiagnostics().hasErrorOccurred())
          return;
        Fn(Ctx);
        Called = true;
      }
      llvm::function_ref<void(ASTContext &)> Fn;
      bool &Called;
    };
    return std::make_unique<C>(Fn, Called);
  }

private:
  llvm::function_ref<void(ASTContext &)> Fn;
  bool &Called;
};

} // namespace

FileResult translateCode(llvm::StringRef Code, llvm::StringRef FileName,
                         const std::vector<std::string> &Args,
                         const PlanOptions &Opts, llvm::raw_ostream *DiagOut) {
  std::vector<FileResult> Results;
  runOnCode(Code, FileName, Args, Opts.OptimizeOpenMP,
            std::make_unique<Action>(Opts, Results), DiagOut);
  if (Results.empty()) {
    FileResult R;
    R.Path = FileName.str();
    R.Error = "the file could not be parsed";
    return R;
  }
  Results.front().Path = FileName.str(); // as the caller named it
  return Results.front();
}

bool parseOpenMPCode(llvm::StringRef Code, llvm::StringRef FileName,
                     const std::vector<std::string> &Args,
                     llvm::function_ref<void(clang::ASTContext &)> Fn,
                     llvm::raw_ostream *DiagOut) {
  bool Called = false;
  std::vector<std::string> All = Args;
  if (!DiagOut) // not even "N warnings generated"
    All.push_back("-fno-caret-diagnostics");
  runOnCode(Code, FileName, All, /*OpenMP=*/true,
            std::make_unique<ASTCallbackAction>(Fn, Called), DiagOut);
  return Called;
}

// ---------------------------------------------------------------------------
// Unified diff (Myers' O(ND) algorithm on lines).
// ---------------------------------------------------------------------------
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Original,
                        llvm::StringRef Translated) {
  auto Lines = [](llvm::StringRef S) {
    std::vector<llvm::StringRef> L;
    while (!S.empty()) {
      size_t NL = S.find('\n');
      if (NL == llvm::StringRef::npos) {
        L.push_back(S);
        break;
      }
      L.push_back(S.substr(0, NL + 1));
      S = S.substr(NL + 1);
    }
    return L;
  };
  std::vector<llvm::StringRef> A = Lines(Original), B = Lines(Translated);
  const int N = A.size(), M = B.size(), Max = N + M;
  std::vector<std::vector<int>> Trace;
  std::vector<int> V(2 * Max + 2, 0);
  int Off = Max + 1, D = 0;
  bool Done = N == 0 && M == 0;
  for (D = 0; D <= Max && !Done; ++D) {
    for (int K = -D; K <= D; K += 2) {
      int X = (K == -D || (K != D && V[Off + K - 1] < V[Off + K + 1]))
                  ? V[Off + K + 1]
                  : V[Off + K - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Off + K] = X;
      if (X >= N && Y >= M) {
        Done = true;
        break;
      }
    }
    Trace.push_back(std::vector<int>(V.begin() + Off - D, V.begin() + Off + D + 1));
  }
  // Backtrack into ops: ' ' equal, '-' delete, '+' insert.
  std::vector<std::pair<char, int>> Ops; // (op, line index in A or B)
  int X = N, Y = M;
  for (int Dd = static_cast<int>(Trace.size()) - 1; Dd > 0; --Dd) {
    const std::vector<int> &Prev = Trace[Dd - 1];
    auto PV = [&](int K) { return Prev[K + (Dd - 1)]; };
    int K = X - Y;
    int PrevK = (K == -Dd || (K != Dd && PV(K - 1) < PV(K + 1))) ? K + 1 : K - 1;
    int PrevX = PV(PrevK), PrevY = PrevX - PrevK;
    while (X > PrevX && Y > PrevY)
      Ops.push_back({' ', --X}), --Y;
    if (X == PrevX)
      Ops.push_back({'+', --Y});
    else
      Ops.push_back({'-', --X});
  }
  while (X > 0 && Y > 0)
    Ops.push_back({' ', --X}), --Y;
  std::reverse(Ops.begin(), Ops.end());
  bool Changed = llvm::any_of(Ops, [](auto &O) { return O.first != ' '; });
  if (!Changed)
    return "";
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "--- " << Path << "\n+++ " << Path << "\n";
  const int Ctx = 3;
  size_t I = 0;
  while (I < Ops.size()) {
    while (I < Ops.size() && Ops[I].first == ' ')
      ++I;
    if (I >= Ops.size())
      break;
    size_t Start = I >= static_cast<size_t>(Ctx) ? I - Ctx : 0;
    size_t End = I;
    // Extend while changes are within 2*Ctx lines of each other.
    size_t LastChange = I;
    for (size_t J = I; J < Ops.size(); ++J) {
      if (Ops[J].first != ' ')
        LastChange = J;
      else if (J - LastChange > 2 * Ctx)
        break;
      End = J;
    }
    End = std::min(Ops.size() - 1, LastChange + Ctx);
    // Line numbers of the hunk start.
    int ALine = 0, BLine = 0;
    for (size_t J = 0; J < Start; ++J) {
      if (Ops[J].first != '+') ++ALine;
      if (Ops[J].first != '-') ++BLine;
    }
    int ACount = 0, BCount = 0;
    for (size_t J = Start; J <= End; ++J) {
      if (Ops[J].first != '+') ++ACount;
      if (Ops[J].first != '-') ++BCount;
    }
    OS << "@@ -" << (ACount ? ALine + 1 : ALine) << "," << ACount << " +"
       << (BCount ? BLine + 1 : BLine) << "," << BCount << " @@\n";
    for (size_t J = Start; J <= End; ++J) {
      llvm::StringRef L = Ops[J].first == '+' ? B[Ops[J].second] : A[Ops[J].second];
      OS << Ops[J].first << L;
      if (!L.ends_with("\n"))
        OS << "\n\\ No newline at end of file\n";
    }
    I = End + 1;
  }
  return Out;
}

// ---------------------------------------------------------------------------
int runDriver(const tooling::CompilationDatabase &DB,
              const std::vector<std::string> &Sources, const DriverOptions &Opts,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  int Status = 0;
  std::vector<std::string> Existing;
  for (const std::string &S : Sources) {
    if (!llvm::sys::fs::exists(S)) {
      Err << "omp-migrate: error: no such file: '" << S << "'\n";
      Status = 2;
      continue;
    }
    Existing.push_back(S);
  }
  std::vector<FileResult> Results;
  Results.reserve(Existing.size() + 1);
  if (!Existing.empty()) {
    BuiltinHeaderDir Include;
    tooling::ClangTool Tool(DB, Existing);
    Tool.appendArgumentsAdjuster(commonAdjuster(Include.Path, Opts.Plan.OptimizeOpenMP));
    Factory F(Opts.Plan, Results);
    Tool.run(&F);
  }
  llvm::json::Array ReportFiles;
  tooling::TranslationUnitDiagnostics Fixes;
  std::set<std::string> Done;
  for (FileResult &R : Results) {
    std::string Path = R.Path;
    llvm::json::Object FileObj{{"file", Path}};
    if (!R.Parsed) {
      Err << Path << ": error: " << (R.Error.empty() ? "not translated" : R.Error)
          << " [omp-migrate]\n";
      FileObj["error"] = R.Error;
      ReportFiles.push_back(std::move(FileObj));
      Status = 2;
      Done.insert(Path);
      continue;
    }
    Done.insert(Path);
    llvm::json::Array Cons;
    unsigned Translated = 0, Total = 0;
    // --explain's notes of a record (construct or decision), and the report
    // fields both kinds have.
    auto PrintNotes = [&](const ConstructRecord &C) {
      if (Opts.Explain)
        for (const std::string &N : C.Notes)
          Err << Path << ":" << C.Line << ":" << C.Column << ": note: " << N
              << " [omp-migrate]\n";
    };
    auto ReportOf = [](const ConstructRecord &C) {
      llvm::json::Array Notes;
      for (const std::string &N : C.Notes)
        Notes.push_back(N);
      return llvm::json::Object{{"kind", C.Kind},
                                {"line", C.Line},
                                {"column", C.Column},
                                {"original", C.Original},
                                {"notes", std::move(Notes)}};
    };
    // Notes in source order: a decision's before the constructs after it.
    size_t NextDecision = 0;
    auto NotesOfDecisionsBefore = [&](unsigned Line, unsigned Column) {
      for (; NextDecision < R.Plan.Decisions.size(); ++NextDecision) {
        const ConstructRecord &D = R.Plan.Decisions[NextDecision];
        if (std::tie(D.Line, D.Column) >= std::tie(Line, Column))
          break;
        PrintNotes(D);
      }
    };
    for (const ConstructRecord &C : R.Plan.Records) {
      NotesOfDecisionsBefore(C.Line, C.Column);
      ++Total;
      Translated += C.Translated;
      if (!C.Translated) {
        Err << Path << ":" << C.Line << ":" << C.Column << ": warning: '" << C.Kind
            << "' not translated: " << C.Reason << " [omp-migrate]\n";
        Err << "  " << llvm::StringRef(C.Original).split('\n').first << "\n";
      }
      PrintNotes(C);
      llvm::json::Array Em;
      for (const std::string &E : C.Emitted)
        Em.push_back(E);
      llvm::json::Object O = ReportOf(C);
      O["emitted"] = std::move(Em);
      O["translated"] = C.Translated;
      if (!C.Translated)
        O["reason"] = C.Reason;
      Cons.push_back(std::move(O));
    }
    NotesOfDecisionsBefore(~0u, ~0u);
    llvm::json::Array Decisions;
    for (const ConstructRecord &D : R.Plan.Decisions)
      Decisions.push_back(ReportOf(D));
    if (Translated != Total)
      Status = std::max(Status, 1);
    FileObj["constructs"] = std::move(Cons);
    if (!Decisions.empty())
      FileObj["decisions"] = std::move(Decisions);
    FileObj["translated"] = Translated;
    FileObj["total"] = Total;
    ReportFiles.push_back(std::move(FileObj));
    if (Total)
      Err << "omp-migrate: " << Path << ": " << Translated << " of " << Total
          << " constructs translated\n";

    if (!Opts.ExportFixes.empty() && !R.Plan.Edits.empty()) {
      auto Reps = toReplacements(Path, R.Plan.Edits);
      if (Reps) {
        tooling::Diagnostic D;
        D.DiagnosticName = "omp-migrate";
        D.DiagLevel = tooling::Diagnostic::Warning;
        llvm::SmallString<256> Cwd;
        if (!llvm::sys::fs::current_path(Cwd))
          D.BuildDirectory = std::string(Cwd);
        D.Message.Message = "OpenACC translated to OpenMP";
        D.Message.FilePath = Path;
        D.Message.FileOffset = 0;
        for (const tooling::Replacement &Rep : *Reps)
          llvm::consumeError(D.Message.Fix[Path].add(Rep));
        Fixes.Diagnostics.push_back(std::move(D));
      } else {
        llvm::consumeError(Reps.takeError());
      }
    }
    switch (Opts.Mode) {
    case OutputMode::Stdout:
      Out << R.Translated;
      break;
    case OutputMode::Diff:
      Out << unifiedDiff(Path, R.Original, R.Translated);
      break;
    case OutputMode::InPlace:
    case OutputMode::OutputDir: {
      std::string Target = Path;
      if (Opts.Mode == OutputMode::OutputDir) {
        llvm::SmallString<256> P(Opts.OutputDir);
        llvm::sys::path::append(P, llvm::sys::path::filename(Path));
        Target = std::string(P);
        if (std::error_code EC = llvm::sys::fs::create_directories(Opts.OutputDir)) {
          Err << "omp-migrate: error: cannot create '" << Opts.OutputDir
              << "': " << EC.message() << "\n";
          Status = 2;
          break;
        }
      } else if (R.Translated == R.Original) {
        break; // nothing to write
      }
      if (llvm::Error E = llvm::writeToOutput(Target, [&](llvm::raw_ostream &OS) {
            OS << R.Translated;
            return llvm::Error::success();
          })) {
        Err << "omp-migrate: error: cannot write '" << Target
            << "': " << llvm::toString(std::move(E)) << "\n";
        Status = 2;
      }
      break;
    }
    case OutputMode::None:
      break;
    }
  }
  for (const std::string &S : Existing) {
    bool Found = false;
    for (const FileResult &R : Results)
      Found |= llvm::sys::path::filename(R.Path) == llvm::sys::path::filename(S);
    if (!Found) {
      Err << S << ": error: the file could not be parsed; it is skipped "
          << "[omp-migrate]\n";
      Status = 2;
    }
  }
  if (!Opts.Report.empty()) {
    llvm::json::Object Root{{"tool", "omp-migrate"},
                            {"loop_style", Opts.Plan.Style == LoopStyle::Loop
                                               ? "loop" : "distribute"},
                            {"files", std::move(ReportFiles)},
                            {"exit_status", Status}};
    if (llvm::Error E = llvm::writeToOutput(Opts.Report, [&](llvm::raw_ostream &OS) {
          OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
          return llvm::Error::success();
        })) {
      Err << "omp-migrate: error: cannot write report: "
          << llvm::toString(std::move(E)) << "\n";
      Status = 2;
    }
  }
  if (!Opts.ExportFixes.empty()) {
    if (!Results.empty())
      Fixes.MainSourceFile = Results.front().Path;
    if (llvm::Error E = llvm::writeToOutput(Opts.ExportFixes, [&](llvm::raw_ostream &OS) {
          llvm::yaml::Output YAML(OS);
          YAML << Fixes;
          return llvm::Error::success();
        })) {
      Err << "omp-migrate: error: cannot write fixes: "
          << llvm::toString(std::move(E)) << "\n";
      Status = 2;
    }
  }
  return Status;
}

} // namespace ompm
