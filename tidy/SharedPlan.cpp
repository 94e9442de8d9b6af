//===- SharedPlan.cpp - One translation plan per translation unit ---------===//
#include "SharedPlan.h"
#include "Driver/Driver.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/DirectoryLookup.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PreprocessorOptions.h"
#include <map>
#include <mutex>
#include <optional>

using namespace clang;

namespace ompm::tidy {

llvm::StringRef checkName(CheckKind K) {
  switch (K) {
  case CheckKind::OpenACC: return "omp-migrate-openacc";
  case CheckKind::SerialLoops: return "omp-migrate-serial-loops";
  case CheckKind::OpenMPOffload: return "omp-migrate-openmp-offload";
  case CheckKind::Critical: return "omp-migrate-critical";
  }
  llvm_unreachable("check kind");
}

namespace {

/// The plans of the translation units being parsed, by preprocessor. The
/// checks of a unit hold it; an expired entry is a finished unit.
std::mutex PlansMutex;
std::map<const Preprocessor *, std::weak_ptr<SharedPlan>> Plans;

/// The errors clang-tidy's diagnostic consumer had counted when the last
/// unit it served ended. The driver's errors of the next unit (an argument
/// of another compiler that Clang does not know: `-foffload=disable`) reach
/// only that consumer, not the engine of the unit's parse; they are the
/// consumer's count at the unit's start less this one.
std::map<const DiagnosticConsumer *, unsigned> ErrorsAtLastEnd;

/// A record of data placement: a region serves the kernels of every check.
bool isPlacement(llvm::StringRef RecordKind) { return RecordKind == "data region"; }

/// The check that reports a record of the planner, by its kind: the
/// records of offloaded serial loops, of CPU OpenMP constructs and of
/// critical sections have kinds of their own; every other is OpenACC's,
/// but for data placement's (isPlacement).
CheckKind ownerOf(llvm::StringRef RecordKind) {
  if (RecordKind == "serial loop")
    return CheckKind::SerialLoops;
  if (RecordKind == "omp critical" || RecordKind == "omp atomic")
    return CheckKind::Critical;
  if (RecordKind.starts_with("omp parallel"))
    return CheckKind::OpenMPOffload;
  return CheckKind::OpenACC;
}

/// The directories the module adds to the parse's header search, last.
/// The bundled openacc.h is found without -fopenacc too, so that such a
/// parse gets this module's diagnostic rather than a missing header.
std::vector<llvm::StringRef> headerDirectories() {
  std::vector<llvm::StringRef> Dirs = {OMPM_OPENACC_H_DIR};
  llvm::StringRef OmpDir = OMPM_OMP_H_DIR;
  if (!OmpDir.empty())
    Dirs.push_back(OmpDir);
  return Dirs;
}

/// The invocation of clang-tidy's parse, rebuilt from what the parse
/// keeps (the options of language, target, header search, preprocessor,
/// diagnostics and file system), with the main file as its input: what the
/// self-check needs to parse the translation as this parse's OpenMP twin.
/// Code generation options are not kept; a syntax-only parse needs none.
std::shared_ptr<CompilerInvocation> parseInvocation(const Preprocessor &PP,
                                                    llvm::StringRef MainFile) {
  // The options that are not copied (code generation, the analyzer) get
  // the values a parse of the command line gives them, which a default
  // constructed invocation does not have (its cc1 arguments would not
  // parse back).
  auto Inv = std::make_shared<CompilerInvocation>();
  DiagnosticOptions BaseDiagOpts;
  DiagnosticsEngine BaseDiags(DiagnosticIDs::create(), BaseDiagOpts,
                              new IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  const char *Base[] = {"-fsyntax-only"};
  CompilerInvocation::CreateFromArgs(*Inv, Base, BaseDiags);
  const LangOptions &LO = PP.getLangOpts();
  Inv->getLangOpts() = LO;
  Inv->getTargetOpts() = PP.getTargetInfo().getTargetOpts();
  Inv->getHeaderSearchOpts() = PP.getHeaderSearchInfo().getHeaderSearchOpts();
  // What join() added to the header search, which its options do not hold,
  // as -idirafter entries: after the -I ones (the cc1 arguments are written
  // group by group, in that order).
  std::vector<HeaderSearchOptions::Entry> &Entries = Inv->getHeaderSearchOpts().UserEntries;
  auto At = llvm::find_if(Entries, [](const HeaderSearchOptions::Entry &E) {
    return E.Group != frontend::Angled && E.Group != frontend::After;
  });
  for (llvm::StringRef Dir : headerDirectories())
    At = std::next(Entries.insert(
        At, HeaderSearchOptions::Entry(Dir, frontend::After, /*IsFramework=*/false,
                                       /*IgnoreSysRoot=*/true)));
  Inv->getPreprocessorOpts() = PP.getPreprocessorOpts();
  Inv->getDiagnosticOpts() = PP.getDiagnostics().getDiagnosticOptions();
  Inv->getFileSystemOpts() = PP.getFileManager().getFileSystemOpts();
  Language Lang = LO.CUDA       ? Language::CUDA
                  : LO.HIP      ? Language::HIP
                  : LO.ObjC     ? (LO.CPlusPlus ? Language::ObjCXX : Language::ObjC)
                  : LO.CPlusPlus ? Language::CXX
                                 : Language::C;
  FrontendOptions &FO = Inv->getFrontendOpts();
  FO.DashX = InputKind(Lang);
  FO.Inputs = {FrontendInputFile(MainFile, FO.DashX)};
  FO.ProgramAction = frontend::ParseSyntaxOnly;
  return Inv;
}

/// The planner's words for --no-critical-to-atomic, which the module says
/// as the check that is off.
void renameCriticalOption(std::string &Reason) {
  static const char Flag[] = "which --no-critical-to-atomic keeps";
  size_t At = Reason.find(Flag);
  if (At != std::string::npos)
    Reason.replace(At, sizeof(Flag) - 1,
                   "which stays a critical while omp-migrate-critical is disabled");
}

} // namespace

std::shared_ptr<SharedPlan> SharedPlan::join(Preprocessor &PP, CheckKind Kind,
                                             LoopStyle Style) {
  std::lock_guard<std::mutex> Lock(PlansMutex);
  for (auto It = Plans.begin(); It != Plans.end();)
    It = It->second.expired() ? Plans.erase(It) : std::next(It);
  std::shared_ptr<SharedPlan> Plan = Plans[&PP].lock();
  if (!Plan) {
    Plan = std::make_shared<SharedPlan>(PP);
    Plans[&PP] = Plan;
    if (const DiagnosticConsumer *C = PP.getDiagnostics().getClient()) {
      Plan->Client = C;
      unsigned Before = ErrorsAtLastEnd[C];
      Plan->CommandErrors = C->getNumErrors() > Before ? C->getNumErrors() - Before : 0;
    }
    PP.addPPCallbacks(collectPreprocessorFacts(PP, Plan->Facts, Plan->Sites));
    // The headers the tool's parse finds and Clang 22 ships none of: the
    // bundled openacc.h and the installed omp.h, each looked for last, as
    // -idirafter puts them (lib/Driver/Commands.cpp).
    for (llvm::StringRef Dir : headerDirectories())
      if (OptionalDirectoryEntryRef D = PP.getFileManager().getOptionalDirectoryRef(Dir))
        PP.getHeaderSearchInfo().AddSystemSearchPath(
            DirectoryLookup(*D, SrcMgr::C_System, /*isFramework=*/false));
  }
  Plan->Joined[static_cast<unsigned>(Kind)] = true;
  Plan->Styles[static_cast<unsigned>(Kind)] = Style;
  return Plan;
}

SharedPlan::~SharedPlan() {
  std::lock_guard<std::mutex> Lock(PlansMutex);
  if (Client)
    ErrorsAtLastEnd[Client] = Client->getNumErrors();
}

CheckKind SharedPlan::primary() const {
  for (unsigned K = 0; K < NumCheckKinds; ++K)
    if (Joined[K])
      return static_cast<CheckKind>(K);
  return CheckKind::OpenACC;
}

void SharedPlan::add(CheckKind K, SourceLocation Loc, std::string Message,
                     bool OwnsEdits) {
  if (OwnsEdits)
    Owners.push_back(Findings.size());
  Finding F;
  F.Kind = K;
  F.Loc = Loc;
  F.Message = std::move(Message);
  Findings.push_back(std::move(F));
}

void SharedPlan::attributeEdits(ASTContext &Ctx, const tooling::Replacements &Reps) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  auto OffsetOf = [&](size_t I) {
    SourceLocation L = SM.getExpansionLoc(Findings[I].Loc);
    return SM.getFileID(L) == Main ? SM.getFileOffset(L) : 0u;
  };
  llvm::stable_sort(Owners, [&](size_t A, size_t B) { return OffsetOf(A) < OffsetOf(B); });
  // The main file's top-level declarations (functions, mostly), as byte
  // ranges: an edit inside one goes with a construct of it when it has one,
  // so that a data region hoisted above a function's first kernel is that
  // kernel's fix, not the fix of a construct of the function before.
  std::vector<std::pair<unsigned, unsigned>> Decls;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (B.isValid() && E.isValid() && SM.getFileID(B) == Main && SM.getFileID(E) == Main)
      Decls.push_back({SM.getFileOffset(B), SM.getFileOffset(E)});
  }
  for (const tooling::Replacement &Rep : Reps) {
    unsigned At = Rep.getOffset();
    // The construct at or before the edit (the first one for the edits
    // above every construct), as the tool's --export-fixes gives them...
    size_t K = 0;
    while (K + 1 < Owners.size() && OffsetOf(Owners[K + 1]) <= At)
      ++K;
    // ... unless that one is outside the declaration that holds the edit
    // and a construct inside it follows the edit.
    for (const auto &[Begin, End] : Decls) {
      if (At < Begin || At > End)
        continue;
      unsigned Own = OffsetOf(Owners[K]);
      if (Own >= Begin && Own <= End)
        break;
      for (size_t J = 0; J < Owners.size(); ++J)
        if (OffsetOf(Owners[J]) > At && OffsetOf(Owners[J]) <= End) {
          K = J;
          break;
        }
      break;
    }
    Findings[Owners[K]].Fix.push_back(Rep);
  }
}

