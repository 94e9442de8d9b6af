//===- OmpMigrate.cpp - omp-migrate command line --------------------------===//
//
// omp-migrate [options] <source>... [-- <compile flags>]
// Translates OpenACC C/C++ to OpenMP offload. See README.md.
// omp-migrate check ...: the CI migration check (docs/check.md).
//
//===----------------------------------------------------------------------===//
#include "Check/Check.h"
#include "Driver/Commands.h"
#include "Driver/Driver.h"
#include "Driver/Interrupts.h"
#include "Mapping/Mapping.h"
#include "Translate/RuntimeHelpers.h"
#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace llvm;

static cl::OptionCategory Category("omp-migrate options");
static cl::extrahelp CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);
static cl::extrahelp MoreHelp(
    "\nExit status: 0 every OpenACC directive the build sees (in the files and\n"
    "their headers) translated; 1 something reported and left intact; 2 usage\n"
    "or input errors.\n"
    "\nomp-migrate check --help: the CI migration check (translate, build, run,\n"
    "compare with the original; docs/check.md).\n");

static cl::opt<bool> InPlace("i", cl::desc("Rewrite the files in place (atomically); also --in-place"),
                             cl::cat(Category));
static cl::alias InPlaceLong("in-place", cl::desc("Alias for -i"),
                             cl::aliasopt(InPlace));
