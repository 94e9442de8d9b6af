//===- ParsedFile.cpp - What becomes of a file once Clang has parsed it ---===//
//
// planParsedFile: the plan of a parsed file, the records of the OpenACC the
// planner could not see, the edits applied, the self-check, and the
// roll-back of the constructs whose translation it rejects (each planned
// again as left intact, data placement included, until the check passes
// or a failure belongs to no construct).
//
//===----------------------------------------------------------------------===//
#include "Driver/Driver.h"
#include "Driver/Messages.h"
#include "Driver/PreprocessorFacts.h"
#include "Edit/PragmaOperators.h"
#include "Facts/Directives.h"
#include "Verify/SelfCheck.h"
#include "Verify/SkippedBodies.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace ompm {

namespace {

/// The headers of R's records that the main file includes inside a
/// declaration (a function's body, a class, a namespace): fragments that
/// are not translated on their own.
void noteHeadersInsideCode(ASTContext &Ctx, FileResult &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ConstructRecord &C : R.Plan.Records) {
    if (C.RealFile.empty() || !C.Loc.isValid() || R.HeadersInsideCode.count(C.RealFile))
      continue;
    SourceLocation Inc = mainIncludeLoc(SM, SM.getExpansionLoc(C.Loc));
    if (Inc.isInvalid())
      continue;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      SourceLocation B = SM.getExpansionLoc(D->getBeginLoc()),
                     E = SM.getExpansionLoc(D->getEndLoc());
      if (B.isValid() && E.isValid() && SM.isInMainFile(B) &&
          SM.isBeforeInTranslationUnit(B, Inc) && SM.isBeforeInTranslationUnit(Inc, E)) {
        R.HeadersInsideCode.insert(C.RealFile);
        break;
      }
    }
  }
}

/// No edit: the construct at Loc is not translated, for Why, and the
/// others are left with the file.
void leaveIntact(const SourceManager &SM, SourceLocation Loc, const std::string &Why,
                 FileResult &R);

/// Moves the edits of _Pragma literals in headers' macro definitions from
/// R's edits to R.MacroEdits; when the run does not write headers
/// (Writable false), the file is left intact instead.
void separateMacroEdits(const SourceManager &SM, const std::vector<Directive> &Dirs,
                        bool Writable, FileResult &R) {
  std::vector<Edit> &Edits = R.Plan.Edits;
  auto Other = std::stable_partition(Edits.begin(), Edits.end(),
                                     [](const Edit &E) { return E.File.empty(); });
  if (Other == Edits.end())
    return;
  if (Writable) {
    R.MacroEdits.assign(std::make_move_iterator(Other), std::make_move_iterator(Edits.end()));
    Edits.erase(Other, Edits.end());
    return;
  }
  for (const Directive &D : Dirs)
    if (D.PragmaOperator && D.Text.isValid() && !SM.isInMainFile(D.Text.getBegin())) {
      PresumedLoc P = SM.getPresumedLoc(D.Text.getBegin());
      leaveIntact(SM, D.Loc,
                  "the directive comes from a _Pragma operator in a macro of the header " +
                      shownPath(P.getFilename()) + " (line " + std::to_string(P.getLine()) +
                      "), whose definition is translated with the project's headers "
                      "when omp-migrate writes files (-i, --output-dir) or a diff "
                      "(--diff): the standard output holds the main file alone",
                  R);
      return;
    }
}

