//===- OpenMPKernels.cpp - OpenMP target kernels of the input -------------===//
#include "Facts/OpenMPKernels.h"
#include "Facts/Members.h"
#include "Facts/Directives.h"
#include "Facts/Regions.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace ompm {
namespace {

const char *mapTypeName(OpenMPMapClauseKind K) {
  switch (K) {
  case OMPC_MAP_to: return "to";
  case OMPC_MAP_from: return "from";
  case OMPC_MAP_tofrom: return "tofrom";
  case OMPC_MAP_alloc: return "alloc";
  default: return nullptr; // release, delete: not on a kernel
  }
}

/// The map items of one kernel, and whether it is deferred.
OmpKernel kernelOf(const OMPExecutableDirective *D, const FunctionDecl *Fn,
                   ASTContext &Ctx) {
  OmpKernel K;
  K.S = D;
  K.Fn = Fn;
  K.Async = D->hasClausesOfKind<OMPNowaitClause>() ||
            D->hasClausesOfKind<OMPDependClause>();
  // Bounds are polynomials over the variables they read; a bound the kernel
  // itself changes has none.
  const Stmt *Body = D->hasAssociatedStmt() ? D->getRawStmt() : D;
  RegionFacts RF(Body, Ctx);
  for (const OMPMapClause *C : D->getClausesOfKind<OMPMapClause>()) {
    const char *Type = mapTypeName(C->getMapType());
    bool Plain = Type != nullptr;
    for (OpenMPMapModifierKind M : C->getMapTypeModifiers())
      if (M == OMPC_MAP_MODIFIER_always || M == OMPC_MAP_MODIFIER_present ||
          M == OMPC_MAP_MODIFIER_mapper)
        Plain = false;
    for (const Expr *E : C->varlist()) {
      if (std::optional<MemberPath> MP = memberPathOf(E);
          MP && MP->Field->getType()->isPointerType())
        K.MemberData = true;
      std::string Text = exprText(E, Ctx);
      const Expr *X = E->IgnoreParenImpCasts();
      const auto *Sec = dyn_cast<ArraySectionExpr>(X);
      const Expr *Base = Sec ? Sec->getBase()->IgnoreParenImpCasts() : X;
      const auto *Ref = dyn_cast<DeclRefExpr>(Base);
      const ValueDecl *V = Ref ? Ref->getDecl() : nullptr;
      // The variable under nested sections or subscripts, for the report.
      const Expr *Under = Base;
      while (const auto *In = dyn_cast<ArraySectionExpr>(Under))
        Under = In->getBase()->IgnoreParenImpCasts();
      const auto *UnderRef = dyn_cast<DeclRefExpr>(Under);
      QualType T = V ? V->getType().getNonReferenceType() : QualType();
      bool Array = V && (T->isPointerType() || T->isConstantArrayType());
      if (!Plain || !Array || (!Sec && !T->isConstantArrayType()) ||
          (Sec && !Sec->isOMPArraySection())) {
        if ((V && (T->isPointerType() || T->isArrayType())) || (!V && UnderRef))
          K.Skipped.push_back(Text);
        continue;
      }
      OmpMapItem I{V, Text, Type, std::nullopt, std::nullopt};
      if (Sec) {
        std::optional<Poly> Lo = Sec->getLowerBound()
                                     ? RF.toPoly(Sec->getLowerBound())
                                     : std::optional<Poly>(Poly::constant(0));
        std::optional<Poly> Len;
        if (Sec->getLength())
          Len = RF.toPoly(Sec->getLength());
        else if (const auto *CA = Ctx.getAsConstantArrayType(T); CA && Lo)
          Len = Poly::constant(CA->getSize().getSExtValue()) - *Lo;
        if (Lo && Len) {
          I.Lo = *Lo;
          I.Hi = *Lo + *Len - Poly::constant(1);
        }
      }
      K.Items.push_back(std::move(I));
    }
  }
  return K;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, OpenMPFacts &Out) : Ctx(Ctx), Out(Out) {}
  // Statements are walked by hand, once each, from each function body.
  bool TraverseStmt(Stmt *) { return true; }
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || F->isDependentContext())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    if (!SM.isInMainFile(SM.getExpansionLoc(F->getBeginLoc())))
      return true;
    walk(F->getBody(), F);
    return true;
  }

private:
  void walk(const Stmt *S, const FunctionDecl *F) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
        Out.Kernels.push_back(kernelOf(D, F, Ctx));
      else
        Out.Others.push_back(D);
      // A target data region's block is host code: its kernels are the
      // input's too (a region of ours inside it completes it).
      if (isa<OMPTargetDataDirective>(D) && D->hasAssociatedStmt())
        walk(D->getStructuredBlock(), F);
      return;
    }
    for (const Stmt *C : S->children())
      walk(C, F);
  }

  ASTContext &Ctx;
  OpenMPFacts &Out;
};

} // namespace

OpenMPFacts collectOpenMPFacts(ASTContext &Ctx) {
  OpenMPFacts Out;
  Collector(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace ompm
