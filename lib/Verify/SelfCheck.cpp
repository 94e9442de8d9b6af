//===- SelfCheck.cpp - Re-parse a translation as OpenMP compilers see it --===//
#include "Verify/SelfCheck.h"
#include "Analysis/AstQueries.h"
#include "Analysis/OnceVisitor.h"
#include "Facts/Directives.h"
#include "Verify/PointerMaps.h"
#include "Verify/PrivateBounds.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ompm {

namespace {

enum class Mode { On, Off };

// Testing options (hidden): the self-check runs unless --self-check=off;
// --self-check-inject spoils the translation first, so that tests can show
// the check firing.
llvm::cl::opt<Mode> SelfCheckMode(
    "self-check", llvm::cl::Hidden,
    llvm::cl::desc("Re-parse each translation with -fopenmp and check it before "
                   "writing it (testing: off skips it)"),
    llvm::cl::values(clEnumValN(Mode::On, "on", "check (default)"),
                     clEnumValN(Mode::Off, "off", "do not check")),
    llvm::cl::init(Mode::On));
llvm::cl::opt<InjectedFault> Inject(
    "self-check-inject", llvm::cl::Hidden,
    llvm::cl::desc("Testing only: spoil each translation before the self-check"),
    llvm::cl::values(
        clEnumValN(InjectedFault::None, "none", "nothing (default)"),
        clEnumValN(InjectedFault::DropMaps, "drop-maps",
                   "drop the map clauses of the emitted target kernels"),
        clEnumValN(InjectedFault::KeepAccDirectives, "keep-acc",
                   "leave the translated OpenACC directives in place"),
        clEnumValN(InjectedFault::KeepAccCalls, "keep-acc-calls",
                   "leave the rewritten acc_* calls in place")),
    llvm::cl::init(InjectedFault::None));

/// 1-based line and column of Offset in Text.
std::pair<unsigned, unsigned> lineColumn(llvm::StringRef Text, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  unsigned Line = 1 + Before.count('\n');
  size_t NL = Before.rfind('\n');
  unsigned Column = NL == llvm::StringRef::npos ? Offset + 1 : Offset - NL;
  return {Line, Column};
}

/// The line of Text at Offset, without its end or continuation lines.
std::string lineAt(llvm::StringRef Text, unsigned Offset) {
  llvm::StringRef Rest = Text.drop_front(std::min<size_t>(Offset, Text.size()));
  return Rest.take_until([](char C) { return C == '\n'; }).rtrim(" \t\r\\").str();
}

/// Failures located by offsets of the translation.
class Failures {
public:
  Failures(const SelfCheckInput &In) : In(In) {}
  void add(unsigned OutOffset, std::string What, bool Compile = false,
           std::string File = "") {
    SelfCheckFailure F;
    F.Compile = Compile;
    F.File = std::move(File);
    std::tie(F.Line, F.Column) = lineColumn(In.Translated, OutOffset);
    F.InputOffset = In.Map.toInput(OutOffset, &F.Written);
    F.InputLine = lineColumn(In.Original, F.InputOffset).first;
    F.What = std::move(What);
    List.push_back(std::move(F));
  }
  /// Whether a failure is reported at OutOffset already.
  bool has(unsigned OutOffset) const {
    auto [Line, Column] = lineColumn(In.Translated, OutOffset);
    for (const SelfCheckFailure &F : List)
      if (F.Line == Line && F.Column == Column)
        return true;
    return false;
  }
  std::vector<SelfCheckFailure> List;

private:
  const SelfCheckInput &In;
};

/// Where a location is in the main file: its expansion, or the #include
/// that leads to the header holding it. Invalid if none.
SourceLocation mainFileLoc(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  while (L.isValid() && !SM.isInMainFile(L))
    L = SM.getIncludeLoc(SM.getFileID(L));
  return L;
}

/// The errors of the self-check parse.
class ErrorCollector : public DiagnosticConsumer {
public:
  ErrorCollector(Failures &F) : F(F) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    if (++Count > MaxShown) {
      return;
    }
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    std::string What = "the translation does not compile with -fopenmp: " +
                       Msg.str().str();
    unsigned Offset = 0;
    std::string File;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation L = SM.getExpansionLoc(Info.getLocation());
      if (!SM.isInMainFile(L)) {
        PresumedLoc P = SM.getPresumedLoc(L);
        if (P.isValid())
          What += " (in " + std::string(llvm::sys::path::filename(P.getFilename())) +
                  ":" + std::to_string(P.getLine()) + ")";
        if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L)))
          File = FE->getFileEntry().tryGetRealPathName().str();
      }
      SourceLocation M = mainFileLoc(SM, L);
      if (M.isValid())
        Offset = SM.getFileOffset(M);
    }
    F.add(Offset, std::move(What), /*Compile=*/true, std::move(File));
  }
  void addOverflow() {
    if (Count > MaxShown)
      F.add(0, std::to_string(Count - MaxShown) + " more errors", /*Compile=*/true);
  }

