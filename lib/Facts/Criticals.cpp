//===- Criticals.cpp - Which critical sections can become atomics ---------===//
#include "Facts/Criticals.h"
#include "Facts/Allocations.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Directives.h"
#include "Facts/Regions.h"
#include "Facts/SerialLoops.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include <functional>
#include <map>

using namespace clang;

namespace ompm {

const char *atomicClause(CriticalForm F) {
  switch (F) {
  case CriticalForm::Update: return "update";
  case CriticalForm::Read: return "read";
  case CriticalForm::Write: return "write";
  case CriticalForm::Capture: return "capture";
  case CriticalForm::Compare: return "compare";
  default: return "";
  }
}

const char *formName(CriticalForm F) {
  switch (F) {
  case CriticalForm::Reduction: return "reduction";
  case CriticalForm::ArrayReduction: return "array-reduction";
  default: return atomicClause(F);
  }
}

namespace {

/// The variable under an lvalue (`x`, `h[k]`, `s.f`, `p->f`, `*p`, `a[i][j]`);
/// Ptr: reached through a pointer. Null for any other form.
const VarDecl *rootOf(const Expr *X, bool &Ptr) {
  X = X->IgnoreParens();
  if (const auto *DR = dyn_cast<DeclRefExpr>(X))
    return dyn_cast<VarDecl>(DR->getDecl());
  const Expr *Base = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X))
    Base = AS->getBase()->IgnoreParenImpCasts();
  else if (const auto *ME = dyn_cast<MemberExpr>(X)) {
    Base = ME->getBase()->IgnoreParenImpCasts();
    Ptr |= ME->isArrow();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(X); UO && UO->getOpcode() == UO_Deref)
    Base = UO->getSubExpr()->IgnoreParenImpCasts();
  if (!Base)
    return nullptr;
  Ptr |= Base->getType()->isPointerType();
  return rootOf(Base, Ptr);
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// Why evaluating E outside the lock may differ: an assignment or
/// increment of a variable other threads share, a call to anything but a
/// pure C library function or a function of the file that only computes a
/// value from scalars (lib/Facts/DeviceCalls), a volatile read; "" if none.
std::string sideEffectWhy(const Expr *E, const SourceManager &SM,
                          const std::function<bool(const ValueDecl *)> &Private) {
  std::string Why;
  auto Shared = [&](const Expr *T) {
    bool P = false;
    const VarDecl *R = rootOf(T->IgnoreParenImpCasts(), P);
    return !R || P || !Private(R);
  };
  walkStmts(E, [&](const Stmt *S) {
    if (!Why.empty())
      return false;
    if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *F = C->getDirectCallee();
      std::vector<const FunctionDecl *> Needed;
      if (!F || !callsWhy(C, SM, Needed).empty())
        Why = "it calls " + (F ? "'" + F->getNameAsString() + "'" : std::string("a pointer")) +
              ", which may have side effects";
    } else if (const auto *B = dyn_cast<BinaryOperator>(S);
               B && B->isAssignmentOp() && Shared(B->getLHS())) {
      Why = "it assigns inside the expression";
    } else if (const auto *U = dyn_cast<UnaryOperator>(S);
               U && U->isIncrementDecrementOp() && Shared(U->getSubExpr())) {
      Why = "it increments inside the expression";
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(S);
               DR && DR->getType().isVolatileQualified()) {
      Why = "it reads the volatile '" + DR->getDecl()->getNameAsString() + "'";
    }
    return Why.empty();
  });
  return Why;
}

bool uses(const Stmt *S, const ValueDecl *V) {
  bool Found = false;
  walkStmts(S, [&](const Stmt *C) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(C); DR && DR->getDecl() == V)
      Found = true;
    return !Found;
  });
  return Found;
}

/// The variables S assigns, in order, as "'a' and 'b'" / "'a', 'b' and 'c'".
std::string assignedNames(const Stmt *S) {
  std::vector<std::string> Names;
  walkStmts(S, [&](const Stmt *C) {
    const Expr *T = nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(C); B && B->isAssignmentOp())
      T = B->getLHS();
    if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->isIncrementDecrementOp())
      T = U->getSubExpr();
    bool P = false;
    if (const VarDecl *V = T ? rootOf(T->IgnoreParenImpCasts(), P) : nullptr) {
      std::string N = "'" + V->getNameAsString() + "'";
      if (!llvm::is_contained(Names, N))
        Names.push_back(N);
    }
    return true;
  });
  if (Names.size() < 2)
    return "";
  std::string Last = Names.back();
  Names.pop_back();
  return llvm::join(Names, ", ") + " and " + Last;
}