static cl::opt<std::string> Root("root",
    cl::desc("The project's directory: its headers are translated, and "
             "--output-dir mirrors the files' paths below it (default: the "
             "deepest directory that holds every file and build directory)"),
    cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<std::string> OutputDir("output-dir", cl::desc("Write translated files into DIR"),
                                      cl::value_desc("DIR"), cl::cat(Category));
static cl::opt<bool> Diff("diff", cl::desc("Print a unified diff instead of the translated source"),
                          cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes",
    cl::desc("Write the edits as YAML for clang-apply-replacements"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<std::string> Report("report",
    cl::desc("Write a JSON report of every construct: location, original, "
             "emitted, translated or not and why"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<std::string> Sarif("sarif",
    cl::desc("Write the results as a SARIF 2.1.0 log (code scanning): a result "
             "per construct, warning and conflict, fixes with the translations"),
    cl::value_desc("FILE"), cl::cat(Category));
static cl::opt<ompm::LoopStyle> Style("loop-style",
    cl::desc("OpenMP form of partitioned loops"),
    cl::values(clEnumValN(ompm::LoopStyle::Distribute, "distribute",
                          "target teams distribute parallel for [simd] (default)"),
               clEnumValN(ompm::LoopStyle::Loop, "loop", "target teams loop")),
    cl::init(ompm::LoopStyle::Distribute), cl::cat(Category));
static cl::opt<ompm::DataPlacement> Data("data",
    cl::desc("Where data moves"),
    cl::values(clEnumValN(ompm::DataPlacement::Hoist, "hoist",
                          "one target data region around host loops that run "
                          "kernels, target update where the host touches the "
                          "arrays (default)"),
               clEnumValN(ompm::DataPlacement::PerKernel, "per-kernel",
                          "each construct maps its own data (naive)")),
    cl::init(ompm::DataPlacement::Hoist), cl::cat(Category));
static cl::opt<std::string> Async("async",
    cl::desc("async compute constructs: 'sync' runs each once its queue's "
             "earlier work is done (default); 'nowait' makes it a deferred "
             "target task"),
    cl::init("sync"), cl::cat(Category));
static cl::opt<bool> OptimizeData("optimize-data",
    cl::desc("Also place data for the OpenMP target kernels of the input "
             "(parsed with -fopenmp): one target data region around host "
             "loops that run them, target update where the host touches "
             "their arrays"),
    cl::cat(Category));
static cl::opt<std::string> Offload("offload",
    cl::desc("Comma-separated sources of kernels besides OpenACC: 'serial' "
             "offloads the serial loops proved parallel (docs/serial.md), "
             "'openmp' the CPU OpenMP parallel loops (docs/openmp.md)"),
    cl::cat(Category));
static cl::opt<bool> ArrayReductions("array-reductions",
    cl::desc("With --offload=serial or openmp: reduce a declared array of at most 256 "
             "elements that a loop updates at shared places (a histogram) "
             "as a whole, reduction(+: h), instead of atomic updates (not "
             "yet checked on a GPU)"),
    cl::cat(Category));
static cl::opt<bool> ThreadLoops("thread-loops",
    cl::desc("With --offload=serial: an offloaded loop whose body is no perfect "
             "nest spreads over teams, and its inner loops that are parallel and "
             "write along their own variable over each team's threads (gemm's i "
             "and j; not yet checked on a GPU)"),
    cl::cat(Category));
static cl::opt<uint64_t> MinTripCount("min-trip-count",
    cl::desc("With --offload=serial: a loop proved parallel whose constant trip "
             "count (over its collapsed nest; bounds may name macros and locals "
             "that keep a constant) is below N stays on the host; 0: offload it "
             "(default 1000; docs/serial.md)"),
    cl::value_desc("N"), cl::init(1000), cl::cat(Category));
static cl::opt<uint64_t> MinLaunchWork("min-launch-work",
    cl::desc("With --offload=serial or openmp: loops proved parallel (or CPU "
             "parallel loops) inside a host loop stay on the host with it when "
             "each launch would run at most N iterations (bounded by constant "
             "trip counts and array extents) and no kernel inside that host "
             "loop runs more; 0: offload them (default 16384, about what one "
             "launch costs; docs/serial.md)"),
    cl::value_desc("N"), cl::init(16384), cl::cat(Category));
static cl::opt<bool> TeamHistograms("team-histograms",
    cl::desc("With --offload=serial or openmp: a declared array of at most 4096 "
             "numbers (16 KiB) that an offloaded loop only adds into at "
             "data-dependent places (a histogram, or criticals and atomics "
             "around its updates) gets a copy per team, updated with atomics "
             "and added into the array once per team, instead of atomic "
             "updates of the array itself (not yet checked on a GPU)"),
    cl::cat(Category));
static cl::opt<bool> NoCriticalToAtomic("no-critical-to-atomic",
    cl::desc("Keep every critical section: no atomic or reduction in its place "
             "(--offload=openmp then keeps loops with criticals on the host)"),
    cl::cat(Category));
static cl::opt<bool> Suggest("suggest",
    cl::desc("Rewrite nothing: print each serial loop that can be offloaded "
             "as a remark with its fix-it (implies --offload=serial; with "
             "--explain, each loop kept on the host with why; with "
             "--export-fixes, one fix per loop)"),
    cl::cat(Category));
static cl::opt<unsigned> Jobs("j",
    cl::desc("Parse N files at once (default: one per core); each file is "
             "written as soon as its result is final, and reported in order"),
    cl::value_desc("N"), cl::init(0), cl::cat(Category));
static cl::opt<bool> Progress("progress",
    cl::desc("A line per file on stderr as it is done ([3/500] path); "
             "the default on a terminal"),
    cl::cat(Category));
static cl::opt<std::string> HeaderFilter("header-filter",
    cl::desc("Translate the headers whose real paths match REGEX (default: "
             "the headers below the project's directory, see --root; "
             "system headers never)"),
    cl::value_desc("REGEX"), cl::cat(Category));
static cl::opt<bool> UseColor("use-color",
    cl::desc("Colour the messages (--use-color=false: never); the default: "
             "when standard error is a terminal"),
    cl::cat(Category));
static cl::opt<bool> Explain("explain", cl::desc("Print every decision as a note"),
                             cl::cat(Category));
static cl::opt<bool> PrintMapping("print-mapping",
    cl::desc("Print the OpenACC-to-OpenMP mapping table (Markdown) and exit"),
    cl::cat(Category));

#include "Commit.inc"

static void printVersion(llvm::raw_ostream &OS) {
  OS << "omp-migrate " << OMPM_VERSION << " (commit " << OMPM_COMMIT << ")\n"
     << "  built with " << clang::getClangFullVersion() << "\n"
     << "  LLVM " << LLVM_VERSION_STRING << "\n";
}

int main(int argc, const char **argv) {
#ifdef __GLIBC__
  // A run parses each file twice (the input, then the self-check of its
  // translation) and builds and drops analyses per loop: blocks from
  // 128 KiB up would each be mapped and unmapped again, and their pages
  // zero-filled on first touch. Kept in the heap and reused instead
  // (bt.c about 8% faster, its peak resident memory 44 -> 47 MB).
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
  cl::SetVersionPrinter(printVersion);
  // Subcommand: omp-migrate check ... (translate, build, run, compare).
  if (argc > 1 && StringRef(argv[1]) == "check")
    return ompm::check::runCheckCommand(std::vector<std::string>(argv + 2, argv + argc),
                                        outs(), errs());
  // Before any thread: an interrupt lets a file being written finish. (Not
  // for check, whose compilers and programs would inherit the blocked
  // signals.)
  ompm::deferInterrupts();
  // --print-mapping needs no source file.
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--print-mapping" || StringRef(argv[I]) == "-print-mapping") {
      outs() << ompm::renderMappingMarkdown() << ompm::helpersMarkdown();
      return 0;
    }
  // An explicit -p must name a compilation database: Clang's tooling would
  // run without flags, and a parse without the build's flags is not the
  // build's.
  if (auto Dir = ompm::buildPathArgument(ArrayRef<const char *>(argv, argc))) {
    std::string Error = ompm::checkBuildPath(*Dir);
    if (!Error.empty()) {
      errs() << Error;
      return 2;
    }
  }
  // Without -p and without "--", Clang's tooling looks for a
  // compile_commands.json above each file and, when the nearest one is not
  // valid, runs without flags and exits 0: check it as -p's would be.
  if (std::string Error = ompm::checkNearestDatabases(ArrayRef<const char *>(argv, argc));
      !Error.empty()) {
    errs() << Error;
    return 2;
  }
  auto Parser = clang::tooling::CommonOptionsParser::create(argc, argv, Category,
                                                            cl::ZeroOrMore);
  if (!Parser) {
    // The option parser has printed what it rejected (an invalid value) or
    // returns it under its own prefix (an unknown option): one line each.
    // A suggestion far from what was typed ("Did you mean '--root'?" for
    // --frobnicate) is dropped.
    std::string Msg = toString(Parser.takeError());
    std::string Prefix = (llvm::sys::path::filename(argv[0]) + ": ").str();
    llvm::SmallVector<StringRef, 4> Lines;
    StringRef(Msg).trim().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    std::string Unknown;
    for (StringRef L : Lines) {
      L = L.trim();
      L.consume_front(Prefix);
      if (L.empty())
        continue;
      StringRef Quoted = L.drop_until([](char C) { return C == '\''; }).drop_front();
      Quoted = Quoted.take_until([](char C) { return C == '\''; });
      if (L.starts_with("Did you mean")) {
        StringRef Typed = StringRef(Unknown).ltrim('-').split('=').first;
        StringRef Near = Quoted.ltrim('-').split('=').first;
        if (Unknown.empty() ||
            Typed.edit_distance(Near) > std::max<size_t>(1, Typed.size() / 3))
          continue;
        errs() << "omp-migrate: " << L << "\n";
        continue;
      }
      if (L.starts_with("Unknown command line argument"))
        Unknown = Quoted.str();
      errs() << "omp-migrate: error: " << L << "\n";
    }
    return 2;
  }
  if (Jobs.getNumOccurrences() && Jobs == 0) {
    errs() << "omp-migrate: error: -j takes a number of files at once of 1 or "
              "more (without -j: one per core)\n";
    return 2;
  }
  int Modes = InPlace + !OutputDir.empty() + Diff;
  if (Modes > 1) {
    errs() << "omp-migrate: error: -i, --output-dir and --diff exclude each other\n";
    return 2;
  }
  ompm::DriverOptions Opts;
  Opts.Plan.Style = Style;
  Opts.Plan.Data = Data;
  if (Async != "sync" && Async != "nowait") {
    errs() << "omp-migrate: error: --async takes 'sync' or 'nowait'\n";
    return 2;
  }
  Opts.Plan.AsyncNowait = Async == "nowait";
  Opts.Plan.OptimizeOpenMP = OptimizeData;
  Opts.Plan.ArrayReductions = ArrayReductions;
  Opts.Plan.ThreadLoops = ThreadLoops;
  Opts.Plan.MinLaunchWork = MinLaunchWork;
  Opts.Plan.MinTripCount = MinTripCount;
  Opts.Plan.TeamHistograms = TeamHistograms;
  Opts.Plan.CriticalToAtomic = !NoCriticalToAtomic;
  if (!Offload.empty()) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(Offload).split(Parts, ',');
    for (llvm::StringRef P : Parts) {
      if (P.trim() == "serial") {
        Opts.Plan.OffloadSerial = true;
        Opts.Plan.DistributeLoops = Opts.Plan.SplitLoops = true; // lib/Driver/Distribute.h
      } else if (P.trim() == "openmp") {
        Opts.Plan.OffloadOpenMP = true;
      } else {
        errs() << "omp-migrate: error: --offload takes a comma-separated list "
                  "of 'serial' and 'openmp' (got '" << P.trim() << "')\n";
        return 2;
      }
    }
  }
  if (Suggest) {
    if (Modes) {
      errs() << "omp-migrate: error: --suggest rewrites nothing: it excludes "
                "-i, --output-dir and --diff\n";
      return 2;
    }
    // Each fix-it maps the data of its loop alone, so that any subset of
    // them is correct: no data placement across kernels.
    Opts.Plan.OffloadSerial = true;
    Opts.Plan.Data = ompm::DataPlacement::PerKernel;
  }
  if (OptimizeData && Data == ompm::DataPlacement::PerKernel) {
    errs() << "omp-migrate: error: --optimize-data needs --data=hoist\n";
    return 2;
  }
  Opts.Mode = InPlace ? ompm::OutputMode::InPlace
              : !OutputDir.empty() ? ompm::OutputMode::OutputDir
              : Diff ? ompm::OutputMode::Diff
                     : ompm::OutputMode::Stdout;
  if (Suggest)
    Opts.Mode = ompm::OutputMode::None;
  if ((!ExportFixes.empty() || !Sarif.empty()) && Modes == 0)
    Opts.Mode = ompm::OutputMode::None; // like clang-tidy: fixes only
  Opts.OutputDir = OutputDir;
  Opts.Root = Root;
  Opts.ExportFixes = ExportFixes;
  Opts.Report = Report;
  Opts.Sarif = Sarif;
  Opts.ToolVersion = OMPM_VERSION;
  Opts.Explain = Explain;
  Opts.Colors = UseColor.getNumOccurrences() ? bool(UseColor) : errs().has_colors();
  Opts.Suggest = Suggest;
  Opts.Jobs = Jobs;
  Opts.Progress = Progress || errs().is_displayed();
  if (!HeaderFilter.empty()) {
    std::string Why;
    if (!llvm::Regex(HeaderFilter).isValid(Why)) {
      errs() << "omp-migrate: error: --header-filter: " << Why << "\n";
      return 2;
    }
    Opts.HeaderFilter = HeaderFilter;
  }
  // No file: every file of the database -p names (the parser loads no
  // database when it is given no file).
  std::vector<std::string> Sources = Parser->getSourcePathList();
  if (Sources.empty()) {
    std::optional<std::string> Dir =
        ompm::buildPathArgument(ArrayRef<const char *>(argv, argc));
    if (!Dir) {
      errs() << "omp-migrate: error: no input file: give source files, or -p BUILD_DIR "
                "to process every file of BUILD_DIR/compile_commands.json\n";
      return 2;
    }
    std::string Error;
    std::unique_ptr<clang::tooling::CompilationDatabase> DB =
        clang::tooling::CompilationDatabase::autoDetectFromDirectory(*Dir, Error);
    if (!DB) {
      errs() << "omp-migrate: error: " << Error << "\n";
      return 2;
    }
    // In the order of their paths (the database's own order is a hash's).
    Sources = DB->getAllFiles();
    llvm::sort(Sources);
    if (Sources.empty()) {
      errs() << "omp-migrate: error: the compilation database has no files\n";
      return 2;
    }
    return ompm::runDriver(*DB, Sources, Opts, outs(), errs());
  }
  // An input that is no file: say what it is (Clang's driver would print
  // its own flags' warnings and "no such file").
  for (const std::string &S : Sources) {
    llvm::sys::fs::file_status St;
    std::error_code EC = llvm::sys::fs::status(S, St);
    if (EC == std::errc::too_many_symbolic_link_levels) {
      errs() << "omp-migrate: error: " << S << ": a loop of symbolic links\n";
      return 2;
    }
    if (!EC && llvm::sys::fs::is_directory(St)) {
      errs() << "omp-migrate: error: " << S << ": is a directory (give source files, "
                "or -p BUILD_DIR for every file of its compile_commands.json)\n";
      return 2;
    }
  }
  return ompm::runDriver(Parser->getCompilations(), Sources, Opts, outs(), errs());
}
