//===- HostParallel.cpp - CPU OpenMP parallel loops of the input ----------===//
#include "Facts/HostParallel.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Scalars.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include <functional>
#include <map>
#include <optional>

using namespace clang;

namespace ompm {

const ForStmt *loopOfDirective(const OMPLoopDirective *D) {
  if (!D->hasAssociatedStmt())
    return nullptr;
  return dyn_cast<ForStmt>(D->getRawStmt());
}

namespace {

class Finder {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}
  HostParallel analyse(const OMPExecutableDirective *D, const FunctionDecl *Fn);

private:
  std::string line(SourceLocation L) const {
    return "line " + std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(L)));
  }
  std::string clauseText(const OMPClause *C) const {
    std::string T = Lexer::getSourceText(
                        CharSourceRange::getTokenRange(C->getBeginLoc(), C->getEndLoc()), SM,
                        Ctx.getLangOpts())
                        .str();
    // A clause without parentheses ends where the next one begins.
    if (T.find('(') == std::string::npos)
      T = Lexer::getSourceText(CharSourceRange::getTokenRange(C->getBeginLoc(), C->getBeginLoc()),
                               SM, Ctx.getLangOpts())
              .str();
    return T;
  }
  /// Sorts the clauses of one directive into the loop's lists; why one
  /// cannot be kept, else "".
  std::string clauses(const OMPExecutableDirective *D, WorkLoop &L,
                      HostParallel &H) const;
  /// Why a loop's body cannot run as a kernel, else "".
  std::string bodyWhy(const Stmt *Body, HostParallel &H) const;
  /// Why the body of a `parallel` region cannot become kernels, else ""; its
  /// work-sharing loops into H.
  std::string regionWhy(const OMPParallelDirective *P, HostParallel &H) const;
  /// The loop's private, firstprivate and shared clauses: one kind for
  /// each variable (WorkLoop::Sharings).
  void sharingClauses(WorkLoop &W) const;

  /// `critical: x op= p;` (or an atomic), p a variable of each thread: the
  /// combine of a per-thread partial result.
  struct Combine {
    const OMPExecutableDirective *D;
    const VarDecl *Partial;
    std::string Op; ///< the reduction operator its loop then needs
  };
  std::optional<Combine> combineOf(const OMPExecutableDirective *D,
                                   const std::vector<const VarDecl *> &Decls) const;
  /// Why C's partial result cannot be its loop's reduction, else "".
  std::string partialWhy(const Combine &C, const WorkLoop &W, size_t Users,
                         const ScalarUse &U) const;
  ASTContext &Ctx;
  const SourceManager &SM;
};

std::optional<Finder::Combine>
Finder::combineOf(const OMPExecutableDirective *D,
                  const std::vector<const VarDecl *> &Decls) const {
  if (!(isa<OMPCriticalDirective>(D) || isa<OMPAtomicDirective>(D)) || !D->hasAssociatedStmt() ||
      D->hasClausesOfKind<OMPReadClause>() || D->hasClausesOfKind<OMPWriteClause>() ||
      D->hasClausesOfKind<OMPCaptureClause>() || D->hasClausesOfKind<OMPCompareClause>())
    return std::nullopt;
  const Stmt *B = D->getRawStmt();
  if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
    B = CS->body_front();
  const auto *E = dyn_cast<Expr>(B);
  E = E ? E->IgnoreImplicit()->IgnoreParens() : nullptr;
  const Expr *X = nullptr, *P = nullptr;
  std::string Op;
  if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(E)) {
    X = C->getLHS();
    P = C->getRHS();
    Op = BinaryOperator::getOpcodeStr(
             BinaryOperator::getOpForCompoundAssignment(C->getOpcode()))
             .str();
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(E);
             A && A->getOpcode() == BO_Assign) {
    const auto *R = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
    const auto *XR = dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts());
    if (R && XR) {
      const auto *L = dyn_cast<DeclRefExpr>(R->getLHS()->IgnoreParenImpCasts());
      const auto *Rr = dyn_cast<DeclRefExpr>(R->getRHS()->IgnoreParenImpCasts());
      X = A->getLHS();
      Op = R->getOpcodeStr().str();
      if (L && L->getDecl() == XR->getDecl())
        P = R->getRHS();
      else if (Rr && Rr->getDecl() == XR->getDecl() && Op != "-")
        P = R->getLHS();
    }
  }
  const auto *PR = P ? dyn_cast<DeclRefExpr>(P->IgnoreParenImpCasts()) : nullptr;
  const auto *PV = PR ? dyn_cast<VarDecl>(PR->getDecl()) : nullptr;
  if (!PV || !llvm::is_contained(Decls, PV) || !X->getType()->isArithmeticType() ||
      usesVar(X, PV))
    return std::nullopt;
  // x -= p: p is a sum too.
  if (Op == "-")
    Op = "+";
  if (Op != "+" && Op != "*" && Op != "|" && Op != "^")
    return std::nullopt;
  return Combine{D, PV, Op};
}