const std::vector<Finding> &SharedPlan::findings(ASTContext &Ctx) {
  if (!Computed) {
    Computed = true;
    compute(Ctx);
  }
  return Findings;
}

void SharedPlan::compute(ASTContext &Ctx) {
  // A unit with compile errors: clang-tidy reports them, and applies no
  // fix; the tool skips such a file too.
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // So does one whose compile command has errors that clang-tidy reported
  // before the parse: `clang-tidy -fix` applies nothing then, but
  // run-clang-tidy's exported fixes would be applied all the same.
  if (CommandErrors) {
    add(primary(), SM.getLocForStartOfFile(SM.getMainFileID()),
        "the compile command has " + std::to_string(CommandErrors) +
            " error(s) that clang-tidy reported before the parse (an argument of "
            "another compiler, such as gcc's -foffload=disable?): no fix is offered "
            "for the file; remove such arguments with --removed-arg (omp-migrate "
            "drops them itself)");
    return;
  }
  if (!Ctx.getLangOpts().OpenACC && reportUnparsedOpenACC(SM))
    return;
  std::optional<PlanOptions> Opts = planOptions(Ctx);
  if (!Opts)
    return;
  FileResult R;
  OptionalFileEntryRef MainEntry = SM.getFileEntryRefForID(SM.getMainFileID());
  R.Path = MainEntry ? MainEntry->getName().str() : "";
  std::set<std::string> Reported;
  std::shared_ptr<CompilerInvocation> Parse = parseInvocation(PP, R.Path);
  planParsedFile(Ctx, *Parse, SM.getFileManager().getVirtualFileSystemPtr(), Facts, Sites,
                 Reported, *Opts, R);
  if (!reportPlan(SM, R))
    return;
  auto Reps = toReplacements(R.Path, R.Plan.Edits);
  if (!Reps || Reps->empty()) {
    if (!Reps)
      llvm::consumeError(Reps.takeError());
    return;
  }
  if (Owners.empty())
    add(primary(), SM.getLocForStartOfFile(SM.getMainFileID()),
        "OpenACC translated to OpenMP", /*OwnsEdits=*/true);
  attributeEdits(Ctx, *Reps);
  // clang-tidy keeps one of two warnings of a check with one place and one
  // message, and the fix of that one only: such twins are made one here.
  for (size_t I = 0; I < Findings.size(); ++I)
    for (size_t J = I + 1; J < Findings.size();) {
      const Finding &A = Findings[I], &B = Findings[J];
      if (A.Kind != B.Kind || A.Loc != B.Loc || A.Message != B.Message) {
        ++J;
        continue;
      }
      Findings[I].Fix.insert(Findings[I].Fix.end(), B.Fix.begin(), B.Fix.end());
      Findings.erase(Findings.begin() + J);
    }
}