private:
  static constexpr unsigned MaxShown = 10;
  Failures &F;
  unsigned Count = 0;
};

/// Whether Text, after blanks and line continuations, starts with Word as a
/// whole word; consumes them.
bool consumeWord(llvm::StringRef &Text, llvm::StringRef Word) {
  while (true) {
    Text = Text.ltrim(" \t\f\v");
    if (!Text.consume_front("\\\n") && !Text.consume_front("\\\r\n"))
      break;
  }
  if (!Text.consume_front(Word))
    return false;
  return Text.empty() || !(isalnum(static_cast<unsigned char>(Text[0])) || Text[0] == '_');
}

/// Records every `#pragma acc` and `_Pragma("acc ...")` the preprocessor
/// meets (Clang, with OpenACC off, ignores them; a pragma handler of ours
/// would be replaced by the parser's own that ignores them).
class AccPragmas : public PPCallbacks {
public:
  AccPragmas(const SourceManager &SM, std::vector<SourceLocation> &Out)
      : SM(SM), Out(Out) {}
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) override {
    bool Invalid = false;
    const char *Data = SM.getCharacterData(SM.getSpellingLoc(Loc), &Invalid);
    if (Invalid || !Data)
      return;
    llvm::StringRef Text(Data, 256); // a pragma's start; buffers end in NUL
    Text = Text.take_until([](char C) { return C == '\0'; });
    bool Acc = false;
    if (Kind == PIK_HashPragma)
      Acc = Text.consume_front("#") && consumeWord(Text, "pragma") &&
            consumeWord(Text, "acc");
    else if (Kind == PIK__Pragma && consumeWord(Text, "_Pragma") &&
             consumeWord(Text, "(")) {
      Text = Text.ltrim(" \t");
      Text.consume_front("L") || Text.consume_front("u8") ||
          Text.consume_front("u") || Text.consume_front("U");
      Acc = Text.consume_front("\"") && consumeWord(Text, "acc");
    }
    if (Acc)
      Out.push_back(Loc);
  }

private:
  const SourceManager &SM;
  std::vector<SourceLocation> &Out;
};

/// Uses of acc_* functions that only an implicit declaration declares (C).
class ImplicitAccCalls : public OnceVisitor<ImplicitAccCalls> {
public:
  ImplicitAccCalls(const SourceManager &SM) : SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true; // headers are not the translation
    return OnceVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
    if (FD && FD->isImplicit() && FD->getIdentifier() &&
        FD->getName().starts_with("acc_"))
      Uses.push_back(E);
    return true;
  }
  std::vector<const DeclRefExpr *> Uses;

private:
  const SourceManager &SM;
};

class CheckConsumer : public ASTConsumer {
public:
  CheckConsumer(const SelfCheckInput &In, Failures &F,
                const std::vector<SourceLocation> &Pragmas)
      : In(In), F(F), Pragmas(Pragmas) {}

