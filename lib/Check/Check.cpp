//===- Check.cpp - omp-migrate check: translate, build, run, compare ------===//
#include "Check/Program.h"
#include "Driver/Driver.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include <chrono>
#include <csignal>
#include <cstring>
#include <set>

namespace ompm {
namespace check {

namespace {

const char *const CPUTriple = "x86_64-pc-linux-gnu";
const unsigned CompileTimeout = 300;

const char *const Usage =
    "usage: omp-migrate check [options] <source>... [-- <compile flags>]\n"
    "       omp-migrate check [options] --config=FILE [-- <compile flags>]\n"
    "\n"
    "Options go before '--': every argument after it is a compile flag.\n"
    "\n"
    "Translates each program in memory, builds the original (gcc; OpenACC on\n"
    "the host) and the translation (clang-19 OpenMP offload), runs both and\n"
    "compares exit codes and stdout (numbers within a tolerance).\n"
    "\n"
    "options:\n"
    "  --run-args=\"ARGS\"       arguments of both runs\n"
    "  --json=FILE             write the results as JSON\n"
    "  --junit=FILE            write the results as JUnit XML\n"
    "  --config=FILE           the programs to check (see docs/check.md)\n"
    "  --rtol=R --atol=A       numbers match when |a-b| <= A + R*|b|\n"
    "                          (defaults 1e-6, 1e-9; integers exactly)\n"
    "  --timeout=S             seconds per run (default 60)\n"
    "  --offload-arch=sm_XX|auto|none\n"
    "                          GPU to build for; auto (default) asks nvptx-arch,\n"
    "                          none builds for the CPU stand-in device\n"
    "  --cuda-path=DIR         CUDA installation for the GPU build (clang's\n"
    "                          --cuda-path; CUDA 12.x with clang-19, see docs/gpu.md)\n"
    "  --also-gcc              also build the translation with gcc -fopenmp\n"
    "  --loop-style=distribute|loop   as for the translator\n"
    "  --keep=DIR              keep sources, binaries and outputs in DIR/NAME\n"
    "\n"
    "Exit status: 0 every program matches; 1 a mismatch, a kernel that uses a\n"
    "host address (UNMAPPED), a crash, timeout, build failure or untranslated\n"
    "construct; 2 usage, config or setup errors.\n";

struct CheckOptions {
  std::vector<std::string> Sources, Flags, RunArgs;
  bool HasRunArgs = false;
  std::string Json, JUnit, Config, Keep;
  Tolerance Tol;
  unsigned Timeout = 60;
  std::string OffloadArch = "auto";
  std::string CudaPath; ///< clang's --cuda-path for GPU builds; "" = clang's own search
  bool AlsoGcc = false;
  LoopStyle Style = LoopStyle::Distribute;
};

/// A failure that stops the whole command with exit status 2.
struct SetupError {
  std::string Message;
};

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

/// Parses the arguments after "check". Returns "" or an error message; sets
/// Help for -h/--help.
std::string parseArgs(const std::vector<std::string> &Args, CheckOptions &O, bool &Help) {
  Help = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--") {
      // Everything after "--" is a compile flag; one of check's own options
      // there is a mistake the compilers would report obscurely.
      for (size_t J = I + 1; J < Args.size(); ++J) {
        llvm::StringRef F = Args[J];
        if (!F.starts_with("--"))
          continue;
        std::string Name = F.drop_front(2).split('=').first.str();
        if (Name == "also-gcc" || Name == "run-args" || Name == "json" || Name == "junit" ||
            Name == "config" || Name == "rtol" || Name == "atol" || Name == "timeout" ||
            Name == "offload-arch" || Name == "cuda-path" || Name == "loop-style" ||
            Name == "keep")
          return "'" + F.str() + "' comes after '--', where every argument is a compile "
                 "flag: put check's options before '--' (omp-migrate check [options] "
                 "<source>... [-- <compile flags>])";
      }
      O.Flags.insert(O.Flags.end(), Args.begin() + I + 1, Args.end());
      break;
    }
    if (A == "-h" || A == "--help" || A == "-help") {
      Help = true;
      return "";
    }
    if (!A.starts_with("-") || A == "-") {
      O.Sources.push_back(A.str());
      continue;
    }
    llvm::StringRef Opt = A.drop_front(A.starts_with("--") ? 2 : 1);
    auto [Name, Val] = Opt.split('=');
    bool HasVal = Opt.contains('=');
    static const std::set<std::string> Valued = {
        "run-args", "json", "junit", "config", "rtol", "atol",
        "timeout", "offload-arch", "cuda-path", "loop-style", "keep"};
    if (Name == "also-gcc") {
      if (HasVal)
        return "--also-gcc takes no value";
      O.AlsoGcc = true;
      continue;
    }
    if (!Valued.count(Name.str()))
      return "unknown option '" + A.str() + "' (see omp-migrate check --help)";
    std::string V;
    if (HasVal) {
      V = Val.str();
    } else {
      if (I + 1 >= Args.size())
        return "option '--" + Name.str() + "' needs a value";
      V = Args[++I];
    }
    if (Name == "run-args") {
      auto W = splitWords(V);
      if (!W)
        return "--run-args: " + llvm::toString(W.takeError());
      O.RunArgs = *W;
      O.HasRunArgs = true;
    } else if (Name == "json") {
      O.Json = V;
    } else if (Name == "junit") {
      O.JUnit = V;
    } else if (Name == "config") {
      O.Config = V;
    } else if (Name == "keep") {
      O.Keep = V;
    } else if (Name == "rtol" || Name == "atol") {
      double D;
      if (llvm::StringRef(V).getAsDouble(D) || !(D >= 0))
        return "--" + Name.str() + " needs a non-negative number, not '" + V + "'";
      (Name == "rtol" ? O.Tol.RTol : O.Tol.ATol) = D;
    } else if (Name == "timeout") {
      unsigned T;
      if (llvm::StringRef(V).getAsInteger(10, T) || T == 0)
        return "--timeout needs a whole number of seconds > 0, not '" + V + "'";
      O.Timeout = T;
    } else if (Name == "offload-arch") {
      llvm::StringRef S(V);
      if (S != "auto" && S != "none" &&
          !(S.starts_with("sm_") && S.size() > 3 && llvm::all_of(S.drop_front(3), llvm::isAlnum)))
        return "--offload-arch must be sm_XX, auto or none, not '" + V + "'";
      O.OffloadArch = V;
    } else if (Name == "cuda-path") {
      if (!llvm::sys::fs::is_directory(V))
        return "--cuda-path: no such directory '" + V + "'";
      O.CudaPath = V;
    } else if (Name == "loop-style") {
      if (V == "distribute")
        O.Style = LoopStyle::Distribute;
      else if (V == "loop")
        O.Style = LoopStyle::Loop;
      else
        return "--loop-style must be distribute or loop, not '" + V + "'";
    }
  }
  return "";
}

// ---------------------------------------------------------------------------
// Compilers
// ---------------------------------------------------------------------------

struct Toolchain {
  std::string Gcc, Gxx, Clang, Clangxx;
  std::string Arch; ///< "" = CPU stand-in
  std::string ArchNote;
};

std::string findTool(llvm::StringRef Name, llvm::StringRef Package) {
  auto P = llvm::sys::findProgramByName(Name);
  if (!P)
    throw SetupError{"'" + Name.str() + "' not found in PATH (Debian package: " +
                     Package.str() + ")"};
  return *P;
}

/// The offload helpers clang needs (clang-offload-packager, clang-linker-wrapper).
void checkClangOffload(const std::string &Clang, llvm::StringRef Work) {
  for (const char *Helper : {"clang-offload-packager", "clang-linker-wrapper"}) {
    std::string Out = (Work + "/print-prog-name.txt").str();
    Exec E = execute(Clang, {Clang, std::string("-print-prog-name=") + Helper}, nullptr,
                     Out, "", 60);
    std::string Found = llvm::StringRef(readFile(Out)).trim().str();
    llvm::sys::fs::remove(Out);
    if (!E.Started || E.Exit != 0 || !llvm::sys::path::is_absolute(Found) ||
        !llvm::sys::fs::can_execute(Found))
      throw SetupError{Clang + " cannot find '" + Helper +
                       "', which OpenMP offload builds need (Debian package: "
                       "clang-tools-19)"};
  }
  std::string Lib = std::string(LLVM19Lib) + "/libomptarget.so";
  if (!llvm::sys::fs::exists(Lib))
    throw SetupError{Lib + " not found: the OpenMP offload runtime (Debian package: "
                     "libomp-19-dev)"};
}

/// nvptx-arch's first sm_ name, or "".
std::string detectGPU(llvm::StringRef Work, std::string &Note) {
  std::string Tool;
  if (auto P = llvm::sys::findProgramByName("nvptx-arch"))
    Tool = *P;
  else if (llvm::sys::fs::can_execute("/usr/lib/llvm-19/bin/nvptx-arch"))
    Tool = "/usr/lib/llvm-19/bin/nvptx-arch";
  if (Tool.empty()) {
    Note = "no nvptx-arch found";
    return "";
  }
  std::string Out = (Work + "/nvptx-arch.txt").str();
  Exec E = execute(Tool, {Tool}, nullptr, Out, "", 30);
  std::string Text = readFile(Out);
  llvm::sys::fs::remove(Out);
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  if (E.Started && E.Exit == 0)
    for (llvm::StringRef L : Lines) {
      L = L.trim();
      if (L.starts_with("sm_"))
        return L.str();
    }
  Note = "nvptx-arch found no NVIDIA GPU";
  return "";
}

// ---------------------------------------------------------------------------
// One program
// ---------------------------------------------------------------------------

bool isCxx(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" || Ext == ".c++";
}

/// Flags for the builds: without the programming model flags the check adds
/// itself; link flags (-l, -L) separately (they go after the sources).
void splitBuildFlags(const std::vector<std::string> &In, std::vector<std::string> &Compile,
                     std::vector<std::string> &Link) {
  for (const std::string &F : In) {
    llvm::StringRef S(F);
    if (S == "-fopenacc" || S.starts_with("-fopenmp") || S.starts_with("-foffload") ||
        S.starts_with("--offload-arch") || S.starts_with("-fopenacc-"))
      continue;
    if (S.starts_with("-l") || S.starts_with("-L") || S.starts_with("-Wl,"))
      Link.push_back(F);
    else
      Compile.push_back(F);
  }
}

/// Flags for the in-memory translation: what the translator's own driver
/// keeps (it adds -fopenacc and drops -fopenmp; output and link flags are
/// irrelevant to parsing).
std::vector<std::string> translationFlags(const std::vector<std::string> &In) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < In.size(); ++I) {
    llvm::StringRef S(In[I]);
    if (S == "-o" || S == "-MF" || S == "-MT" || S == "-MQ") {
      ++I;
      continue;
    }
    if (S.starts_with("-fopenmp") || S == "-fopenacc" || S.starts_with("-foffload") ||
        S == "-c" || S.starts_with("-l") || S.starts_with("-L") || S.starts_with("-Wl,") ||
        S == "-MD" || S == "-MMD")
      continue;
    Out.push_back(In[I]);
  }
  return Out;
}

