//===- HostCopies.cpp - Where the host copy is current, over the CFG ------===//

#include "Facts/HostCopies.h"
#include "Facts/StmtWalk.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>
#include <optional>

using namespace clang;

namespace ompm {

struct HostCopies::Elem {
  const Stmt *S = nullptr; ///< null: an element with no statement of its own
  bool Kill = false;       ///< the host copy of V may be stale after it
  std::set<std::string> KillItems; ///< fetched items that no longer hold
  std::vector<std::string> Gen; ///< items current after it
};

HostCopies::HostCopies(const FunctionDecl *Fn, ASTContext &Ctx) : Ctx(Ctx) {
  Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body || Fn->isDependentContext())
    return; // a template's pattern: no CFG, nothing is ever current
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddImplicitDtors = true;
  Opts.AddTemporaryDtors = true;
  Cfg = CFG::buildCFG(Fn, Body, &Ctx, Opts);
  Parents = std::make_unique<ParentMap>(Body);
  // The blocks the entry reaches (a walk back ignores the others, as a
  // forward pass never reaches them). (A successor is null where the CFG
  // pruned an edge it knows is never taken, `if (0)`: skipped.)
  if (!Cfg)
    return;
  std::vector<const CFGBlock *> Work = {&Cfg->getEntry()};
  Reachable.insert(&Cfg->getEntry());
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    for (const CFGBlock::AdjacentBlock &Succ : B->succs())
      if (const CFGBlock *Next = Succ.getReachableBlock(); Next && Reachable.insert(Next).second)
        Work.push_back(Next);
  }
  for (const CFGBlock *B : *Cfg) {
    unsigned I = 0;
    for (const CFGElement &CE : *B) {
      if (std::optional<CFGStmt> CS = CE.getAs<CFGStmt>())
        ElementAt[CS->getStmt()].push_back({B, I});
      ++I;
    }
  }
}

HostCopies::~HostCopies() = default;

namespace {

/// The variable whose storage lvalue E is, or is part of (`k`; `s` of
/// `s.len`, `s->len`, `s[i]`, `*s`), and whether E is all of it.
const ValueDecl *baseVar(const Expr *E, bool &Whole) {
  Whole = true;
  while (E) {
    E = E->IgnoreParenCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      return DR->getDecl();
    Whole = false;
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E))
      E = U->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

/// The lvalues host statement X may change: assigned, incremented, its
/// address taken, declared (a declaration in a loop starts afresh each
/// time), or bound to a reference argument.
std::vector<const Expr *> changedBy(const Stmt *X, std::vector<const ValueDecl *> &Declared) {
  std::vector<const Expr *> Out;
  if (const auto *B = dyn_cast<BinaryOperator>(X)) {
    if (B->isAssignmentOp())
      Out.push_back(B->getLHS());
  } else if (const auto *U = dyn_cast<UnaryOperator>(X)) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      Out.push_back(U->getSubExpr());
  } else if (const auto *D = dyn_cast<DeclStmt>(X)) {
    for (const Decl *Dc : D->decls())
      if (const auto *V = dyn_cast<ValueDecl>(Dc))
        Declared.push_back(V);
  } else if (const auto *C = dyn_cast<CallExpr>(X)) {
    for (const Expr *A : C->arguments())
      if (A->isGLValue() && !A->getType()->isArrayType())
        Out.push_back(A);
  }
  return Out;
}

} // namespace

/// The events of a CopyEvents as they bear on one array V.
class HostCopies::Reader {
public:
  Reader(const CopyEvents &E, const ValueDecl *V, const ParentMap &PM)
      : E(E), V(V), PM(PM) {
    // Sets, so a question about one element costs the depth of its
    // statement, not that times the number of kernels.
    RegionSet.insert(E.Region.begin(), E.Region.end());
    for (const CopyEvents::Kernel &K : E.Kernels) {
      KernelAt.try_emplace(K.S, &K);
      if (!isa<CallExpr>(K.S))
        DeviceCode.insert(K.S);
    }
    for (const CopyEvents::Fetch &F : E.Fetches)
      if (F.V == V)
        OfV.push_back(&F);
  }

