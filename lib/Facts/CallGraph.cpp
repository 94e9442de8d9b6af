//===- CallGraph.cpp - What the functions of a file may do to data --------===//
#include "Facts/CallGraph.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
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

CallGraphFacts::CallGraphFacts(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
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
          VD && VD->hasGlobalStorage() && !VD->isStaticLocal())
        N.Globals.insert(VD->getCanonicalDecl());
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = CE->getDirectCallee();
      if (G && G->getDefinition())
        N.Callees.insert(G->getDefinition()->getCanonicalDecl());
      else if (!isLibraryFunction(G, SM) && !isa<CXXPseudoDestructorExpr>(CE->getCallee()))
        N.Unknown = true; // undefined here, or through a pointer
    }
    for (const Stmt *C : S->children())
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

bool CallGraphFacts::callsUnknown(const FunctionDecl *F) const {
  const Node *N = closed(F);
  return !N || N->Unknown;
}

} // namespace ompm