std::string classify(const std::vector<std::string> &Texts) {
  llvm::Regex Acc("^[ \t]*#[ \t]*pragma[ \t]+acc([^A-Za-z0-9_]|$)|_Pragma[ \t]*\\([ \t]*\"[ \t]*acc[ \t]|openacc\\.h",
                  llvm::Regex::Newline);
  llvm::Regex Omp("^[ \t]*#[ \t]*pragma[ \t]+omp([^A-Za-z0-9_]|$)|_Pragma[ \t]*\\([ \t]*\"[ \t]*omp[ \t]|omp\\.h",
                  llvm::Regex::Newline);
  bool HasOmp = false;
  for (const std::string &T : Texts) {
    if (Acc.match(T))
      return "OpenACC";
    HasOmp |= Omp.match(T);
  }
  return HasOmp ? "OpenMP" : "serial";
}

bool build(Variant &V, llvm::StringRef LogFile, const std::vector<std::string> &Env) {
  Exec E = execute(V.BuildCmd[0], V.BuildCmd, &Env, LogFile, LogFile, CompileTimeout);
  V.BuildLog = readFile(LogFile);
  if (!E.Started) {
    V.BuildLog = E.Error;
    return false;
  }
  if (E.TimedOut) {
    V.BuildLog = "the compiler timed out after " + std::to_string(CompileTimeout) + " s";
    return false;
  }
  if (E.Crashed) {
    V.BuildLog = "the compiler crashed: " + E.Signal + "\n" + V.BuildLog;
    return false;
  }
  V.Built = E.Exit == 0;
  return V.Built;
}