std::string Finder::partialWhy(const Combine &C, const WorkLoop &W, size_t Users,
                               const ScalarUse &U) const {
  std::string Name = "'" + C.Partial->getNameAsString() + "'";
  if (Users > 1)
    return "the partial result " + Name + " is accumulated in several loops";
  if (U.Role != ScalarRole::Reduction || U.Op != C.Op)
    return "the partial result " + Name + " is not a " + C.Op + " reduction of the loop at " +
           line(W.For->getBeginLoc());
  // Each thread starts from the initializer: only the operator's identity
  // gives the same total whatever the number of threads.
  Expr::EvalResult R;
  const Expr *Init = C.Partial->getInit();
  bool Identity = false;
  if (Init && Init->EvaluateAsRValue(R, Ctx)) {
    int Want = C.Op == "*" ? 1 : 0;
    if (R.Val.isInt())
      Identity = R.Val.getInt() == Want;
    else if (R.Val.isFloat())
      Identity = R.Val.getFloat().isExactlyValue(Want) && !R.Val.getFloat().isNegative();
  }
  if (!Identity)
    return "the partial result " + Name + " starts from a value other than " +
           (C.Op == "*" ? "1" : "0") + ", which every thread would add";
  return "";
}

std::string Finder::clauses(const OMPExecutableDirective *D, WorkLoop &L,
                            HostParallel &H) const {
  auto Vars = [&](const OMPClause *C, std::set<const ValueDecl *> &Into) {
    for (const Stmt *X : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(X))
        if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          Into.insert(DR->getDecl());
  };
  for (const OMPClause *C : D->clauses()) {
    std::string Text = clauseText(C);
    std::string Name = llvm::omp::getOpenMPClauseName(C->getClauseKind()).str();
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_private:
    case llvm::omp::OMPC_firstprivate:
    case llvm::omp::OMPC_shared: {
      bool Shared = C->getClauseKind() == llvm::omp::OMPC_shared;
      if (L.Sharings.empty())
        L.SharingAt = L.Clauses.size();
      for (const Stmt *X : const_cast<OMPClause *>(C)->children()) {
        const auto *E = dyn_cast_or_null<Expr>(X);
        const auto *DR = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
        if (!DR)
          continue;
        const ValueDecl *V = DR->getDecl();
        if (C->getClauseKind() == llvm::omp::OMPC_firstprivate &&
            V->getType()->isPointerType())
          return "'" + V->getNameAsString() +
                 "' is firstprivate and a pointer: the data it points to would "
                 "stay on the host";
        if (!Shared)
          L.ClauseVars.insert(V);
        L.Sharings.push_back({Name, V, D != L.D});
      }
      break;
    }
    case llvm::omp::OMPC_reduction: {
      const auto *R = cast<OMPReductionClause>(C);
      if (R->getModifier() != OMPC_REDUCTION_unknown &&
          R->getModifier() != OMPC_REDUCTION_default)
        return "its reduction has a modifier (" + Text + ")";
      DeclarationName N = R->getNameInfo().getName();
      if (N.isIdentifier() && N.getAsString() != "max" && N.getAsString() != "min")
        return "its reduction '" + N.getAsString() + "' is user-defined";
      for (const Expr *E : R->varlist()) {
        const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
        if (!DR || DR->getType()->isArrayType() || DR->getType()->isPointerType())
          return "its reduction of '" + Lexer::getSourceText(
                     CharSourceRange::getTokenRange(E->getSourceRange()), SM,
                     Ctx.getLangOpts()).str() +
                 "' is an array reduction (not checked on a GPU)";
        L.ClauseVars.insert(DR->getDecl());
        L.Reduced.insert(DR->getDecl());
      }
      L.Clauses.push_back(Text);
      break;
    }
    case llvm::omp::OMPC_collapse:
      L.Clauses.push_back(Text);
      break;
    case llvm::omp::OMPC_if: {
      const auto *I = cast<OMPIfClause>(C);
      if (I->getNameModifier() != llvm::omp::OMPD_unknown &&
          I->getNameModifier() != llvm::omp::OMPD_parallel &&
          I->getNameModifier() != llvm::omp::OMPD_simd)
        return "its if clause names '" +
               llvm::omp::getOpenMPDirectiveName(I->getNameModifier()).str() + "'";
      L.If = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                      I->getCondition()->getSourceRange()),
                                  SM, Ctx.getLangOpts())
                 .str();
      break;
    }
    case llvm::omp::OMPC_safelen:
    case llvm::omp::OMPC_simdlen:
    case llvm::omp::OMPC_aligned:
    case llvm::omp::OMPC_nontemporal:
      L.SimdClauses.push_back(Text);
      break;
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_nowait:
      if (!llvm::is_contained(H.Dropped, Text))
        H.Dropped.push_back(Text);
      break;
    case llvm::omp::OMPC_default: {
      const auto *Df = cast<OMPDefaultClause>(C);
      if (Df->getDefaultKind() != llvm::omp::OMP_DEFAULT_shared &&
          Df->getDefaultKind() != llvm::omp::OMP_DEFAULT_none)
        return "its " + Text + " is not translated";
      if (!llvm::is_contained(H.Dropped, Text))
        H.Dropped.push_back(Text);
      break;
    }
    case llvm::omp::OMPC_lastprivate:
      return "its " + Text + " would not give the last value back from a GPU "
             "(clang 19 loses lastprivate values; docs/serial.md)";
    case llvm::omp::OMPC_ordered:
      return "its iterations are ordered (" + Text + ")";
    case llvm::omp::OMPC_linear:
      return "its " + Text + " is not translated";
    case llvm::omp::OMPC_copyin:
      return "it copies threadprivate data in (" + Text + ")";
    default:
      return "its clause '" + Name + "' is not translated";
    }
  }
  return "";
}

