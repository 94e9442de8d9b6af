//===- PrivateArrays.cpp - Small local arrays a loop may privatize --------===//
#include "Analysis/PrivateArrays.h"
#include "Analysis/AstQueries.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <optional>

using namespace clang;

namespace ompm {
namespace {

/// How a variable of a frame reaches the array: the array itself, or a
/// pointer parameter of a callee that was passed (part of) it.
struct Binding {
  int64_t Base = 0; ///< the element it starts at
  /// Elements per unit of each subscript, outermost first: `double
  /// A[2][3][5]` {15, 5, 1}; a `double *` parameter {1}; `double (*)[5]`
  /// {5, 1}. A subscript per stride reaches one element.
  std::vector<int64_t> Strides;
};

/// One function body being run: its variables that reach the array, and
/// the integer variables whose value is known at this point.
struct Frame {
  const FunctionDecl *Fn = nullptr;
  std::map<const VarDecl *, Binding> Bound;
  std::map<const VarDecl *, int64_t> Env;
};

/// An lvalue `V[i][j]...` of a bound variable V.
struct Ref {
  const VarDecl *Var = nullptr;
  std::vector<const Expr *> Idx;
};

/// The variables S assigns (=, op=, ++, --), lets be written (`&v`) or
/// declares, anywhere in it.
void assignedIn(const Stmt *S, llvm::DenseSet<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const Expr *T = writtenLValue(S)) {
    if (const VarDecl *V = refVar(T))
      Out.insert(V);
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Out.insert(V);
  }
  for (const Stmt *C : S->children())
    assignedIn(C, Out);
}

class Interpreter {
public:
  Interpreter(ASTContext &Ctx, const VarDecl *A, uint64_t N, QualType Elem)
      : Ctx(Ctx), A(A), Elem(Elem), Written(N) {}

  /// Runs one iteration of Loop (a statement of Fn): whether every read of
  /// the array finds its elements written before in the iteration.
  bool iteration(const Stmt *Loop, const FunctionDecl *Fn) {
    Frame F;
    F.Fn = Fn;
    Binding B;
    QualType E;
    stridesOf(A->getType(), B.Strides, E);
    F.Bound[A] = B;
    Stack.push_back(Fn);
    if (const auto *For = dyn_cast<ForStmt>(Loop)) {
      if (mentionsBound(For->getInit(), F) || mentionsBound(For->getCond(), F) ||
          mentionsBound(For->getInc(), F) || hasJumpsOrLabels(For->getBody()))
        return false;
      return stmt(For->getBody(), F);
    }
    const Stmt *Body = nullptr;
    const Expr *Cond = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
      Body = W->getBody();
      Cond = W->getCond();
    } else if (const auto *D = dyn_cast<DoStmt>(Loop)) {
      Body = D->getBody();
      Cond = D->getCond();
    } else {
      return false;
    }
    return !mentionsBound(Cond, F) && !hasJumpsOrLabels(Body) && stmt(Body, F);
  }

private:
  ASTContext &Ctx;
  const VarDecl *A;
  QualType Elem; ///< A's scalar element type, canonical and unqualified
  /// The elements every path of the iteration has written so far.
  llvm::BitVector Written;
  uint64_t Steps = 0;
  static constexpr uint64_t MaxSteps = 1 << 18; // statements and expressions run
  static constexpr int64_t MaxTrips = 4096;
  std::vector<const FunctionDecl *> Stack;
  std::map<const FunctionDecl *, llvm::DenseSet<const VarDecl *>> AddressTakenIn;

