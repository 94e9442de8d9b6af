//===- Commands.cpp - Compile commands as omp-migrate parses them ---------===//
#include "Driver/Commands.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;

namespace ompm {

namespace {

const char *const LenientWarnings[] = {
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=int-conversion", "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int"};

} // namespace

std::vector<std::string> parseFlags(bool OpenMP) {
  std::vector<std::string> Flags = {"-fopenacc"};
  if (OpenMP)
    Flags.push_back("-fopenmp");
  // Parse what gcc accepts: these are errors by default in Clang 22's C
  // but warnings in gcc, which builds the original program.
  for (const char *W : LenientWarnings)
    Flags.push_back(W);
  Flags.push_back("-idirafter");
  Flags.push_back(OMPM_RESOURCE_DIR "/include");
  llvm::StringRef OmpDir = OMPM_OMP_H_DIR;
  if (!OmpDir.empty() && llvm::sys::fs::exists(OmpDir + "/omp.h")) {
    Flags.push_back("-idirafter");
    Flags.push_back(OmpDir.str());
  }
  return Flags;
}

bool isOtherCompilersFlag(llvm::StringRef A) {
  // gcc -fopenacc's offloading and partitioning flags.
  for (const char *P : {"-foffload=", "-foffload-options=", "-fopenacc-dim=",
                        "-fopenacc-kernels="})
    if (A.starts_with(P))
      return true;
  // nvc/nvc++ (NVIDIA HPC SDK): targets, GPU options, its OpenMP and CUDA
  // modes, and its optimisation shorthand.
  if (A == "-acc" || A.starts_with("-acc=") || A.starts_with("-gpu=") ||
      A.starts_with("-ta=") || A == "-mp" || A.starts_with("-mp=") ||
      A == "-fast" || A == "-cuda" || A == "-stdpar" || A.starts_with("-stdpar="))
    return true;
  return false;
}

tooling::ArgumentsAdjuster commonAdjuster(bool OpenMP,
                                          CommandLog *Log) {
  return [OpenMP, Log](const tooling::CommandLineArguments &Args,
                                   StringRef) {
    tooling::CommandLineArguments Out;
    bool HasResourceDir = false;
    for (size_t I = 0; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.starts_with("-fopenmp") || A == "-fopenacc")
        continue;
      if (I > 0 && isOtherCompilersFlag(A)) {
        if (Log)
          Log->dropped(A);
        continue;
      }
      if (A.starts_with("-resource-dir"))
        HasResourceDir = true;
      Out.push_back(Args[I]);
    }
    auto At = Out.empty() ? Out.end() : Out.begin() + 1;
    std::vector<std::string> Extra = parseFlags(OpenMP);
    Extra.push_back("-Wno-unknown-pragmas");
    if (!HasResourceDir)
      Extra.push_back("-resource-dir=" OMPM_RESOURCE_DIR);
    Out.insert(At, Extra.begin(), Extra.end());
    if (Log)
      Log->beginCommand(Out);
    return Out;
  };
}

void CommandLog::beginCommand(const std::vector<std::string> &Args) {
  Errors.clear();
  Macros.clear();
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-D" || A == "-U") {
      if (I + 1 < Args.size())
        Macros += (Macros.empty() ? "" : " ") + A.str() + Args[I + 1];
      ++I;
    } else if (A.starts_with("-D") || A.starts_with("-U")) {
      Macros += (Macros.empty() ? "" : " ") + A.str();
    }
  }
  // The driver's diagnostics print as Clang's tooling prints them: with the
  // diagnostic options of the command (colours, option names, columns).
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  Printer.reset();
  Opts = CreateAndPopulateDiagOpts(Argv);
  Opts->ShowColors = OS.colors_enabled();
  Printer = std::make_unique<TextDiagnosticPrinter>(OS, *Opts);
}

void CommandLog::ensurePrinter() {
  if (Printer)
    return;
  Opts = std::make_unique<DiagnosticOptions>();
  Opts->ShowColors = OS.colors_enabled();
  Printer = std::make_unique<TextDiagnosticPrinter>(OS, *Opts);
}

std::vector<std::string> CommandLog::takeErrors() {
  std::vector<std::string> E;
  E.swap(Errors);
  return E;
}

void CommandLog::dropped(StringRef Flag) {
  if (!llvm::is_contained(Dropped, Flag))
    Dropped.push_back(Flag.str());
}

std::string CommandLog::droppedNote() const { return droppedFlagsNote(Dropped); }

