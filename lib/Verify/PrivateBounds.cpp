//===- PrivateBounds.cpp - Map sections bounded by private variables -------===//
#include "Verify/PrivateBounds.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace ompm {
namespace {

using VarSet = llvm::DenseSet<const ValueDecl *>;

void addVars(const Expr *E, VarSet &Out) {
  if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    Out.insert(cast<ValueDecl>(DR->getDecl()->getCanonicalDecl()));
}

/// What the directive itself makes private: its private and lastprivate
/// items and its loops' variables (a firstprivate item starts from the
/// host's value, which the bounds read too).
VarSet privatesOf(const OMPExecutableDirective *D) {
  VarSet Out;
  for (const auto *C : D->getClausesOfKind<OMPPrivateClause>())
    for (const Expr *E : C->varlist())
      addVars(E, Out);
  for (const auto *C : D->getClausesOfKind<OMPLastprivateClause>())
    for (const Expr *E : C->varlist())
      addVars(E, Out);
  if (const auto *L = dyn_cast<OMPLoopDirective>(D))
    for (const Expr *E : L->counters())
      addVars(E, Out);
  return Out;
}

/// The first variable of Vars that E reads, or null.
const ValueDecl *namesOneOf(const Expr *E, const VarSet &Vars) {
  if (!E)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (Vars.count(cast<ValueDecl>(DR->getDecl()->getCanonicalDecl())))
      return DR->getDecl();
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (const ValueDecl *V = namesOneOf(CE, Vars))
        return V;
  return nullptr;
}

/// The private variable a map item's section bounds name (any dimension).
const ValueDecl *privateBound(const Expr *Item, const VarSet &Vars) {
  const Expr *E = Item->IgnoreParenImpCasts();
  while (true) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(E)) {
      if (const ValueDecl *V = namesOneOf(S->getLowerBound(), Vars))
        return V;
      if (const ValueDecl *V = namesOneOf(S->getLength(), Vars))
        return V;
      E = S->getBase()->IgnoreParenImpCasts();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (const ValueDecl *V = namesOneOf(A->getIdx(), Vars))
        return V;
      E = A->getBase()->IgnoreParenImpCasts();
    } else {
      return nullptr;
    }
  }
}

bool isTargetKind(OpenMPDirectiveKind K) {
  return isOpenMPTargetExecutionDirective(K) ||
         K == llvm::omp::OMPD_target_data;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, std::vector<PrivateBound> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!isTargetKind(D->getDirectiveKind()) ||
        !SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      return true;
    VarSet Vars = privatesOf(D);
    // A data region: what the target constructs inside make private.
    if (D->getDirectiveKind() == llvm::omp::OMPD_target_data && D->hasAssociatedStmt())
      collectInner(D->getRawStmt(), Vars);
    for (const auto *C : D->getClausesOfKind<OMPMapClause>())
      for (const Expr *E : C->varlist())
        if (const ValueDecl *V = privateBound(E, Vars)) {
          PrivateBound B;
          B.Item = E->getBeginLoc();
          B.Construct = D->getBeginLoc();
          B.Section = Lexer::getSourceText(
                          CharSourceRange::getTokenRange(E->getSourceRange()), SM,
                          Ctx.getLangOpts())
                          .str();
          B.Variable = V->getNameAsString();
          B.Directive =
              llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str();
          Out.push_back(std::move(B));
        }
    return true;
  }

private:
  void collectInner(const Stmt *S, VarSet &Vars) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind())) {
        VarSet P = privatesOf(D);
        Vars.insert(P.begin(), P.end());
      }
      if (D->hasAssociatedStmt())
        collectInner(D->getRawStmt(), Vars);
      return;
    }
    for (const Stmt *C : S->children())
      collectInner(C, Vars);
  }
  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<PrivateBound> &Out;
};

} // namespace

std::vector<PrivateBound> findPrivateBounds(ASTContext &Ctx) {
  std::vector<PrivateBound> Out;
  Finder(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace ompm