  /// The bodies of functions in system headers are not parsed (the
  /// invocation skips function bodies, and this says which; the input's
  /// parse skipped them too), nor those of the main file's functions that
  /// are the input's own code, untouched (In.SkipBodies). Every other body
  /// of the translation and of the project's headers is parsed.
  bool shouldSkipFunctionBody(Decl *D) override {
    if (inSystemHeader(D))
      return true;
    SourceLocation L = D->getLocation();
    const SourceManager &SM = D->getASTContext().getSourceManager();
    if (In.SkipBodies.empty() || L.isMacroID() || !SM.isInMainFile(L))
      return false;
    bool Written = false;
    unsigned At = In.Map.toInput(SM.getFileOffset(L), &Written);
    return !Written && std::binary_search(In.SkipBodies.begin(), In.SkipBodies.end(), At);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    // (a) acc_* functions that only an implicit declaration declares (C):
    // the runtime call was not rewritten, and omp.h declares no acc_*.
    ImplicitAccCalls Calls(SM);
    if (lexedAccName(Ctx))
      Calls.TraverseDecl(Ctx.getTranslationUnitDecl());
    for (const DeclRefExpr *E : Calls.Uses) {
      SourceLocation L = mainFileLoc(SM, E->getLocation());
      unsigned Offset = L.isValid() ? SM.getFileOffset(L) : 0;
      if (F.has(Offset))
        continue; // an error there already (-Werror=implicit-function-declaration)
      F.add(Offset,
            "the translation calls '" + E->getDecl()->getNameAsString() +
                "', which nothing declares without openacc.h (only an "
                "implicit declaration)");
      F.List.back().AccRoutine = E->getDecl()->getNameAsString();
    }
    // (b) pointers the target constructs the translation wrote
    // dereference, unmapped. An AST with errors is not worth checking: (a)
    // has reported them.
    if (!Ctx.getDiagnostics().hasErrorOccurred())
      for (const UnmappedPointer &U : findUnmappedPointers(Ctx)) {
        // Only the constructs the translation wrote: the input's own
        // OpenMP (left as it is, also with --optimize-data) is the user's.
        bool Written = false;
        In.Map.toInput(SM.getFileOffset(SM.getExpansionLoc(U.Construct)), &Written);
        if (!Written)
          continue;
        unsigned Line = SM.getSpellingLineNumber(U.Construct);
        std::string What = "'" + U.Pointer + "' is dereferenced";
        if (!U.Callee.empty())
          What += " (by '" + U.Callee + "')";
        What += " in the '" + U.Directive + "' construct at line " +
                std::to_string(Line) +
                " of the translation, but neither that construct, an "
                "enclosing target data region nor an earlier target enter "
                "data maps what it points to";
        F.add(SM.getFileOffset(U.Use), std::move(What));
      }
    // (d) sections whose bounds name a variable private to the construct
    // (or to a target construct inside a data region): the host's value,
    // which the construct never sees, decides what is mapped.
    if (!Ctx.getDiagnostics().hasErrorOccurred())
      for (const PrivateBound &B : findPrivateBounds(Ctx)) {
        bool Written = false;
        In.Map.toInput(SM.getFileOffset(SM.getExpansionLoc(B.Construct)), &Written);
        if (!Written)
          continue;
        F.add(SM.getFileOffset(SM.getExpansionLoc(B.Item)),
              "the section '" + B.Section + "' of the '" + B.Directive +
                  "' construct at line " +
                  std::to_string(SM.getSpellingLineNumber(B.Construct)) +
                  " of the translation names '" + B.Variable +
                  "', which is private to " +
                  (B.Directive == "target data" ? "a kernel inside it"
                                                : "the construct") +
                  ": the bounds take its value on the host");
      }
    // (c) `#pragma acc` left in the main file, except where a construct the
    // planner reported as not translated starts.
    for (SourceLocation L : Pragmas) {
      SourceLocation At = SM.getExpansionLoc(L);
      if (!SM.isInMainFile(At))
        continue;
      unsigned Out = SM.getFileOffset(At);
      bool Written = false;
      unsigned InOffset = In.Map.toInput(Out, &Written);
      if (!Written && llvm::is_contained(In.Untranslated, InOffset))
        continue;
      std::string Text = llvm::StringRef(lineAt(In.Translated, Out)).trim().str();
      std::string What =
          Written ? "the translation writes an OpenACC directive: '" + Text + "'"
          : L.isMacroID()
              ? "an OpenACC _Pragma, from '" + Text + "', is left in the translation"
              : "'" + Text + "' is left in the translation";
      if (!Written)
        What += ", but its construct is not reported as untranslated";
      F.add(Out, std::move(What));
    }
  }

private:
  const SelfCheckInput &In;
  Failures &F;
  const std::vector<SourceLocation> &Pragmas;
};

class CheckAction : public ASTFrontendAction {
public:
  CheckAction(const SelfCheckInput &In, Failures &F) : In(In), F(F) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<AccPragmas>(CI.getSourceManager(), Pragmas));
    return std::make_unique<CheckConsumer>(In, F, Pragmas);
  }

