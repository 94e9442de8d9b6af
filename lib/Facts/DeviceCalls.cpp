//===- DeviceCalls.cpp - Whether the functions a loop calls can run on a GPU ===//
#include "Facts/DeviceCalls.h"
#include "Facts/Regions.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <set>

using namespace clang;

namespace ompm {

/// Why F, a function the loop calls, cannot run on the device; empty when
/// it can (a pure function of the C library declared in a system header,
/// or a function of the file that only computes a value from scalars:
/// scalar parameters, only its own variables, calls only to such
/// functions, no recursion), and then the file's functions it needs are
/// added to Needed.
static std::string deviceWhy(const FunctionDecl *F, const SourceManager &SM,
                      std::vector<const FunctionDecl *> &Needed,
                      std::set<const FunctionDecl *> &Visiting) {
  std::string Name = "'" + F->getNameAsString() + "'";
  if (SM.isInSystemHeader(F->getLocation()))
    return isPureFunction(F->getQualifiedNameAsString())
               ? ""
               : Name + ", which is not a pure function of the C library";
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
    return Name + ", whose definition is not in the file";
  if (Visiting.count(Def->getCanonicalDecl()))
    return Name + ", which is recursive";
  if (llvm::is_contained(Needed, Def))
    return "";
  if (Def->isVariadic() || Def->isTemplated() || isa<CXXMethodDecl>(Def) ||
      !(Def->getReturnType()->isVoidType() || Def->getReturnType()->isArithmeticType()))
    return Name + ", which does not compute a scalar value from scalars";
  for (const ParmVarDecl *P : Def->parameters())
    if (!P->getType()->isArithmeticType())
      return Name + ", which takes '" + P->getNameAsString() +
             "' that is not a scalar (what it reaches is not followed)";
  Visiting.insert(Def->getCanonicalDecl());
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && !V->hasLocalStorage())
        Why = Name + ", which uses '" + V->getNameAsString() +
              "', not a variable of its own";
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = C->getDirectCallee();
      if (!G)
        Why = Name + ", which calls through a pointer";
      else if (std::string W = deviceWhy(G, SM, Needed, Visiting); !W.empty())
        Why = Name + ", which calls " + W;
    } else if (isa<CXXThrowExpr>(S) || isa<AsmStmt>(S) || isa<CXXNewExpr>(S) ||
               isa<CXXDeleteExpr>(S)) {
      Why = Name + ", which throws, allocates or has assembly";
    } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && V->isStaticLocal())
          Why = Name + ", which has a static variable";
    }
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(Def->getBody());
  Visiting.erase(Def->getCanonicalDecl());
  if (Why.empty())
    Needed.push_back(Def);
  return Why;
}

/// Why the loop's calls keep it on the host; empty if every callee can run
/// on the device (the file's functions among them in Needed).
std::string callsWhy(const Stmt *S, const SourceManager &SM,
                     std::vector<const FunctionDecl *> &Needed) {
  if (!S)
    return "";
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return "the loop calls through a pointer";
    std::set<const FunctionDecl *> Visiting;
    if (std::string W = deviceWhy(F, SM, Needed, Visiting); !W.empty())
      return "the loop calls " + W;
  }
  for (const Stmt *Ch : S->children())
    if (std::string W = callsWhy(Ch, SM, Needed); !W.empty())
      return W;
  return "";
}

} // namespace ompm
