//===- KernelFacts.cpp - The pointers a translated kernel uses ------------===//
//
// For each OpenMP target construct of a translated source: the pointers its
// code uses as addresses. A use as an address is one that needs the pointer
// to hold a device address on a GPU: a subscript or dereference through it,
// `->`, an offset from it that is used so, passing it to a function, or
// storing it in another pointer. Comparisons, tests and sizeof are not.
// Only pointers whose value comes from outside the construct count: pointer
// variables declared outside it, and pointer members of structure variables
// declared outside it (m.x, p->x, this->x).
//
//===----------------------------------------------------------------------===//
#include "Check/LaunchInfo.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ompm {
namespace check {

namespace {

std::string printed(const Expr *E, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
  return S;
}

/// The names a clause lists: variables by name, other items as Clang
/// prints them (as it names map items).
template <class ClauseT>
void clauseNames(const OMPExecutableDirective *D, const ASTContext &Ctx,
                 std::set<std::string> &Out) {
  for (const ClauseT *C : D->getClausesOfKind<ClauseT>())
    for (const Expr *E : C->varlist()) {
      const Expr *X = E->IgnoreParenImpCasts();
      if (const auto *R = dyn_cast<DeclRefExpr>(X))
        Out.insert(R->getDecl()->getNameAsString());
      else
        Out.insert(printed(X, Ctx));
    }
}

/// The pointer uses of one kernel.
class KernelWalker {
public:
  KernelWalker(const ASTContext &Ctx, KernelFacts &K) : Ctx(Ctx), K(K) {}