std::string Finder::bodyWhy(const Stmt *Body, HostParallel &H) const {
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (!isa<OMPCriticalDirective>(D) && !isa<OMPAtomicDirective>(D) &&
          !isa<OMPSimdDirective>(D)) {
        Why = "it holds '#pragma omp " +
              llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str() + "' (" +
              line(D->getBeginLoc()) + ")";
        return;
      }
      if (D->hasAssociatedStmt())
        Walk(D->getRawStmt());
      return;
    }
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee();
          F && F->getName().starts_with("omp_")) {
        Why = "it calls " + F->getNameAsString() + "() (" + line(C->getBeginLoc()) +
              "), whose value differs on a device";
        return;
      }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
          V && V->hasAttr<OMPThreadPrivateDeclAttr>()) {
        Why = "it uses the threadprivate '" + V->getNameAsString() + "' (" +
              line(DR->getLocation()) + ")";
        return;
      }
    if (isa<CXXForRangeStmt>(S) && S == Body) {
      Why = "its loop is a range-based for";
      return;
    }
    if (isa<CXXThrowExpr>(S) || isa<CXXTryStmt>(S) || isa<CXXNewExpr>(S) ||
        isa<CXXDeleteExpr>(S) || isa<AsmStmt>(S)) {
      Why = "it throws, allocates or has assembly (" + line(S->getBeginLoc()) +
            "), which a device does not run";
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *X : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && V->isStaticLocal()) {
          Why = "it declares the static '" + V->getNameAsString() + "' (" +
                line(V->getLocation()) + "), one variable all threads share";
          return;
        }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  if (Why.empty())
    Why = callsWhy(Body, SM, H.DeviceFunctions);
  return Why;
}

