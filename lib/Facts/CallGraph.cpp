//===- CallGraph.cpp - What the functions of a file may do to data --------===//
#include "Facts/CallGraph.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>

using namespace clang;

namespace ompm {

bool isLibraryFunction(const FunctionDecl *F, const SourceManager &SM) {
  if (!F || !SM.isInSystemHeader(F->getLocation()))
    return false;
  if (const IdentifierInfo *II = F->getIdentifier()) {
    llvm::StringRef N = II->getName();
    return !N.starts_with("acc_") && !N.starts_with("omp_");
  }
  return true; // operators of the standard library
}

CallGraphFacts::CallGraphFacts(ASTContext &Ctx,
                               const std::set<const FunctionDecl *> &DeviceCode) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Writes to globals: of the variable itself, or of what it points to.
  auto Global = [](const Expr *E) -> const VarDecl * {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    return VD && VD->hasGlobalStorage() && !VD->isStaticLocal() ? VD->getCanonicalDecl()
                                                                : nullptr;
  };
  // The pointer operand of what `*` applies to: p in *p and *(p + k).
  auto Pointer = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
      E = (B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS())
              ->IgnoreParenImpCasts();
    return E;
  };
  // The global an lvalue's elements belong to: a[i], a[i][j], *p, *(p + k).
  std::function<const VarDecl *(const Expr *)> ElemBase =
      [&](const Expr *E) -> const VarDecl * {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (const VarDecl *G = Global(AS->getBase()))
        return G;
      return ElemBase(AS->getBase());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      const Expr *Sub = Pointer(U->getSubExpr());
      if (const VarDecl *G = Global(Sub))
        return G;
      return ElemBase(Sub);
    }
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return ElemBase(M->getBase());
    return nullptr;
  };
  llvm::DenseSet<const Expr *> ElemRefs;
  std::function<void(const Stmt *, Node &)> Scan = [&](const Stmt *S, Node &N) {
    if (!S)
      return;
    if (isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S))
      N.Directives = true;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (isa<OpenACCConstructDecl>(D))
          N.Directives = true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
          VD && VD->hasGlobalStorage() && !VD->isStaticLocal()) {
        N.Globals.insert(VD->getCanonicalDecl());
        // A pointer or array used other than as the base of a subscript or
        // `*` (copied, passed, returned, compared): what it points to may
        // be written through the copy.
        QualType T = VD->getType();
        if ((T->isPointerType() || T->isArrayType()) && !ElemRefs.count(DR))
          N.Written.insert(VD->getCanonicalDecl());
      }
    // The bases of subscripts and dereferences: element accesses, whose
    // writes the operators below record.
    auto Base = [&](const Expr *E) {
      if (const auto *DR = dyn_cast<DeclRefExpr>(Pointer(E)))
        ElemRefs.insert(DR);
    };
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      Base(AS->getBase());
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
      Base(U->getSubExpr());
    auto Target = [&](const Expr *E) {
      if (const VarDecl *G = Global(E)) {
        N.Assigned.insert(G);
        ElemRefs.insert(cast<DeclRefExpr>(E->IgnoreParenImpCasts())); // not a copy of it
      }
      else if (const VarDecl *G = ElemBase(E))
        N.Written.insert(G);
    };
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Target(B->getLHS());
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp())
        Target(U->getSubExpr());
      else if (U->getOpcode() == UO_AddrOf) {
        if (const VarDecl *G = Global(U->getSubExpr()))
          N.Assigned.insert(G); // and, not in ElemRefs, written
        else if (const VarDecl *G = ElemBase(U->getSubExpr()))
          N.Written.insert(G);
      }
    }
    // Arguments. A global pointer or array passed as it is, `p + k`, and
    // `&x`, `&a[i]` are recorded above (a use that is no element access, an
    // address taken); here: an element that is itself a pointer (`rows[i]`),
    // through which the callee may write, and what a non-const reference
    // parameter binds to, which the callee may assign.
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        const Expr *X = CE->getArg(I)->IgnoreParenImpCasts();
        QualType PT = Callee && I < Callee->getNumParams()
                          ? Callee->getParamDecl(I)->getType()
                          : QualType();
        if (!PT.isNull() && PT->isReferenceType() &&
            !PT.getNonReferenceType().isConstQualified())
          Target(X);
        else if (X->getType()->isPointerType() && !Global(X))
          if (const VarDecl *G = ElemBase(X))
            N.Written.insert(G);
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = CE->getDirectCallee();
      if (G && G->getDefinition())
        N.Callees.insert(G->getDefinition()->getCanonicalDecl());
      else if (!isLibraryFunction(G, SM) && !isa<CXXPseudoDestructorExpr>(CE->getCallee()))
        N.Unknown = true; // undefined here, or through a pointer
    }
    for (const Stmt *C : codeChildren(S))
      Scan(C, N);
  };
  std::function<void(const DeclContext *)> Walk = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      const FunctionDecl *F = dyn_cast<FunctionDecl>(D);
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
        F = FT->getTemplatedDecl();
      if (F && F->doesThisDeclarationHaveABody())
        Scan(F->getBody(), Nodes[F->getCanonicalDecl()]);
      if (isa<NamespaceDecl>(D) || isa<CXXRecordDecl>(D) || isa<LinkageSpecDecl>(D))
        Walk(cast<DeclContext>(D));
    }
  };
  Walk(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : DeviceCode)
    Nodes[F->getCanonicalDecl()].Directives = true;
  // Close over the calls: a caller does what its callees do.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[F, N] : Nodes)
      for (const FunctionDecl *G : std::set<const FunctionDecl *>(N.Callees)) {
        auto It = Nodes.find(G);
        if (It == Nodes.end() || It->first == F)
          continue;
        const Node &C = It->second;
        if (C.Directives && !N.Directives)
          Changed = N.Directives = true;
        if (C.Unknown && !N.Unknown)
          Changed = N.Unknown = true;
        for (const VarDecl *V : C.Globals)
          Changed |= N.Globals.insert(V).second;
        for (const VarDecl *V : C.Assigned)
          Changed |= N.Assigned.insert(V).second;
        for (const VarDecl *V : C.Written)
          Changed |= N.Written.insert(V).second;
      }
  }
}

const CallGraphFacts::Node *CallGraphFacts::closed(const FunctionDecl *F) const {
  if (!F)
    return nullptr;
  if (const FunctionDecl *Def = F->getDefinition())
    F = Def;
  auto It = Nodes.find(F->getCanonicalDecl());
  return It == Nodes.end() ? nullptr : &It->second;
}

bool CallGraphFacts::mayRunDeviceCode(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return N && N->Directives;
}

std::set<const VarDecl *> CallGraphFacts::globalsUsed(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return N ? N->Globals : std::set<const VarDecl *>();
}

std::set<const VarDecl *> CallGraphFacts::globalsAssigned(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return N ? N->Assigned : std::set<const VarDecl *>();
}

std::set<const VarDecl *> CallGraphFacts::globalsWritten(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return N ? N->Written : std::set<const VarDecl *>();
}

bool CallGraphFacts::callsUnknown(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return !N || N->Unknown;
}

} // namespace ompm