  bool within(const Stmt *X, const Stmt *Ancestor) const {
    for (; X; X = PM.getParent(X))
      if (X == Ancestor)
        return true;
    return false;
  }
  bool withinAny(const Stmt *X, const llvm::DenseSet<const Stmt *> &Set) const {
    for (; X; X = PM.getParent(X))
      if (Set.contains(X))
        return true;
    return false;
  }
  bool inRegion(const Stmt *X) const { return withinAny(X, RegionSet); }
  /// Code inside a kernel runs on the device (the arguments of a call that
  /// is one run on the host).
  bool inKernel(const Stmt *X) const { return withinAny(PM.getParent(X), DeviceCode); }
  bool isKernel(const Stmt *X) const { return KernelAt.count(X) > 0; }
  /// The kernel statement X is part of, when X is inside one.
  const Stmt *kernelAround(const Stmt *X) const {
    for (X = PM.getParent(X); X; X = PM.getParent(X))
      if (DeviceCode.contains(X))
        return X;
    return nullptr;
  }
  bool callMayRun(const FunctionDecl *F) const {
    return !E.MayRunKernels || E.MayRunKernels(F);
  }
  /// Host element X may make every fetched item of V stale: a kernel that
  /// may write V, or a call that may run kernels.
  bool kills(const Stmt *X) const {
    if (auto It = KernelAt.find(X); It != KernelAt.end())
      return It->second->WritesAny || It->second->Writes.count(V);
    if (const auto *C = dyn_cast<CallExpr>(X))
      return callMayRun(C->getDirectCallee());
    if (const auto *C = dyn_cast<CXXConstructExpr>(X))
      return !C->getConstructor()->isTrivial() && callMayRun(C->getConstructor());
    return false;
  }
  /// Fetched items of V that host element X makes name other elements: it
  /// changes a variable they are bounded by, or the pointer itself.
  std::set<std::string> itemKills(const Stmt *X) const {
    std::set<std::string> Out;
    std::vector<const ValueDecl *> Declared;
    std::vector<std::pair<const ValueDecl *, bool>> Changed;
    for (const Expr *LV : changedBy(X, Declared)) {
      bool Whole;
      Changed.push_back({baseVar(LV, Whole), Whole});
    }
    for (const ValueDecl *D : Declared)
      Changed.push_back({D, true});
    for (const auto &[D, Whole] : Changed)
      for (const CopyEvents::Fetch *F : OfV)
        if (!D || !E.Depends || E.Depends(F->Item, V, D, Whole))
          Out.insert(F->Item);
    return Out;
  }
  /// The fetches of V that count: before a statement nothing inside can
  /// undo, or enter past the fetch.
  std::vector<const CopyEvents::Fetch *> fetches() const {
    std::vector<const CopyEvents::Fetch *> Out;
    for (const CopyEvents::Fetch *F : OfV)
      if (clean(F->Before, F->Item))
        Out.push_back(F);
    return Out;
  }

private:
  bool clean(const Stmt *X, const std::string &Item) const {
    if (!X)
      return true;
    if (isa<LabelStmt>(X) || isa<SwitchCase>(X))
      return false;
    if (isKernel(X))
      return false;
    if ((isa<CallExpr>(X) || isa<CXXConstructExpr>(X)) && kills(X))
      return false;
    if (itemKills(X).count(Item))
      return false;
    return llvm::all_of(codeChildren(X), [&](const Stmt *C) { return clean(C, Item); });
  }
  const CopyEvents &E;
  const ValueDecl *V;
  const ParentMap &PM;
  llvm::DenseSet<const Stmt *> RegionSet, DeviceCode;
  llvm::DenseMap<const Stmt *, const CopyEvents::Kernel *> KernelAt;
  std::vector<const CopyEvents::Fetch *> OfV; ///< the fetches of V
};

std::vector<HostCopies::Elem>
HostCopies::elementsOf(const CFGBlock &B, const Reader &R,
                       const FetchMap &FetchesBefore) const {
  std::vector<Elem> Out;
  for (const CFGElement &CE : B) {
    Elem El;
    if (std::optional<CFGStmt> CS = CE.getAs<CFGStmt>()) {
      const Stmt *X = CS->getStmt();
      El.S = X;
      if (R.inRegion(X) && R.inKernel(X)) {
        // A kernel that is not an element of the CFG itself (a for loop
        // made a kernel: its parts are the elements) runs with its parts.
        if (const Stmt *K = R.kernelAround(X))
          El.Kill = R.kills(K);
      } else if (R.inRegion(X)) {
        El.Kill = R.kills(X);
        // The fetches before X or a statement around it.
        for (const Stmt *P = X; P; P = Parents->getParent(P))
          if (auto It = FetchesBefore.find(P); It != FetchesBefore.end())
            El.Gen.insert(El.Gen.end(), It->second.begin(), It->second.end());
        El.KillItems = R.itemKills(X);
      }
    } else if (std::optional<CFGImplicitDtor> D = CE.getAs<CFGImplicitDtor>()) {
      // A destructor is a call; where it runs is not always known, so it
      // counts wherever it is.
      const CXXDestructorDecl *Dtor = D->getDestructorDecl(Ctx);
      El.Kill = Dtor && !Dtor->isTrivial() && R.callMayRun(Dtor);
    }
    Out.push_back(std::move(El));
  }
  return Out;
}