/// FS with the headers of Edits (their real paths) as the edits make them.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withMacroEdits(const SourceManager &SM, const std::vector<Edit> &Edits,
               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  if (Edits.empty())
    return FS;
  std::map<std::string, std::vector<Edit>> ByFile;
  for (const Edit &E : Edits)
    ByFile[E.File].push_back(E);
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  if (auto Dir = FS->getCurrentWorkingDirectory())
    Mem->setCurrentWorkingDirectory(*Dir);
  for (auto &[File, Es] : ByFile) {
    auto Buf = FS->getBufferForFile(File);
    if (!Buf)
      continue;
    auto Text = applyEdits(File, (*Buf)->getBuffer(), Es);
    if (!Text) {
      llvm::consumeError(Text.takeError());
      continue;
    }
    Mem->addFile(File, 0, llvm::MemoryBuffer::getMemBufferCopy(*Text, File));
  }
  auto Over = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
  Over->pushOverlay(Mem);
  return Over;
}
void leaveIntact(const SourceManager &SM, SourceLocation Loc, const std::string &Why,
                 FileResult &R) {
  leaveFileIntact(R, SM.getPresumedLineNumber(Loc), SM.getPresumedColumnNumber(Loc), Why);
}

} // namespace

void takeBackTranslation(FileResult &R,
                         llvm::function_ref<std::string(const ConstructRecord &)> Reason) {
  R.Plan.Edits.clear();
  R.MacroEdits.clear();
  R.Translated = R.Original;
  for (ConstructRecord &C : R.Plan.Records) {
    if (!C.Translated)
      continue;
    C.Translated = false;
    C.Emitted.clear();
    C.Warnings.clear();
    C.Reason = Reason(C);
  }
}

void leaveFileIntact(FileResult &R, unsigned Line, unsigned Column, const std::string &Why) {
  takeBackTranslation(R, [&](const ConstructRecord &C) {
    return C.File.empty() && C.Line == Line && C.Column == Column
               ? Why
               : "left intact with the whole file: " + Why;
  });
}

namespace {

/// One plan of a parsed file and its self-check: planParsedFile's round.
void planAndCheck(ASTContext &Ctx, const CompilerInvocation &Parse,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                  const PPFacts &PP, const OpenACCSites &Sites,
                  std::set<std::string> &Reported, const PlanOptions &Opts,
                  const std::vector<Directive> &Dirs, FileResult &R) {
  const SourceManager &SM = Ctx.getSourceManager();
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
  noteHeadersInsideCode(Ctx, R);
  R.Skipped = Sites.SkippedInMain;
  std::string Why;
  int Including = constructIncludingOpenACC(SM, Sites, Dirs, Why);
  if (Including >= 0)
    leaveIntact(SM, Dirs[Including].Loc, Why, R);
  // Directives of _Pragma operators: their translations go into the
  // operators' string literals, or the file stays as it is.
  int Operator = rewritePragmaOperators(SM, Dirs, R.Plan.Edits, Why);
  if (Operator >= 0)
    leaveIntact(SM, Dirs[Operator].Loc, Why, R);
  separateMacroEdits(SM, Dirs, Opts.HeaderMacros, R);
  auto Text = applyEdits(R.Path, R.Original, R.Plan.Edits);
  if (!Text) {
    R.Error = llvm::toString(Text.takeError());
    return;
  }
  R.Translated = *Text;
  R.Parsed = true;
  // Nothing written and no OpenACC (no directive, no openacc.h, no acc_*
  // name): every finding of the check would be the input's own, not the
  // translation's (most files of a project, with --offload, or none).
  if (R.Plan.Edits.empty() && R.MacroEdits.empty() && Sites.Pragmas.empty() &&
      Sites.HeaderIncludes.empty() && Ctx.Idents.find("acc") == Ctx.Idents.end() &&
      !lexedAccName(Ctx))
    return;
  // Re-parsed as OpenMP compilers see it (lib/Verify), without the bodies
  // of the functions that are the input's own code, untouched.
  std::vector<unsigned> Constructs;
  for (const ConstructRecord &C : R.Plan.Records)
    if (C.Loc.isValid() && SM.isInMainFile(SM.getExpansionLoc(C.Loc)))
      Constructs.push_back(SM.getFileOffset(SM.getExpansionLoc(C.Loc)));
  R.SelfCheck = selfCheckTranslation(
      Parse, withMacroEdits(SM, R.MacroEdits, FS), SM, builtinOpenACCHeader(), R.Path,
      R.Original, R.Plan, R.Translated,
      skippableBodies(Ctx, R.Original, R.Plan.Edits, !R.MacroEdits.empty(), Constructs, Parse));
}

} // namespace