/// The shape of a critical's body.
struct Shape {
  CriticalForm Form = CriticalForm::None;
  const Expr *X = nullptr, *V = nullptr;
  std::vector<const Expr *> Es;
  std::string Op; ///< update: "+", "-", ...; compare: "max" or "min"
  /// compare: `if (x > e) { x = e; }`, x on the side it was.
  std::string CompareText;
  /// An update under a condition: the condition and the update.
  const Expr *Guard = nullptr, *Guarded = nullptr;
  std::string Why;
};

const Expr *stripExpr(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? E->IgnoreImplicit()->IgnoreParens() : nullptr;
}

/// An update of an atomic form: x++, --x, x op= e, x = x op e, x = e op x.
bool updateOf(const Expr *E, Shape &S) {
  if (isa_and_nonnull<CXXOperatorCallExpr>(E)) {
    S.Why = "its update is an overloaded operator";
    return false;
  }
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
    S.X = U->getSubExpr();
    S.Op = U->isIncrementOp() ? "+" : "-";
    return true;
  }
  if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(E)) {
    S.X = C->getLHS();
    S.Es = {C->getRHS()};
    S.Op = BinaryOperator::getOpcodeStr(BinaryOperator::getOpForCompoundAssignment(C->getOpcode())).str();
    return true;
  }
  return false;
}

bool binopAllowed(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_Sub: case BO_Mul: case BO_Div: case BO_And: case BO_Or:
  case BO_Xor: case BO_Shl: case BO_Shr:
    return true;
  default:
    return false;
  }
}

class Analysis {
public:
  Analysis(const OMPExecutableDirective *Region,
           const std::vector<const OMPLoopDirective *> &WorkLoops,
           const std::set<const ValueDecl *> &Private, ASTContext &Ctx,
           const CriticalOptions &Opts, const FunctionDecl *Fn)
      : Region(Region), WorkLoops(WorkLoops), Private(Private), Ctx(Ctx),
        SM(Ctx.getSourceManager()), Opts(Opts), Fn(Fn) {}

