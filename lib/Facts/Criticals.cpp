//===- Criticals.cpp - Which critical sections can become atomics ---------===//
#include "Facts/Criticals.h"
#include "Analysis/AstQueries.h"
#include "Facts/Allocations.h"
#include "Facts/AtomicForms.h"
#include "Facts/Directives.h"
#include "Facts/Regions.h"
#include "Facts/SerialLoops.h"
#include "Facts/StmtWalk.h"
#include "Facts/TeamHistograms.h"
#include "clang/AST/ExprCXX.h"
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
  case CriticalForm::TeamHistogram: return "update";
  default: return "";
  }
}

const char *formName(CriticalForm F) {
  switch (F) {
  case CriticalForm::Reduction: return "reduction";
  case CriticalForm::ArrayReduction: return "array-reduction";
  case CriticalForm::ArgReduction: return "arg-reduction";
  case CriticalForm::TeamHistogram: return "team-histogram";
  default: return atomicClause(F);
  }
}

namespace {
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
  bool isPrivate(const ValueDecl *V) const {
    return Private.count(V) || Locals.count(V);
  }
  std::string line(SourceLocation L) const {
    return "line " + std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(L)));
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
  std::string shapeWhy(const CriticalShape &S, const VarDecl *&Root) const;
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
  /// Why S (in critical D) reads a shared variable the region writes at
  /// the same time ("" when none does); Skip: variables not asked about.
  std::string heldStillWhy(const Stmt *S, const OMPExecutableDirective *D,
                           const std::function<bool(const VarDecl *)> &Skip) const;
  /// An arg-max or arg-min critical as a packed-key reduction: sets F's
  /// Form, X and Arg, or returns why not ("" when D's body is no such
  /// `if` at all).
  std::string argWhy(const OMPExecutableDirective *D, CriticalFact &F) const;
  void reductions(std::vector<CriticalFact> &Out,
                  const std::map<const OMPExecutableDirective *, CriticalShape> &Shapes);

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
  std::vector<const OMPExecutableDirective *> Criticals;
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
      }
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