private:
  const SelfCheckInput &In;
  Failures &F;
  std::vector<SourceLocation> Pragmas;
};

/// Whether Dir holds the bundled openacc.h.
bool holdsBundledHeader(llvm::StringRef Dir, llvm::StringRef Bundled) {
  if (Bundled.empty())
    return false;
  llvm::SmallString<256> File(Dir);
  llvm::sys::path::append(File, "openacc.h");
  auto Buf = llvm::MemoryBuffer::getFile(File);
  return Buf && (*Buf)->getBuffer() == Bundled;
}

/// The input's file system without the bundled openacc.h, which the parse
/// serves from memory (lib/Driver/Driver.cpp): an OpenMP compiler has none.
class HideBundledHeader : public llvm::vfs::ProxyFileSystem {
public:
  HideBundledHeader(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, llvm::StringRef Bundled)
      : ProxyFileSystem(std::move(FS)), Bundled(Bundled.str()) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    if (bundled(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(Path);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (bundled(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  bool bundled(const llvm::Twine &Path) {
    std::string P = Path.str();
    if (Bundled.empty() || llvm::sys::path::filename(P) != "openacc.h")
      return false;
    auto F = ProxyFileSystem::openFileForRead(P);
    if (!F)
      return false;
    auto B = (*F)->getBuffer(P);
    return B && (*B)->getBuffer() == Bundled;
  }
  std::string Bundled;
};

/// The input's text with an edit (Offset, Length) of it, without blanks
/// before.
llvm::StringRef editedText(llvm::StringRef Original, const Edit &E) {
  return Original.substr(E.Offset, E.Length).ltrim(" \t\n");
}

bool isEmittedKernelLine(llvm::StringRef Line) {
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("#pragma omp target"))
    return false;
  Line = Line.ltrim(" ");
  return !(Line.starts_with("data") || Line.starts_with("enter") ||
           Line.starts_with("exit") || Line.starts_with("update"));
}

/// Line without its map(...) clauses.
std::string withoutMaps(llvm::StringRef Line) {
  std::string Out;
  size_t I = 0;
  while (I < Line.size()) {
    size_t M = Line.find(" map(", I);
    if (M == llvm::StringRef::npos) {
      Out += Line.substr(I).str();
      break;
    }
    Out += Line.slice(I, M).str();
    size_t J = M + 5;
    for (int Depth = 1; J < Line.size() && Depth; ++J)
      Depth += Line[J] == '(' ? 1 : Line[J] == ')' ? -1 : 0;
    I = J;
  }
  return Out;
}

} // namespace

bool selfCheckEnabled() { return SelfCheckMode == Mode::On; }
void setSelfCheckEnabled(bool On) { SelfCheckMode = On ? Mode::On : Mode::Off; }
void setInjectedFault(InjectedFault F) { Inject = F; }

std::string selfCheckMessage(const SelfCheckFailure &F, bool Warning) {
  std::string S = Warning ? "self-check: " + F.What +
                                "; the file keeps constructs reported as not translated"
                          : "internal error: self-check: " + F.What;
  S += " (line:column of the translation";
  if (F.InputLine)
    S += "; input line " + std::to_string(F.InputLine);
  return S + ") [omp-migrate]";
}

std::string formatSelfCheckFailure(llvm::StringRef Path, const SelfCheckFailure &F) {
  return Path.str() + ":" + std::to_string(F.Line) + ":" + std::to_string(F.Column) +
         ": error: " + selfCheckMessage(F, /*Warning=*/false);
}

std::string formatSelfCheckWarning(llvm::StringRef Path, const SelfCheckFailure &F) {
  return Path.str() + ":" + std::to_string(F.Line) + ":" + std::to_string(F.Column) +
         ": warning: " + selfCheckMessage(F, /*Warning=*/true);
}

// --- OffsetMap -----------------------------------------------------------

OffsetMap::OffsetMap(const tooling::Replacements &Reps) {
  for (const tooling::Replacement &R : Reps)
    Pieces.push_back({R.getOffset(), R.getLength(),
                      static_cast<unsigned>(R.getReplacementText().size())});
}

unsigned OffsetMap::toOutput(unsigned In) const {
  long long Delta = 0;
  for (const Piece &P : Pieces) {
    if (In < P.Offset)
      break;
    if (In < P.Offset + P.Length)
      return P.Offset + Delta;
    Delta += static_cast<long long>(P.NewLength) - P.Length;
  }
  return In + Delta;
}

unsigned OffsetMap::toInput(unsigned Out, bool *Written) const {
  long long Delta = 0;
  if (Written)
    *Written = false;
  for (const Piece &P : Pieces) {
    long long NewStart = P.Offset + Delta;
    if (Out < NewStart)
      break;
    if (Out < NewStart + P.NewLength) {
      if (Written)
        *Written = true;
      return P.Offset;
    }
    Delta += static_cast<long long>(P.NewLength) - P.Length;
  }
  return Out - Delta;
}

// --- the parse -----------------------------------------------------------

std::vector<SelfCheckFailure> selfCheck(const SelfCheckInput &In) {
  Failures F(In);
  if (!In.Invocation || In.Invocation->getFrontendOpts().Inputs.empty()) {
    F.add(0, "no invocation for the OpenMP parse");
    return F.List;
  }
  auto Inv = std::make_shared<CompilerInvocation>(*In.Invocation);
  // The main file is the translation, on top of the input's file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base =
      In.FS ? In.FS : llvm::vfs::getRealFileSystem();
  llvm::SmallString<256> Main(Inv->getFrontendOpts().Inputs[0].getFile());
  if (!Inv->getFileSystemOpts().WorkingDir.empty() &&
      !llvm::sys::path::is_absolute(Main)) {
    llvm::SmallString<256> Abs(Inv->getFileSystemOpts().WorkingDir);
    llvm::sys::path::append(Abs, Main);
    Main = Abs;
  }
  Base->makeAbsolute(Main);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Main, 0, llvm::MemoryBuffer::getMemBufferCopy(In.Translated, Main));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
  Overlay->pushOverlay(Memory);
  if (auto CWD = Base->getCurrentWorkingDirectory())
    Overlay->setCurrentWorkingDirectory(*CWD);

  // Bodies in system headers only (CheckConsumer::shouldSkipFunctionBody).
  Inv->getFrontendOpts().SkipFunctionBodies = true;
  CompilerInstance CI(Inv);
  CI.setVirtualFileSystem(Overlay);
  CI.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
  ErrorCollector Errors(F);
  CI.createDiagnostics(&Errors, /*ShouldOwnClient=*/false);
  CI.createFileManager();
  CheckAction Act(In, F);
  CI.ExecuteAction(Act);
  Errors.addOverflow();
  return F.List;
}

std::shared_ptr<CompilerInvocation>
openMPInvocation(const CompilerInvocation &Parse, llvm::StringRef BundledHeader,
                 std::string *Error) {
  CompilerInvocation Copy(Parse);
  llvm::erase_if(Copy.getHeaderSearchOpts().UserEntries,
                 [&](const HeaderSearchOptions::Entry &E) {
                   return holdsBundledHeader(E.Path, BundledHeader);
                 });
  std::vector<std::string> Args = Copy.getCC1CommandLine();
  std::vector<const char *> Argv;
  bool OpenMP = false;
  for (const std::string &A : Args) {
    if (A == "-fopenacc")
      continue;
    OpenMP |= A == "-fopenmp";
    Argv.push_back(A.c_str());
  }
  if (!OpenMP)
    Argv.push_back("-fopenmp");
  auto Inv = std::make_shared<CompilerInvocation>();
  DiagnosticOptions DiagOpts;
  TextDiagnosticBuffer Buffer;
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts, &Buffer, false);
  if (!CompilerInvocation::CreateFromArgs(*Inv, Argv, Diags)) {
    if (Error) {
      *Error = "the flags of the OpenMP parse are rejected";
      for (auto It = Buffer.err_begin(); It != Buffer.err_end(); ++It)
        *Error += ": " + It->second;
    }
    return nullptr;
  }
  Inv->getFrontendOpts().ProgramAction = frontend::ParseSyntaxOnly;
  Inv->getFrontendOpts().DisableFree = false;
  return Inv;
}

