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
      unsigned Offset = R.getOffset(), Length = R.getLength();
      std::string Text = R.getReplacementText().str();
      // Clang's fix-it merging (clang/Edit) widens a removal that would
      // leave two blanks side by side by one character: a removed line
      // ("#pragma omp critical\n") would take the next line's first blank.
      // Such a removal goes as a replacement of the character before it
      // and the range by that character: the same text, and not a removal.
      unsigned End = Offset + Length;
      if (Length > 0 && Text.empty() && Offset > 0 && End < Code.size() &&
          llvm::isSpace(Code[Offset - 1]) && llvm::isSpace(Code[End])) {
        --Offset;
        ++Length;
        Text = std::string(1, Code[Offset]);
      }
      SourceLocation Begin = Start.getLocWithOffset(Offset);
      if (Length == 0)
        D << FixItHint::CreateInsertion(Begin, Text);
      else
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Length)), Text);
    }
  }
}

} // namespace ompm::tidy
