//===- Preprocessor.cpp - OpenACC in the preprocessor ----------------------===//
#include "Translate/Preprocessor.h"
#include "Facts/Conditionals.h"
#include "Translate/RuntimeHelpers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

void PreprocessorTranslator::planPreprocessor(const std::vector<std::string> &OpenACCLeft) {
  // The record of a preprocessor text Rg, of Kind.
  auto Record = [&](const char *Kind, const CharSourceRange &Rg) {
    ConstructRecord R;
    R.Kind = Kind;
    R.Loc = Rg.getBegin();
    R.Line = SM.getPresumedLineNumber(Rg.getBegin());
    R.Column = SM.getPresumedColumnNumber(Rg.getBegin());
    R.Original = Lexer::getSourceText(Rg, SM, Ctx.getLangOpts()).str();
    return R;
  };
  OpenACCIncludesKept = !OpenACCLeft.empty();
  for (const CharSourceRange &Rg : PP.OpenACCIncludes) {
    ConstructRecord R = Record("include", Rg);
    if (!OpenACCLeft.empty()) {
      // Replaced by <omp.h>, the names left would be undeclared.
      fail(R, "kept: the file still uses OpenACC names that have no OpenMP "
              "form here: " + llvm::join(OpenACCLeft, ", ") +
              " (gcc provides openacc.h, clang does not)");
      continue;
    }
    EditSet E(SM);
    E.replace(Rg, "<omp.h>");
    R.Emitted.push_back("<omp.h>");
    succeed(R, E);
  }
  for (const CharSourceRange &Rg : PP.OpenACCMacroRefs) {
    ConstructRecord R = Record("_OPENACC", Rg);
    EditSet E(SM);
    E.replace(Rg, "_OPENMP");
    R.Emitted.push_back("_OPENMP");
    succeed(R, E);
  }
}

void PreprocessorTranslator::insertQueueDecl() {
  bool Queues = (NeedQueues || NeedDefaultAsync) && St.FirstQueueUse.isValid();
  bool Helpers = !St.Helpers.empty() && St.FirstHelperUse.isValid();
  if (!Queues && !Helpers)
    return;
  SourceLocation First = !Queues ? St.FirstHelperUse
                         : !Helpers || SM.isBeforeInTranslationUnit(St.FirstQueueUse,
                                                                    St.FirstHelperUse)
                             ? St.FirstQueueUse
                             : St.FirstHelperUse;
  // Before the top-level declaration that holds the first use.
  const Decl *Top = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange SR = D->getSourceRange();
    if (SM.isInMainFile(SM.getExpansionLoc(SR.getBegin())) &&
        !SM.isBeforeInTranslationUnit(First, SM.getExpansionLoc(SR.getBegin())) &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(SR.getEnd()), First)) {
      Top = D;
      break;
    }
  }
  if (!Top)
    return;
  SourceLocation At = SM.getExpansionLoc(Top->getBeginLoc());
  // Outside any #if block (the V&V suite wraps each test in #ifndef T<n>):
  // the declarations must exist whichever way the condition goes.
  FileID Main = SM.getMainFileID();
  unsigned Off = SM.getFileOffset(At);
  std::vector<ConditionalBlock> Blocks =
      topLevelConditionals(SM, Main, Ctx.getLangOpts());
  unsigned Moved = outsideConditionals(Blocks, Off);
  if (Moved != Off)
    At = SM.getComposedLoc(Main, Moved);
  std::vector<std::string> Lines;
  if (Queues && NeedQueues)
    Lines.push_back("static char omp_migrate_async_[64]; /* omp-migrate: one "
                    "dependence object per OpenACC async queue */");
  if (Queues && NeedDefaultAsync)
    Lines.push_back("static int " + std::string(DefaultAsyncVar) +
                    " = 0; /* omp-migrate: the default async queue, "
                    "per file */");
  if (Helpers) {
    // The helpers call omp_* routines: omp.h comes before them, also when
    // the file's own include of it sits in an #if branch below (a back end
    // chosen by the preprocessor).
    if (!ompHIncludedBefore(Moved, Blocks))
      Lines.push_back("#include <omp.h> /* omp-migrate: for the helpers below */");
    std::vector<std::string> H = helperDefinitions(St.Helpers);
    Lines.insert(Lines.end(), H.begin(), H.end());
  }
  EditSet E(SM);
  E.insertLinesBefore(At, Lines);
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
}

bool PreprocessorTranslator::ompHIncludedBefore(
    unsigned Off, llvm::ArrayRef<ConditionalBlock> Blocks) const {
  auto Unconditional = [&](SourceLocation L) {
    if (L.isInvalid() || !SM.isInMainFile(L))
      return false;
    unsigned At = SM.getFileOffset(L);
    return At < Off && outsideConditionals(Blocks, At) == At;
  };
  if (llvm::any_of(PP.OmpHIncludes, Unconditional))
    return true;
  // RuntimeCallTranslator includes omp.h before the file's first #include
  // (or at its start) when the file has none and no <openacc.h> becomes it.
  if (!PP.IncludesOmpH && (PP.OpenACCIncludes.empty() || OpenACCIncludesKept))
    return PP.FirstInclude.isInvalid() || Unconditional(PP.FirstInclude);
  return !OpenACCIncludesKept &&
         llvm::any_of(PP.OpenACCIncludes, [&](const CharSourceRange &Rg) {
           return Unconditional(Rg.getBegin());
         });
}

} // namespace ompm