  std::vector<CriticalFact> run();

private:
  struct Use {
    const DeclRefExpr *E;
    const OMPExecutableDirective *Lock; ///< innermost critical or atomic
    bool Written;
  };
  void collect();
  Shape shapeOf(const Stmt *Body) const;
  bool compareOf(const BinaryOperator *Cond, const Expr *X, const Expr *E, Shape &S) const;
  bool isPrivate(const ValueDecl *V) const {
    return Private.count(V) || Locals.count(V);
  }
  std::string line(SourceLocation L) const {
    return "line " + std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(L)));
  }
  /// "line N" or "lines N-M", from the start of A to the end of B.
  std::string lines(const Stmt *A, const Stmt *B) const {
    unsigned L1 = SM.getPresumedLineNumber(SM.getExpansionLoc(A->getBeginLoc()));
    unsigned L2 = SM.getPresumedLineNumber(SM.getExpansionLoc(B->getEndLoc()));
    return L1 == L2 ? "line " + std::to_string(L1)
                    : "lines " + std::to_string(L1) + "-" + std::to_string(L2);
  }
  std::string nameOf(const OMPExecutableDirective *D) const {
    const auto *C = dyn_cast<OMPCriticalDirective>(D);
    return C ? C->getDirectiveName().getAsString() : "";
  }
  std::string lockName(const OMPExecutableDirective *D) const {
    std::string N = nameOf(D);
    return isa<OMPAtomicDirective>(D) ? "an atomic"
           : N.empty()                ? "the unnamed critical"
                                      : "critical(" + N + ")";
  }
  /// Why the critical's shape is not safe on its own; "" if it is.
  std::string shapeWhy(const Shape &S, const VarDecl *&Root) const;
  /// Why other code in the region relies on the lock around Root.
  std::string othersWhy(const OMPExecutableDirective *D, const VarDecl *Root,
                        std::vector<const OMPExecutableDirective *> &SameName) const;
  std::string callsWhy(const OMPExecutableDirective *D, const VarDecl *Root) const;
  const OMPLoopDirective *loopOf(const Stmt *S) const;
  /// Whether A and B may run at once: in one work-sharing loop, or either
  /// outside the loops, or a loop of the region has nowait (the barriers
  /// between the loops of a region order them otherwise).
  bool concurrent(const Stmt *A, const Stmt *B) const {
    if (Nowait)
      return true;
    const OMPLoopDirective *LA = loopOf(A), *LB = loopOf(B);
    return !LA || !LB || LA == LB;
  }
  void reductions(std::vector<CriticalFact> &Out,
                  const std::map<const OMPExecutableDirective *, Shape> &Shapes);

  const OMPExecutableDirective *Region;
  const std::vector<const OMPLoopDirective *> &WorkLoops;
  const std::set<const ValueDecl *> &Private;
  ASTContext &Ctx;
  const SourceManager &SM;
  const CriticalOptions &Opts;
  const FunctionDecl *Fn;
  /// Built when a pointer's aliases are asked for.
  mutable std::unique_ptr<AllocationFacts> Allocs;
  bool distinctObjects(const ValueDecl *A, const ValueDecl *B) const {
    if (!Fn)
      return false;
    if (!Allocs)
      Allocs = std::make_unique<AllocationFacts>(Ctx);
    return Allocs->distinct(A, B, Fn);
  }
  std::vector<const OMPExecutableDirective *> Criticals, Atomics;
  std::set<const ValueDecl *> Locals;
  std::map<const ValueDecl *, std::vector<Use>> Uses;
  /// The lvalues written in the region, by variable.
  std::map<const ValueDecl *, std::vector<const Expr *>> WrittenAt;
  bool Nowait = false;
  std::vector<const CallExpr *> Calls;
  /// The variables of the work-sharing loops, and the uses `v[i]` of them.
  std::set<const ValueDecl *> Counters;
  std::set<const DeclRefExpr *> OwnRefs;
  /// Every use of V is at the element of the iteration (`v[i]`): no other
  /// thread touches what one reads or writes.
  bool owned(const ValueDecl *V) const {
    auto It = Uses.find(V);
    return It != Uses.end() && llvm::all_of(It->second, [&](const Use &U) {
             return OwnRefs.count(U.E);
           });
  }
  /// Criticals nested in a critical: the outer one.
  std::map<const OMPExecutableDirective *, const OMPExecutableDirective *> NestedIn;
};

void Analysis::collect() {
  for (const OMPLoopDirective *L : WorkLoops)
    Nowait |= L->hasClausesOfKind<OMPNowaitClause>();
  // With collapse, iterations share the outer variable's values.
  for (const OMPLoopDirective *L : WorkLoops)
    if (L->getLoopsNumber() == 1)
      for (const Expr *C : L->counters())
        if (const auto *DR = dyn_cast<DeclRefExpr>(C->IgnoreParenImpCasts()))
          Counters.insert(DR->getDecl());
  std::vector<const OMPExecutableDirective *> Locks;
  std::set<const Expr *> WriteTargets;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      bool Lock = isa<OMPCriticalDirective>(D) || isa<OMPAtomicDirective>(D);
      if (isa<OMPCriticalDirective>(D)) {
        Criticals.push_back(D);
        for (const OMPExecutableDirective *L : Locks)
          if (isa<OMPCriticalDirective>(L))
            NestedIn.emplace(D, L);
      } else if (isa<OMPAtomicDirective>(D))
        Atomics.push_back(D);
      if (Lock)
        Locks.push_back(D);
      if (D->hasAssociatedStmt())
        Walk(D->getRawStmt());
      if (Lock)
        Locks.pop_back();
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *X : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && V->hasLocalStorage())
          Locals.insert(V);
    if (const Expr *T = writtenLValue(S))
      WriteTargets.insert(T); // `&x` too: x may be written through it
    if (const auto *C = dyn_cast<CallExpr>(S))
      Calls.push_back(C);
    // `v[i]`, i the variable of a work-sharing loop: the iteration's own
    // element.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      if (const auto *B = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts())) {
        const auto *I = dyn_cast<DeclRefExpr>(AS->getIdx()->IgnoreParenImpCasts());
        if (I && Counters.count(I->getDecl()))
          OwnRefs.insert(B);
      }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (isa<VarDecl>(DR->getDecl()))
        Uses[DR->getDecl()].push_back({DR, Locks.empty() ? nullptr : Locks.back(), false});
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Region->hasAssociatedStmt() ? Region->getRawStmt() : Region);
  // A use is a write when an lvalue written has it as its variable.
  for (const Expr *T : WriteTargets) {
    bool Ptr = false;
    const VarDecl *R = rootOf(T->IgnoreParenImpCasts(), Ptr);
    if (!R)
      continue;
    WrittenAt[R].push_back(T);
    const Expr *In = T->IgnoreParenImpCasts();
    for (Use &U : Uses[R])
      if (SM.isPointWithin(U.E->getLocation(), In->getBeginLoc(), In->getEndLoc()))
        U.Written = true;
  }
}