std::string Finder::regionWhy(const OMPParallelDirective *P, HostParallel &H) const {
  const Stmt *Body = P->getRawStmt();
  std::vector<const Stmt *> Stmts = blockStatements(Body);
  std::vector<const VarDecl *> Decls;
  std::vector<Combine> Combines;
  for (const Stmt *S : Stmts) {
    if (isa<NullStmt>(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(X);
        if (!V || V->isStaticLocal())
          return "it declares '" + (V ? V->getNameAsString() : std::string("?")) +
                 "' (" + line(X->getLocation()) + "), which is not a plain variable "
                 "of each thread";
        if (const Expr *Init = V->getInit(); Init && Init->HasSideEffects(Ctx))
          return "the initializer of '" + V->getNameAsString() + "' (" +
                 line(V->getLocation()) + ") runs once per thread";
        Decls.push_back(V);
      }
      continue;
    }
    const auto *L = dyn_cast<OMPLoopDirective>(S);
    if (L && (isa<OMPForDirective>(L) || isa<OMPForSimdDirective>(L))) {
      WorkLoop W;
      W.D = L;
      W.For = loopOfDirective(L);
      W.Simd = isa<OMPForSimdDirective>(L);
      H.Loops.push_back(std::move(W));
      continue;
    }
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (std::optional<Combine> C = combineOf(D, Decls)) {
        if (H.Loops.empty())
          return "the " + std::string(isa<OMPAtomicDirective>(D) ? "atomic" : "critical") +
                 " at " + line(D->getBeginLoc()) + " comes before any work-sharing loop";
        Combines.push_back(*C);
        continue;
      }
      if (isa<OMPCriticalDirective>(D) || isa<OMPAtomicDirective>(D))
        return "every thread runs the " +
               std::string(isa<OMPAtomicDirective>(D) ? "atomic" : "critical") + " at " +
               line(D->getBeginLoc()) +
               ", outside a work-sharing loop, and it is no combine of a partial "
               "result (total op= partial)";
      return "it holds '#pragma omp " +
             llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str() + "' (" +
             line(D->getBeginLoc()) + ")";
    }
    return "every thread runs the statement at " + line(S->getBeginLoc()) +
           ", outside a work-sharing loop";
  }
  if (H.Loops.empty())
    return "it has no work-sharing loop";
  for (const Combine &C : Combines)
    if (!llvm::any_of(H.Loops, [&](const WorkLoop &W) {
          return SM.isBeforeInTranslationUnit(W.D->getBeginLoc(), C.D->getBeginLoc()) &&
                 usesVar(W.For, C.Partial);
        }))
      return "the partial result '" + C.Partial->getNameAsString() + "' combined at " +
             line(C.D->getBeginLoc()) + " is no loop's before it";
  // A variable of each thread: read-only in the loops (its value is the
  // same for all), or a temporary of each iteration of the one loop that
  // writes it.
  for (const VarDecl *V : Decls) {
    std::vector<WorkLoop *> Users;
    for (WorkLoop &W : H.Loops) {
      if (usesVar(W.For, V))
        Users.push_back(&W);
    }
    for (WorkLoop *W : Users) {
      ScalarUse U = classifyScalar(W->For->getBody(), V, Ctx);
      bool ReadOnly = true;
      walkStmts(W->For, [&](const Stmt *S) {
        if (const Expr *T = writtenLValue(S); T && subscriptedVar(T) == V)
          ReadOnly = false;
        return ReadOnly;
      });
      if (ReadOnly)
        continue;
      auto C = llvm::find_if(Combines, [&](const Combine &C) { return C.Partial == V; });
      if (C != Combines.end()) {
        if (std::string Why = partialWhy(*C, *W, Users.size(), U); !Why.empty())
          return Why;
        W->Clauses.push_back("reduction(" + C->Op + ": " + V->getNameAsString() + ")");
        W->ClauseVars.insert(V);
        W->Reduced.insert(V);
        H.Combines.push_back({C->D, V, C->Op, W->D});
        continue;
      }
      if (V->getType()->isArrayType() || Users.size() > 1 ||
          U.Role != ScalarRole::Private)
        return "'" + V->getNameAsString() + "' (" + line(V->getLocation()) +
               ") is each thread's own across iterations" +
               (Users.size() > 1 ? " and loops" : "") +
               ": state of a thread has no kernel form";
      W->RegionPrivate.push_back(V);
    }
  }
  for (const Combine &C : Combines)
    if (!llvm::any_of(H.Combines, [&](const HostParallel::Combine &K) { return K.D == C.D; }))
      return "the partial result '" + C.Partial->getNameAsString() + "' combined at " +
             line(C.D->getBeginLoc()) + " is no loop's reduction";
  return "";
}