void runVariant(Variant &V, const std::string &Exe, const std::vector<std::string> &RunArgs,
                const std::vector<std::string> &Env, unsigned Timeout) {
  std::vector<std::string> Args = {Exe};
  Args.insert(Args.end(), RunArgs.begin(), RunArgs.end());
  std::string Out = Exe + ".stdout", Err = Exe + ".stderr";
  V.Run = execute(Exe, Args, &Env, Out, Err, Timeout);
  V.Ran = V.Run.Started;
  V.Stdout = readFile(Out);
  V.Stderr = readFile(Err);
}

std::string runState(const Variant &V, unsigned Timeout) {
  if (!V.Run.Started)
    return "could not run: " + V.Run.Error;
  if (V.Run.TimedOut)
    return "timed out after " + std::to_string(Timeout) + " s";
  if (V.Run.Crashed)
    return "crashed: " + V.Run.Signal;
  return "exit " + std::to_string(V.Run.Exit);
}

std::string stderrTail(const Variant &V) {
  std::string S = stripOffloadInfo(V.Stderr);
  if (llvm::StringRef(S).trim().empty())
    return "";
  std::string Tail = "  " + V.Label + " stderr:\n" + indent(S);
  // libomptarget 19 reads the SM of a cubin from the low byte of e_flags;
  // CUDA 13's ptxas moved it to bits 8-15 (ELF ABI version 8).
  if (llvm::StringRef(S).contains("No images found compatible with the installed hardware"))
    Tail += "  hint: if CUDA 13 is installed, clang-19's offload runtime cannot load its "
            "cubins; build with a CUDA 12.x installation: --cuda-path=DIR (docs/gpu.md)\n";
  return Tail;
}

