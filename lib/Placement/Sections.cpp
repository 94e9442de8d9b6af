//===- Sections.cpp - Sections a data region maps -------------------------===//
#include "Placement/Sections.h"
#include "Facts/AllocationSizes.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ompm {

bool widenSection(std::string &Section, std::optional<Poly> &Lo,
                  std::optional<Poly> &Hi, const std::string &Name,
                  const std::string &Other, const std::optional<Poly> &OLo,
                  const std::optional<Poly> &OHi) {
  if (Section == Other)
    return true;
  if (!Lo || !Hi || !OLo || !OHi)
    return false;
  std::optional<std::pair<Poly, Poly>> U = unionRange(*Lo, *Hi, *OLo, *OHi);
  if (!U)
    return false;
  Lo = U->first;
  Hi = U->second;
  Section = sectionText(Name, *Lo, *Hi);
  return true;
}

std::optional<Poly> allocationLength(const ValueDecl *V,
                                     const FunctionDecl *Fn,
                                     const Stmt *L, const RegionFacts &LF) {
  QualType Elem = V->getType()->getPointeeType();
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Inside = [&](const Stmt *S) {
    SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
    return !SM.isBeforeInTranslationUnit(B, SM.getExpansionLoc(L->getBeginLoc())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L->getEndLoc()), B);
  };
  std::vector<const Expr *> Sources;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->getOpcode() == BO_Assign)
        if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
          if (D->getDecl() == V && !(Inside(B) && isa<DeclRefExpr>(
                                         B->getRHS()->IgnoreParenImpCasts())))
            Sources.push_back(B->getRHS());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D == V && cast<VarDecl>(D)->getInit())
          Sources.push_back(cast<VarDecl>(D)->getInit());
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  Walk(Fn->getBody());
  if (Sources.size() != 1)
    return std::nullopt;
  return allocatedCount(Sources[0], Elem, LF);
}

} // namespace ompm