bool HostCopies::currentOnEntry(const CopyEvents &E, const Stmt *S, const ValueDecl *V,
                                llvm::ArrayRef<std::string> Items) const {
  if (!Cfg || !S)
    return false;
  Reader R(E, V, *Parents);
  FetchMap FetchesBefore;
  for (const CopyEvents::Fetch *F : R.fetches())
    FetchesBefore[F->Before].push_back(F->Item);
  // The elements of the blocks the walk reaches, built once each.
  std::vector<std::optional<std::vector<Elem>>> Elems(Cfg->getNumBlockIDs());
  auto ElemsOf = [&](const CFGBlock *B) -> const std::vector<Elem> & {
    std::optional<std::vector<Elem>> &O = Elems[B->getBlockID()];
    if (!O)
      O = elementsOf(*B, R, FetchesBefore);
    return *O;
  };
  auto InS = [&](const Elem &El) { return El.S && R.within(El.S, S); };
  // Where S is entered from outside: before element I of block B, as the
  // forward analysis reads it (a block that starts inside S is entered
  // from outside unless every predecessor ends inside S).
  std::vector<std::pair<const CFGBlock *, unsigned>> Starts;
  std::set<std::pair<const CFGBlock *, unsigned>> Inside;
  std::vector<const Stmt *> Work = {S};
  while (!Work.empty()) {
    const Stmt *X = Work.back();
    Work.pop_back();
    if (!X)
      continue;
    if (auto It = ElementAt.find(X); It != ElementAt.end())
      for (const auto &BI : It->second)
        Inside.insert(BI);
    for (const Stmt *C : X->children())
      Work.push_back(C);
  }
  for (const auto &[B, I] : Inside) {
    if (!Reachable.count(B))
      continue;
    const std::vector<Elem> &Es = ElemsOf(B);
    if (!InS(Es[I]))
      continue;
    bool FromOutside;
    if (I > 0) {
      FromOutside = !InS(Es[I - 1]);
    } else {
      FromOutside = B->pred_empty();
      for (const CFGBlock::AdjacentBlock &P : B->preds()) {
        const CFGBlock *PB = P.getReachableBlock();
        if (!PB)
          continue;
        const std::vector<Elem> &PE = ElemsOf(PB);
        auto Last = llvm::find_if(llvm::reverse(PE), [](const Elem &El) { return El.S; });
        if (Last == PE.rend() || !InS(*Last))
          FromOutside = true;
      }
    }
    if (FromOutside)
      Starts.push_back({B, I});
  }
  if (Starts.empty())
    return false; // never entered
  // Item is current at every start when each path back from it meets an
  // element that fetches it before one that makes it stale, and never the
  // function's entry (a cycle that does neither keeps what came in).
  auto OnEveryPath = [&](const std::string &Item) {
    std::set<const CFGBlock *> Seen;
    std::vector<std::pair<const CFGBlock *, unsigned>> Todo = Starts;
    while (!Todo.empty()) {
      auto [B, Upto] = Todo.back();
      Todo.pop_back();
      const std::vector<Elem> &Es = ElemsOf(B);
      bool Done = false;
      for (unsigned K = Upto; K-- > 0;) {
        const Elem &El = Es[K];
        if (llvm::is_contained(El.Gen, Item)) {
          Done = true;
          break;
        }
        if (El.Kill || El.KillItems.count(Item))
          return false;
      }
      if (Done)
        continue;
      if (B == &Cfg->getEntry())
        return false;
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *PB = P.getReachableBlock();
            PB && Reachable.count(PB) && Seen.insert(PB).second)
          Todo.push_back({PB, static_cast<unsigned>(ElemsOf(PB).size())});
    }
    return true;
  };
  return llvm::any_of(Items, OnEveryPath);
}

} // namespace ompm
