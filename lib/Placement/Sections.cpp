//===- Sections.cpp - Sections a data region maps -------------------------===//
#include "Placement/Sections.h"
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
  QualType Elem = V->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Inside = [&](const Stmt *S) {
    SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
    return !SM.isBeforeInTranslationUnit(B, SM.getExpansionLoc(L->getBeginLoc())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L->getEndLoc()), B);
  };
  auto IsSizeofElem = [&](const Expr *E) {
    const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
    return U && U->getKind() == UETT_SizeOf &&
           Ctx.hasSameType(U->getTypeOfArgument().getCanonicalType().getUnqualifiedType(),
                           Elem);
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
  const Expr *E = Sources[0]->IgnoreParenCasts();
  const Expr *Count = nullptr;
  if (const auto *N = dyn_cast<CXXNewExpr>(E)) {
    if (N->isArray() && N->getArraySize() &&
        Ctx.hasSameType(N->getAllocatedType().getCanonicalType().getUnqualifiedType(), Elem))
      Count = *N->getArraySize();
  } else if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = C->getDirectCallee();
    StringRef Name = F ? F->getName() : "";
    // malloc(a * b * sizeof(T) * c): the factors other than sizeof(T).
    const Expr *Bytes = nullptr;
    if (Name == "malloc" && C->getNumArgs() == 1)
      Bytes = C->getArg(0);
    else if (Name == "calloc" && C->getNumArgs() == 2 && IsSizeofElem(C->getArg(1)))
      return LF.toPoly(C->getArg(0));
    if (!Bytes)
      return std::nullopt;
    std::vector<const Expr *> Factors;
    std::function<void(const Expr *)> Flatten = [&](const Expr *X) {
      X = X->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<BinaryOperator>(X); M && M->getOpcode() == BO_Mul) {
        Flatten(M->getLHS());
        Flatten(M->getRHS());
        return;
      }
      Factors.push_back(X);
    };
    Flatten(Bytes);
    auto It = llvm::find_if(Factors, IsSizeofElem);
    if (It == Factors.end())
      return std::nullopt;
    Factors.erase(It);
    Poly Product = Poly::constant(1);
    for (const Expr *F : Factors) {
      std::optional<Poly> P = LF.toPoly(F);
      if (!P)
        return std::nullopt;
      Product = Product * *P;
    }
    return Product;
  }
  if (!Count)
    return std::nullopt;
  return LF.toPoly(Count);
}

} // namespace ompm
