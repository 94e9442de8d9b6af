//===- Liveness.cpp - Is a variable's value read after a statement? -------===//
#include "Analysis/Liveness.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <vector>

using namespace clang;

namespace ompm {

Liveness::Liveness(const FunctionDecl *Fn, ASTContext &Ctx) : Fn(Fn) {
  if (!Fn || !Fn->getBody())
    return;
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd(); // every expression an element: reads are seen
  Graph = CFG::buildCFG(Fn, Fn->getBody(), &Ctx, Opts);
  Parents = std::make_unique<ParentMap>(Fn->getBody());
}

bool Liveness::inside(const Stmt *X, const Stmt *S) const {
  if (S != InsideOf) {
    // The statements of S's subtree, once per S (questions come in runs of
    // one statement and several variables).
    InsideOf = S;
    Inside.clear();
    std::vector<const Stmt *> Work{S};
    while (!Work.empty()) {
      const Stmt *Y = Work.back();
      Work.pop_back();
      if (!Y || !Inside.insert(Y).second)
        continue;
      for (const Stmt *C : Y->children())
        Work.push_back(C);
    }
  }
  return Inside.contains(X);
}

namespace {

/// Finds what lets V be read behind the CFG's back: `&v`, a reference bound
/// to v, a lambda capturing it by reference.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(const VarDecl *V) : V(V) {}
  bool Found = false;

  static bool names(const Expr *E, const VarDecl *V) {
    const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return DR && DR->getDecl() == V;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && names(U->getSubExpr(), V))
      Found = true;
    return !Found;
  }
  bool VisitVarDecl(VarDecl *R) {
    if (R->getType()->isReferenceType() && R->getInit() && names(R->getInit(), V))
      Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *C) {
    // An argument bound to a reference parameter (C++).
    if (const FunctionDecl *F = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I)
        if (F->getParamDecl(I)->getType()->isReferenceType() && names(C->getArg(I), V))
          Found = true;
    return !Found;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V && C.getCaptureKind() == LCK_ByRef)
        Found = true;
    return !Found;
  }

private:
  const VarDecl *V;
};

} // namespace

bool Liveness::escapes(const VarDecl *V) const {
  auto It = Escaping.find(V);
  if (It != Escaping.end())
    return It->second;
  EscapeFinder F(V);
  F.TraverseStmt(Fn->getBody());
  Escaping[V] = F.Found;
  return F.Found;
}

int Liveness::effect(const Stmt *E, const VarDecl *V) const {
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    // The assignment kills after its operands, which are elements before it.
    if (B->getOpcode() == BO_Assign && EscapeFinder::names(B->getLHS(), V))
      return -1;
    return 0;
  }
  if (const auto *D = dyn_cast<DeclStmt>(E)) {
    for (const Decl *X : D->decls())
      if (X == V)
        return cast<VarDecl>(X)->getInit() ? -1 : 0;
    return 0;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  if (!DR || DR->getDecl() != V)
    return 0;
  // The left side of a plain assignment is no read; everything else is
  // (compound assignments and increments read first).
  const Stmt *Child = E;
  const Stmt *P = Parents->getParent(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P); IC && IC->getCastKind() == CK_LValueToRValue)
      return 1;
    Child = P;
    P = Parents->getParent(P);
  }
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
      B && B->getOpcode() == BO_Assign && B->getLHS() == Child)
    return 0;
  return 1;
}

bool Liveness::mayBeReadAfter(const Stmt *S, const VarDecl *V) const {
  if (!Graph || !V || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
      V->getDeclContext() != Fn || escapes(V))
    return true;
  // Start from every point inside S (S is transparent, so any of them is as
  // good as its exits) and walk forward over what is outside S.
  std::vector<const CFGBlock *> Work;
  llvm::DenseSet<const CFGBlock *> Queued;
  auto Push = [&](const CFGBlock *B) {
    if (B && Queued.insert(B).second)
      Work.push_back(B);
  };
  // Scans B from element I: true when a read comes before an assignment;
  // queues B's successors when neither does.
  auto Scan = [&](const CFGBlock *B, unsigned I) {
    for (unsigned N = B->size(); I < N; ++I) {
      std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>();
      if (!E || inside(E->getStmt(), S))
        continue;
      int Eff = effect(E->getStmt(), V);
      if (Eff > 0)
        return true;
      if (Eff < 0)
        return false;
    }
    for (const CFGBlock::AdjacentBlock &Succ : B->succs())
      Push(Succ.getReachableBlock());
    return false;
  };
  bool Found = false;
  for (const CFGBlock *B : *Graph) {
    bool In = B->getTerminatorStmt() && inside(B->getTerminatorStmt(), S);
    unsigned First = B->size();
    for (unsigned I = 0; I < B->size(); ++I)
      if (std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>(); E && inside(E->getStmt(), S)) {
        First = I;
        break;
      }
    if (First < B->size())
      Found |= Scan(B, First + 1);
    else if (In)
      for (const CFGBlock::AdjacentBlock &Succ : B->succs())
        Push(Succ.getReachableBlock());
    if (Found)
      return true;
  }
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    if (Scan(B, 0))
      return true;
  }
  return false;
}

} // namespace ompm