/// Compares a translated variant with the original; records the failure.
void compareVariant(ProgramResult &R, const Variant &V) {
  const Variant &O = R.Orig;
  std::string Who = V.Label == "translated" ? "" : " (" + V.Label + ")";
  if (O.Run.TimedOut || V.Run.TimedOut) {
    std::string M = O.Run.TimedOut && V.Run.TimedOut
                        ? "both timed out"
                        : (O.Run.TimedOut ? "the original" : "the " + V.Label) +
                              std::string(" timed out");
    R.fail("TIMEOUT", M + " after " + std::to_string(R.Timeout) + " s" +
                          (O.Run.TimedOut && V.Run.TimedOut ? std::string("") : Who),
           stderrTail(O) + stderrTail(V));
    return;
  }
  if (!O.Run.Started || !V.Run.Started) {
    R.fail("ERROR", "could not run: " + (O.Run.Started ? V.Run.Error : O.Run.Error));
    return;
  }
  if (O.Run.Crashed || V.Run.Crashed) {
    std::string M;
    if (O.Run.Crashed && V.Run.Crashed)
      M = "both crashed: original " + O.Run.Signal + ", " + V.Label + " " + V.Run.Signal;
    else if (O.Run.Crashed)
      M = "the original crashed: " + O.Run.Signal + " (" + V.Label + ": " +
          runState(V, R.Timeout) + ")";
    else
      M = "the " + V.Label + " program crashed: " + V.Run.Signal + " (original: " +
          runState(O, R.Timeout) + ")";
    R.fail("CRASH", M, stderrTail(O) + stderrTail(V));
    return;
  }
  if (O.Run.Exit != V.Run.Exit) {
    R.fail("MISMATCH",
           "exit code " + std::to_string(V.Run.Exit) + ", original " +
               std::to_string(O.Run.Exit) + Who,
           stderrTail(O) + stderrTail(V));
    return;
  }
  if (auto M = compareOutputs(O.Stdout, V.Stdout, R.Tol, "original", V.Label)) {
    R.fail("MISMATCH", "stdout differs" + Who + ": " + M->Summary,
           M->Report + stderrTail(V));
    return;
  }
}