  /// The strides of subscripting a value of type T down to its scalar
  /// elements, and that element type.
  void stridesOf(QualType T, std::vector<int64_t> &S, QualType &E) const {
    std::vector<int64_t> Dims;
    while (const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T)) {
      Dims.push_back(static_cast<int64_t>(CA->getSize().getZExtValue()));
      T = CA->getElementType();
    }
    E = T.getCanonicalType().getUnqualifiedType();
    S.assign(Dims.size(), 1);
    for (size_t I = Dims.size(); I-- > 1;)
      S[I - 1] = S[I] * Dims[I];
  }

  /// The variables whose address Fn's body takes (never given a value).
  const llvm::DenseSet<const VarDecl *> &addressTaken(const FunctionDecl *Fn) {
    auto Found = AddressTakenIn.try_emplace(Fn);
    llvm::DenseSet<const VarDecl *> &Set = Found.first->second;
    if (Found.second) {
      std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
        if (!S)
          return;
        if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_AddrOf)
          if (const VarDecl *V = refVar(UO->getSubExpr()))
            Set.insert(V);
        for (const Stmt *C : S->children())
          Walk(C);
      };
      Walk(Fn->getBody());
    }
    return Set;
  }

  bool trackable(const VarDecl *V, const Frame &F) {
    return V->hasLocalStorage() && V->getType()->isIntegralOrEnumerationType() &&
           !V->getType().isVolatileQualified() && !addressTaken(F.Fn).count(V);
  }

  void set(const VarDecl *V, std::optional<int64_t> X, Frame &F) {
    if (X && trackable(V, F))
      F.Env[V] = *X;
    else
      F.Env.erase(V);
  }

  bool mentionsBound(const Stmt *S, const Frame &F) const {
    if (!S)
      return false;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && F.Bound.count(V))
        return true;
    for (const Stmt *C : S->children())
      if (mentionsBound(C, F))
        return true;
    return false;
  }

  std::optional<int64_t> eval(const Expr *E, const Frame &F) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_NoOp ||
          (C->getCastKind() == CK_IntegralCast && E->getType()->isIntegerType()))
        return eval(C->getSubExpr(), F);
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
        auto It = F.Env.find(V);
        if (It != F.Env.end())
          return It->second;
      }
    auto Small = [](int64_t X) -> std::optional<int64_t> {
      if (X > (int64_t(1) << 40) || X < -(int64_t(1) << 40))
        return std::nullopt;
      return X;
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<int64_t> L = eval(BO->getLHS(), F), R = eval(BO->getRHS(), F);
      if (!L || !R)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return Small(*L + *R);
      case BO_Sub:
        return Small(*L - *R);
      case BO_Mul:
        return Small(*L * *R);
      case BO_Div:
        return *R ? Small(*L / *R) : std::nullopt;
      case BO_Rem:
        return *R ? Small(*L % *R) : std::nullopt;
      default:
        break;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Minus)
        if (std::optional<int64_t> X = eval(UO->getSubExpr(), F))
          return -*X;
      if (UO->getOpcode() == UO_Plus)
        return eval(UO->getSubExpr(), F);
    }
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && !E->isValueDependent() &&
        E->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 41)
      return R.Val.getInt().getSExtValue();
    return std::nullopt;
  }

  bool resolve(const Expr *E, const Frame &F, Ref &R) const {
    E = E->IgnoreParens();
    std::vector<const Expr *> Rev;
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Rev.push_back(AS->getIdx());
      E = AS->getBase()->IgnoreParenImpCasts();
    }
    const VarDecl *V = refVar(E);
    if (!V || !F.Bound.count(V))
      return false;
    R.Var = V;
    R.Idx.assign(Rev.rbegin(), Rev.rend());
    return true;
  }

  /// The element R starts at; nullopt when a subscript is not known.
  /// False when R subscripts past its scalar or leaves the array.
  bool offset(const Ref &R, Frame &F, std::optional<int64_t> &Off) {
    const Binding &B = F.Bound.at(R.Var);
    if (R.Idx.size() > B.Strides.size())
      return false;
    int64_t O = B.Base;
    bool Known = true;
    for (size_t K = 0; K < R.Idx.size(); ++K) {
      std::optional<int64_t> X = eval(R.Idx[K], F);
      if (!X)
        Known = false;
      else
        O += *X * B.Strides[K];
    }
    Off = Known ? std::optional<int64_t>(O) : std::nullopt;
    if (Known && (O < 0 || O >= static_cast<int64_t>(Written.size())))
      return false;
    return true;
  }

  /// The reads the subscripts of R make.
  bool indices(const Ref &R, Frame &F, bool Cond) {
    for (const Expr *I : R.Idx)
      if (!expr(I, F, Cond))
        return false;
    return true;
  }

  /// A scalar element read: written before, or the whole array when its
  /// place is not known.
  bool read(const Ref &R, Frame &F) {
    if (R.Idx.size() != F.Bound.at(R.Var).Strides.size())
      return false;
    std::optional<int64_t> Off;
    if (!offset(R, F, Off))
      return false;
    return Off ? Written.test(*Off) : Written.all();
  }

  bool write(const Ref &R, Frame &F, bool Cond) {
    if (R.Idx.size() != F.Bound.at(R.Var).Strides.size())
      return false;
    std::optional<int64_t> Off;
    if (!offset(R, F, Off))
      return false;
    if (Off && !Cond)
      Written.set(*Off);
    return true;
  }

  enum class Arg { Other, Bound, Fail };
  /// Whether the call argument E passes the array on: the bound variable
  /// itself, a partial subscript of it (decayed), or an element's address.
  Arg argument(const Expr *E, Frame &F, bool Cond, Binding &Out) {
    // A pointer that reaches the array; anything else is a value.
    if (!E->getType()->isPointerType() || !mentionsBound(E, F))
      return Arg::Other;
    const Expr *X = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(X); UO && UO->getOpcode() == UO_AddrOf)
      X = UO->getSubExpr();
    Ref R;
    if (!resolve(X, F, R) || !indices(R, F, Cond))
      return Arg::Fail;
    std::optional<int64_t> Off;
    if (!offset(R, F, Off) || !Off)
      return Arg::Fail;
    Out.Base = *Off;
    return Arg::Bound;
  }

  bool call(const CallExpr *CE, Frame &F, bool Cond) {
    if (!expr(CE->getCallee(), F, Cond))
      return false;
    std::vector<std::pair<unsigned, Binding>> Binds;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      Binding B;
      switch (argument(CE->getArg(I), F, Cond, B)) {
      case Arg::Other:
        if (!expr(CE->getArg(I), F, Cond))
          return false;
        break;
      case Arg::Bound:
        Binds.push_back({I, B});
        break;
      case Arg::Fail:
        return false;
      }
    }
    if (Binds.empty())
      return true;
    // The callee runs on the elements: its body must be here, run
    // unconditionally, and not recursively.
    const FunctionDecl *Callee = CE->getDirectCallee();
    const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
    if (Cond || !Def || !Def->hasBody() || Def->isVariadic() ||
        llvm::is_contained(Stack, Def) || Stack.size() >= 4)
      return false;
    Frame C;
    C.Fn = Def;
    for (auto &[I, B] : Binds) {
      if (I >= Def->getNumParams())
        return false;
      const ParmVarDecl *P = Def->getParamDecl(I);
      const auto *PT = P->getType()->getAs<PointerType>();
      if (!PT || addressTaken(Def).count(P))
        return false;
      QualType E;
      std::vector<int64_t> Inner;
      stridesOf(PT->getPointeeType(), Inner, E);
      if (E != Elem)
        return false;
      int64_t Size = Inner.empty() ? 1 : Inner.front();
      if (const ConstantArrayType *CA = Ctx.getAsConstantArrayType(PT->getPointeeType()))
        Size *= static_cast<int64_t>(CA->getSize().getZExtValue());
      B.Strides.push_back(Size);
      B.Strides.insert(B.Strides.end(), Inner.begin(), Inner.end());
      C.Bound[P] = B;
    }
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    if (!Body)
      return false;
    // A return only as the last statement: what follows one is not run.
    for (const Stmt *S : Body->body())
      if (S != Body->body_back() && hasJumpsOrLabels(S))
        return false;
    if (!Body->body_empty())
      if (const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back()))
        if (hasJumpsOrLabels(Ret->getRetValue()))
          return false;
    Stack.push_back(Def);
    bool Ok = true;
    for (const Stmt *S : Body->body()) {
      if (const auto *Ret = dyn_cast<ReturnStmt>(S); Ret && S == Body->body_back()) {
        Ok = expr(Ret->getRetValue(), C, false);
        break;
      }
      if (!(Ok = stmt(S, C)))
        break;
    }
    Stack.pop_back();
    return Ok;
  }

  bool expr(const Expr *E, Frame &F, bool Cond) {
    if (!E)
      return true;
    if (++Steps > MaxSteps)
      return false;
    E = E->IgnoreParens();
    if (isa<UnaryExprOrTypeTraitExpr>(E))
      return true; // sizeof: not evaluated
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      const Expr *L = BO->getLHS()->IgnoreParens(), *Rhs = BO->getRHS();
      if (BO->isAssignmentOp()) {
        Ref R;
        if (resolve(L, F, R)) {
          if (!expr(Rhs, F, Cond) || !indices(R, F, Cond))
            return false;
          if (BO->isCompoundAssignmentOp() && !read(R, F))
            return false;
          return write(R, F, Cond);
        }
        if (const VarDecl *V = refVar(L); V && isa<DeclRefExpr>(L)) {
          if (F.Bound.count(V) || !expr(Rhs, F, Cond))
            return false;
          set(V, BO->getOpcode() == BO_Assign && !Cond ? eval(Rhs, F) : std::nullopt, F);
          return true;
        }
        return expr(Rhs, F, Cond) && expr(L, F, Cond);
      }
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr)
        return expr(L, F, Cond) && expr(Rhs, F, true);
      return expr(L, F, Cond) && expr(Rhs, F, Cond);
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
      return expr(CO->getCond(), F, Cond) && expr(CO->getTrueExpr(), F, true) &&
             expr(CO->getFalseExpr(), F, true);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (UO->isIncrementDecrementOp()) {
        Ref R;
        if (resolve(Sub, F, R))
          return indices(R, F, Cond) && read(R, F) && write(R, F, Cond);
        if (const VarDecl *V = refVar(Sub); V && isa<DeclRefExpr>(Sub)) {
          if (F.Bound.count(V))
            return false;
          F.Env.erase(V);
          return true;
        }
      }
      if (UO->getOpcode() == UO_AddrOf) {
        Ref R;
        if (resolve(Sub, F, R))
          return false; // an element's address kept: not followed
      }
      return expr(Sub, F, Cond);
    }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(CE, F, Cond);
    if (isa<ArraySubscriptExpr>(E)) {
      Ref R;
      if (resolve(E, F, R))
        return indices(R, F, Cond) && read(R, F);
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DR->getDecl());
      return !V || !F.Bound.count(V); // the array itself, as a value: not followed
    }
    if (isa<StmtExpr>(E) || isa<BlockExpr>(E) || isa<LambdaExpr>(E))
      return !mentionsBound(E, F);
    for (const Stmt *C : E->children()) {
      const auto *CE = dyn_cast_or_null<Expr>(C);
      if (C && !CE)
        return !mentionsBound(E, F);
      if (!expr(CE, F, Cond))
        return false;
    }
    return true;
  }

  /// Whether For runs a known sequence of values of an integer variable
  /// that its body does not change; the values in order.
  bool enumerable(const ForStmt *For, Frame &F, const VarDecl *&V,
                  std::vector<int64_t> &Values) {
    std::optional<int64_t> Lo;
    const Stmt *Init = For->getInit();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init); DS && DS->isSingleDecl()) {
      V = dyn_cast<VarDecl>(DS->getSingleDecl());
      if (V && V->getInit())
        Lo = eval(V->getInit(), F);
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init);
               BO && BO->getOpcode() == BO_Assign && isa<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
      V = refVar(BO->getLHS());
      Lo = eval(BO->getRHS(), F);
    }
    if (!V || !Lo || !trackable(V, F))
      return false;
    llvm::DenseSet<const VarDecl *> Changed;
    assignedIn(For->getBody(), Changed);
    if (Changed.count(V))
      return false;
    const auto *C = dyn_cast_or_null<BinaryOperator>(For->getCond());
    if (!C || refVar(C->getLHS()) != V || !isa<DeclRefExpr>(C->getLHS()->IgnoreParenImpCasts()))
      return false;
    llvm::DenseSet<const VarDecl *> InBound;
    assignedIn(C->getRHS(), InBound);
    if (!InBound.empty())
      return false;
    // The bound must not change while the loop runs.
    std::function<bool(const Stmt *)> Reads = [&](const Stmt *S) {
      if (!S)
        return false;
      if (const auto *D = dyn_cast<DeclRefExpr>(S))
        if (const auto *X = dyn_cast<VarDecl>(D->getDecl()); X && (X == V || Changed.count(X)))
          return true;
      for (const Stmt *Ch : S->children())
        if (Reads(Ch))
          return true;
      return false;
    };
    if (Reads(C->getRHS()))
      return false;
    std::optional<int64_t> Hi = eval(C->getRHS(), F);
    int64_t Step = 0;
    const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParens() : nullptr;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc);
        U && U->isIncrementDecrementOp() && refVar(U->getSubExpr()) == V)
      Step = U->isIncrementOp() ? 1 : -1;
    else if (const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Inc);
             B && refVar(B->getLHS()) == V &&
             (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign))
      if (std::optional<int64_t> S = eval(B->getRHS(), F); S && !Reads(B->getRHS()))
        Step = B->getOpcode() == BO_AddAssign ? *S : -*S;
    if (!Hi || !Step)
      return false;
    auto Holds = [&](int64_t X) {
      switch (C->getOpcode()) {
      case BO_LT:
        return X < *Hi;
      case BO_LE:
        return X <= *Hi;
      case BO_GT:
        return X > *Hi;
      case BO_GE:
        return X >= *Hi;
      case BO_NE:
        return X != *Hi;
      default:
        return false;
      }
    };
    if (!C->isComparisonOp() || C->getOpcode() == BO_EQ)
      return false;
    for (int64_t X = *Lo; Holds(X); X += Step) {
      if (static_cast<int64_t>(Values.size()) >= MaxTrips)
        return false;
      Values.push_back(X);
    }
    Values.push_back(Values.empty() ? *Lo : Values.back() + Step); // the final value
    return true;
  }

  /// A loop whose iterations are not known: its reads must be covered by
  /// what came before or its own iteration; it adds no element (it may run
  /// no iteration).
  bool opaque(const Stmt *Init, const Expr *CondE, const Expr *Inc, const Stmt *Body,
              Frame &F) {
    if (Init && !stmt(Init, F))
      return false;
    if (hasJumpsOrLabels(Body))
      return false;
    llvm::DenseSet<const VarDecl *> Changed;
    assignedIn(Body, Changed);
    assignedIn(CondE, Changed);
    assignedIn(Inc, Changed);
    for (const VarDecl *V : Changed)
      F.Env.erase(V);
    llvm::BitVector Before = Written;
    bool Ok = expr(CondE, F, false) && stmt(Body, F) && expr(Inc, F, false);
    Written = Before;
    for (const VarDecl *V : Changed)
      F.Env.erase(V);
    return Ok;
  }

  bool stmt(const Stmt *S, Frame &F) {
    if (!S || isa<NullStmt>(S))
      return true;
    if (++Steps > MaxSteps)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        if (!stmt(C, F))
          return false;
      return true;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->getInit() && !expr(V->getInit(), F, false))
            return false;
          set(V, V->getInit() ? eval(V->getInit(), F) : std::nullopt, F);
        }
      return true;
    }
    if (const auto *E = dyn_cast<Expr>(S))
      return expr(E, F, false);
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if ((If->getInit() && !stmt(If->getInit(), F)) ||
          (If->getConditionVariableDeclStmt() && !stmt(If->getConditionVariableDeclStmt(), F)) ||
          !expr(If->getCond(), F, false))
        return false;
      llvm::BitVector Before = Written;
      std::map<const VarDecl *, int64_t> EnvBefore = F.Env;
      if (!stmt(If->getThen(), F))
        return false;
      llvm::BitVector Then = Written;
      std::map<const VarDecl *, int64_t> EnvThen = F.Env;
      Written = Before;
      F.Env = EnvBefore;
      if (!stmt(If->getElse(), F))
        return false;
      Written &= Then;
      for (auto It = F.Env.begin(); It != F.Env.end();) {
        auto T = EnvThen.find(It->first);
        if (T == EnvThen.end() || T->second != It->second)
          It = F.Env.erase(It);
        else
          ++It;
      }
      return true;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      if (hasJumpsOrLabels(For->getBody()))
        return false;
      const VarDecl *V = nullptr;
      std::vector<int64_t> Values;
      if (!mentionsBound(For->getInit(), F) && !mentionsBound(For->getCond(), F) &&
          !mentionsBound(For->getInc(), F) && enumerable(For, F, V, Values)) {
        for (size_t K = 0; K + 1 < Values.size(); ++K) {
          F.Env[V] = Values[K];
          if (!stmt(For->getBody(), F))
            return false;
        }
        F.Env[V] = Values.back();
        return true;
      }
      return opaque(For->getInit(), For->getCond(), For->getInc(), For->getBody(), F);
    }
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return !W->getConditionVariable() && opaque(nullptr, W->getCond(), nullptr, W->getBody(), F);
    if (const auto *D = dyn_cast<DoStmt>(S))
      return opaque(nullptr, D->getCond(), nullptr, D->getBody(), F);
    // Anything else (switch, a directive, asm): it must not reach the
    // array nor jump; the variables it assigns are no longer known.
    if (mentionsBound(S, F) || hasJumpsOrLabels(S))
      return false;
    llvm::DenseSet<const VarDecl *> Changed;
    assignedIn(S, Changed);
    for (const VarDecl *V : Changed)
      F.Env.erase(V);
    return true;
  }
};

} // namespace

