//===- Driver.cpp - Run omp-migrate over files ----------------------------===//
#include "Driver/Driver.h"
#include "Driver/Suggest.h"
#include "Driver/Commands.h"
#include "Driver/Configurations.h"
#include "Driver/PreprocessorFacts.h"
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
  Factory(const PlanOptions &Opts, std::vector<FileResult> &Results, CommandLog &Log)
      : Opts(Opts), Results(Results), Log(Log) {}
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
    // The parse prints its diagnostics as Clang's tooling does by default.
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCH), nullptr);
  }

private:
  const PlanOptions &Opts;
  std::vector<FileResult> &Results;
  CommandLog &Log;
  std::set<std::string> Reported; ///< header places reported in this run
};

} // namespace

namespace {

/// No edit: the construct at Loc is not translated, for Why, and the
/// others are left with the file.
void leaveIntact(const SourceManager &SM, SourceLocation Loc, const std::string &Why,
                 FileResult &R) {
  unsigned Line = SM.getPresumedLineNumber(Loc), Column = SM.getPresumedColumnNumber(Loc);
  R.Plan.Edits.clear();
  for (ConstructRecord &C : R.Plan.Records) {
    if (!C.Translated)
      continue;
    C.Translated = false;
    C.Emitted.clear();
    C.Warnings.clear();
    C.Reason = C.File.empty() && C.Line == Line && C.Column == Column
                   ? Why
                   : "left intact with the whole file: " + Why;
  }
}

} // namespace

void planParsedFile(ASTContext &Ctx, const CompilerInvocation &Parse,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                    const PPFacts &PP, const OpenACCSites &Sites,
                    std::set<std::string> &Reported, const PlanOptions &Opts,
                    FileResult &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  R.Original = SM.getBufferData(SM.getMainFileID()).str();
  if (Ctx.getDiagnostics().hasErrorOccurred()) {
    R.Error = "the file has compile errors; it is skipped";
    return;
  }
  std::vector<Directive> Dirs = collectDirectives(Ctx);
  R.Plan = planFile(Ctx, Dirs, PP, Opts);
  std::vector<ConstructRecord> More =
      unplannedRecords(SM, Sites, R.Plan.Records, Reported);
  auto Header = std::stable_partition(More.begin(), More.end(),
                                      [](const ConstructRecord &C) { return C.File.empty(); });
  std::vector<ConstructRecord> &Records = R.Plan.Records;
  size_t Planned = Records.size();
  Records.insert(Records.end(), More.begin(), Header);
  std::inplace_merge(Records.begin(), Records.begin() + Planned, Records.end(),
                     [](const ConstructRecord &A, const ConstructRecord &B) {
                       return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
                     });
  Records.insert(Records.end(), Header, More.end());
  R.Skipped = Sites.SkippedInMain;
  std::string Why;
  int Including = constructIncludingOpenACC(SM, Sites, Dirs, Why);
  if (Including >= 0)
    leaveIntact(SM, Dirs[Including].Loc, Why, R);
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
  // Re-parsed as OpenMP compilers see it (lib/Verify): on a failure,
  // nothing is written for the file.
  R.SelfCheck = selfCheckTranslation(Parse, std::move(FS), SM, builtinOpenACCHeader(),
                                     R.Path, R.Original, R.Plan, R.Translated);
  // What a reported construct leaves (an acc_* call with no OpenMP form,
  // a header's <openacc.h>) may keep the file from compiling: the reports
  // say so already, and the file is written with them.
  bool HeaderOpenACC = !Sites.HeaderIncludes.empty() ||
                       llvm::any_of(Sites.Pragmas, [&](const AccPragma &P) {
                         return !SM.isInMainFile(SM.getExpansionLoc(P.Loc));
                       });
  // A call to an acc_* routine reported as not translated is left: the
  // report says so (the file keeps its #include <openacc.h>, reported).
  auto IsReported = [&](const SelfCheckFailure &F) {
    return F.Compile ||
           (!F.AccRoutine.empty() &&
            llvm::any_of(R.Plan.Records, [&](const ConstructRecord &C) {
              return !C.Translated && C.Kind == "runtime call" &&
                     llvm::StringRef(C.Original).starts_with(F.AccRoutine + "(");
            }));
  };
  if (!R.SelfCheck.empty() && (R.Plan.untranslated() > 0 || HeaderOpenACC) &&
      llvm::all_of(R.SelfCheck, IsReported))
    std::swap(R.SelfCheck, R.SelfCheckWarnings);
  if (!R.SelfCheck.empty()) {
    R.Parsed = false;
    R.Error = "internal error: self-check failed; nothing is written";
  }
}

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

std::string placeOf(const FileResult &R, const ConstructRecord &C) {
  return (C.File.empty() ? R.Path : C.File) + ":" + std::to_string(C.Line) + ":" +
         std::to_string(C.Column);
}

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

