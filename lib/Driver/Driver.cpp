//===- Driver.cpp - Run omp-migrate over files ----------------------------===//
#include "Driver/Driver.h"
#include "Driver/Distribute.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "Analysis/AstQueries.h"
#include "Driver/Messages.h"
#include "Driver/Suggest.h"
#include "Driver/Commands.h"
#include "Driver/Configurations.h"
#include "Driver/Headers.h"
#include "Driver/PreprocessorFacts.h"
#include "Edit/PragmaOperators.h"
#include "Facts/Directives.h"
#include "Verify/SelfCheck.h"
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
#include "llvm/ADT/StringExtras.h"
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
#include <optional>
      ;
  return Text;
}

namespace {

/// The bundled openacc.h is served from memory, as a file of the parse's
/// in-memory file system in Clang's own include directory (which exists on
/// disk: header search skips include directories that exist only in
/// memory), so a run writes nothing to disk for it.
const char *const BuiltinHeaderPath = OMPM_RESOURCE_DIR "/include/openacc.h";

/// Plans the file once it is parsed (planParsedFile).
class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, PPFacts &PP, OpenACCSites &Sites,
           std::set<std::string> &Reported, const PlanOptions &Opts, FileResult &R)
      : CI(CI), PP(PP), Sites(Sites), Reported(Reported), Opts(Opts), R(R) {}
  /// Functions of system headers are parsed without their bodies
  /// (Analysis/AstQueries.h, inSystemHeader).
  bool shouldSkipFunctionBody(Decl *D) override { return inSystemHeader(D); }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    planParsedFile(Ctx, CI.getInvocation(), CI.getFileManager().getVirtualFileSystemPtr(),
                   PP, Sites, Reported, Opts, R);
  }

private:
  CompilerInstance &CI;
  PPFacts &PP;
  OpenACCSites &Sites;
  std::set<std::string> &Reported;
  const PlanOptions &Opts;
  FileResult &R;
};

class Action : public ASTFrontendAction {
public:
  Action(const PlanOptions &Opts, std::vector<FileResult> &Results,
         std::set<std::string> &Reported, const CommandLog *Log)
      : Opts(Opts), Results(Results), Reported(Reported), Log(Log) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    Results.emplace_back();
    // A compile_commands.json entry may name the file relative to its
    // directory, which is the parse's working directory, not the tool's.
    llvm::SmallString<256> Path(File);
    CI.getFileManager().makeAbsolutePath(Path);
    Results.back().Path = std::string(Path);
    if (auto Dir = CI.getVirtualFileSystem().getCurrentWorkingDirectory())
      Results.back().Directory = *Dir;
    if (Log)
      Results.back().Macros = Log->macros();
    CI.getPreprocessor().addPPCallbacks(
        collectPreprocessorFacts(CI.getPreprocessor(), PP, Sites));
    return std::make_unique<Consumer>(CI, PP, Sites, Reported, Opts, Results.back());
  }

private:
  PPFacts PP;
  OpenACCSites Sites;
  const PlanOptions &Opts;
  std::vector<FileResult> &Results;
  std::set<std::string> &Reported;
  const CommandLog *Log;
};

