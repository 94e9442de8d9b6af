//===- LinkPoints.cpp - Where `declare target link` of a global goes ------===//
#include "Translate/LinkPoints.h"
#include "Analysis/OnceVisitor.h"
#include "clang/Basic/SourceManager.h"

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

const FunctionDecl *LinkPoints::pointFor(const VarDecl *G, std::string &Why) {
  findFirstUses();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = "'" + G->getNameAsString() + "'";
  auto It = First.find(G->getCanonicalDecl());
  const auto *Fn = It == First.end() ? nullptr : dyn_cast_or_null<FunctionDecl>(It->second);
  if (!Fn) {
    Why = "no place for 'declare target link' of " + Name +
          ": its first use is not in a function";
    return nullptr;
  }
  SourceLocation Begin = SM.getExpansionLoc(Fn->getSourceRange().getBegin());
  if (!SM.isInMainFile(Begin)) {
    Why = "no place for 'declare target link' of " + Name +
          ": its first use is in a header's function ('" + Fn->getNameAsString() + "')";
    return nullptr;
  }
  // After every declaration of G, on a line of its own.
  for (const VarDecl *R : G->redecls()) {
    SourceLocation End = SM.getExpansionLoc(R->getSourceRange().getEnd());
    if (!SM.isBeforeInTranslationUnit(End, Begin) ||
        (SM.getFileID(End) == SM.getFileID(Begin) &&
         SM.getSpellingLineNumber(End) == SM.getSpellingLineNumber(Begin))) {
      Why = "no place for 'declare target link' of " + Name + ": it is declared after, "
            "or on the line of, '" + Fn->getNameAsString() + "', which uses it first";
      return nullptr;
    }
  }
  return Fn;
}

} // namespace ompm