bool SharedPlan::reportUnparsedOpenACC(const SourceManager &SM) {
  // Without -fopenacc, Clang's AST holds no OpenACC: the OpenACC the
  // preprocessor saw is reported, and nothing is planned (a half
  // translation, its runtime calls without its directives, would be wrong).
  std::vector<std::pair<SourceLocation, std::string>> Seen;
  for (const AccPragma &P : Sites.Pragmas)
    if (SM.isInMainFile(SM.getExpansionLoc(P.Loc)))
      Seen.push_back({P.Loc, P.Kind});
  for (const CharSourceRange &R : Facts.OpenACCIncludes)
    Seen.push_back({R.getBegin(), "include"});
  if (Seen.empty() && !Facts.OpenACCMacroRefs.empty())
    Seen.push_back({Facts.OpenACCMacroRefs.front().getBegin(), "_OPENACC"});
  llvm::stable_sort(Seen, [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first, B.first);
  });
  CheckKind K = Joined[static_cast<unsigned>(CheckKind::OpenACC)] ? CheckKind::OpenACC
                                                                   : primary();
  for (const auto &[Loc, Kind] : Seen)
    add(K, Loc,
        "'" + Kind + "' not translated: the file was parsed without -fopenacc, so "
        "Clang's AST holds no OpenACC; run clang-tidy with --extra-arg=-fopenacc "
        "(omp-migrate parses with it)");
  return !Seen.empty();
}

