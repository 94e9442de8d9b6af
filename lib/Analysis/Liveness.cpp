//===- Liveness.cpp - Is a variable's value read after a statement? -------===//
#include "Analysis/Liveness.h"
#include "Analysis/OnceVisitor.h"
#include "Analysis/GlobalScalars.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <functional>
#include <vector>

using namespace clang;

namespace ompm {

Liveness::Liveness(const FunctionDecl *Fn, ASTContext &Ctx, GlobalScalarLiveness *Globals)
    : Fn(Fn), Globals(Globals) {
  if (!Fn || !Fn->getBody())
    return;
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd(); // every expression an element: reads are seen
  Graph = CFG::buildCFG(Fn, Fn->getBody(), &Ctx, Opts);
  Parents = std::make_unique<ParentMap>(Fn->getBody());
}

void Liveness::number() const {
  if (Numbered)
    return;
  Numbered = true;
  unsigned N = 0;
  std::function<void(const Stmt *)> Number = [&](const Stmt *Y) {
    if (!Y)
      return;
    if (Order.count(Y)) {
      Shared = true; // a node with two parents: no single range
      return;
    }
    unsigned First = N++;
    Order[Y] = {First, First};
    for (const Stmt *C : Y->children())
      Number(C);
    Order[Y].second = N - 1;
  };
  Number(Fn->getBody());
  if (Shared) {
    Order.clear();
    return;
  }
  ElementNumbers.resize(Graph ? Graph->getNumBlockIDs() : 0);
  if (Graph)
    for (const CFGBlock *B : *Graph) {
      std::vector<unsigned> &Ns = ElementNumbers[B->getBlockID()];
      Ns.assign(B->size(), ~0u);
      for (unsigned I = 0; I < B->size(); ++I)
        if (std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>())
          if (auto It = Order.find(E->getStmt()); It != Order.end())
            Ns[I] = It->second.first;
    }
}

bool Liveness::inside(const Stmt *X, const Stmt *S) const {
  number();
  if (!Shared) {
    auto XI = Order.find(X), SI = Order.find(S);
    if (XI == Order.end() || SI == Order.end())
      return X == S;
    return SI->second.first <= XI->second.first && XI->second.first <= SI->second.second;
  }
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

/// Finds the variables that can be read behind the CFG's back: `&v`, a
/// reference bound to v, a lambda capturing v by reference. One walk of
/// the function for all of them.
class EscapeFinder : public OnceVisitor<EscapeFinder> {
public:
  llvm::DenseSet<const VarDecl *> Found;

  static const VarDecl *named(const Expr *E) {
    const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  }
  static bool names(const Expr *E, const VarDecl *V) { return V && named(E) == V; }
  void note(const Expr *E) {
    if (const VarDecl *V = named(E))
      Found.insert(V);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *R) {
    if (R->getType()->isReferenceType() && R->getInit())
      note(R->getInit());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // An argument bound to a reference parameter (C++).
    if (const FunctionDecl *F = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I)
        if (F->getParamDecl(I)->getType()->isReferenceType())
          note(C->getArg(I));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Found.insert(V);
    return true;
  }
};

} // namespace

bool Liveness::escapes(const VarDecl *V) const {
  if (!EscapingFound) {
    EscapingFound = true;
    EscapeFinder F;
    F.TraverseStmt(Fn->getBody());
    Escaping = std::move(F.Found);
  }
  return Escaping.contains(V);
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
  if (const auto *C = dyn_cast<CallExpr>(E); C && Globals && !V->hasLocalStorage())
    return Globals->callMayRead(C, V) ? 1 : 0;
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  if (!DR || DR->getDecl()->getCanonicalDecl() != V->getCanonicalDecl())
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

bool Liveness::followedGlobal(const VarDecl *V) const {
  return Globals && V && !V->hasLocalStorage() && Globals->tracked(V);
}

bool Liveness::mayReadBeforeAssigning(const VarDecl *V) const {
  if (!Graph || !followedGlobal(V))
    return true;
  return walk({{&Graph->getEntry(), 0}},
              [](const CFGBlock *, unsigned, const Stmt *) { return false; }, V,
              [] { return false; });
}

bool Liveness::forward(
    const std::vector<Start> &From, llvm::BitVector &Queued,
    llvm::function_ref<bool(const CFGBlock *, unsigned, llvm::function_ref<void(const CFGBlock *)>)>
        Visit) const {
  std::vector<const CFGBlock *> Work;
  auto Push = [&](const CFGBlock *B) {
    if (B && !Queued.test(B->getBlockID())) {
      Queued.set(B->getBlockID());
      Work.push_back(B);
    }
  };
  // In the order given: a visit from a point where one is given, a block
  // queued otherwise.
  for (const Start &St : From) {
    if (St.From == ~0u)
      Push(St.Block);
    else if (Visit(St.Block, St.From, Push))
      return true;
  }
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    if (Visit(B, 0, Push))
      return true;
  }
  return false;
}

bool Liveness::walk(const std::vector<Start> &From,
                    llvm::function_ref<bool(const CFGBlock *, unsigned, const Stmt *)> InS,
                    const VarDecl *V, llvm::function_ref<bool()> AtExit,
                    const llvm::BitVector *Done, bool ExitReached) const {
  // Blocks queued (or, Done, scanned already by the caller's walk).
  llvm::BitVector Queued = Done ? *Done : llvm::BitVector(Graph->getNumBlockIDs());
  // Scans B from element I: true when a read comes before an assignment
  // (at the function's end: AtExit); queues B's successors when neither
  // does.
  auto Scan = [&](const CFGBlock *B, unsigned I, llvm::function_ref<void(const CFGBlock *)> Push) {
    if (B == &Graph->getExit()) {
      ExitReached = true;
      return false;
    }
    for (unsigned N = B->size(); I < N; ++I) {
      std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>();
      if (!E || InS(B, I, E->getStmt()))
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
  return forward(From, Queued, Scan) || (ExitReached && AtExit());
}

bool Liveness::mayBeReadAfter(const Stmt *S, const VarDecl *V) const {
  if (!Graph || !V || V->getType()->isReferenceType())
    return true;
  bool Global = followedGlobal(V);
  if (!Global && (!V->hasLocalStorage() || V->getDeclContext() != Fn || escapes(V)))
    return true;
  // Start from every point inside S (S is transparent, so any of them is as
  // good as its exits) and walk forward over what is outside S.
  // Whether element I of B is inside S: a range test on the numbering
  // where there is one.
  number();
  std::optional<std::pair<unsigned, unsigned>> Range;
  if (!Shared)
    if (auto It = Order.find(S); It != Order.end())
      Range = It->second;
  auto InS = [&](const CFGBlock *B, unsigned I, const Stmt *E) {
    if (!Range)
      return inside(E, S);
    unsigned X = ElementNumbers[B->getBlockID()][I];
    return X != ~0u && Range->first <= X && X <= Range->second;
  };
  if (StartsOf != S) {
    StartsOf = S;
    Starts.clear();
    Frontier.clear();
    Crossed.clear();
    for (const CFGBlock *B : *Graph) {
      bool In = B->getTerminatorStmt() && inside(B->getTerminatorStmt(), S);
      unsigned First = B->size();
      for (unsigned I = 0; I < B->size(); ++I)
        if (std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>(); E && InS(B, I, E->getStmt())) {
          First = I;
          break;
        }
      if (First < B->size())
        Starts.push_back({B, First + 1});
      else if (In)
        for (const CFGBlock::AdjacentBlock &Succ : B->succs())
          if (const CFGBlock *R = Succ.getReachableBlock())
            Starts.push_back({R, ~0u});
    }
  }
  // In the order of the blocks: a scan from inside S where S runs in a
  // block, a block S jumps to queued. At the function's end a local is
  // dead; a followed global is read when its value may be read after the
  // function returns.
  if (Frontier.empty() && Crossed.empty())
    findFrontier(InS);
  // (Copies: a question asked at the end may renumber. walk copies Crossed
  // into its own queue before it asks.)
  std::vector<Start> From = Frontier;
  return walk(From, InS, V, [&] { return Global && Globals->liveAtExit(Fn, V); }, &Crossed,
              FrontierExit);
}

void Liveness::findFrontier(
    llvm::function_ref<bool(const CFGBlock *, unsigned, const Stmt *)> InS) const {
  Frontier.clear();
  Crossed = llvm::BitVector(Graph->getNumBlockIDs());
  FrontierExit = false;
  // walk's scan, over S's elements only: it stops at the first element
  // outside S (where a variable's walk starts) or goes on to the block's
  // successors.
  auto Cross = [&](const CFGBlock *B, unsigned I, llvm::function_ref<void(const CFGBlock *)> Push) {
    if (B == &Graph->getExit()) {
      FrontierExit = true;
      return false;
    }
    for (unsigned N = B->size(); I < N; ++I) {
      std::optional<CFGStmt> E = (*B)[I].getAs<CFGStmt>();
      if (E && !InS(B, I, E->getStmt())) {
        Frontier.push_back({B, I});
        return false;
      }
    }
    for (const CFGBlock::AdjacentBlock &Succ : B->succs())
      Push(Succ.getReachableBlock());
    return false;
  };
  forward(Starts, Crossed, Cross);
}

} // namespace ompm