/// One Action per compile command. The driver's diagnostics of a command
/// go to Log; a command whose driver reported errors (an unknown argument)
/// is not parsed: its file gets the error.
class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const PlanOptions &Opts, std::vector<FileResult> &Results, CommandLog &Log,
          llvm::raw_ostream &Diags)
      : Opts(Opts), Results(Results), Log(Log), Diags(Diags) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Opts, Results, Reported, &Log);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *) override {
    std::vector<std::string> Errors = Log.takeErrors();
    if (!Errors.empty()) {
      FileResult R;
      const auto &Inputs = Invocation->getFrontendOpts().Inputs;
      llvm::SmallString<256> Path(Inputs.empty() ? "" : Inputs.front().getFile());
      Files->makeAbsolutePath(Path);
      R.Path = std::string(Path);
      R.Macros = Log.macros();
      R.Error = "its compile command has errors (" + llvm::join(Errors, "; ") +
                "); it is skipped";
      Results.push_back(std::move(R));
      return false;
    }
    // The parse prints its diagnostics as Clang does, into the file's own
    // stream, its "N warnings generated" too (files parsed in parallel are
    // reported in order).
    // In colour when Diags has colours (--use-color, or a terminal).
    Invocation->getDiagnosticOpts().ShowColors = Diags.colors_enabled();
    // The bodies of system headers' functions are skipped (Consumer).
    Invocation->getFrontendOpts().SkipFunctionBodies = true;
    TextDiagnosticPrinter Printer(Diags, Invocation->getDiagnosticOpts());
    // What a second plan of the file starts from (planSplit).
    std::shared_ptr<CompilerInvocation> Again;
    std::set<std::string> ReportedBefore;
    if (Opts.SplitLoops) {
      Again = std::make_shared<CompilerInvocation>(*Invocation);
      ReportedBefore = Reported;
    }
    std::unique_ptr<FrontendAction> Act = create();
    bool Ok = execute(std::move(Invocation), Files, PCH, Printer, *Act, &Diags);
    if (Ok && Again && !Results.empty() && !Results.back().Plan.Splits.empty())
      planSplit(std::move(Again), Files, PCH, ReportedBefore);
    return Ok;
  }

  /// Runs Act over Invocation in Files, its diagnostics to Printer.
  static bool execute(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                      std::shared_ptr<PCHContainerOperations> PCH, DiagnosticConsumer &Printer,
                      FrontendAction &Act, llvm::raw_ostream *Verbose) {
    CompilerInstance Compiler(std::move(Invocation), std::move(PCH));
    Compiler.setVirtualFileSystem(Files->getVirtualFileSystemPtr());
    Compiler.setFileManager(Files);
    Compiler.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
    if (!Compiler.hasDiagnostics())
      return false;
    Compiler.createSourceManager();
    if (Verbose)
      Compiler.setVerboseOutputStream(*Verbose);
    bool Ok = Compiler.ExecuteAction(Act);
    Files->clearStatCache();
    return Ok;
  }

  /// The file planned again with the loops of its plan's Splits written as
  /// two (lib/Driver/Distribute.h); that plan replaces the first when it
  /// is to be kept. Its parse's diagnostics are the first parse's: not
  /// printed again.
  void planSplit(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                 std::shared_ptr<PCHContainerOperations> PCH,
                 const std::set<std::string> &ReportedBefore) {
    FileResult &First = Results.back();
    if (!First.Error.empty() || !First.Parsed)
      return;
    const auto &Inputs = Invocation->getFrontendOpts().Inputs;
    if (Inputs.size() != 1 || !Inputs.front().isFile())
      return;
    std::string Main = Inputs.front().getFile().str();
    Invocation->getPreprocessorOpts().addRemappedFile(
        Main, llvm::MemoryBuffer::getMemBufferCopy(splitText(First.Original, First.Plan.Splits),
                                                   Main)
                  .release());
    std::string Ignored;
    llvm::raw_string_ostream Sink(Ignored);
    TextDiagnosticPrinter Printer(Sink, Invocation->getDiagnosticOpts());
    PlanOptions Second = Opts;
    Second.SplitLoops = false;
    std::set<std::string> SecondReported = ReportedBefore;
    std::vector<FileResult> Again;
    Action Act(Second, Again, SecondReported, &Log);
    bool Ok = execute(std::move(Invocation), Files, std::move(PCH), Printer, Act, nullptr);
    if (!Ok || Again.size() != 1 ||
        !adoptSplitPlan(Again.front(), First.Original, First.Plan.Splits))
      return;
    FileResult &R = Again.front();
    R.Path = First.Path;
    R.Shown = First.Shown;
    R.Directory = First.Directory;
    R.Macros = First.Macros;
    First = std::move(R);
    Reported = std::move(SecondReported);
  }

