//===- AtomicForms.cpp - The atomic form of a critical's body -------------===//
#include "Facts/AtomicForms.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Directives.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {
namespace {

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

bool binopAllowed(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_Sub: case BO_Mul: case BO_Div: case BO_And: case BO_Or:
  case BO_Xor: case BO_Shl: case BO_Shr:
    return true;
  default:
    return false;
  }
}

} // namespace

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

const Expr *stripExpr(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? E->IgnoreImplicit()->IgnoreParens() : nullptr;
}

/// An update of an atomic form: x++, --x, x op= e, x = x op e, x = e op x.
bool updateOf(const Expr *E, CriticalShape &S) {
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

std::string ShapeReader::lines(const Stmt *A, const Stmt *B) const {
  unsigned L1 = SM.getPresumedLineNumber(SM.getExpansionLoc(A->getBeginLoc()));
  unsigned L2 = SM.getPresumedLineNumber(SM.getExpansionLoc(B->getEndLoc()));
  return L1 == L2 ? "line " + std::to_string(L1)
                  : "lines " + std::to_string(L1) + "-" + std::to_string(L2);
}

CriticalShape ShapeReader::read(const Stmt *Body) const {
  CriticalShape S;
  std::vector<const Stmt *> Stmts = blockStatements(Body);
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
    CriticalShape U;
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
    CriticalShape Inner = isa<CompoundStmt>(Then) ? CriticalShape{} : read(Then);
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
  CriticalShape U;
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
      S.XLeft = Other == Op->getRHS();
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

bool ShapeReader::compareOf(const BinaryOperator *Cond, const Expr *X, const Expr *E,
                         CriticalShape &S) const {
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

} // namespace ompm