std::string droppedFlagsNote(const std::vector<std::string> &Dropped) {
  if (Dropped.empty())
    return "";
  return "omp-migrate: note: dropped the flags of other OpenACC compilers, "
         "which mean nothing to Clang's parse: " +
         llvm::join(Dropped, " ") + "\n";
}

void CommandLog::BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) {
  ensurePrinter();
  Printer->BeginSourceFile(LO, PP);
}

void CommandLog::EndSourceFile() {
  ensurePrinter();
  Printer->EndSourceFile();
}

void CommandLog::finish() {
  ensurePrinter();
  Printer->finish();
}

void CommandLog::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                  const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  ensurePrinter();
  if (Level >= DiagnosticsEngine::Error) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    Errors.push_back(std::string(Message));
  }
  Printer->HandleDiagnostic(Level, Info);
}

std::optional<std::string> buildPathArgument(llvm::ArrayRef<const char *> Argv) {
  std::optional<std::string> Dir;
  for (size_t I = 1; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < Argv.size())
      Dir = Argv[++I];
    else if (A.consume_front("-p=") || A.consume_front("--p="))
      Dir = A.str();
  }
  return Dir;
}

/// Why the compile_commands.json at File is not a database Clang reads as
/// its writer meant (Clang's loader accepts a truncated file, `,,` between
/// keys, text after the closing `]`, and translates what it guessed); empty
/// when it is.
static std::string strictDatabaseError(StringRef File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return ""; // Clang's loader says why it cannot open it
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buf)->getBuffer());
  if (!V)
    return "not valid JSON: " + llvm::toString(V.takeError());
  const llvm::json::Array *Entries = V->getAsArray();
  if (!Entries)
    return "not a JSON array of compile commands";
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    std::string Where = "entry " + std::to_string(I + 1) + ": ";
    if (!E)
      return Where + "not an object";
    for (StringRef Key : {"directory", "file"})
      if (!E->getString(Key))
        return Where + "no string \"" + Key.str() + "\"";
    // The format's working directory is absolute: a relative one would be
    // resolved against wherever the tool runs.
    if (!llvm::sys::path::is_absolute(*E->getString("directory")))
      return Where + "\"directory\" must be an absolute path (it is \"" +
             E->getString("directory")->str() + "\")";
    const llvm::json::Array *Args = E->getArray("arguments");
    if (!E->getString("command") && !Args)
      return Where + "neither \"command\" nor \"arguments\"";
    if (Args && llvm::any_of(*Args, [](const llvm::json::Value &A) { return !A.getAsString(); }))
      return Where + "\"arguments\" holds something other than strings";
  }
  return "";
}

std::string checkBuildPath(StringRef Dir) {
  std::string Why;
  llvm::SmallString<256> File(Dir);
  llvm::sys::path::append(File, "compile_commands.json");
  if (std::string Bad = strictDatabaseError(File); !Bad.empty())
    return "omp-migrate: error: " + File.str().str() + ": " + Bad + "\n";
  if (tooling::CompilationDatabase::autoDetectFromDirectory(Dir, Why))
    return "";
  std::string Msg = "omp-migrate: error: -p " + Dir.str() +
                    ": no readable compile_commands.json there\n";
  llvm::SmallVector<StringRef, 4> Lines;
  StringRef(Why).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef L : Lines)
    if (L.starts_with("json-compilation-database:"))
      Msg += "  " + L.str() + "\n";
  return Msg;
}

std::optional<std::string> nearestDirWith(StringRef Dir, StringRef Name) {
  for (StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> P(D);
    llvm::sys::path::append(P, Name);
    if (llvm::sys::fs::exists(P))
      return D.str();
    if (D == llvm::sys::path::parent_path(D))
      break;
  }
  return std::nullopt;
}

std::string checkNearestDatabases(llvm::ArrayRef<const char *> Argv) {
  if (buildPathArgument(Argv) ||
      llvm::any_of(Argv, [](const char *A) { return StringRef(A) == "--"; }))
    return "";
  std::set<std::string> Checked;
  for (size_t I = 1; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    StringRef Ext = llvm::sys::path::extension(A);
    if (A.starts_with("-") || !llvm::sys::fs::is_regular_file(A) ||
        !llvm::is_contained({".c", ".cc", ".cpp", ".cxx", ".C", ".c++"}, Ext))
      continue;
    llvm::SmallString<256> Abs(A);
    llvm::sys::fs::make_absolute(Abs);
    std::optional<std::string> D =
        nearestDirWith(llvm::sys::path::parent_path(Abs), "compile_commands.json");
    if (!D || !Checked.insert(*D).second)
      continue;
    if (std::string Error = checkBuildPath(*D); !Error.empty())
      return Error;
  }
  return "";
}

} // namespace ompm