private:
  const PlanOptions &Opts;
  std::vector<FileResult> &Results;
  CommandLog &Log;
  llvm::raw_ostream &Diags;
  std::set<std::string> Reported; ///< header places reported in this run
};

/// A database of one command.
class OneCommand : public tooling::CompilationDatabase {
public:
  explicit OneCommand(tooling::CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {Cmd};
  }

private:
  tooling::CompileCommand Cmd;
};

} // namespace

namespace {

/// Runs Act over Code, parsed as FileName (an in-memory file over the real
/// file system, so its #includes resolve as the file's would) with the
/// flags every parse gets (OpenMP on or off) and Args. Compiler diagnostics
/// go to DiagOut, or nowhere. Returns whether the tool ran.
bool runOnCode(llvm::StringRef Code, llvm::StringRef FileName,
               const std::vector<std::string> &Args, bool OpenMP,
               std::unique_ptr<FrontendAction> Act, llvm::raw_ostream *DiagOut) {
  std::vector<std::string> All = parseFlags(OpenMP);
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
  Memory->addFile(BuiltinHeaderPath, 0,
                  llvm::MemoryBuffer::getMemBuffer(builtinOpenACCHeader()));
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

std::vector<FileResult> parseFiles(const tooling::CompilationDatabase &DB,
                                   const std::vector<std::string> &Files,
                                   const PlanOptions &Opts, llvm::raw_ostream &Diags,
                                   std::vector<std::string> &Dropped) {
  std::vector<FileResult> Results;
  if (Files.empty())
    return Results;
  CommandLog Log(Diags);
  Factory F(Opts, Results, Log, Diags);
  // One tool per command (ClangTool would print a line per command), each
  // with a file system of its own, whose working directory (the command's)
  // is not the process's: files are parsed in parallel, and written
  // meanwhile.
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const std::string &Given : Files) {
    // Absolute from the process's directory when the command runs in
    // another: the tool parses in the command's directory, where a relative
    // name would be another file (`omp-migrate sub/ok.c` with a command run
    // in sub/). Otherwise as given, which Clang's messages repeat.
    llvm::SmallString<256> Abs(Given);
    llvm::sys::fs::make_absolute(Abs);
    std::string File = Given;
    std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(Given);
    if (!llvm::sys::path::is_absolute(Given) &&
        llvm::any_of(Cmds, [&](const tooling::CompileCommand &C) {
          return !llvm::sys::fs::equivalent(C.Directory, Cwd);
        })) {
      File = std::string(Abs);
      Cmds = DB.getCompileCommands(File);
    }
    for (const tooling::CompileCommand &Cmd : Cmds) {
      OneCommand Single(Cmd);
      tooling::ClangTool Tool(Single, {File}, std::make_shared<PCHContainerOperations>(),
                              llvm::vfs::createPhysicalFileSystem());
      Tool.mapVirtualFile(BuiltinHeaderPath, builtinOpenACCHeader());
      Tool.appendArgumentsAdjuster(
          commonAdjuster(Opts.OptimizeOpenMP || Opts.OffloadSerial || Opts.OffloadOpenMP, &Log));
      // A file named by its absolute path (every file of a -p run), or
      // parsed in another directory than the process's: Clang's messages
      // name it absolutely too, as omp-migrate's own lines do, not as the
      // command spells it (`b.c:21:45: warning` beside `/src/b.c: 1 of 1`).
      if (llvm::sys::path::is_absolute(Given) || File != Given)
        Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
            "-fdiagnostics-absolute-paths", tooling::ArgumentInsertPosition::END));
      Tool.setDiagnosticConsumer(&Log);
      Tool.setPrintErrorMessage(false);
      Tool.run(&F);
    }
  }
  Dropped = Log.droppedFlags();
  return Results;
}