  void run(const Stmt *Body) {
    declaredInside(Body);
    walk(Body);
  }

private:
  void declaredInside(const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Inside.insert(V);
    if (const auto *C = dyn_cast<CapturedStmt>(S))
      declaredInside(C->getCapturedStmt());
    for (const Stmt *C : S->children())
      declaredInside(C);
  }

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (isa<UnaryExprOrTypeTraitExpr>(S) || isa<CXXTypeidExpr>(S))
      return; // sizeof, alignof, typeid: not evaluated
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S)) {
      address(A->getBase());
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_Deref)
        address(U->getSubExpr());
    } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
      if (M->isArrow())
        address(M->getBase());
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      for (const Expr *Arg : C->arguments())
        if (Arg->getType()->isPointerType())
          address(Arg);
    } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
      for (const Expr *Arg : C->arguments())
        if (Arg->getType()->isPointerType())
          address(Arg);
    } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->getOpcode() == BO_Assign && B->getType()->isPointerType())
        address(B->getRHS());
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && V->getType()->isPointerType())
            address(V->getInit());
    } else if (const auto *IL = dyn_cast<InitListExpr>(S)) {
      for (const Expr *E : IL->inits())
        if (E && E->getType()->isPointerType())
          address(E);
    }
    if (const auto *C = dyn_cast<CapturedStmt>(S)) {
      walk(C->getCapturedStmt());
      return;
    }
    for (const Stmt *C : S->children())
      walk(C);
  }

  /// E's value is used as an address: find the pointer it comes from.
  void address(const Expr *E) {
    E = E->IgnoreParens();
    while (const auto *C = dyn_cast<CastExpr>(E)) {
      if (!C->getSubExpr()->getType()->isPointerType() &&
          !C->getSubExpr()->getType()->isArrayType())
        return; // an integer made a pointer
      E = C->getSubExpr()->IgnoreParens();
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      variable(R);
    } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
      member(M);
    } else if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAdditiveOp()) {
        if (B->getLHS()->getType()->isPointerType())
          address(B->getLHS());
        if (B->getRHS()->getType()->isPointerType())
          address(B->getRHS());
      } else if (B->getOpcode() == BO_Comma || B->isAssignmentOp()) {
        address(B->getOpcode() == BO_Comma ? B->getRHS() : B->getLHS());
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->isIncrementDecrementOp())
        address(U->getSubExpr());
    } else if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
      address(C->getTrueExpr());
      address(C->getFalseExpr());
    }
  }

  static bool usable(QualType T) {
    T = T.getNonReferenceType();
    return T->isPointerType() && !T->isFunctionPointerType();
  }

  bool outside(const VarDecl *V) const {
    if (Inside.count(V) || isa<ImplicitParamDecl>(V))
      return false;
    // A declare target variable lives on the device: not an argument.
    return !V->hasAttr<OMPDeclareTargetDeclAttr>();
  }

  void variable(const DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V || !usable(V->getType()) || !outside(V))
      return;
    add(V->getNameAsString(), V->getType(), "", false, std::nullopt, R->getExprLoc());
  }

  /// m.x, m.a.x, p->x, p->a.x, this->x: a pointer member of a structure
  /// variable declared outside the kernel; its offset in that structure.
  void member(const MemberExpr *M) {
    if (!usable(M->getType()))
      return;
    std::optional<uint64_t> Offset = 0;
    const MemberExpr *At = M;
    while (true) {
      const auto *F = dyn_cast<FieldDecl>(At->getMemberDecl());
      if (!F || F->getParent()->isDependentType() || F->getParent()->isInvalidDecl())
        return;
      if (Offset)
        *Offset += Ctx.getFieldOffset(F) / Ctx.getCharWidth();
      const Expr *Base = At->getBase()->IgnoreParens();
      // A member of a base class: its offset in the object is not tracked.
      while (const auto *C = dyn_cast<ImplicitCastExpr>(Base)) {
        if (C->getCastKind() == CK_DerivedToBase ||
            C->getCastKind() == CK_UncheckedDerivedToBase)
          Offset = std::nullopt;
        Base = C->getSubExpr()->IgnoreParens();
      }
      if (isa<CXXThisExpr>(Base)) {
        if (At->isArrow())
          add(printed(M, Ctx), M->getType(), "this", true, Offset, M->getExprLoc());
        return;
      }
      if (const auto *R = dyn_cast<DeclRefExpr>(Base)) {
        const auto *V = dyn_cast<VarDecl>(R->getDecl());
        if (!V || !outside(V))
          return;
        QualType T = V->getType().getNonReferenceType();
        bool Ptr = At->isArrow();
        if (Ptr ? !T->isPointerType() : !T->isRecordType())
          return;
        add(printed(M, Ctx), M->getType(), V->getNameAsString(), Ptr, Offset,
            M->getExprLoc());
        return;
      }
      const auto *Outer = dyn_cast<MemberExpr>(Base);
      if (!Outer || At->isArrow())
        return; // through a subscript, a call, or a pointer member (its own use)
      At = Outer;
    }
  }

  void add(std::string Name, QualType T, std::string Base, bool BaseIsPointer,
           std::optional<uint64_t> Offset, SourceLocation Loc) {
    for (const PointerUse &U : K.Uses)
      if (U.Name == Name)
        return;
    PointerUse U;
    U.Name = std::move(Name);
    U.Type = T.getNonReferenceType().getAsString(PrintingPolicy(Ctx.getLangOpts()));
    U.Base = std::move(Base);
    U.BaseIsPointer = BaseIsPointer;
    U.Offset = Offset;
    U.Line = Ctx.getSourceManager().getPresumedLineNumber(Loc);
    K.Uses.push_back(std::move(U));
  }

  const ASTContext &Ctx;
  KernelFacts &K;
  std::set<const VarDecl *> Inside;
};

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, std::vector<KernelFacts> &Out) : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseOMPTargetDataDirective(OMPTargetDataDirective *D) {
    std::set<std::string> Names;
    clauseNames<OMPUseDevicePtrClause>(D, Ctx, Names);
    clauseNames<OMPUseDeviceAddrClause>(D, Ctx, Names);
    Enclosing.push_back(Names);
    bool R = RecursiveASTVisitor::TraverseOMPTargetDataDirective(D);
    Enclosing.pop_back();
    return R;
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!isOpenMPTargetExecutionDirective(D->getDirectiveKind()) ||
        !D->hasAssociatedStmt())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = D->getBeginLoc();
    if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      return true;
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(CurrentFunction))
      if (F->isDependentContext())
        return true;
    PresumedLoc P = SM.getPresumedLoc(Loc);
    if (P.isInvalid())
      return true;
    KernelFacts K;
    K.File = llvm::sys::path::filename(P.getFilename()).str();
    K.Line = P.getLine();
    K.Column = P.getColumn();
    K.Directive = getOpenMPDirectiveName(D->getDirectiveKind(), 52).str();
    if (const CapturedStmt *C = D->getInnermostCapturedStmt())
      K.StmtLine = SM.getPresumedLineNumber(C->getCapturedStmt()->getBeginLoc());
    clauseNames<OMPIsDevicePtrClause>(D, Ctx, K.DeviceAddrs);
    clauseNames<OMPHasDeviceAddrClause>(D, Ctx, K.DeviceAddrs);
    for (const std::set<std::string> &E : Enclosing)
      K.DeviceAddrs.insert(E.begin(), E.end());
    KernelWalker(Ctx, K).run(D->getAssociatedStmt());
    // A template's instantiations share their constructs' locations.
    for (KernelFacts &Old : Out)
      if (Old.File == K.File && Old.Line == K.Line && Old.Column == K.Column) {
        for (PointerUse &U : K.Uses)
          if (llvm::none_of(Old.Uses, [&](const PointerUse &O) { return O.Name == U.Name; }))
            Old.Uses.push_back(U);
        return true;
      }
    Out.push_back(std::move(K));
    return true;
  }

  bool TraverseDecl(Decl *D) {
    if (!D || !isa<FunctionDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    const Decl *Saved = CurrentFunction;
    CurrentFunction = D;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    CurrentFunction = Saved;
    return R;
  }

private:
  ASTContext &Ctx;
  std::vector<KernelFacts> &Out;
  std::vector<std::set<std::string>> Enclosing;
  const Decl *CurrentFunction = nullptr;
};

} // namespace

std::vector<KernelFacts> collectKernelFacts(ASTContext &Ctx) {
  std::vector<KernelFacts> Out;
  Collector(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace check
} // namespace ompm