Shape Analysis::shapeOf(const Stmt *Body) const {
  Shape S;
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  auto ReadOf = [&](const Expr *E, const Expr *&V, const Expr *&X) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(E);
    if (!B || B->getOpcode() != BO_Assign)
      return false;
    bool P = false;
    const VarDecl *RV = rootOf(B->getLHS(), P);
    const VarDecl *RX = rootOf(B->getRHS()->IgnoreParenImpCasts(), P);
    if (!RV || !RX || !isPrivate(RV) || isPrivate(RX))
      return false;
    V = B->getLHS();
    X = B->getRHS()->IgnoreParenImpCasts();
    return true;
  };
  if (Stmts.size() == 2) {
    const Expr *A = stripExpr(Stmts[0]), *B = stripExpr(Stmts[1]);
    const Expr *V = nullptr, *X = nullptr;
    Shape U;
    if (ReadOf(A, V, X) && (updateOf(B, U) || [&] {
          const auto *W = dyn_cast_or_null<BinaryOperator>(B);
          if (!W || W->getOpcode() != BO_Assign)
            return false;
          U.X = W->getLHS();
          U.Es = {W->getRHS()};
          return true;
        }()) && sameExpr(U.X, X, Ctx)) {
      U.Form = CriticalForm::Capture;
      U.V = V;
      return U;
    }
    if (updateOf(A, U) && ReadOf(B, V, X) && sameExpr(U.X, X, Ctx)) {
      U.Form = CriticalForm::Capture;
      U.V = V;
      return U;
    }
  }
  if (Stmts.size() != 1) {
    std::string Where = Stmts.empty() ? "" : " (" + lines(Stmts.front(), Stmts.back()) + ")";
    std::string Names = assignedNames(Body);
    S.Why = Names.empty() ? "it holds " + std::to_string(Stmts.size()) +
                                " statements together" + Where + ", not one update"
                          : "it updates " + Names + " together" + Where +
                                ": an invariant the lock keeps";
    return S;
  }
  const Stmt *One = Stmts.front();
  if (const auto *If = dyn_cast<IfStmt>(One)) {
    S.Why = "its 'if' is neither a min or max update (if (e > x) x = e;) nor a "
            "condition around one update";
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    if (If->getElse() || If->getInit() || If->getConditionVariable()) {
      if (std::string Names = assignedNames(If); !Names.empty())
        S.Why = "it updates " + Names + " together (" + lines(If, If) +
                "): an invariant the lock keeps";
      return S;
    }
    const auto *Asg = dyn_cast_or_null<BinaryOperator>(stripExpr(Then));
    if (Asg && Asg->getOpcode() == BO_Assign &&
        compareOf(dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts()),
                  Asg->getLHS(), Asg->getRHS(), S))
      return S;
    // if (c) x op= e: the condition stays outside, the update is atomic.
    Shape Inner = isa<CompoundStmt>(Then) ? Shape{} : shapeOf(Then);
    if (Inner.Form == CriticalForm::Update || Inner.Form == CriticalForm::Write) {
      Inner.Guard = If->getCond();
      Inner.Guarded = stripExpr(Then);
      Inner.Es.push_back(If->getCond());
      return Inner;
    }
    if (std::string Names = assignedNames(If); !Names.empty())
      S.Why = "it updates " + Names + " together (" + lines(If, If) +
              "): an invariant the lock keeps";
    return S;
  }
  const Expr *E = stripExpr(One);
  if (!E) {
    S.Why = "its body is not an expression statement";
    return S;
  }
  if (updateOf(E, S)) {
    S.Form = CriticalForm::Update;
    return S;
  }
  if (!S.Why.empty())
    return S;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || B->getOpcode() != BO_Assign) {
    S.Why = "its body is not an update, a read or a write of one variable";
    return S;
  }
  const Expr *R = B->getRHS()->IgnoreParenImpCasts();
  if (isa<CXXOperatorCallExpr>(R)) {
    S.Why = "its update is an overloaded operator";
    return S;
  }
  // v = x++, v = x op= e: capture.
  Shape U;
  if (updateOf(R, U)) {
    U.Form = CriticalForm::Capture;
    U.V = B->getLHS();
    return U;
  }
  // x = x op e, x = e op x: update.
  if (const auto *Op = dyn_cast<BinaryOperator>(R); Op && binopAllowed(Op->getOpcode())) {
    const Expr *Other = sameExpr(Op->getLHS(), B->getLHS(), Ctx)   ? Op->getRHS()
                        : sameExpr(Op->getRHS(), B->getLHS(), Ctx) ? Op->getLHS()
                                                                   : nullptr;
    if (Other) {
      S.Form = CriticalForm::Update;
      S.X = B->getLHS();
      S.Es = {Other};
      S.Op = Op->getOpcodeStr().str();
      return S;
    }
  }
  // x = e > x ? e : x: a max.
  if (const auto *C = dyn_cast<ConditionalOperator>(R);
      C && sameExpr(C->getFalseExpr(), B->getLHS(), Ctx) &&
      compareOf(dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts()), B->getLHS(),
                C->getTrueExpr(), S))
    return S;
  const Expr *V = nullptr, *X = nullptr;
  if (ReadOf(E, V, X)) {
    S.Form = CriticalForm::Read;
    S.X = X;
    S.V = V;
    return S;
  }
  S.Form = CriticalForm::Write;
  S.X = B->getLHS();
  S.Es = {B->getRHS()};
  return S;
}