std::string PrivateArrays::whyNotCandidate(const VarDecl *A) {
  auto [It, New] = Candidate.try_emplace(A);
  if (!New)
    return It->second;
  QualType Elem;
  uint64_t N = arithmeticElements(A->getType(), Ctx, &Elem);
  std::string Name = "'" + A->getNameAsString() + "'";
  if (isa<ParmVarDecl>(A) || !A->hasLocalStorage() || A->getParentFunctionOrMethod() != Fn)
    It->second = Name + " is not an array of the function's own (a parameter, "
                        "a static or a global)";
  else if (A->getType().isVolatileQualified() || Elem.isVolatileQualified())
    It->second = Name + " is volatile";
  else if (N == 0)
    It->second = Name + " is not an array of numbers of constant size";
  else if (N > MaxPrivateArrayElements)
    It->second = Name + " has " + std::to_string(N) + " elements, more than a GPU "
                 "thread's private copy may hold (" +
                 std::to_string(MaxPrivateArrayElements) + ")";
  return It->second;
}

bool PrivateArrays::iterationLocal(const Stmt *Loop, const VarDecl *A) {
  auto [It, New] = Local.try_emplace({Loop, A}, false);
  if (!New)
    return It->second;
  if (!whyNotCandidate(A).empty())
    return false;
  QualType Elem;
  uint64_t N = arithmeticElements(A->getType(), Ctx, &Elem);
  Interpreter I(Ctx, A, N, Elem);
  bool R = I.iteration(Loop, Fn);
  Local[{Loop, A}] = R;
  return R;
}