std::shared_ptr<CompilerInvocation>
openMPInvocationFromFlags(const std::vector<std::string> &Flags,
                          llvm::StringRef File, llvm::StringRef BundledHeader,
                          std::string *Error) {
  std::vector<const char *> Argv = {"clang", "-fsyntax-only"};
  for (const std::string &A : Flags)
    Argv.push_back(A.c_str());
  std::string F = File.str();
  Argv.push_back(F.c_str());
  CreateInvocationOptions Opts;
  DiagnosticOptions DiagOpts;
  TextDiagnosticBuffer Buffer;
  Opts.Diags = llvm::makeIntrusiveRefCnt<DiagnosticsEngine>(
      DiagnosticIDs::create(), DiagOpts, &Buffer, false);
  std::unique_ptr<CompilerInvocation> Inv = createInvocation(Argv, Opts);
  if (!Inv) {
    if (Error)
      *Error = "clang rejects the flags";
    return nullptr;
  }
  return openMPInvocation(*Inv, BundledHeader, Error);
}

// --- faults, for tests ---------------------------------------------------

void injectFault(InjectedFault Fault, llvm::StringRef Original,
                 std::vector<Edit> &Edits) {
  switch (Fault) {
  case InjectedFault::None:
    return;
  case InjectedFault::DropMaps:
    for (Edit &E : Edits) {
      llvm::SmallVector<llvm::StringRef, 8> Lines;
      llvm::StringRef(E.Text).split(Lines, '\n');
      std::string Text;
      for (size_t I = 0; I < Lines.size(); ++I)
        Text += (I ? "\n" : "") +
                (isEmittedKernelLine(Lines[I]) ? withoutMaps(Lines[I]) : Lines[I].str());
      E.Text = std::move(Text);
    }
    return;
  case InjectedFault::KeepAccDirectives:
    llvm::erase_if(Edits, [&](const Edit &E) {
      return E.Length && editedText(Original, E).starts_with("#pragma acc");
    });
    return;
  case InjectedFault::KeepAccCalls:
    llvm::erase_if(Edits, [&](const Edit &E) {
      return E.Length && editedText(Original, E).starts_with("acc_");
    });
    return;
  }
}