llvm::json::Object reportFile(const FileResult &R, bool Explain,
                              llvm::raw_ostream &Err, int &Status) {
  llvm::json::Object FileObj{{"file", R.Path}};
  if (R.Commands > 1)
    FileObj["compile_commands"] = R.Commands;
  if (!R.Parsed) {
    for (const SelfCheckFailure &F : R.SelfCheck)
      Err << formatSelfCheckFailure(R.Path, F) << "\n";
    if (R.SelfCheck.empty())
      Err << R.Path << ": error: " << (R.Error.empty() ? "not translated" : R.Error)
          << " [omp-migrate]\n";
    FileObj["error"] = R.Error;
    Status = 2;
    return FileObj;
  }
  llvm::json::Array Conflicts;
  for (const ConstructRecord &C : R.Conflicts) {
    Err << placeOf(R, C) << ": warning: " << C.Reason
        << "; the file is left intact [omp-migrate]\n";
    Conflicts.push_back(llvm::json::Object{
        {"line", C.Line}, {"column", C.Column}, {"message", C.Reason}});
  }
  // --explain's notes of a record (construct or decision).
  auto PrintNotes = [&](const ConstructRecord &C) {
    if (Explain)
      for (const std::string &N : C.Notes)
        Err << placeOf(R, C) << ": note: " << N << " [omp-migrate]\n";
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
    if (!C.Translated) {
      Err << placeOf(R, C) << ": warning: '" << C.Kind
          << "' not translated: " << C.Reason << " [omp-migrate]\n";
      Err << "  " << llvm::StringRef(C.Original).split('\n').first << "\n";
    }
    for (const std::string &W : C.Warnings)
      Err << placeOf(R, C) << ": warning: " << W << " [omp-migrate]\n";
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
    Err << formatSelfCheckWarning(R.Path, F) << "\n";
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
    Err << "omp-migrate: " << R.Path << ": " << Translated << " of " << Total
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

/// The file's edits as clang-apply-replacements diagnostics: one per
/// construct at its own place with its message (a remark when translated,
/// a warning when not), each edit with the construct at or before it (the
/// first one for edits above every construct), in the compile command's
/// directory.
void addFixes(const FileResult &R, tooling::TranslationUnitDiagnostics &Fixes) {
  auto Reps = toReplacements(R.Path, R.Plan.Edits);
  if (!Reps) {
    llvm::consumeError(Reps.takeError());
    return;
  }
  std::string Dir = R.Directory;
  llvm::SmallString<256> Cwd;
  if (Dir.empty() && !llvm::sys::fs::current_path(Cwd))
    Dir = std::string(Cwd);
  auto Make = [&](tooling::Diagnostic::Level L, const std::string &Msg, unsigned Off) {
    tooling::Diagnostic D;
    D.DiagnosticName = "omp-migrate";
    D.DiagLevel = L;
    D.BuildDirectory = Dir;
    D.Message.Message = Msg;
    D.Message.FilePath = R.Path;
    D.Message.FileOffset = Off;
    return D;
  };
  std::vector<tooling::Diagnostic> Ds;
  for (const ConstructRecord &C : R.Plan.Records) {
    if (!C.File.empty())
      continue; // a header's: reported, not edited
    std::string Msg = "'" + C.Kind + "' " +
                      (C.Translated ? "translated" + (C.Emitted.empty()
                                                          ? std::string()
                                                          : ": " + C.Emitted.front())
                                    : "not translated: " + C.Reason);
    Ds.push_back(Make(C.Translated ? tooling::Diagnostic::Remark : tooling::Diagnostic::Warning,
                      Msg, offsetOf(R.Original, C.Line, C.Column)));
  }
  llvm::stable_sort(Ds, [](const tooling::Diagnostic &A, const tooling::Diagnostic &B) {
    return A.Message.FileOffset < B.Message.FileOffset;
  });
  if (Ds.empty() && Reps->empty())
    return;
  if (Ds.empty())
    Ds.push_back(Make(tooling::Diagnostic::Remark, "OpenACC translated to OpenMP", 0));
  for (const tooling::Replacement &Rep : *Reps) {
    size_t K = 0;
    while (K + 1 < Ds.size() && Ds[K + 1].Message.FileOffset <= Rep.getOffset())
      ++K;
    llvm::consumeError(Ds[K].Message.Fix[R.Path].add(Rep));
  }
  for (tooling::Diagnostic &D : Ds)
    Fixes.Diagnostics.push_back(std::move(D));
}

/// The path a diff names: relative to the working directory when the file
/// is under it (`git apply` takes a/ and b/ paths from the repository's
/// root), else as it is.
std::string diffPath(llvm::StringRef Path) {
  llvm::SmallString<256> Cwd, Abs(Path);
  if (llvm::sys::fs::current_path(Cwd) || llvm::sys::fs::make_absolute(Abs))
    return Path.str();
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::StringRef Rel = Abs;
  if (Rel.consume_front(Cwd) && Rel.consume_front("/"))
    return Rel.str();
  return Path.str();
}

/// Writes the translation where the output mode says; returns 2 on a
/// failure to write, else 0.
int writeOutput(const FileResult &R, const DriverOptions &Opts, llvm::StringRef Root,
                llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  switch (Opts.Mode) {
  case OutputMode::Stdout:
    Out << R.Translated;
    return 0;
  case OutputMode::Diff:
    Out << unifiedDiff(diffPath(R.Path), R.Original, R.Translated);
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
    llvm::SmallString<256> Norm(R.Path);
    llvm::sys::path::remove_dots(Norm, /*remove_dot_dot=*/true);
    llvm::StringRef Rel = Norm;
    if (!Rel.consume_front(Root) || !Rel.consume_front("/"))
      Rel = llvm::sys::path::filename(R.Path);
    llvm::SmallString<256> P(Opts.OutputDir);
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
      Err << "omp-migrate: error: '" << R.Path
          << "' is read-only: not rewritten (make it writable to translate it in place)\n";
      return 2;
    }
    if (P)
      Mode = *P;
  }
  // writeToOutput writes a temporary file beside the target and renames it
  // over the target: a killed run leaves the old file (its handlers remove
  // the temporary on SIGINT and SIGTERM).
  if (llvm::Error E = llvm::writeToOutput(Target, [&](llvm::raw_ostream &OS) {
        OS << R.Translated;
        return llvm::Error::success();
      })) {
    Err << "omp-migrate: error: cannot write '" << Target
        << "': " << llvm::toString(std::move(E)) << "\n";
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

/// Parses every file under each of its compile commands.
std::vector<FileResult> parseAll(const tooling::CompilationDatabase &DB,
                                 const std::vector<std::string> &Files,
                                 const DriverOptions &Opts, llvm::raw_ostream &Err) {
  std::vector<FileResult> Results;
  if (Files.empty())
    return Results;
  CommandLog Log(Err);
  tooling::ClangTool Tool(DB, Files);
  Tool.mapVirtualFile(BuiltinHeaderPath, builtinOpenACCHeader());
  Tool.appendArgumentsAdjuster(
      commonAdjuster(Opts.Plan.OptimizeOpenMP || Opts.Plan.OffloadSerial ||
                                       Opts.Plan.OffloadOpenMP, &Log));
  Tool.setDiagnosticConsumer(&Log);
  Factory F(Opts.Plan, Results, Log);
  Tool.run(&F);
  Err << Log.droppedNote();
  return Results;
}

template <typename Fn> int writeJson(const std::string &Path, const char *What,
                                     llvm::raw_ostream &Err, Fn Write) {
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        Write(OS);
        return llvm::Error::success();
      })) {
    Err << "omp-migrate: error: cannot write " << What << ": "
        << llvm::toString(std::move(E)) << "\n";
    return 2;
  }
  return 0;
}

} // namespace

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
  // One result per file, whatever the number of its compile commands.
  std::vector<FileResult> Results = mergeByFile(parseAll(DB, Existing, Opts, Err));
  llvm::json::Array ReportFiles;
  tooling::TranslationUnitDiagnostics Fixes;
  // --output-dir's root: --root, or the deepest directory above every file.
  std::string Root = Opts.Root;
  if (!Root.empty()) {
    llvm::SmallString<256> Abs(Root);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Root = std::string(Abs);
  } else {
    for (const FileResult &R : Results) {
      llvm::SmallString<256> Dir(R.Path);
      llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
      llvm::sys::path::remove_filename(Dir);
      if (&R == &Results.front()) {
        Root = std::string(Dir);
        continue;
      }
      while (!Root.empty() && !(llvm::StringRef(Dir) == Root ||
                                llvm::StringRef(Dir).starts_with(Root + "/")))
        Root = llvm::sys::path::parent_path(Root).str();
    }
  }
  for (const FileResult &R : Results) {
    if (Opts.Suggest && R.Parsed) {
      ReportFiles.push_back(reportFile(R, false, llvm::nulls(), Status));
      printSuggestions(R, Opts.Explain, Err);
      if (!Opts.ExportFixes.empty())
        addSuggestionFixes(R, Fixes);
      continue;
    }
    ReportFiles.push_back(reportFile(R, Opts.Explain, Err, Status));
    if (!R.Parsed)
      continue;
    if (!Opts.ExportFixes.empty())
      addFixes(R, Fixes);
    if (R.Conflicts.empty() || Opts.Mode == OutputMode::Stdout)
      Status = std::max(Status, writeOutput(R, Opts, Root, Out, Err));
  }
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
    Status = std::max(Status, writeJson(Opts.Report, "report", Err, [&](llvm::raw_ostream &OS) {
      OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
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

} // namespace ompm