std::optional<PlanOptions> SharedPlan::planOptions(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  // The checks that offload OpenMP or serial code need the parse that the
  // tool makes for them, with -fopenmp: without it the loops under OpenMP
  // directives would look serial.
  bool Active[NumCheckKinds];
  for (unsigned K = 0; K < NumCheckKinds; ++K)
    Active[K] = Joined[K];
  for (CheckKind K : {CheckKind::SerialLoops, CheckKind::OpenMPOffload, CheckKind::Critical})
    if (Joined[static_cast<unsigned>(K)] && !Ctx.getLangOpts().OpenMP) {
      Active[static_cast<unsigned>(K)] = false;
      add(K, Start,
          (checkName(K) + " needs the OpenMP parse that omp-migrate makes for it: run "
                          "clang-tidy with --extra-arg=-fopenmp; nothing is " +
           (K == CheckKind::Critical ? "converted" : "offloaded"))
              .str());
    }
  if (llvm::none_of(Active, [](bool A) { return A; }))
    return std::nullopt;
  auto IsActive = [&](CheckKind K) { return Active[static_cast<unsigned>(K)]; };

  // The union of the checks' options: the tool's defaults, with the loop
  // style of the OpenACC check (else of the first one).
  PlanOptions Opts;
  CheckKind StyleOf = Joined[static_cast<unsigned>(CheckKind::OpenACC)] ? CheckKind::OpenACC
                                                                         : primary();
  Opts.Style = Styles[static_cast<unsigned>(StyleOf)];
  auto StyleName = [](LoopStyle S) { return S == LoopStyle::Loop ? "loop" : "distribute"; };
  std::string Others;
  for (unsigned K = 0; K < NumCheckKinds; ++K)
    if (Joined[K] && Styles[K] != Opts.Style)
      Others += (Others.empty() ? "" : ", ") + checkName(static_cast<CheckKind>(K)).str();
  LoopStyle Other = Opts.Style == LoopStyle::Loop ? LoopStyle::Distribute : LoopStyle::Loop;
  if (!Others.empty())
    add(primary(), Start,
        std::string("the omp-migrate checks share one plan, but their LoopStyle options "
                    "differ: the plan uses '") +
            StyleName(Opts.Style) + "', not the '" + StyleName(Other) + "' of " + Others);
  Opts.OffloadSerial = IsActive(CheckKind::SerialLoops);
  Opts.OffloadOpenMP = IsActive(CheckKind::OpenMPOffload);
  Opts.CriticalToAtomic = IsActive(CheckKind::Critical);
  Opts.KernelCriticals = IsActive(CheckKind::Critical);
  return Opts;
}