// --- the driver's hook ---------------------------------------------------

std::vector<SelfCheckFailure>
selfCheckTranslation(CompilerInstance &CI, llvm::StringRef BundledHeader,
                     llvm::StringRef Path, llvm::StringRef Original,
                     FilePlan &Plan, std::string &Translated) {
  return selfCheckTranslation(CI.getInvocation(), CI.getFileManager().getVirtualFileSystemPtr(),
                              CI.getSourceManager(), BundledHeader, Path, Original, Plan,
                              Translated);
}

std::vector<SelfCheckFailure>
selfCheckTranslation(const CompilerInvocation &Parse,
                     llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                     const SourceManager &SM, llvm::StringRef BundledHeader,
                     llvm::StringRef Path, llvm::StringRef Original,
                     FilePlan &Plan, std::string &Translated,
                     std::vector<unsigned> SkipBodies) {
  auto Fail = [](std::string What) {
    SelfCheckFailure F;
    F.Line = F.Column = 1;
    F.What = std::move(What);
    return std::vector<SelfCheckFailure>{F};
  };
  if (Inject != InjectedFault::None) {
    injectFault(Inject, Original, Plan.Edits);
    auto Text = applyEdits(Path, Original, Plan.Edits);
    if (!Text)
      return Fail(llvm::toString(Text.takeError()));
    Translated = *Text;
  }
  if (SelfCheckMode == Mode::Off)
    return {};
  auto Reps = toReplacements(Path, Plan.Edits);
  if (!Reps)
    return Fail(llvm::toString(Reps.takeError()));
  SelfCheckInput In;
  std::string Error;
  In.Invocation = openMPInvocation(Parse, BundledHeader, &Error);
  if (!In.Invocation)
    return Fail(Error);
  In.FS = llvm::makeIntrusiveRefCnt<HideBundledHeader>(std::move(FS), BundledHeader);
  In.Original = Original.str();
  In.Translated = Translated;
  In.Map = OffsetMap(*Reps);
  In.SkipBodies = std::move(SkipBodies);
  for (const ConstructRecord &R : Plan.Records) {
    if (R.Translated || R.Loc.isInvalid())
      continue;
    SourceLocation L = SM.getExpansionLoc(R.Loc);
    if (SM.isInMainFile(L))
      In.Untranslated.push_back(SM.getFileOffset(L));
  }
  return selfCheck(In);
}

} // namespace ompm