FileResult translateCode(llvm::StringRef Code, llvm::StringRef FileName,
                         const std::vector<std::string> &Args,
                         const PlanOptions &Opts, llvm::raw_ostream *DiagOut) {
  std::vector<FileResult> Results;
  std::set<std::string> Reported;
  runOnCode(Code, FileName, Args,
            Opts.OptimizeOpenMP || Opts.OffloadSerial || Opts.OffloadOpenMP || Opts.KernelCriticals,
            std::make_unique<Action>(Opts, Results, Reported, nullptr), DiagOut);
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
  OS << "--- a/" << Path << "\n+++ b/" << Path << "\n";
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
namespace {

/// How messages name R.
std::string shownName(const FileResult &R) { return R.Shown.empty() ? R.Path : R.Shown; }

/// The reports of one file, through Clang's diagnostic engine: a record
/// at its place in the file or in the header it names, with the source line.
class FileMessages {
public:
  FileMessages(const FileResult &R, bool Colors, llvm::raw_ostream &Err)
      : R(R), Printer(Err, Colors) {}
  void report(clang::DiagnosticsEngine::Level Level, const ConstructRecord &C,
              llvm::StringRef Message) {
    if (C.File.empty()) {
      Printer.report(Level, shownName(R), R.Original, C.Line, C.Column, Message);
      return;
    }
    auto [It, New] = Headers.try_emplace(C.File);
    if (New) {
      auto Buf = llvm::MemoryBuffer::getFile(C.RealFile.empty() ? C.File : C.RealFile);
      It->second = Buf ? std::optional<std::string>((*Buf)->getBuffer().str()) : std::nullopt;
    }
    if (It->second)
      Printer.report(Level, shownPath(C.File), *It->second, C.Line, C.Column, Message);
    else // unreadable now: the place in the message
      Printer.report(Level, shownPath(C.File) + ":" + std::to_string(C.Line) + ":" +
                                std::to_string(C.Column), "", 0, 0, Message);
  }
  /// A self-check finding, at its place in the translation.
  void report(clang::DiagnosticsEngine::Level Level, const SelfCheckFailure &F) {
    Printer.report(Level, shownName(R), R.Translated, F.Line, F.Column,
                   selfCheckMessage(F, Level == clang::DiagnosticsEngine::Warning));
  }
  /// A message about the whole file.
  void report(clang::DiagnosticsEngine::Level Level, llvm::StringRef Message) {
    Printer.report(Level, shownName(R), "", 0, 0, Message);
  }

private:
  const FileResult &R;
  MessagePrinter Printer;
  std::map<std::string, std::optional<std::string>> Headers;
};

std::string plural(unsigned N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

/// The report fields of a record (construct or decision).
llvm::json::Object recordReport(const ConstructRecord &C) {
  llvm::json::Array Notes;
  for (const std::string &N : C.Notes)
    Notes.push_back(N);
  llvm::json::Object O{{"kind", C.Kind},
                       {"line", C.Line},
                       {"column", C.Column},
                       {"original", C.Original},
                       {"notes", std::move(Notes)}};
  if (!C.File.empty())
    O["file"] = C.File;
  return O;
}

} // namespace

llvm::json::Object reportFile(const FileResult &R, const ReportStyle &Style,
                              llvm::raw_ostream &Err, int &Status) {
  using Level = clang::DiagnosticsEngine::Level;
  FileMessages Msgs(R, Style.Colors, Err);
  llvm::json::Object FileObj{{"file", R.Path}};
  if (R.Commands > 1)
    FileObj["compile_commands"] = R.Commands;
  if (!R.Parsed) {
    for (const SelfCheckFailure &F : R.SelfCheck)
      Msgs.report(Level::Error, F);
    if (R.SelfCheck.empty())
      Msgs.report(Level::Error, (R.Error.empty() ? "not translated" : R.Error) + " [omp-migrate]");
    FileObj["error"] = R.Error;
    Status = 2;
    return FileObj;
  }
  llvm::json::Array Conflicts;
  for (const ConstructRecord &C : R.Conflicts) {
    Msgs.report(Level::Warning, C, C.Reason + "; the file is left intact [omp-migrate]");
    Conflicts.push_back(llvm::json::Object{
        {"line", C.Line}, {"column", C.Column}, {"message", C.Reason}});
  }
  // --explain's notes of a record (construct or decision).
  auto PrintNotes = [&](const ConstructRecord &C) {
    if (Style.Explain)
      for (const std::string &N : C.Notes)
        Msgs.report(Level::Note, C, N + " [omp-migrate]");
  };
  // Notes in source order: a decision's before the constructs after it.
  size_t NextDecision = 0;
  auto NotesOfDecisionsBefore = [&](const ConstructRecord &C) {
    for (; NextDecision < R.Plan.Decisions.size(); ++NextDecision) {
      const ConstructRecord &D = R.Plan.Decisions[NextDecision];
      if (C.File.empty() && std::tie(D.Line, D.Column) >= std::tie(C.Line, C.Column))
        break;
      PrintNotes(D);
    }
  };
  llvm::json::Array Cons;
  unsigned Translated = 0, Total = 0, Warnings = 0;
  for (const ConstructRecord &C : R.Plan.Records) {
    NotesOfDecisionsBefore(C);
    ++Total;
    Translated += C.Translated;
    if (!C.Translated)
      Msgs.report(Level::Warning, C,
                  "'" + C.Kind + "' not translated: " + C.Reason + " [omp-migrate]");
    for (const std::string &W : C.Warnings)
      Msgs.report(Level::Warning, C, W + " [omp-migrate]");
    Warnings += C.Warnings.size();
    PrintNotes(C);
    llvm::json::Array Em, Ws;
    for (const std::string &E : C.Emitted)
      Em.push_back(E);
    for (const std::string &W : C.Warnings)
      Ws.push_back(W);
    llvm::json::Object O = recordReport(C);
    O["emitted"] = std::move(Em);
    O["translated"] = C.Translated;
    if (!C.Translated)
      O["reason"] = C.Reason;
    if (C.Inactive)
      O["inactive"] = true;
    if (!Ws.empty())
      O["warnings"] = std::move(Ws);
    Cons.push_back(std::move(O));
  }
  for (; NextDecision < R.Plan.Decisions.size(); ++NextDecision)
    PrintNotes(R.Plan.Decisions[NextDecision]);
  llvm::json::Array Decisions;
  for (const ConstructRecord &D : R.Plan.Decisions)
    Decisions.push_back(recordReport(D));
  llvm::json::Array SelfCheckWarnings;
  for (const SelfCheckFailure &F : R.SelfCheckWarnings) {
    Msgs.report(Level::Warning, F);
    SelfCheckWarnings.push_back(F.What);
  }
  if (!SelfCheckWarnings.empty())
    FileObj["self_check_warnings"] = std::move(SelfCheckWarnings);
  if (Translated != Total || !R.Conflicts.empty())
    Status = std::max(Status, 1);
  FileObj["constructs"] = std::move(Cons);
  if (!R.Plan.Loops.empty())
    FileObj["loops"] = loopsReport(R);
  if (!R.Plan.Criticals.empty()) {
    llvm::json::Array Cs;
    for (const CriticalRecord &C : R.Plan.Criticals) {
      llvm::json::Object O{{"line", C.Line}, {"column", C.Column},
                           {"name", C.Name}, {"converted", C.Converted}};
      if (C.Converted) {
        O["form"] = C.Form;
        if (!C.Directive.empty())
          O["directive"] = C.Directive;
      } else {
        O["reason"] = C.Reason;
      }
      Cs.push_back(std::move(O));
    }
    FileObj["criticals"] = std::move(Cs);
  }
  if (!Decisions.empty())
    FileObj["decisions"] = std::move(Decisions);
  if (!Conflicts.empty())
    FileObj["conflicts"] = std::move(Conflicts);
  FileObj["translated"] = Translated;
  FileObj["total"] = Total;
  if (Warnings)
    FileObj["warnings"] = Warnings;
  if (Total || !R.Conflicts.empty()) {
    Err << "omp-migrate: " << shownName(R) << ": " << Translated << " of " << Total
        << " constructs translated";
    if (Warnings)
      Err << ", " << plural(Warnings, "warning");
    if (!R.Conflicts.empty())
      Err << "; left intact: its " << R.Commands << " compile commands conflict";
    Err << "\n";
  }
  return FileObj;
}

namespace {

/// The offset of Line:Column (1-based) in Text, clamped to its size.
unsigned offsetOf(llvm::StringRef Text, unsigned Line, unsigned Column) {
  size_t Off = 0;
  for (unsigned L = 1; L < Line && Off < Text.size(); ++L) {
    size_t NL = Text.find('\n', Off);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    Off = NL + 1;
  }
  return std::min<size_t>(Off + (Column ? Column - 1 : 0), Text.size());
}

} // namespace

std::vector<ConstructFix> constructFixes(const FileResult &R) {
  std::vector<ConstructFix> Fs;
  auto Reps = toReplacements(R.Path, R.Plan.Edits);
  if (!Reps) {
    llvm::consumeError(Reps.takeError());
    return Fs;
  }
  for (const ConstructRecord &C : R.Plan.Records) {
    if (!C.File.empty())
      continue; // a header's: reported, not edited
    ConstructFix F;
    F.Record = &C;
    F.Offset = offsetOf(R.Original, C.Line, C.Column);
    F.Message = "'" + C.Kind + "' " +
                (C.Translated ? "translated" + (C.Emitted.empty()
                                                    ? std::string()
                                                    : ": " + C.Emitted.front())
                              : "not translated: " + C.Reason);
    Fs.push_back(std::move(F));
  }
  llvm::stable_sort(Fs, [](const ConstructFix &A, const ConstructFix &B) {
    return A.Offset < B.Offset;
  });
  if (Fs.empty() && Reps->empty())
    return Fs;
  if (Fs.empty()) {
    ConstructFix F;
    F.Message = "OpenACC translated to OpenMP";
    Fs.push_back(std::move(F));
  }
  // Each edit goes with the construct at or before it; edits above every
  // construct with the first one.
  for (const tooling::Replacement &Rep : *Reps) {
    size_t K = 0;
    while (K + 1 < Fs.size() && Fs[K + 1].Offset <= Rep.getOffset())
      ++K;
    Fs[K].Edits.push_back(Rep);
  }
  return Fs;
}

void addFixes(const FileResult &R, tooling::TranslationUnitDiagnostics &Fixes) {
  std::string Dir = R.Directory;
  llvm::SmallString<256> Cwd;
  if (Dir.empty() && !llvm::sys::fs::current_path(Cwd))
    Dir = std::string(Cwd);
  for (const ConstructFix &F : constructFixes(R)) {
    tooling::Diagnostic D;
    D.DiagnosticName = "omp-migrate";
    D.DiagLevel = !F.Record || F.Record->Translated ? tooling::Diagnostic::Remark
                                                    : tooling::Diagnostic::Warning;
    D.BuildDirectory = Dir;
    D.Message.Message = F.Message;
    D.Message.FilePath = R.Path;
    D.Message.FileOffset = F.Offset;
    for (const tooling::Replacement &Rep : F.Edits)
      llvm::consumeError(D.Message.Fix[R.Path].add(Rep));
    Fixes.Diagnostics.push_back(std::move(D));
  }
}

} // namespace ompm
