//===- Allocations.cpp - Pointers proved to reach distinct objects --------===//
#include "Facts/Allocations.h"
#include <functional>
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <optional>

using namespace clang;

namespace ompm {
namespace {

bool isAllocation(const Expr *E) {
  if (isa<CXXNewExpr>(E))
    return true;
  const auto *C = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  return llvm::StringSwitch<bool>(F->getName())
      .Cases("malloc", "calloc", "aligned_alloc", true)
      .Default(false);
}

/// The assignments `V = e` in S (their e in Defs); Escapes when V's address
/// is taken or another assignment operator than += and -= (which move it
/// within its object) writes it.
void definitions(const Stmt *S, const VarDecl *V, std::vector<const Expr *> &Defs,
                 bool &Escapes) {
  if (!S)
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
        DR && DR->getDecl() == V) {
      if (B->getOpcode() == BO_Assign)
        Defs.push_back(B->getRHS());
      else if (B->getOpcode() != BO_AddAssign && B->getOpcode() != BO_SubAssign &&
               B->isAssignmentOp())
        Escapes = true;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf)
    if (const auto *DR = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
        DR && DR->getDecl() == V)
      Escapes = true;
  for (const Stmt *C : S->children())
    definitions(C, V, Defs, Escapes);
}

} // namespace

AllocationFacts::AllocationFacts(ASTContext &Ctx) : Sites(Ctx) {}

const AllocationFacts::Definitions &
AllocationFacts::definitionsIn(const VarDecl *V, const FunctionDecl *Fn) const {
  auto [It, New] = DefCache.try_emplace({V, Fn});
  if (New && Fn->getBody())
    definitions(Fn->getBody(), V, It->second.Defs, It->second.Escapes);
  return It->second;
}

const Expr *AllocationFacts::definition(const VarDecl *V, const FunctionDecl *Fn) const {
  const Definitions &D = definitionsIn(V, Fn);
  size_t N = D.Defs.size() + (V->getInit() ? 1 : 0);
  if (D.Escapes || N != 1)
    return nullptr;
  return V->getInit() ? V->getInit() : D.Defs.front();
}

AllocationFacts::Root AllocationFacts::rootOfVar(const VarDecl *V, const FunctionDecl *Fn,
                                                 unsigned Steps) const {
  // A variable that is no pointer (reached through `&x`): its own object.
  QualType T = V->getType();
  if (!T->isPointerType() && !T->isArrayType() && !T->isReferenceType())
    return {V->getCanonicalDecl(), nullptr, V->hasLocalStorage()};
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    // The argument's object, unless the function points it elsewhere.
    if (!Fn)
      return {};
    const Definitions &D = definitionsIn(P, Fn);
    if (!D.Defs.empty() || D.Escapes)
      return {};
    return {nullptr, P, false};
  }
  if (V->getType()->isArrayType())
    return {V->getCanonicalDecl(), nullptr, V->hasLocalStorage()};
  if (!V->hasLocalStorage() || !V->getType()->isPointerType() || !Fn ||
      !Fn->getBody() || Steps > 8)
    return {};
  const Expr *D = definition(V, Fn);
  return D ? rootOf(D, Fn) : Root{};
}

AllocationFacts::Root AllocationFacts::rootOf(const Expr *E, const FunctionDecl *Fn) const {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenCasts();
    if (isAllocation(E))
      return {E, nullptr, true};
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_AddrOf)
        return {};
      E = U->getSubExpr(); // &a[k]: a's object
      continue;
    }
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = S->getBase()->IgnoreParenImpCasts();
      // a[k][j] of an array of arrays: a's object; an element that is a
      // pointer (p[k] of double **p) may reach any object.
      if (S->getType()->isPointerType())
        return {};
      E = Base;
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
        return {};
      E = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      continue;
    }
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    return V ? rootOfVar(V, Fn, Steps) : Root{};
  }
  return {};
}