std::string PrivateArrays::whyNotPrivate(const Stmt *Loop, const VarDecl *A) {
  if (std::string Why = whyNotCandidate(A); !Why.empty())
    return Why;
  std::string Name = "'" + A->getNameAsString() + "'";
  if (!iterationLocal(Loop, A))
    return Name + " is not written before it is read in each iteration (as far as "
                  "its elements can be told apart)";
  auto Inside = [&](const Stmt *S, const Stmt *Around) {
    for (; S; S = PM.getParent(const_cast<Stmt *>(S)))
      if (S == Around)
        return true;
    return false;
  };
  // Every other reference: a plain element assignment, or inside a loop
  // (not around Loop) where A is iteration-local.
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty() || S == Loop || isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == A) {
      const Stmt *P = PM.getParent(const_cast<DeclRefExpr *>(DR));
      const Stmt *Prev = DR;
      // Up through the subscripts: `A[c]... = e`, a scalar element.
      while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P) ||
                   (isa<ArraySubscriptExpr>(P) &&
                    cast<ArraySubscriptExpr>(P)->getBase()->IgnoreParenImpCasts() ==
                        cast<Expr>(Prev)->IgnoreParenImpCasts()))) {
        Prev = P;
        P = PM.getParent(const_cast<Stmt *>(P));
      }
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
          BO && BO->getOpcode() == BO_Assign && BO->getLHS() == Prev &&
          cast<Expr>(Prev)->getType()->isArithmeticType())
        return;
      for (const Stmt *X = PM.getParent(const_cast<DeclRefExpr *>(DR)); X;
           X = PM.getParent(const_cast<Stmt *>(X))) {
        if (isa<OMPExecutableDirective>(X) || isa<OpenACCConstructStmt>(X))
          break;
        if (!isa<ForStmt>(X) && !isa<WhileStmt>(X) && !isa<DoStmt>(X))
          continue;
        if (Inside(Loop, X))
          break;
        if (iterationLocal(X, A))
          return;
      }
      Why = Name + " may be read outside the loop, where what the loop's "
                   "iterations leave in it would be wanted (a private copy "
                   "gives nothing back)";
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  return Why;
}

} // namespace ompm