bool Analysis::compareOf(const BinaryOperator *Cond, const Expr *X, const Expr *E,
                         Shape &S) const {
  if (!Cond)
    return false;
  BinaryOperatorKind K = Cond->getOpcode();
  // <= and >= pick the same value as < and > for integers.
  bool Int = X->getType()->isIntegerType();
  if (!(K == BO_LT || K == BO_GT || (Int && (K == BO_LE || K == BO_GE))))
    return false;
  bool XLeft = sameExpr(Cond->getLHS(), X, Ctx) && sameExpr(Cond->getRHS(), E, Ctx);
  bool XRight = sameExpr(Cond->getRHS(), X, Ctx) && sameExpr(Cond->getLHS(), E, Ctx);
  if (!XLeft && !XRight)
    return false;
  bool Greater = K == BO_GT || K == BO_GE;
  // if (e > x) x = e: max; if (x > e) x = e: min.
  S.Op = (Greater == XRight) ? "max" : "min";
  S.Form = CriticalForm::Compare;
  S.X = X;
  S.Es = {E};
  std::string XT = exprText(X, Ctx), ET = exprText(E, Ctx), Op = Greater ? " > " : " < ";
  S.CompareText = "if (" + (XLeft ? XT + Op + ET : ET + Op + XT) + ") { " + XT + " = " + ET + "; }";
  S.Why.clear();
  return true;
}

std::string Analysis::shapeWhy(const Shape &S, const VarDecl *&Root) const {
  auto IsPrivate = [&](const ValueDecl *V) { return isPrivate(V); };
  bool Ptr = false;
  Root = rootOf(S.X, Ptr);
  if (!Root)
    return "it updates '" + exprText(S.X, Ctx) +
           "', not a variable, an element or a member";
  if (!S.X->getType()->isArithmeticType())
    return "'" + exprText(S.X, Ctx) + "' is not of arithmetic type";
  if (std::string W = sideEffectWhy(S.X, SM, IsPrivate); !W.empty())
    return "the place it updates has side effects: " + W;
  for (const Expr *E : S.Es) {
    if (uses(E, Root))
      return "the expression '" + exprText(E, Ctx) + "' uses '" + Root->getNameAsString() +
             "' too";
    if (std::string W = sideEffectWhy(E, SM, IsPrivate); !W.empty())
      return "the expression '" + exprText(E, Ctx) + "' would leave the lock: " + W;
  }
  if (S.V) {
    bool P = false;
    const VarDecl *RV = rootOf(S.V, P);
    if (!RV || !isPrivate(RV) || P)
      return "it stores into '" + exprText(S.V, Ctx) +
             "', which other threads share: only the update could be atomic";
    if (RV == Root)
      return "it stores into the variable it updates";
  }
  if (Ptr)
    for (const auto &[V, Us] : Uses)
      if (V != Root && !isPrivate(V) && V->getType()->isPointerType() &&
          Root->getType()->isPointerType() && !Root->getType().isRestrictQualified() &&
          !V->getType().isRestrictQualified() && !distinctObjects(Root, V) &&
          Ctx.hasSameUnqualifiedType(V->getType()->getPointeeType(),
                                     Root->getType()->getPointeeType()))
        return "'" + exprText(S.X, Ctx) + "' is reached through '" +
               Root->getNameAsString() + "', and '" + V->getNameAsString() +
               "' (" + line(Us.front().E->getLocation()) +
               ") may point to the same memory";
  return "";
}