bool AllocationFacts::distinctRoots(const Root &A, const Root &B, const FunctionDecl *Fn,
                                    unsigned Depth) const {
  if (A.Object && B.Object)
    return A.Object != B.Object;
  // What this invocation creates is none of what it was passed.
  if ((A.Fresh && B.Param) || (B.Fresh && A.Param))
    return true;
  if (!(A.Param || B.Param) || Depth >= 4 || !Fn)
    return false;
  // A parameter: at every call the arguments (or the argument and the
  // other object, an array of static storage) are distinct.
  if ((!A.Param && A.Fresh) || (!B.Param && B.Fresh))
    return false;
  const std::vector<CallSites::Call> *Calls = Sites.callsOfOnlyCalled(Fn);
  if (!Calls)
    return false;
  for (const CallSites::Call &C : *Calls) {
    auto AtCall = [&](const Root &R) -> std::optional<Root> {
      if (!R.Param)
        return R;
      unsigned I = R.Param->getFunctionScopeIndex();
      if (I >= C.E->getNumArgs() || !C.Caller)
        return std::nullopt;
      return rootOf(C.E->getArg(I), C.Caller);
    };
    std::optional<Root> CA = AtCall(A), CB = AtCall(B);
    if (!CA || !CB || !distinctRoots(*CA, *CB, C.Caller, Depth + 1))
      return false;
  }
  return true;
}

bool AllocationFacts::distinct(const ValueDecl *A, const ValueDecl *B,
                               const FunctionDecl *Fn) const {
  const auto *VA = dyn_cast<VarDecl>(A), *VB = dyn_cast<VarDecl>(B);
  if (!VA || !VB || VA == VB)
    return false;
  return distinctRoots(rootOfVar(VA, Fn, 0), rootOfVar(VB, Fn, 0), Fn, 0);
}

bool AllocationFacts::sameObject(const ValueDecl *A, const ValueDecl *B,
                                 const FunctionDecl *Fn) const {
  const auto *VA = dyn_cast<VarDecl>(A), *VB = dyn_cast<VarDecl>(B);
  if (!VA || !VB)
    return false;
  Root RA = rootOfVar(VA, Fn, 0), RB = rootOfVar(VB, Fn, 0);
  return RA.Object && RA.Object == RB.Object;
}

bool AllocationFacts::sameOrDistinct(const ValueDecl *A, const ValueDecl *B,
                                     const FunctionDecl *Fn) const {
  const auto *PA = dyn_cast<ParmVarDecl>(A), *PB = dyn_cast<ParmVarDecl>(B);
  if (!PA || !PB || PA == PB || !Fn)
    return false;
  // The parameters keep the values they were passed: never assigned,
  // stepped or their address taken.
  if (!Fn->getBody())
    return false;
  auto [MovedIt, New] = Moved.try_emplace(Fn);
  if (New) {
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      const Expr *Target = nullptr;
      if (const auto *U = dyn_cast<UnaryOperator>(S);
          U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
        Target = U->getSubExpr();
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
        Target = B->getLHS();
      if (const auto *D = dyn_cast_or_null<DeclRefExpr>(Target ? Target->IgnoreParenImpCasts()
                                                               : nullptr))
        MovedIt->second.insert(D->getDecl());
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(Fn->getBody());
  }
  if (MovedIt->second.count(PA) || MovedIt->second.count(PB))
    return false;
  const std::vector<CallSites::Call> *Calls = Sites.callsOfOnlyCalled(Fn);
  if (!Calls)
    return false;
  unsigned IA = PA->getFunctionScopeIndex(), IB = PB->getFunctionScopeIndex();
  for (const CallSites::Call &C : *Calls) {
    if (IA >= C.E->getNumArgs() || IB >= C.E->getNumArgs() || !C.Caller)
      return false;
    const auto *DA = dyn_cast<DeclRefExpr>(C.E->getArg(IA)->IgnoreParenImpCasts());
    const auto *DB = dyn_cast<DeclRefExpr>(C.E->getArg(IB)->IgnoreParenImpCasts());
    if (DA && DB && DA->getDecl() == DB->getDecl())
      continue; // one variable, read once for each argument: one address
    if (!distinctRoots(rootOf(C.E->getArg(IA), C.Caller), rootOf(C.E->getArg(IB), C.Caller),
                       C.Caller, 1))
      return false;
  }
  return true;
}

} // namespace ompm
