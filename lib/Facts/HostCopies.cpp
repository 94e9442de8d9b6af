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
  // Blocks in reverse post-order, so a forward pass sees a block after its
  // predecessors (back edges aside): the fixed point then takes a pass per
  // level of loop nesting, not one per block of a chain.
  // (A successor is null where the CFG pruned an edge it knows is never
  // taken, `if (0)`: skipped.)
  if (!Cfg)
    return;
  llvm::DenseSet<const CFGBlock *> Seen;
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
  Stack.push_back({&Cfg->getEntry(), Cfg->getEntry().succ_begin()});
  Seen.insert(&Cfg->getEntry());
  while (!Stack.empty()) {
    auto &[B, It] = Stack.back();
    if (It == B->succ_end()) {
      Order.push_back(B);
      Stack.pop_back();
      continue;
    }
    const CFGBlock *Next = It->getReachableBlock();
    ++It;
    if (Next && Seen.insert(Next).second)
      Stack.push_back({Next, Next->succ_begin()});
  }
  std::reverse(Order.begin(), Order.end());
}

HostCopies::~HostCopies() = default;

namespace {

/// The meet-semilattice: the items current on every path so far; Top is
/// "no path yet" (the identity of the meet).
struct Avail {
  bool Top = true;
  std::set<std::string> Items;
  bool operator==(const Avail &O) const { return Top == O.Top && Items == O.Items; }
};

Avail meet(const Avail &A, const Avail &B) {
  if (A.Top)
    return B;
  if (B.Top)
    return A;
  Avail R;
  R.Top = false;
  for (const std::string &I : A.Items)
    if (B.Items.count(I))
      R.Items.insert(I);
  return R;
}

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

bool HostCopies::currentOnEntry(const CopyEvents &E, const Stmt *S,
                                const ValueDecl *V,
                                llvm::ArrayRef<std::string> Items) const {
  if (!Cfg || !S)
    return false;
  const unsigned N = Cfg->getNumBlockIDs();
  Reader R(E, V, *Parents);
  FetchMap FetchesBefore;
  for (const CopyEvents::Fetch *F : R.fetches())
    FetchesBefore[F->Before].push_back(F->Item);
  std::vector<std::vector<Elem>> Elems(N);
  for (const CFGBlock *B : *Cfg)
    Elems[B->getBlockID()] = elementsOf(*B, R, FetchesBefore);
  auto Transfer = [](Avail A, const Elem &El) {
    if (El.Kill)
      A.Items.clear();
    for (const std::string &I : El.KillItems)
      A.Items.erase(I);
    A.Items.insert(El.Gen.begin(), El.Gen.end());
    return A;
  };
  // Forward to a fixed point: nothing is current when the function starts.
  std::vector<Avail> In(N), OutS(N);
  const CFGBlock &Entry = Cfg->getEntry();
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *B : Order) {
      unsigned Id = B->getBlockID();
      Avail A;
      if (B == &Entry) {
        A.Top = false;
      } else {
        for (const CFGBlock::AdjacentBlock &P : B->preds())
          if (const CFGBlock *PB = P.getReachableBlock())
            A = meet(A, OutS[PB->getBlockID()]);
      }
      In[Id] = A;
      if (!A.Top)
        for (const Elem &El : Elems[Id])
          A = Transfer(std::move(A), El);
      if (!(A == OutS[Id])) {
        OutS[Id] = std::move(A);
        Changed = true;
      }
    }
  }
  // The meet of the states on the edges into S: into an element of S from
  // one outside it. A block that starts inside S is entered from outside
  // unless every predecessor ends inside S (a predecessor with no statement
  // counts as outside, which only adds paths).
  auto InS = [&](const Elem &El) { return El.S && R.within(El.S, S); };
  Avail At;
  for (const CFGBlock *B : *Cfg) {
    const std::vector<Elem> &Es = Elems[B->getBlockID()];
    Avail A = In[B->getBlockID()];
    if (A.Top)
      continue; // never reached
    for (size_t I = 0; I < Es.size(); ++I) {
      if (InS(Es[I])) {
        bool FromOutside;
        if (I > 0) {
          FromOutside = !InS(Es[I - 1]);
        } else {
          FromOutside = B->pred_empty();
          for (const CFGBlock::AdjacentBlock &P : B->preds()) {
            const CFGBlock *PB = P.getReachableBlock();
            if (!PB)
              continue;
            const std::vector<Elem> &PE = Elems[PB->getBlockID()];
            auto Last = llvm::find_if(llvm::reverse(PE), [](const Elem &El) { return El.S; });
            if (Last == PE.rend() || !InS(*Last))
              FromOutside = true;
          }
        }
        if (FromOutside)
          At = meet(At, A);
      }
      A = Transfer(std::move(A), Es[I]);
    }
  }
  if (At.Top)
    return false;
  return llvm::any_of(Items, [&](const std::string &I) { return At.Items.count(I); });
}

} // namespace ompm
