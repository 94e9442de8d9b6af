//===- Interchange.cpp - Two loops whose headers may trade places ---------===//
#include "Facts/Interchange.h"
#include "Facts/Footprints.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

CharSourceRange headerRange(const ForStmt *For, const ASTContext &Ctx) {
  return CharSourceRange::getCharRange(
      For->getForLoc(), Lexer::getLocForEndOfToken(For->getRParenLoc(), 0,
                                                   Ctx.getSourceManager(), Ctx.getLangOpts()));
}

std::string headerText(const ForStmt *For, const ASTContext &Ctx) {
  return Lexer::getSourceText(headerRange(For, Ctx), Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

/// The variable a canonical loop's init sets: `i = lo` or `int i = lo`.
static const VarDecl *initVar(const ForStmt *For) {
  const Stmt *Init = For->getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Init))
    if (B->getOpcode() == BO_Assign)
      if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
        return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

const ForStmt *interchangeableInner(const ForStmt *For, const ASTContext &Ctx) {
  const Stmt *Body = For->getBody();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *Inner = dyn_cast_or_null<ForStmt>(Body);
  if (!Inner)
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ForStmt *F : {For, Inner})
    for (SourceLocation L : {F->getForLoc(), F->getRParenLoc()})
      if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
        return nullptr;
  const VarDecl *OV = initVar(For), *IV = initVar(Inner);
  if (!OV || !IV || OV->getName() == IV->getName())
    return nullptr;
  std::string OT = headerText(For, Ctx), IT = headerText(Inner, Ctx);
  if (OT.empty() || IT.empty() || OT.find('#') != std::string::npos ||
      IT.find('#') != std::string::npos || mentionsIdentifier(OT, IV->getName()) ||
      mentionsIdentifier(IT, OV->getName()))
    return nullptr;
  return Inner;
}

} // namespace ompm