std::string Analysis::shapeWhy(const CriticalShape &S, const VarDecl *&Root) const {
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
    if (usesVar(E, Root))
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

std::string Analysis::heldStillWhy(const Stmt *S, const OMPExecutableDirective *D,
                                   const std::function<bool(const VarDecl *)> &Skip) const {
  std::string Why;
  walkStmts(S, [&](const Stmt *St) {
    const auto *DR = dyn_cast<DeclRefExpr>(St);
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (V && !isPrivate(V) && !owned(V) && !Skip(V)) {
      auto It = WrittenAt.find(V);
      if (It != WrittenAt.end() &&
          llvm::any_of(It->second, [&](const Expr *W) { return concurrent(W, D); }))
        Why = "it reads '" + V->getNameAsString() +
              "', which the region writes: the lock keeps the two together";
    }
    return Why.empty();
  });
  return Why;
}

std::string Analysis::argWhy(const OMPExecutableDirective *D, CriticalFact &F) const {
  const Stmt *B = F.Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
    B = CS->body_front();
  const auto *If = dyn_cast<IfStmt>(B);
  const OMPLoopDirective *L = loopOf(D);
  if (!If || !L || L->getLoopsNumber() != 1 || L->counters().size() != 1)
    return "";
  const auto *IVRef = dyn_cast<DeclRefExpr>((*L->counters().begin())->IgnoreParenImpCasts());
  const auto *IV = IVRef ? dyn_cast<VarDecl>(IVRef->getDecl()) : nullptr;
  // The value: the variable the condition compares with.
  std::optional<ArgReduction> R;
  const Expr *C = If->getCond()->IgnoreParenImpCasts();
  if (const auto *Or = dyn_cast<BinaryOperator>(C); Or && Or->getOpcode() == BO_LOr)
    C = Or->getLHS()->IgnoreParenImpCasts();
  if (const auto *Rel = dyn_cast<BinaryOperator>(C); Rel && Rel->isRelationalOp())
    for (const Expr *Side : {Rel->getLHS(), Rel->getRHS()})
      if (const VarDecl *V = refVar(Side); V && !R)
        R = argIfOf(If, IV, V, Ctx);
  if (!R)
    return "";
  for (const VarDecl *V : {R->Value, R->Index}) {
    if (isPrivate(V) || V == IV || V->getType().isVolatileQualified())
      return "";
    auto It = Uses.find(V);
    if (It != Uses.end())
      for (const Use &U : It->second)
        if (U.Lock != D)
          return "'" + V->getNameAsString() + "' is " + (U.Written ? "written" : "read") +
                 " at " + line(U.E->getLocation()) + " outside the critical";
    if (std::string W = callsWhy(D, V); !W.empty())
      return W;
  }
  std::string Kind = R->what();
  // Every value of the loop's variable fits the index's type: the key
  // orders the index as the critical's comparison does, the second pass
  // finds an index the variable takes.
  QualType IT = R->Index->getType(), VT = IV->getType();
  unsigned WI = Ctx.getIntWidth(IT), WV = Ctx.getIntWidth(VT);
  bool SI = IT->isSignedIntegerType(), SV = VT->isSignedIntegerType();
  if (!VT->isIntegerType() || !(SI == SV ? WI >= WV : SI && WI > WV))
    return Kind + ", but the index '" + R->Index->getNameAsString() + "' (" + IT.getAsString() +
           ") cannot hold every value of the loop's '" + IV->getNameAsString() + "' (" +
           VT.getAsString() + ")";
  // Packed: value and index integers of at most 32 bits, ties decided.
  std::string PackWhy;
  for (const VarDecl *V : {R->Value, R->Index}) {
    QualType T = V->getType();
    if (PackWhy.empty() &&
        (!T->isIntegerType() || T->isBooleanType() || Ctx.getTypeSize(T) > 32))
      PackWhy = "'" + V->getNameAsString() + "' is a '" + T.getAsString() +
                "': only integers of at most 32 bits pack with the index into one 64-bit "
                "reduction key";
  }
  if (PackWhy.empty() && R->Last && !R->TieRule)
    PackWhy = "its ties go to whichever thread comes last: no packed key keeps that";
  // Else a second pass: the value's own max (min) reduction, then the
  // index found again from the value, which must read the same then.
  std::string PassWhy;
  if (!PackWhy.empty()) {
    if (R->Value->getType()->isBooleanType())
      PassWhy = "'" + R->Value->getNameAsString() + "' is a bool";
    else if (floatingArithmetic(R->Compared))
      PassWhy = "a second pass would compute '" + exprText(R->Compared, Ctx) +
                "' again, and a floating value computed twice may differ (a fused "
                "multiply-add in one kernel and not in the other)";
    walkStmts(R->Compared, [&](const Stmt *St) {
      if (!PassWhy.empty())
        return false;
      if (const auto *CE = dyn_cast<CallExpr>(St)) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        static const char *Exact[] = {"fabs", "fabsf", "fabsl", "abs", "labs", "llabs"};
        if (!Callee || !SM.isInSystemHeader(Callee->getLocation()) ||
            !llvm::is_contained(Exact, Callee->getName()))
          PassWhy = "a second pass would call " +
                    (Callee ? "'" + Callee->getNameAsString() + "'" : std::string("a function")) +
                    " again (only fabs and abs are exact everywhere)";
      } else if (const auto *DR = dyn_cast<DeclRefExpr>(St)) {
        const auto *V = dyn_cast<VarDecl>(DR->getDecl());
        if (V && V != IV && (WrittenAt.count(V) || V->getType().isVolatileQualified()))
          PassWhy = "a second pass would read '" + V->getNameAsString() +
                    "' again, which the loop writes";
      }
      return PassWhy.empty();
    });
    if (!PassWhy.empty())
      return Kind + ", but " + PackWhy + "; and " + PassWhy;
  }
  auto IsPrivate = [&](const ValueDecl *V) { return isPrivate(V); };
  if (std::string W = sideEffectWhy(R->Compared, SM, IsPrivate); !W.empty())
    return "the value '" + exprText(R->Compared, Ctx) + "' would leave the lock: " + W;
  if (std::string Why = heldStillWhy(R->Compared, D, [](const VarDecl *) { return false; });
      !Why.empty())
    return Why;
  F.Form = CriticalForm::ArgReduction;
  F.X = R->Value;
  F.Arg = R;
  F.ArgPacked = PackWhy.empty();
  if (!F.ArgPacked)
    F.Clause = R->reductionItem();
  F.Loop = L;
  F.Why.clear();
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
  std::map<const OMPExecutableDirective *, CriticalShape> Shapes;
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
    CriticalShape S = Directive ? CriticalShape{}
                        : ShapeReader(Ctx, [&](const ValueDecl *V) { return isPrivate(V); })
                              .read(F.Body);
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
      S.Why = heldStillWhy(F.Body, D, [&](const VarDecl *V) {
        bool P = false;
        return V == Root || (S.V && rootOf(S.V, P) == V);
      });
    F.X = Root;
    if (S.Why.empty())
      F.Form = S.Form;
    else
      F.Why = S.Why;
    if (!S.Why.empty() && Opts.Reductions && !Directive)
      if (std::string W = argWhy(D, F); !W.empty())
        F.Why = W;
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
    const CriticalShape &S = Shapes[F.D];
    if (F.Form == CriticalForm::Compare) {
      F.NewBody = S.CompareText;
    } else if (S.Guard && F.Form != CriticalForm::None &&
               F.Form != CriticalForm::ArrayReduction) {
      F.Guard = S.Guard;
      F.Guarded = S.Guarded;
    } else if (F.Form == CriticalForm::Update || F.Form == CriticalForm::Read ||
               F.Form == CriticalForm::TeamHistogram ||
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
                          const std::map<const OMPExecutableDirective *, CriticalShape> &Shapes) {
  // One reduction of a work-sharing loop replaces x's criticals when every
  // use of x in the region is a converted critical of one form and one
  // kind in that loop, x a plain scalar: min/max compares become
  // reduction(max|min: x); sums and products (`x += e`, `x -= e`, `x++`,
  // `x = x * e`, under a condition too; x of a real type) reduction(+|*: x).
  // On a GPU one address updated atomically by every thread serializes
  // the machine; a reduction combines per thread and per team.
  auto ToLoopReduction = [&](CriticalForm From,
                             const std::function<std::string(const CriticalShape &)> &Kind) {
    for (CriticalFact &F : Out) {
      if (F.Form != From)
        continue;
      const CriticalShape &S = Shapes.at(F.D);
      std::string K = Kind(S);
      if (K.empty() || !isa<DeclRefExpr>(S.X->IgnoreParens()) || isPrivate(F.X))
        continue;
      const OMPLoopDirective *L = loopOf(F.D);
      bool All = L != nullptr;
      for (const Use &U : Uses[F.X]) {
        auto It = llvm::find_if(Out, [&](const CriticalFact &G) { return G.D == U.Lock; });
        All &= It != Out.end() && It->Form == From && Kind(Shapes.at(It->D)) == K &&
               loopOf(It->D) == L && isa<DeclRefExpr>(Shapes.at(It->D).X->IgnoreParens());
      }
      if (!All)
        continue;
      for (CriticalFact &G : Out)
        if (G.X == F.X && G.Form == From) {
          G.Form = CriticalForm::Reduction;
          G.Clause = K + ": " + F.X->getNameAsString();
          G.Loop = L;
        }
    }
  };
  if (Opts.Reductions) {
    ToLoopReduction(CriticalForm::Compare, [](const CriticalShape &S) { return S.Op; });
    ToLoopReduction(CriticalForm::Update, [](const CriticalShape &S) -> std::string {
      QualType T = S.X->getType();
      if (!T->isRealType() || T.isVolatileQualified())
        return "";
      if (S.Op == "+" || S.Op == "*")
        return S.Op;
      return S.Op == "-" && S.XLeft ? "+" : "";
    });
  }
  if (!Opts.ArrayReductions && !Opts.TeamHistograms)
    return;
  // Histograms: every use of a small declared array is a + or - update (a
  // converted critical or an atomic of the input) in one work-sharing loop.
  uint64_t Bins = 0;
  std::string ElementType;
  auto SmallArray = [&](const ValueDecl *V) {
    if (Opts.TeamHistograms)
      return teamBinsWhy(V, Ctx, Bins, ElementType).empty();
    uint64_t N = arithmeticElements(V->getType(), Ctx);
    return N > 0 && N <= MaxArrayReductionElements;
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
      CriticalShape S;
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
      // A team's copy takes the atomic: not under a condition.
      if (Opts.TeamHistograms && S.Guard)
        All = false;
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
      It->X = V;
      It->Loop = L;
      if (Opts.TeamHistograms) {
        It->Form = CriticalForm::TeamHistogram;
        It->Bins = Bins;
        It->ElementType = ElementType;
        continue;
      }
      It->Form = CriticalForm::ArrayReduction;
      It->Clause = "+: " + V->getNameAsString();
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