std::string Analysis::othersWhy(const OMPExecutableDirective *D, const VarDecl *Root,
                                std::vector<const OMPExecutableDirective *> &SameName) const {
  if (isPrivate(Root) || owned(Root))
    return "";
  auto It = Uses.find(Root);
  if (It == Uses.end())
    return "";
  std::string Name = nameOf(D);
  for (const Use &U : It->second) {
    if (U.Lock == D || !concurrent(U.E, D))
      continue;
    std::string Where = line(U.E->getLocation());
    if (!U.Lock)
      return "'" + Root->getNameAsString() + "' is " + (U.Written ? "written" : "read") +
             " at " + Where + " outside the critical";
    if (isa<OMPAtomicDirective>(U.Lock))
      continue;
    if (nameOf(U.Lock) != Name)
      return "'" + Root->getNameAsString() + "' is also used under " + lockName(U.Lock) +
             " at " + Where + ", a different lock";
    SameName.push_back(U.Lock);
  }
  return "";
}

std::string Analysis::callsWhy(const OMPExecutableDirective *D, const VarDecl *Root) const {
  if (isPrivate(Root))
    return "";
  // A local whose address the function never takes is out of the callees'
  // reach.
  bool Reachable = Root->hasGlobalStorage() || Root->getType()->isPointerType();
  for (const CallExpr *C : Calls) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!concurrent(C, D))
      continue;
    if (F && SM.isInSystemHeader(F->getLocation()) &&
        isPureFunction(F->getQualifiedNameAsString()))
      continue;
    std::string Name = F ? "'" + F->getNameAsString() + "'" : "a function pointer";
    // The file's functions: the variables they use, their callees' too.
    std::set<const FunctionDecl *> Seen;
    std::string Why;
    std::function<void(const FunctionDecl *)> Scan = [&](const FunctionDecl *G) {
      const FunctionDecl *Def = G ? G->getDefinition() : nullptr;
      if (!Why.empty() || (Def && !Seen.insert(Def).second))
        return;
      if (G && SM.isInSystemHeader(G->getLocation()) &&
          isPureFunction(G->getQualifiedNameAsString()))
        return;
      if (!Def || !Def->getBody()) {
        if (Reachable)
          Why = "it calls " + Name + " (" + line(C->getBeginLoc()) +
                "), which may use '" + Root->getNameAsString() + "'";
        return;
      }
      walkStmts(Def->getBody(), [&](const Stmt *S) {
        if (!Why.empty())
          return false;
        if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == Root)
          Why = Name + " (called at " + line(C->getBeginLoc()) + ") uses '" +
                Root->getNameAsString() + "'";
        if (const auto *CE = dyn_cast<CallExpr>(S))
          Scan(CE->getDirectCallee());
        return Why.empty();
      });
    };
    Scan(F);
    if (!Why.empty())
      return Why;
  }
  return "";
}

const OMPLoopDirective *Analysis::loopOf(const Stmt *S) const {
  for (const OMPLoopDirective *L : WorkLoops)
    if (SM.isPointWithin(SM.getExpansionLoc(S->getBeginLoc()),
                         SM.getExpansionLoc(L->getRawStmt()->getBeginLoc()),
                         SM.getExpansionLoc(L->getRawStmt()->getEndLoc())))
      return L;
  return nullptr;
}

} // namespace

