//===- CallSites.cpp - The calls of each function of a translation unit ---===//
#include "Analysis/CallSites.h"
#include "Analysis/OnceVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ompm {
namespace {

/// Records the calls of each function and the functions whose address is
/// taken (named other than as a callee).
class CallCollector : public OnceVisitor<CallCollector> {
public:
  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Current;
    if (F->doesThisDeclarationHaveABody())
      Current = F;
    bool R = OnceVisitor::TraverseFunctionDecl(F);
    Current = Saved;
    return R;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee()) {
      Sites[F->getCanonicalDecl()].push_back({C, Current});
      if (const auto *DR = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        Callees.insert(DR);
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      Refs.push_back({D, F->getCanonicalDecl()});
    return true;
  }
  std::map<const FunctionDecl *, std::vector<CallSites::Call>> Sites;
  std::set<const DeclRefExpr *> Callees;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Refs;
  const FunctionDecl *Current = nullptr;
};

} // namespace

CallSites::CallSites(ASTContext &Ctx) {
  CallCollector C;
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  Calls = std::move(C.Sites);
  for (const auto &[D, F] : C.Refs)
    if (!C.Callees.count(D)) {
      AddressTaken.insert(F);
      const FunctionDecl *Def = F->getDefinition();
      TakenWithBody |= Def && !Ctx.getSourceManager().isInSystemHeader(
                                  Ctx.getSourceManager().getExpansionLoc(Def->getLocation()));
    }
}

const std::vector<CallSites::Call> *
CallSites::callsOfOnlyCalled(const FunctionDecl *Fn) const {
  const FunctionDecl *Canon = Fn->getCanonicalDecl();
  if (Fn->isExternallyVisible() || AddressTaken.count(Canon))
    return nullptr;
  auto It = Calls.find(Canon);
  return It == Calls.end() || It->second.empty() ? nullptr : &It->second;
}

} // namespace ompm