void checkProgram(ProgramResult &R, const Toolchain &TC, const CheckOptions &Opts) {
  const ProgramSpec &P = R.Spec;
  llvm::StringRef Work = R.WorkDir;
  bool Cxx = llvm::any_of(P.Sources, isCxx);

  // 1. Translate, as the translator does.
  std::vector<std::string> Texts, Translated;
  std::vector<std::string> Untranslated;
  std::string ParseErrors;
  std::set<std::string> IncludeDirs, Names;
  std::vector<std::string> TranslatedPaths;
  PlanOptions PO;
  PO.Style = Opts.Style;
  std::vector<std::string> TFlags = translationFlags(P.Flags);
  for (size_t I = 0; I < P.Sources.size(); ++I) {
    const std::string &Src = P.Sources[I];
    std::string Text = readFile(Src);
    Texts.push_back(Text);
    std::string Diags;
    llvm::raw_string_ostream DOS(Diags);
    FileResult FR = translateCode(Text, Src, TFlags, PO, &DOS);
    if (!FR.Parsed) {
      for (const SelfCheckFailure &F : FR.SelfCheck)
        ParseErrors += formatSelfCheckFailure(Src, F) + "\n";
      if (FR.SelfCheck.empty())
        ParseErrors += Src + ": error: " + (FR.Error.empty() ? "not translated" : FR.Error) +
                       " [omp-migrate]\n" + Diags;
      continue;
    }
    for (const ConstructRecord &C : FR.Plan.Records) {
      ++R.Constructs;
      R.Translated += C.Translated;
      if (!C.Translated)
        Untranslated.push_back((C.File.empty() ? Src : C.File) + ":" +
                               std::to_string(C.Line) + ":" +
                               std::to_string(C.Column) + ": warning: '" + C.Kind +
                               "' not translated: " + C.Reason + " [omp-migrate]");
    }
    llvm::SmallString<256> Abs(Src);
    llvm::sys::fs::make_absolute(Abs);
    IncludeDirs.insert(std::string(llvm::sys::path::parent_path(Abs)));
    llvm::SmallString<256> Out(Work);
    std::string Base = std::string(llvm::sys::path::filename(Src));
    if (!Names.insert(Base).second) {
      llvm::sys::path::append(Out, "src" + std::to_string(I));
      llvm::sys::fs::create_directories(Out);
    }
    llvm::sys::path::append(Out, Base);
    if (!writeFile(Out, FR.Translated)) {
      R.fail("ERROR", "cannot write " + std::string(Out));
      return;
    }
    TranslatedPaths.push_back(std::string(Out));
    // The translation's kernels and the pointers they use, for the launch
    // check (parsed as the original's path, so its #includes resolve).
    // Where the translation moved lines, a kernel also names the line of
    // its statement in the original.
    std::vector<unsigned> Lines;
    if (FR.Translated != Text)
      Lines = originalLines(unifiedDiff(Src, Text, FR.Translated),
                            llvm::count(FR.Translated, '\n') + 1);
    if (!parseOpenMPCode(FR.Translated, Src, TFlags, [&](clang::ASTContext &Ctx) {
          for (KernelFacts &K : collectKernelFacts(Ctx)) {
            if (K.File == Base && K.StmtLine < Lines.size() && K.StmtLine != Lines[K.StmtLine]) {
              K.Original = Src;
              K.OriginalLine = Lines[K.StmtLine];
            }
            R.Kernels.push_back(std::move(K));
          }
        }))
      R.LaunchNote = "the launch check did not run: the translation of " + Src +
                     " does not parse with OpenMP on";
  }
  R.OriginalKind = classify(Texts);
  if (!ParseErrors.empty()) {
    R.fail("ERROR", "the translator could not parse the program", indent(ParseErrors, 30));
    return;
  }
  if (!Untranslated.empty()) {
    std::string D;
    for (const std::string &U : Untranslated)
      D += "  " + U + "\n";
    R.fail("UNTRANSLATED",
           std::to_string(R.Constructs - R.Translated) + " of " +
               std::to_string(R.Constructs) + " constructs not translated",
           D);
    return;
  }

  // 2. Build.
  std::vector<std::string> Compile, Link;
  splitBuildFlags(P.Flags, Compile, Link);
  std::vector<std::string> Env = baseEnv();
  auto Command = [&](const std::string &CC, std::vector<std::string> Model,
                     const std::vector<std::string> &Srcs, bool Includes,
                     const std::string &Exe, const std::vector<std::string> &Last = {}) {
    std::vector<std::string> Cmd = {CC};
    Cmd.insert(Cmd.end(), Model.begin(), Model.end());
    Cmd.insert(Cmd.end(), Compile.begin(), Compile.end());
    Cmd.insert(Cmd.end(), Last.begin(), Last.end());
    if (Includes)
      for (const std::string &D : IncludeDirs)
        Cmd.push_back("-I" + D);
    Cmd.insert(Cmd.end(), Srcs.begin(), Srcs.end());
    Cmd.push_back("-o");
    Cmd.push_back(Exe);
    Cmd.insert(Cmd.end(), Link.begin(), Link.end());
    Cmd.push_back("-lm");
    return Cmd;
  };
  std::string Name = P.Name;
  std::string OrigExe = (Work + "/" + Name + ".orig").str();
  std::string OmpExe = (Work + "/" + Name + ".omp").str();
  std::string GccExe = (Work + "/" + Name + ".omp-gcc").str();

  const std::string &Gcc = Cxx ? TC.Gxx : TC.Gcc;
  std::vector<std::string> OrigModel;
  if (R.OriginalKind == "OpenACC") {
    OrigModel = {"-fopenacc", "-foffload=disable"};
    R.Orig.Compiler = (Cxx ? "g++" : "gcc") + std::string(" -fopenacc");
  } else if (R.OriginalKind == "OpenMP") {
    OrigModel = {"-fopenmp", "-foffload=disable"};
    R.Orig.Compiler = (Cxx ? "g++" : "gcc") + std::string(" -fopenmp");
  } else {
    R.Orig.Compiler = Cxx ? "g++" : "gcc";
  }
  R.Orig.Label = "original";
  R.Orig.BuildCmd = Command(Gcc, OrigModel, P.Sources, false, OrigExe);

  std::vector<std::string> OmpModel = {"-fopenmp"};
  if (!TC.Arch.empty()) {
    OmpModel.push_back("--offload-arch=" + TC.Arch);
    OmpModel.push_back(std::string("--libomptarget-nvptx-bc-path=") + LLVM19Lib);
    if (!Opts.CudaPath.empty())
      OmpModel.push_back("--cuda-path=" + Opts.CudaPath);
  } else {
    OmpModel.push_back(std::string("-fopenmp-targets=") + CPUTriple);
  }
  OmpModel.push_back("-Wno-unknown-pragmas");
  R.Omp.Label = "translated";
  R.Omp.Compiler = std::string(Cxx ? "clang++-19" : "clang-19") + " -fopenmp " +
                   (TC.Arch.empty() ? std::string(CPUTriple) : TC.Arch);
  // Line tables (after the program's flags, which may say -g0): libomptarget
  // then names each launch's source location and variables.
  R.Omp.BuildCmd = Command(Cxx ? TC.Clangxx : TC.Clang, OmpModel, TranslatedPaths, true, OmpExe,
                           {"-gline-tables-only"});

  auto BuildFailed = [&](Variant &V) {
    R.fail("BUILD-ERROR",
           "the " + V.Label + " program does not build with " + V.Compiler,
           "  $ " + quoteCommand(V.BuildCmd) + "\n" + indent(V.BuildLog, 30));
  };
  if (!build(R.Orig, OrigExe + ".build.log", Env)) {
    BuildFailed(R.Orig);
    return;
  }
  if (!build(R.Omp, OmpExe + ".build.log", Env)) {
    BuildFailed(R.Omp);
    return;
  }

  // 3. Run and compare.
  runVariant(R.Orig, OrigExe, P.RunArgs, Env, R.Timeout);
  runVariant(R.Omp, OmpExe, P.RunArgs, offloadEnv(), R.Timeout);
  R.Transfers = parseOffloadInfo(R.Omp.Stderr);
  compareVariant(R, R.Omp);
  if (R.Omp.Ran && R.LaunchNote.empty()) {
    R.Launches = checkLaunches(R.Omp.Stderr, R.Kernels);
    R.LaunchChecked = true;
    if (!R.Launches.Unmapped.empty()) {
      if (R.passed())
        R.fail("UNMAPPED", R.Launches.summary(), R.Launches.details());
      else
        R.Details += "  also: " + R.Launches.summary() + "\n" + R.Launches.details();
    }
  }

  if (Opts.AlsoGcc) {
    R.HasGcc = true;
    R.Gcc.Label = "translated, gcc";
    R.Gcc.Compiler = Cxx ? "g++ -fopenmp" : "gcc -fopenmp";
    R.Gcc.BuildCmd = Command(Gcc, {"-fopenmp", "-foffload=disable"}, TranslatedPaths, true,
                             GccExe);
    if (!build(R.Gcc, GccExe + ".build.log", Env)) {
      BuildFailed(R.Gcc);
    } else {
      // gcc has no offload device here: host fallback, no MANDATORY.
      runVariant(R.Gcc, GccExe, P.RunArgs, Env, R.Timeout);
      compareVariant(R, R.Gcc);
    }
  }
}