bool SharedPlan::reportPlan(const SourceManager &SM, const FileResult &R) {
  FileID Main = SM.getMainFileID();
  SourceLocation Start = SM.getLocForStartOfFile(Main);
  CheckKind First = primary();
  auto IsJoined = [&](CheckKind K) { return Joined[static_cast<unsigned>(K)]; };
  auto Place = [&](const ConstructRecord &C) {
    if (C.Loc.isValid())
      return C.Loc;
    return C.File.empty() ? SM.translateLineCol(Main, C.Line, C.Column) : Start;
  };
  auto InputLine = [&](unsigned Line) {
    return Line ? SM.translateLineCol(Main, Line, 1) : Start;
  };
  auto Translation = [](const SelfCheckFailure &F) {
    return " (" + std::to_string(F.Line) + ":" + std::to_string(F.Column) +
           " of the translation)";
  };
  if (!R.Parsed) {
    // The trust rule of the tool: a translation the self-check rejects is
    // never offered, not even in part.
    for (const SelfCheckFailure &F : R.SelfCheck)
      add(First, InputLine(F.InputLine),
          "internal error: self-check: " + F.What + Translation(F) +
              "; no fix is offered for the file");
    if (R.SelfCheck.empty())
      add(First, Start, "not translated: " + R.Error);
    return false;
  }

  // The planner translates OpenACC whatever the options: with its check
  // off, the other checks' edits would come without it.
  if (!IsJoined(CheckKind::OpenACC))
    for (const ConstructRecord &C : R.Plan.Records)
      if (C.Translated && ownerOf(C.Kind) == CheckKind::OpenACC && !isPlacement(C.Kind)) {
        add(First, Place(C),
            "the file has OpenACC constructs ('" + C.Kind + "' here), which omp-migrate "
            "translates in one plan with the other sources of kernels: enable "
            "omp-migrate-openacc too; no fix is offered for the file");
        return false;
      }

  for (ConstructRecord C : R.Plan.Records) {
    // A data region is reported by the OpenACC check, else by the first.
    CheckKind K = isPlacement(C.Kind) ? First : ownerOf(C.Kind);
    if (!IsJoined(K))
      continue;
    if (C.Translated) {
      add(K, Place(C),
          "'" + C.Kind + "' translated" + (C.Emitted.empty() ? "" : ": " + C.Emitted.front()),
          /*OwnsEdits=*/true);
    } else {
      renameCriticalOption(C.Reason);
      add(K, Place(C), "'" + C.Kind + "' not translated: " + C.Reason);
    }
    for (const std::string &W : C.Warnings)
      add(K, Place(C), W);
  }
  // A converted critical section is a decision of the planner, not a
  // construct: its check reports it, with its edits.
  if (IsJoined(CheckKind::Critical))
    for (const ConstructRecord &D : R.Plan.Decisions) {
      if (ownerOf(D.Kind) != CheckKind::Critical || D.Notes.empty())
        continue;
      bool Converted = llvm::any_of(R.Plan.Criticals, [&](const CriticalRecord &C) {
        return C.Converted && C.Line == D.Line && C.Column == D.Column;
      });
      if (Converted)
        add(CheckKind::Critical, Place(D), D.Notes.front(), /*OwnsEdits=*/true);
    }
  for (const SelfCheckFailure &F : R.SelfCheckWarnings)
    add(First, InputLine(F.InputLine),
        "self-check: " + F.What + "; the file keeps constructs reported as not translated" +
            Translation(F));
  return true;
}

} // namespace ompm::tidy
