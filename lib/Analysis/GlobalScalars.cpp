//===- GlobalScalars.cpp - Liveness of file-scope scalars across functions -===//
#include "Analysis/GlobalScalars.h"
#include "Analysis/OnceVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ompm {
namespace {

/// The file-scope variables whose address is taken or to which a reference
/// binds, anywhere in the translation unit (initializers of globals
/// included).
class Escapes : public OnceVisitor<Escapes> {
public:
  std::set<const VarDecl *> Found;
  void note(const Expr *E) {
    if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        Found.insert(V->getCanonicalDecl());
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *R) {
    if (R->getType()->isReferenceType())
      note(R->getInit());
    return true;
  }
};

} // namespace

GlobalScalarLiveness::GlobalScalarLiveness(ASTContext &Ctx, const CallSites &Calls)
    : Ctx(Ctx), Calls(Calls) {}

void GlobalScalarLiveness::findCandidates() {
  Found = true;
  if (Ctx.getLangOpts().CPlusPlus || Ctx.getLangOpts().ObjC)
    return;
  // Code of a system header cannot name the file's static variables, nor
  // is one of its own a candidate: its declarations are not walked (C: they
  // are the translation unit's top-level declarations).
  const SourceManager &SM = Ctx.getSourceManager();
  auto System = [&](const Decl *D) { return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())); };
  Escapes E;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!System(D))
      E.TraverseDecl(D);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || System(V) || !V->isFileVarDecl() || V->isExternallyVisible() ||
        !V->getType()->isArithmeticType() || V->getType().isVolatileQualified() ||
        E.Found.count(V->getCanonicalDecl()))
      continue;
    Candidates.insert(V->getCanonicalDecl());
  }
}

bool GlobalScalarLiveness::tracked(const VarDecl *V) {
  if (!Found)
    findCandidates();
  return V && Candidates.count(V->getCanonicalDecl());
}

const Liveness &GlobalScalarLiveness::liveOf(const FunctionDecl *F) {
  std::unique_ptr<Liveness> &L = Lives[F];
  if (!L)
    L = std::make_unique<Liveness>(F, Ctx, this);
  return *L;
}

bool GlobalScalarLiveness::callMayRead(const CallExpr *C, const VarDecl *V) {
  if (!tracked(V))
    return true;
  const FunctionDecl *F = C->getDirectCallee();
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  if (Def)
    return readsBeforeAssigning(Def, V);
  // Code the file does not hold cannot name a static variable; it can call
  // back into the file through a function whose address is taken, and,
  // unless it is a library's (declared in a system header), through any
  // function of the file with external linkage.
  if (Calls.anyAddressTaken())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  if (F && SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return false;
  return externalReads(V);
}

bool GlobalScalarLiveness::externalReads(const VarDecl *V) {
  // (main is not among them: another file does not call it.) While this
  // is being computed, a call that may come back answers "may".
  auto [It, New] = External.try_emplace(V->getCanonicalDecl(), true);
  if (!New)
    return It->second;
  bool R = false;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D);
        F && F->doesThisDeclarationHaveABody() && F->isExternallyVisible() &&
        !F->isMain() && readsBeforeAssigning(F, V)) {
      R = true;
      break;
    }
  External[V->getCanonicalDecl()] = R;
  return R;
}

bool GlobalScalarLiveness::readsBeforeAssigning(const FunctionDecl *F, const VarDecl *V) {
  if (!tracked(V) || !F || !F->getBody())
    return true;
  auto [It, New] = Reads.try_emplace({F->getCanonicalDecl(), V->getCanonicalDecl()}, 0);
  if (!New)
    return It->second != 2; // being computed (recursion): may
  bool R = liveOf(F).mayReadBeforeAssigning(V);
  Reads[{F->getCanonicalDecl(), V->getCanonicalDecl()}] = R ? 1 : 2;
  return R;
}

bool GlobalScalarLiveness::liveAtExit(const FunctionDecl *F, const VarDecl *V) {
  if (!tracked(V) || !F)
    return true;
  const FunctionDecl *FC = F->getCanonicalDecl();
  auto [It, New] = Exits.try_emplace({FC, V->getCanonicalDecl()}, 0);
  if (!New)
    return It->second != 2;
  bool R = true;
  if (F->isMain()) {
    // The program ends, unless a handler registered by address runs, or
    // main is called again.
    R = Calls.anyAddressTaken() || Calls.called(F);
  } else if (const std::vector<CallSites::Call> *Sites = Calls.callsOfOnlyCalled(F)) {
    R = false;
    for (const CallSites::Call &C : *Sites)
      if (!C.Caller || !C.Caller->getBody() ||
          liveOf(C.Caller).mayBeReadAfter(C.E, cast<VarDecl>(V))) {
        R = true;
        break;
      }
  }
  Exits[{FC, V->getCanonicalDecl()}] = R ? 1 : 2;
  return R;
}

} // namespace ompm
