//===- LinkPoints.cpp - Where `declare target link` of a global goes ------===//
#include "Translate/LinkPoints.h"
#include "Analysis/OnceVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

namespace {
/// Records, for each file-scope variable, the top-level declaration being
/// walked when a reference to it is first met.
class FirstUseFinder : public OnceVisitor<FirstUseFinder> {
public:
  explicit FirstUseFinder(std::map<const VarDecl *, const Decl *> &First) : First(First) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()); V && V->isFileVarDecl())
      First.emplace(V->getCanonicalDecl(), Top);
    return true;
  }
  void walk(const DeclContext *DC) {
    const SourceManager &SM = DC->getParentASTContext().getSourceManager();
    for (Decl *D : DC->decls()) {
      // (A system header's code names none of the file's globals:
      // DeviceCalls refuses a global declared in one.)
      if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        continue;
      if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)) {
        walk(cast<DeclContext>(D));
        continue;
      }
      Top = D;
      TraverseDecl(D);
    }
  }

private:
  std::map<const VarDecl *, const Decl *> &First;
  const Decl *Top = nullptr;
};
} // namespace

void LinkPoints::findFirstUses() {
  if (Found)
    return;
  Found = true;
  FirstUseFinder F(First);
  F.walk(Ctx.getTranslationUnitDecl());
}

SourceLocation LinkPoints::groupEnd(const VarDecl *D) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation L = D->getSourceRange().getEnd();
  if (L.isMacroID())
    return {};
  // The next `;` outside brackets: past the other declarators of the group.
  int Depth = 0;
  for (unsigned Steps = 0; Steps < 4096; ++Steps) {
    std::optional<Token> T = Lexer::findNextToken(L, SM, LO);
    if (!T || T->is(tok::eof) || T->getLocation().isMacroID())
      return {};
    if (T->isOneOf(tok::l_paren, tok::l_brace, tok::l_square))
      ++Depth;
    else if (T->isOneOf(tok::r_paren, tok::r_brace, tok::r_square))
      --Depth;
    else if (T->is(tok::semi) && Depth == 0)
      return T->getLocation();
    L = T->getLocation();
  }
  return {};
}

SourceLocation LinkPoints::pointFor(const VarDecl *G, std::string &Why) {
  findFirstUses();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = "'" + G->getNameAsString() + "'";
  std::string NoPlace = "no place for 'declare target link' of " + Name + ": ";
  // After its last declaration.
  const VarDecl *Last = G;
  for (const VarDecl *R : G->redecls())
    if (SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Last->getLocation()),
                                     SM.getExpansionLoc(R->getLocation())))
      Last = R;
  SourceLocation At;
  SourceLocation DeclLoc = SM.getExpansionLoc(Last->getLocation());
  if (SM.isInMainFile(DeclLoc)) {
    At = groupEnd(Last);
    if (At.isInvalid()) {
      Why = NoPlace + "the end of its declaration is not found (a macro?)";
      return {};
    }
    // Nothing but blanks or a line comment after the `;`.
    StringRef Buf = SM.getBufferData(SM.getMainFileID());
    unsigned O = SM.getFileOffset(At) + 1;
    StringRef Rest = Buf.substr(O, Buf.find('\n', O) - O).trim();
    if (!Rest.empty() && !Rest.starts_with("//")) {
      Why = NoPlace + "code follows its declaration on its line";
      return {};
    }
  } else {
    // The main file's #include that brings the header in.
    SourceLocation L = DeclLoc;
    while (L.isValid() && !SM.isInMainFile(L))
      L = SM.getIncludeLoc(SM.getFileID(L));
    if (L.isInvalid()) {
      Why = NoPlace + "no #include of the main file brings its declaration in";
      return {};
    }
    At = L;
  }
  // Every use after that line, the first in a function of the main file.
  auto It = First.find(G->getCanonicalDecl());
  const auto *Fn = It == First.end() ? nullptr : dyn_cast_or_null<FunctionDecl>(It->second);
  if (!Fn) {
    Why = NoPlace + "its first use is not in a function";
    return {};
  }
  SourceLocation Begin = SM.getExpansionLoc(Fn->getSourceRange().getBegin());
  if (!SM.isInMainFile(Begin)) {
    Why = NoPlace + "its first use is in a header's function ('" + Fn->getNameAsString() + "')";
    return {};
  }
  if (!SM.isBeforeInTranslationUnit(At, Begin) ||
      SM.getSpellingLineNumber(At) >= SM.getSpellingLineNumber(Begin)) {
    Why = NoPlace + "'" + Fn->getNameAsString() +
          "' uses it before the end of its last declaration, or on that line";
    return {};
  }
  return At;
}

} // namespace ompm
