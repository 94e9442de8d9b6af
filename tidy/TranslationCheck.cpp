//===- TranslationCheck.cpp - The module's checks -------------------------===//
#include "TranslationCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ompm::tidy {

TranslationCheck::TranslationCheck(llvm::StringRef Name,
                                   clang::tidy::ClangTidyContext *Context, CheckKind Kind)
    : ClangTidyCheck(Name, Context), Kind(Kind) {
  // LoopStyle may be set once for every check (a global option): they
  // share one plan.
  llvm::StringRef Value = Options.getLocalOrGlobal("LoopStyle", "distribute");
  if (Value == "loop")
    Style = LoopStyle::Loop;
  else if (Value != "distribute")
    configurationDiag("invalid LoopStyle '%0' for %1: 'distribute' or 'loop'; "
                      "'distribute' is used")
        << Value << Name;
}

void TranslationCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "LoopStyle", Style == LoopStyle::Loop ? "loop" : "distribute");
}

void TranslationCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                           Preprocessor *) {
  Plan = SharedPlan::join(*PP, Kind, Style);
}

void TranslationCheck::registerMatchers(MatchFinder *Finder) {
  // The plan needs the whole translation unit: one match, at its end.
  Finder->addMatcher(translationUnitDecl(), this);
}

void TranslationCheck::check(const MatchFinder::MatchResult &Result) {
  if (!Plan)
    return;
  const SourceManager &SM = *Result.SourceManager;
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  for (const Finding &F : Plan->findings(*Result.Context)) {
    if (F.Kind != Kind)
      continue;
    // The message is an argument, never a format: it may hold a '%'.
    DiagnosticBuilder D = diag(F.Loc, "%0") << F.Message;
    llvm::StringRef Code = SM.getBufferData(SM.getMainFileID());
    for (const tooling::Replacement &R : F.Fix) {
      unsigned Offset = R.getOffset();
      // A whole line removed ("#pragma omp critical\n"): Clang's fix-it
      // merging (clang/Edit) widens a removal between two whitespace
      // characters by one, which would eat the next line's first blank.
      // The same text goes when the removal starts at the newline before
      // the line and stops before its own.
      if (R.getLength() > 0 && R.getReplacementText().empty() && Offset > 1 &&
          Offset + R.getLength() <= Code.size() && Code[Offset - 1] == '\n' &&
          Code[Offset + R.getLength() - 1] == '\n' && !llvm::isSpace(Code[Offset - 2]))
        --Offset;
      SourceLocation Begin = Start.getLocWithOffset(Offset);
      if (R.getLength() == 0)
        D << FixItHint::CreateInsertion(Begin, R.getReplacementText());
      else
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(R.getLength())),
            R.getReplacementText());
    }
  }
}

} // namespace ompm::tidy