std::vector<CriticalFact> Analysis::run() {
  collect();
  std::vector<CriticalFact> Out;
  std::map<const OMPExecutableDirective *, Shape> Shapes;
  std::map<const OMPExecutableDirective *, std::vector<const OMPExecutableDirective *>> Deps;
  for (const OMPExecutableDirective *D : Criticals) {
    CriticalFact F;
    F.D = D;
    F.Name = nameOf(D);
    F.Body = D->getRawStmt();
    if (auto It = NestedIn.find(D); It != NestedIn.end()) {
      F.Why = "it is nested in the critical at " + line(It->second->getBeginLoc());
      Out.push_back(F);
      continue;
    }
    bool Directive = false;
    walkStmts(F.Body, [&](const Stmt *S) {
      Directive |= isa<OMPExecutableDirective>(S);
      return !Directive;
    });
    Shape S = Directive ? Shape{} : shapeOf(F.Body);
    if (Directive)
      S.Why = "it holds an OpenMP directive";
    const VarDecl *Root = nullptr;
    if (S.Form != CriticalForm::None)
      S.Why = shapeWhy(S, Root);
    if (S.Why.empty())
      S.Why = othersWhy(D, Root, Deps[D]);
    if (S.Why.empty())
      S.Why = callsWhy(D, Root);
    // Any other shared variable the body reads must hold still.
    if (S.Why.empty())
      walkStmts(F.Body, [&](const Stmt *St) {
        const auto *DR = dyn_cast<DeclRefExpr>(St);
        const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
        if (V && V != Root && !isPrivate(V) && !owned(V) && S.Why.empty() &&
            llvm::any_of(WrittenAt[V], [&](const Expr *W) { return concurrent(W, D); })) {
          bool P = false;
          if (!(S.V && rootOf(S.V, P) == V))
            S.Why = "it reads '" + V->getNameAsString() +
                    "', which the region writes: the lock keeps the two together";
        }
        return S.Why.empty();
      });
    F.X = Root;
    if (S.Why.empty())
      F.Form = S.Form;
    else
      F.Why = S.Why;
    Shapes[D] = S;
    Out.push_back(F);
  }
  // A critical of the same name that stays keeps the lock for all of them.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (CriticalFact &F : Out) {
      if (F.Form == CriticalForm::None)
        continue;
      for (const OMPExecutableDirective *O : Deps[F.D]) {
        auto It = llvm::find_if(Out, [&](const CriticalFact &G) { return G.D == O; });
        if (It != Out.end() && It->Form == CriticalForm::None) {
          F.Form = CriticalForm::None;
          F.Why = "'" + F.X->getNameAsString() + "' is also used at " +
                  line(O->getBeginLoc()) + " under a critical of the same name that stays";
          Changed = true;
          break;
        }
      }
    }
  }
  reductions(Out, Shapes);
  llvm::sort(Out, [&](const CriticalFact &A, const CriticalFact &B) {
    return SM.isBeforeInTranslationUnit(A.D->getBeginLoc(), B.D->getBeginLoc());
  });
  // The text each atomic governs.
  for (CriticalFact &F : Out) {
    const Shape &S = Shapes[F.D];
    if (F.Form == CriticalForm::Compare) {
      F.NewBody = S.CompareText;
    } else if (S.Guard && F.Form != CriticalForm::None &&
               F.Form != CriticalForm::ArrayReduction) {
      F.Guard = S.Guard;
      F.Guarded = S.Guarded;
    } else if (F.Form == CriticalForm::Update || F.Form == CriticalForm::Read ||
               F.Form == CriticalForm::Write ||
               (F.Form == CriticalForm::Capture && !isa<CompoundStmt>(F.Body) )) {
      if (const auto *CS = dyn_cast<CompoundStmt>(F.Body))
        F.NewBody = exprText(cast<Expr>(CS->body_front()), Ctx) + ";";
    } else if (F.Form == CriticalForm::Capture) {
      if (const auto *CS = dyn_cast<CompoundStmt>(F.Body); CS && CS->size() == 1)
        F.NewBody = exprText(cast<Expr>(CS->body_front()), Ctx) + ";";
    }
  }
  return Out;
}

