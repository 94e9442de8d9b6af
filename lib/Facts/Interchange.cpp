//===- Interchange.cpp - Two loops whose headers may trade places ---------===//
#include "Facts/Interchange.h"
#include "Facts/Allocations.h"
#include "Facts/Dependence.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Footprints.h"
#include "Facts/Members.h"
#include "Facts/Regions.h"
#include "Facts/SerialAliasing.h"
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

bool headersTradeable(const ForStmt *For, const ForStmt *Inner, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ForStmt *F : {For, Inner})
    for (SourceLocation L : {F->getForLoc(), F->getRParenLoc()})
      if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
        return false;
  const VarDecl *OV = initVar(For), *IV = initVar(Inner);
  if (!OV || !IV || OV->getName() == IV->getName())
    return false;
  std::string OT = headerText(For, Ctx), IT = headerText(Inner, Ctx);
  return !OT.empty() && !IT.empty() && OT.find('#') == std::string::npos &&
         IT.find('#') == std::string::npos && !mentionsIdentifier(OT, IV->getName()) &&
         !mentionsIdentifier(IT, OV->getName());
}

const ForStmt *interchangeableInner(const ForStmt *For, const ASTContext &Ctx) {
  const Stmt *Body = For->getBody();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *Inner = dyn_cast_or_null<ForStmt>(Body);
  return Inner && headersTradeable(For, Inner, Ctx) ? Inner : nullptr;
}

std::string interchangeWhy(const ForStmt *For, const ForStmt *J, const RegionFacts &F,
                           const AllocationFacts &Allocs, const FunctionDecl *Fn,
                           const std::vector<LoopRange> &Context,
                           const std::function<bool(const VarDecl *)> &ReadAfter) {
  std::vector<const FunctionDecl *> Needed;
  std::vector<const VarDecl *> Globals;
  if (std::string Why = callsWhy(For, F.context().getSourceManager(), Needed,
                                 /*FollowPointers=*/true, &Globals);
      !Why.empty())
    return Why;
  if (!Needed.empty() || !Globals.empty())
    return "the nest calls functions of the file";
  // Pointers that may be the same memory would need a versioned copy.
  if (!aliasPairs(F, Allocs, Fn).empty())
    return "pointers of the nest may be the same memory";
  ParallelResult PR = testInterchanged(
      F, For, J,
      [&](const ValueDecl *A, const ValueDecl *B) {
        return Allocs.distinct(A, B, Fn) || sameAddressOneElement(F, Allocs, Fn, A, B);
      },
      Context);
  if (!PR.Parallel)
    return PR.Why;
  for (const ValueDecl *V : F.externalVars()) {
    if (const MemberUses *U = F.memberUses(V); U && (U->ThroughPointer || !U->Paths.empty()))
      return "'" + F.nameOf(V) + "' is used through structure members";
    QualType T = V->getType().getNonReferenceType();
    if ((T->isPointerType() || T->isArrayType()) && F.isAddressTaken(V))
      return "'" + F.nameOf(V) + "' is used other than through subscripts";
    // What the nest leaves in a scalar (its loop variables included) is
    // the last iteration's of the original order: read after it, no.
    if (F.isWritten(V) && T->isScalarType() && !T->isPointerType() &&
        (!isa<VarDecl>(V) || ReadAfter(cast<VarDecl>(V))))
      return "'" + F.nameOf(V) + "' is read after the nest";
  }
  return "";
}

} // namespace ompm