bool writeOut(llvm::StringRef Path, llvm::StringRef Text, llvm::raw_ostream &Err) {
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      })) {
    Err << "omp-migrate check: error: cannot write '" << Path
        << "': " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

int runChecked(const std::vector<std::string> &Args, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err) {
  CheckOptions Opts;
  bool Help = false;
  std::string Msg = parseArgs(Args, Opts, Help);
  if (Help) {
    Out << Usage;
    return 0;
  }
  if (!Msg.empty())
    throw SetupError{Msg};

  // The programs.
  std::vector<ProgramSpec> Programs;
  if (!Opts.Config.empty()) {
    if (!Opts.Sources.empty())
      throw SetupError{"give sources or --config=FILE, not both"};
    auto Buf = llvm::MemoryBuffer::getFile(Opts.Config, /*IsText=*/true);
    if (!Buf)
      throw SetupError{"cannot read config '" + Opts.Config + "': " +
                       Buf.getError().message()};
    auto Parsed = parseConfig((*Buf)->getBuffer(), Opts.Config,
                              llvm::sys::path::parent_path(Opts.Config));
    if (!Parsed) {
      Err << llvm::toString(Parsed.takeError()) << "\n";
      return 2;
    }
    Programs = std::move(*Parsed);
  } else {
    if (Opts.Sources.empty())
      throw SetupError{"no source file given (usage: omp-migrate check [options] "
                       "<source>... [-- <compile flags>]; --help for more)"};
    ProgramSpec P;
    P.Name = llvm::sys::path::stem(Opts.Sources.front()).str();
    P.Sources = Opts.Sources;
    Programs.push_back(P);
  }
  bool AnyCxx = false, AnyC = false;
  for (ProgramSpec &P : Programs) {
    // Command-line flags first, then the program's own.
    std::vector<std::string> F = Opts.Flags;
    F.insert(F.end(), P.Flags.begin(), P.Flags.end());
    P.Flags = F;
    if (P.RunArgs.empty() && Opts.HasRunArgs)
      P.RunArgs = Opts.RunArgs;
    for (const std::string &S : P.Sources) {
      if (!llvm::sys::fs::exists(S))
        throw SetupError{"no such file: '" + S + "'" +
                         (Opts.Config.empty() ? "" : " (program " + P.Name + ")")};
      if (llvm::sys::fs::is_directory(S))
        throw SetupError{"'" + S + "' is a directory, not a source file"};
      (isCxx(S) ? AnyCxx : AnyC) = true;
    }
  }

  // Scratch space.
  llvm::SmallString<256> Root;
  bool Keep = !Opts.Keep.empty();
  if (Keep) {
    Root = Opts.Keep;
    llvm::sys::fs::make_absolute(Root);
    if (std::error_code EC = llvm::sys::fs::create_directories(Root))
      throw SetupError{"cannot create '" + Opts.Keep + "': " + EC.message()};
  } else {
    llvm::SmallString<256> Model;
    llvm::sys::path::system_temp_directory(true, Model);
    llvm::sys::path::append(Model, "omp-migrate-check");
    if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(Model, Root))
      throw SetupError{"cannot create a temporary directory: " + EC.message()};
  }
  struct Cleanup {
    std::string Dir;
    bool Remove;
    ~Cleanup() {
      if (Remove)
        llvm::sys::fs::remove_directories(Dir);
    }
  } Clean{std::string(Root), !Keep};

  // The compilers.
  Toolchain TC;
  if (AnyC)
    TC.Gcc = findTool("gcc", "gcc");
  if (AnyCxx)
    TC.Gxx = findTool("g++", "g++");
  if (AnyC) {
    TC.Clang = findTool("clang-19", "clang-19");
    checkClangOffload(TC.Clang, Root);
  }
  if (AnyCxx) {
    TC.Clangxx = findTool("clang++-19", "clang-19");
    checkClangOffload(TC.Clangxx, Root);
  }
  if (Opts.OffloadArch == "auto")
    TC.Arch = detectGPU(Root, TC.ArchNote);
  else if (Opts.OffloadArch == "none")
    TC.ArchNote = "--offload-arch=none";
  else
    TC.Arch = Opts.OffloadArch;
  if (TC.Arch.empty())
    Out << "offload target: " << CPUTriple << " (CPU stand-in device; " << TC.ArchNote
        << ")\n";
  else
    Out << "offload target: " << TC.Arch << " (NVIDIA GPU"
        << (Opts.OffloadArch == "auto" ? ", found by nvptx-arch" : "") << ")\n";
  Out.flush();

  // Check.
  auto T0 = std::chrono::steady_clock::now();
  std::vector<ProgramResult> Results;
  std::set<std::string> Dirs;
  for (size_t I = 0; I < Programs.size(); ++I) {
    ProgramResult R;
    R.Spec = Programs[I];
    R.Tol = Opts.Tol;
    if (R.Spec.RTol)
      R.Tol.RTol = *R.Spec.RTol;
    if (R.Spec.ATol)
      R.Tol.ATol = *R.Spec.ATol;
    R.Timeout = R.Spec.Timeout.value_or(Opts.Timeout);
    std::string Dir = R.Spec.Name;
    for (char &C : Dir)
      if (!llvm::isAlnum(C) && C != '-' && C != '_' && C != '.')
        C = '_';
    while (!Dirs.insert(Dir).second)
      Dir += "_";
    llvm::SmallString<256> W(Root);
    llvm::sys::path::append(W, Dir);
    if (Keep)
      llvm::sys::fs::remove_directories(W);
    if (std::error_code EC = llvm::sys::fs::create_directories(W))
      throw SetupError{"cannot create '" + std::string(W) + "': " + EC.message()};
    R.WorkDir = std::string(W);
    auto P0 = std::chrono::steady_clock::now();
    checkProgram(R, TC, Opts);
    R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - P0).count();
    if (Programs.size() > 1) {
      Out << "[" << (I + 1) << "/" << Programs.size() << "] " << R.Spec.Name << ": "
          << R.Result;
      if (!R.passed())
        Out << ": " << R.Message;
      Out << llvm::format(" (%.1f s)", R.Seconds) << "\n";
      Out.flush();
    }
    Results.push_back(std::move(R));
  }
  double Total = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();

  unsigned Failed = 0;
  for (const ProgramResult &R : Results)
    Failed += !R.passed();
  // Files of failed programs stay for a look, even without --keep.
  if (Failed && !Keep) {
    Clean.Remove = false;
    for (ProgramResult &R : Results)
      if (R.passed())
        llvm::sys::fs::remove_directories(R.WorkDir);
  }
  for (ProgramResult &R : Results)
    R.Kept = Keep || !R.passed();

  Out << "\n";
  printTable(Out, Results, Opts.AlsoGcc);
  for (const ProgramResult &R : Results) {
    if (R.passed())
      continue;
    Out << "\n" << R.Result << ": " << R.Spec.Name << ": " << R.Message << "\n";
    if (!R.Details.empty())
      Out << R.Details;
    if (!llvm::StringRef(R.Details).ends_with("\n") && !R.Details.empty())
      Out << "\n";
    Out << "  files: " << R.WorkDir << "\n";
  }
  Out << "\nomp-migrate check: " << Results.size()
      << (Results.size() == 1 ? " program: " : " programs: ") << (Results.size() - Failed)
      << " passed, " << Failed << " failed\n";
  Out.flush();

  int Status = Failed ? 1 : 0;
  if (!Opts.Json.empty()) {
    llvm::json::Array Progs;
    for (const ProgramResult &R : Results)
      Progs.push_back(resultJson(R));
    llvm::json::Object Root{
        {"tool", "omp-migrate check"},
        {"offload_target", TC.Arch.empty() ? std::string(CPUTriple) : TC.Arch},
        {"programs", std::move(Progs)},
        {"passed", int64_t(Results.size() - Failed)},
        {"failed", int64_t(Failed)},
        {"seconds", Total},
        {"exit_status", Status}};
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
    if (!writeOut(Opts.Json, S, Err))
      return 2;
  }
  if (!Opts.JUnit.empty() && !writeOut(Opts.JUnit, junitXml(Results, Total), Err))
    return 2;
  return Status;
}

} // namespace

int runCheckCommand(const std::vector<std::string> &Args, llvm::raw_ostream &Out,
                    llvm::raw_ostream &Err) {
  try {
    return runChecked(Args, Out, Err);
  } catch (const SetupError &E) {
    Out.flush();
    Err << "omp-migrate check: error: " << E.Message << "\n";
    return 2;
  }
}

} // namespace check
} // namespace ompm
