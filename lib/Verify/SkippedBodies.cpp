//===- SkippedBodies.cpp - Bodies the self-check need not parse -----------===//
#include "Verify/SkippedBodies.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;

namespace ompm {
namespace {

/// Whether Offset of Text is on a `#define` line (or a continuation line
/// of one).
bool onDefineLine(llvm::StringRef Text, unsigned Offset) {
  size_t Start = Text.rfind('\n', std::min<size_t>(Offset, Text.size()));
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  // Back over the lines that a backslash continues.
  while (Start >= 2) {
    llvm::StringRef Before = Text.take_front(Start - 1).rtrim('\r');
    if (!Before.ends_with("\\"))
      break;
    size_t Prev = Text.rfind('\n', Before.size());
    Start = Prev == llvm::StringRef::npos ? 0 : Prev + 1;
  }
  llvm::StringRef Line = Text.drop_front(Start).ltrim(" \t");
  if (!Line.consume_front("#"))
    return false;
  return Line.ltrim(" \t").starts_with("define");
}

/// Whether the edits make skipping unsafe anywhere: a macro definition
/// edited or written (its uses are anywhere).
bool editsReachEverywhere(llvm::StringRef Original, const std::vector<Edit> &Edits) {
  for (const Edit &E : Edits) {
    if (!E.File.empty() || onDefineLine(Original, E.Offset))
      return true;
    llvm::StringRef T = E.Text;
    if (T.contains("#define") || T.contains("#undef"))
      return true;
  }
  return false;
}

/// The names the edits list in `declare target` directives (`declare
/// target(f, g)`, `declare target link(x)`): a function among them is a
/// device function wherever it is defined.
std::set<std::string> declareTargetNames(const std::vector<Edit> &Edits) {
  std::set<std::string> Names;
  for (const Edit &E : Edits)
    for (llvm::StringRef T = E.Text; !T.empty();) {
      size_t At = T.find("declare target");
      if (At == llvm::StringRef::npos)
        break;
      T = T.drop_front(At + strlen("declare target"));
      llvm::StringRef Rest = T.ltrim(" ");
      Rest.consume_front("link") || Rest.consume_front("to") || Rest.consume_front("enter");
      Rest = Rest.ltrim(" ");
      if (!Rest.consume_front("("))
        continue;
      llvm::StringRef List = Rest.take_until([](char C) {
        return C == ')' || C == '\n';
      });
      llvm::SmallVector<llvm::StringRef, 4> Items;
      List.split(Items, ',');
      for (llvm::StringRef I : Items)
        Names.insert(I.trim().str());
    }
  return Names;
}

} // namespace

std::vector<unsigned> skippableBodies(ASTContext &Ctx, llvm::StringRef Original,
                                      const std::vector<Edit> &Edits, bool HeaderEdits,
                                      const std::vector<unsigned> &Constructs,
                                      const CompilerInvocation &Parse) {
  // A declare target directive the input writes itself is seen by this
  // parse only (the input's is an OpenACC one): which functions it makes
  // device functions is not known here.
  // C only: in C++ a skipped body may be the one place that instantiates
  // an edited template, whose instantiation the check must see.
  if (Ctx.getLangOpts().CPlusPlus || HeaderEdits || editsReachEverywhere(Original, Edits) ||
      Original.contains("declare target"))
    return {};
  for (const std::string &W : Parse.getDiagnosticOpts().Warnings)
    if (llvm::StringRef(W).starts_with("error"))
      return {};
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<std::string> Listed = declareTargetNames(Edits);
  std::vector<unsigned> Out;
  unsigned PrevEnd = 0;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc()), E = SM.getExpansionLoc(D->getEndLoc());
    if (!SM.isInMainFile(B) || !SM.isInMainFile(E))
      continue;
    unsigned Start = PrevEnd;
    PrevEnd = SM.getFileOffset(E);
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody() || F->isConstexpr() ||
        F->getReturnType()->getContainedAutoType() || F->getLocation().isMacroID() ||
        F->getBody()->getBeginLoc().isMacroID() || F->getBody()->getEndLoc().isMacroID())
      continue;
    unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(F->getBody()->getEndLoc());
    // From the end of the declaration before it to just after its `}`.
    bool Edited = llvm::any_of(Edits, [&](const Edit &X) {
      return X.Offset <= End + 1 && X.Offset + X.Length >= Start;
    });
    bool Recorded = llvm::any_of(Constructs, [&](unsigned C) { return C >= Start && C <= End; });
    llvm::StringRef Text = Original.slice(Begin, End + 1);
    if (Edited || Recorded || Text.contains("acc_") || Text.contains("_OPENACC") ||
        Listed.count(F->getNameAsString()) || F->hasAttr<OMPDeclareTargetDeclAttr>())
      continue;
    Out.push_back(SM.getFileOffset(F->getLocation()));
  }
  llvm::sort(Out);
  return Out;
}

} // namespace ompm