void Finder::sharingClauses(WorkLoop &W) const {
  // Each variable's one kind: the loop's clause over the region's, none
  // when the loop reduces it.
  std::vector<const WorkLoop::Sharing *> Chosen;
  for (const WorkLoop::Sharing &S : W.Sharings) {
    if (W.Reduced.count(S.V))
      continue;
    auto It = llvm::find_if(Chosen, [&](const WorkLoop::Sharing *C) { return C->V == S.V; });
    if (It == Chosen.end())
      Chosen.push_back(&S);
    else if ((*It)->Region && !S.Region)
      *It = &S;
  }
  std::vector<std::string> Out;
  for (const char *Kind : {"private", "firstprivate", "shared"}) {
    std::vector<std::string> Names;
    for (const WorkLoop::Sharing *S : Chosen)
      if (S->Kind == Kind)
        Names.push_back(S->V->getNameAsString());
    if (!Names.empty())
      Out.push_back(std::string(Kind) + "(" + llvm::join(Names, ", ") + ")");
  }
  W.Clauses.insert(W.Clauses.begin() + std::min(W.SharingAt, W.Clauses.size()),
                   Out.begin(), Out.end());
}

HostParallel Finder::analyse(const OMPExecutableDirective *D, const FunctionDecl *Fn) {
  HostParallel H;
  H.D = D;
  H.Fn = Fn;
  if (const auto *P = dyn_cast<OMPParallelDirective>(D)) {
    H.Why = regionWhy(P, H);
  } else {
    WorkLoop W;
    W.D = cast<OMPLoopDirective>(D);
    W.For = loopOfDirective(W.D);
    W.Simd = isa<OMPParallelForSimdDirective>(D);
    H.Loops.push_back(std::move(W));
  }
  for (WorkLoop &W : H.Loops) {
    if (!H.Why.empty())
      break;
    if (!W.For) {
      H.Why = "its loop is not a for loop";
      break;
    }
    if (W.D != D)
      H.Why = clauses(D, W, H);
    if (H.Why.empty())
      H.Why = clauses(W.D, W, H);
    if (H.Why.empty())
      H.Why = bodyWhy(W.For, H);
    sharingClauses(W);
  }
  // A reduction of the region must be one loop's.
  if (H.Why.empty() && H.Loops.size() > 1 && D->hasClausesOfKind<OMPReductionClause>())
    H.Why = "its reduction spans " + std::to_string(H.Loops.size()) + " loops";
  return H;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, std::vector<HostParallel> &Out) : Ctx(Ctx), F(Ctx), Out(Out) {}
  bool TraverseStmt(Stmt *) { return true; }
  bool shouldVisitTemplateInstantiations() const { return false; }
  /// Templates too (a template's own body, not its instantiations: one
  /// source text, one decision; walk reports its constructs).
  bool VisitFunctionDecl(FunctionDecl *Fn) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!Fn->doesThisDeclarationHaveABody() ||
        !SM.isInMainFile(SM.getExpansionLoc(Fn->getBeginLoc())))
      return true;
    walk(Fn->getBody(), Fn);
    return true;
  }

private:
  void walk(const Stmt *S, const FunctionDecl *Fn) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (!isa<OMPParallelForDirective>(D) && !isa<OMPParallelForSimdDirective>(D) &&
          !isa<OMPParallelDirective>(D))
        return; // nothing inside another directive
      if (!Fn->isDependentContext()) {
        Out.push_back(F.analyse(D, Fn));
        return;
      }
      // Its types are not known until it is instantiated: reported, left as
      // written (not silently skipped).
      HostParallel H;
      H.D = D;
      H.Fn = Fn;
      H.Why = "it is in a template, whose types each instantiation decides: "
              "--offload=openmp offloads no template code";
      Out.push_back(H);
      return; // nothing inside another directive
    }
    for (const Stmt *C : S->children())
      walk(C, Fn);
  }
  ASTContext &Ctx;
  Finder F;
  std::vector<HostParallel> &Out;
};

} // namespace

std::vector<HostParallel> findHostParallel(ASTContext &Ctx) {
  std::vector<HostParallel> Out;
  Collector(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace ompm