std::map<unsigned, std::string> constructsAtFault(const SourceManager &SM,
                                                  const FileResult &R, bool Lenient) {
  std::map<unsigned, std::string> Out;
  auto Start = [&](SourceLocation L) -> unsigned {
    L = SM.getExpansionLoc(L);
    return L.isValid() && SM.isInMainFile(L) ? SM.getFileOffset(L) : ~0u;
  };
  for (const SelfCheckFailure &F : R.SelfCheck) {
    if (!F.File.empty() || !F.AccRoutine.empty())
      continue; // a header's, or an acc_* routine a reported call leaves
    // In a file that keeps reported constructs, code that does not compile
    // and that no edit wrote may be theirs (planParsedFile warns).
    if (Lenient && F.Compile && !F.Written)
      continue;
    std::string Why = "the self-check rejected its translation (" + F.What +
                      "; translation line " + std::to_string(F.Line) +
                      "): left intact";
    // Text an edit wrote: the construct whose translation made the edit.
    bool Owned = false;
    if (F.Written)
      for (const Edit &E : R.Plan.Edits)
        if (E.File.empty() && E.Offset == F.InputOffset && E.Owner != Edit::Unowned) {
          Out.emplace(E.Owner, Why);
          Owned = true;
        }
    if (Owned)
      continue;
    // Else the innermost translated construct around it.
    const ConstructRecord *In = nullptr;
    unsigned InStart = 0;
    for (const ConstructRecord &C : R.Plan.Records) {
      if (!C.Translated || !C.File.empty() || C.End.isInvalid())
        continue;
      unsigned B = Start(C.Loc), E = Start(C.End);
      if (B == ~0u || E == ~0u || F.InputOffset < B || F.InputOffset > E)
        continue;
      if (!In || B >= InStart) {
        In = &C;
        InStart = B;
      }
    }
    if (In)
      Out.emplace(InStart, Why);
  }
  return Out;
}

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
  // A construct whose translation the self-check rejects is planned again
  // as one left intact (with the self-check's reason), and so is the file's
  // data placement, until the translation passes or no failure can be
  // put on a construct (then nothing is written: an internal error).
  // What a reported construct leaves (an acc_* call with no OpenMP form,
  // a header's <openacc.h>) may keep the file from compiling: the reports
  // say so already, and the file is written with them.
  bool HeaderOpenACC = !Sites.HeaderIncludes.empty() ||
                       llvm::any_of(Sites.Pragmas, [&](const AccPragma &P) {
                         return !SM.isInMainFile(SM.getExpansionLoc(P.Loc));
                       });
  const std::set<std::string> ReportedBefore = Reported;
  PlanOptions Round = Opts;
  constexpr unsigned MaxRounds = 8;
  for (unsigned K = 0; K < MaxRounds; ++K) {
    R.Plan = FilePlan();
    R.MacroEdits.clear();
    R.HeadersInsideCode.clear();
    R.SelfCheck.clear();
    R.Parsed = false;
    Reported = ReportedBefore;
    planAndCheck(Ctx, Parse, FS, PP, Sites, Reported, Round, Dirs, R);
    if (!R.Error.empty() || R.SelfCheck.empty())
      break;
    size_t Before = Round.RolledBack.size();
    bool Lenient = R.Plan.untranslated() > 0 || HeaderOpenACC;
    for (auto &[At, Why] : constructsAtFault(SM, R, Lenient))
      Round.RolledBack.emplace(At, Why);
    if (Round.RolledBack.size() == Before)
      break;
  }
  if (!R.Error.empty())
    return;
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
} // namespace ompm