void Analysis::reductions(std::vector<CriticalFact> &Out,
                          const std::map<const OMPExecutableDirective *, Shape> &Shapes) {
  // min/max: every use of x in the region is in a converted compare of the
  // same kind in the same work-sharing loop, x a plain scalar.
  if (Opts.Reductions) {
    for (CriticalFact &F : Out) {
      const Shape &S = Shapes.at(F.D);
      if (F.Form != CriticalForm::Compare || !isa<DeclRefExpr>(S.X->IgnoreParens()) ||
          isPrivate(F.X))
        continue;
      const OMPLoopDirective *L = loopOf(F.D);
      bool All = L != nullptr;
      for (const Use &U : Uses[F.X]) {
        auto It = llvm::find_if(Out, [&](const CriticalFact &G) { return G.D == U.Lock; });
        All &= It != Out.end() && It->Form == CriticalForm::Compare &&
               Shapes.at(It->D).Op == S.Op && loopOf(It->D) == L;
      }
      if (!All)
        continue;
      for (CriticalFact &G : Out)
        if (G.X == F.X && G.Form == CriticalForm::Compare) {
          G.Form = CriticalForm::Reduction;
          G.Clause = S.Op + ": " + F.X->getNameAsString();
          G.Loop = L;
        }
    }
  }
  if (!Opts.ArrayReductions)
    return;
  // Histograms: every use of a small declared array is a + or - update (a
  // converted critical or an atomic of the input) in one work-sharing loop.
  auto SmallArray = [&](const ValueDecl *V) {
    QualType T = V->getType();
    uint64_t N = 1;
    bool Any = false;
    while (const ConstantArrayType *A = Ctx.getAsConstantArrayType(T)) {
      N *= A->getSize().getZExtValue();
      T = A->getElementType();
      Any = true;
    }
    return Any && N <= MaxArrayReductionElements && T->isArithmeticType();
  };
  for (const auto &[V, Us] : Uses) {
    if (isPrivate(V) || !SmallArray(V))
      continue;
    const OMPLoopDirective *L = nullptr;
    bool All = true;
    std::vector<const OMPExecutableDirective *> Ds;
    for (const Use &U : Us) {
      if (!U.Lock) {
        All = false;
        break;
      }
      Shape S;
      if (const auto *A = dyn_cast<OMPAtomicDirective>(U.Lock)) {
        if (A->hasClausesOfKind<OMPReadClause>() || A->hasClausesOfKind<OMPWriteClause>() ||
            A->hasClausesOfKind<OMPCaptureClause>() || A->hasClausesOfKind<OMPCompareClause>() ||
            !updateOf(stripExpr(A->getRawStmt()), S))
          All = false;
      } else {
        auto It = llvm::find_if(Out, [&](const CriticalFact &G) { return G.D == U.Lock; });
        if (It == Out.end() || It->Form != CriticalForm::Update)
          All = false;
        else
          S = Shapes.at(U.Lock);
      }
      bool P = false;
      if (!All || (S.Op != "+" && S.Op != "-") || rootOf(S.X, P) != V || P ||
          !isa<ArraySubscriptExpr>(S.X->IgnoreParens())) {
        All = false;
        break;
      }
      const OMPLoopDirective *UL = loopOf(U.Lock);
      if (!UL || (L && UL != L)) {
        All = false;
        break;
      }
      L = UL;
      if (!llvm::is_contained(Ds, U.Lock))
        Ds.push_back(U.Lock);
    }
    if (!All || !L)
      continue;
    for (const OMPExecutableDirective *D : Ds) {
      auto It = llvm::find_if(Out, [&](const CriticalFact &G) { return G.D == D; });
      if (It == Out.end()) {
        CriticalFact F;
        F.D = D;
        F.Body = D->getRawStmt();
        Out.push_back(F);
        It = Out.end() - 1;
      }
      It->Form = CriticalForm::ArrayReduction;
      It->X = V;
      It->Clause = "+: " + V->getNameAsString();
      It->Loop = L;
    }
  }
}

std::vector<CriticalFact>
analyzeCriticals(const OMPExecutableDirective *Region,
                 const std::vector<const OMPLoopDirective *> &WorkLoops,
                 const std::set<const ValueDecl *> &Private, ASTContext &Ctx,
                 const CriticalOptions &Opts, const FunctionDecl *Fn) {
  return Analysis(Region, WorkLoops, Private, Ctx, Opts, Fn).run();
}

} // namespace ompm
