//===- Regions.cpp - Variables, loops and accesses of a code region -------===//
#include "Facts/Regions.h"
#include "Facts/RegionsDetail.h"
#include "clang/AST/ParentMap.h"
#include "Facts/Directives.h"
#include "Facts/Members.h"
#include "Facts/Scalars.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ompm {
using namespace regions_detail;

bool isPureFunction(llvm::StringRef Name) {
  static const llvm::StringSet<> Pure = {
      "sqrt",  "sqrtf", "fabs",  "fabsf", "abs",    "labs",  "exp",   "expf",
      "log",   "logf",  "log10", "log2",  "pow",    "powf",  "sin",   "sinf",
      "cos",   "cosf",  "tan",   "tanf",  "atan",   "atan2", "atanf", "floor",
      "floorf", "ceil", "ceilf", "fmax",  "fmaxf",  "fmin",  "fminf", "fmod",
      "exp2",  "cbrt",  "hypot", "tanh",  "sinh",   "cosh",  "erf",   "round",
      "trunc", "asin",  "acos",  "std::sqrt", "std::abs", "std::exp",
      "std::max", "std::min", "max",  "min", "fma",  "fmaf", "copysign"};
  return Pure.count(Name);
}

namespace regions_detail {
const Expr *strip(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CStyleCastExpr>(E)) {
      if (C->getType()->isIntegerType()) {
        E = C->getSubExpr();
        continue;
      }
    }
    return E;
  }
}

/// The variable an lvalue names: `x`, `a[i]` -> a, `this->v[i]` -> v.
const ValueDecl *baseDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    E = A->getBase()->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return M->getMemberDecl();
  return nullptr;
}

/// Whether S reads as one operand wherever it goes: a name, members
/// (`s.n`, `p->n`) and subscripts (`g[0]`, `rowstr[n + 1]`: postfix binds
/// tightest, whatever is inside the brackets).
bool isSimpleAtomText(llvm::StringRef S) {
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '[') {
      ++Depth;
    } else if (C == ']') {
      if (--Depth < 0)
        return false;
    } else if (Depth == 0 &&
               !(isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' ||
                 (C == '-' && I + 1 < S.size() && S[I + 1] == '>') ||
                 (C == '>' && I > 0 && S[I - 1] == '-'))) {
      return false;
    }
  }
  return Depth == 0 && !S.empty() && S.front() != '[';
}
} // namespace regions_detail

RegionFacts::RegionFacts(const Stmt *Region, ASTContext &Ctx,
                         const std::set<const FunctionDecl *> *AlsoPure,
                         std::set<const Stmt *> Skip)
    : AlsoPure(AlsoPure), Region(Region), Ctx(Ctx), Skip(std::move(Skip)) {
  // Pass 1: declarations, write targets, calls and jumps.
  // A write to a member of a struct (`m.n = 1`, `p->n += x`): the struct
  // is written; through a pointer, the dependence test cannot tell what.
  auto NoteMemberWrite = [&](const Expr *LHS) {
    // Walk from the written lvalue to its variable. Member and array steps
    // stay in one object; a step through a pointer leaves it. A write whose
    // only pointer step is the variable itself (`p[i].y`, `p->n`) writes
    // what the variable points to; `m.n`, `m.a[i]` write the structure.
    const Expr *E = LHS->IgnoreParenImpCasts();
    if (!isa<MemberExpr>(E))
      return; // plain subscripts: baseDecl and the accesses see them
    const ArraySubscriptExpr *RootSub = nullptr; // the first step through a pointer
    bool Deref = false, Other = false;
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(E)) {
        const Expr *B = M->getBase()->IgnoreParenImpCasts();
        if (isa<CXXThisExpr>(B))
          return; // this->v: baseDecl names the member
        if (M->isArrow()) {
          Other |= Deref || !isa<DeclRefExpr>(B);
          Deref = true;
        }
        E = B;
      } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
        const Expr *B = A->getBase()->IgnoreParenImpCasts();
        if (B->getType()->isPointerType()) {
          Other |= Deref || !isa<DeclRefExpr>(B);
          if (!Deref)
            RootSub = A;
          Deref = true;
        }
        E = B;
      } else {
        break;
      }
    }
    // The subscript that reaches the written object is a write of it
    // (`p[i].y`: p[i]; `m.x[i].y`: m.x[i]).
    if (RootSub)
      WriteTargets.insert(RootSub);
    const auto *D = dyn_cast<DeclRefExpr>(E);
    if (!D || Other) {
      if (OpaqueWrite.empty())
        OpaqueWrite = exprText(LHS, Ctx);
      return;
    }
    Written.insert(D->getDecl());
    if (!RootSub && Deref) {
      PointeeWritten.insert(D->getDecl());
      if (OpaqueWrite.empty()) // every iteration writes the one p->n
        OpaqueWrite = exprText(LHS, Ctx);
    }
  };
  std::function<void(const Stmt *, int)> Pre = [&](const Stmt *S, int Nest) {
    if (!S || this->Skip.count(S))
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<ValueDecl>(D))
          Declared.insert(VD);
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAssignmentOp()) {
        NoteMemberWrite(B->getLHS());
        WriteTargets.insert(B->getLHS()->IgnoreParenImpCasts());
        if (const ValueDecl *V = baseDecl(B->getLHS()))
          Written.insert(V);
        ScalarWrites.push_back(B);
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp()) {
        NoteMemberWrite(U->getSubExpr());
        WriteTargets.insert(U->getSubExpr()->IgnoreParenImpCasts());
        if (const ValueDecl *V = baseDecl(U->getSubExpr()))
          Written.insert(V);
        ScalarWrites.push_back(U);
      } else if (U->getOpcode() == UO_AddrOf) {
        if (const ValueDecl *V = baseDecl(U->getSubExpr())) {
          Escaped.insert(V);
          Written.insert(V);
        }
      }
    } else if (const auto *C = dyn_cast<CallExpr>(S); C && followsCall(C)) {
      preCall(C, Pre, Nest);
      return;
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || !(isPureFunction(FD->getQualifiedNameAsString()) ||
                   (AlsoPure && AlsoPure->count(FD->getCanonicalDecl()))))
        HasCalls = true;
      for (const Expr *Arg : C->arguments()) {
        const Expr *A = Arg->IgnoreParenImpCasts();
        if (A->getType()->isPointerType() || A->getType()->isArrayType() ||
            Arg->getType()->isReferenceType())
          if (const ValueDecl *V = baseDecl(A))
            if (!isa<ArraySubscriptExpr>(A)) {
              Escaped.insert(V);
              Written.insert(V);
            }
      }
      if (FD)
        for (unsigned I = 0; I < FD->getNumParams() && I < C->getNumArgs(); ++I)
          if (FD->getParamDecl(I)->getType()->isReferenceType())
            if (const ValueDecl *V = baseDecl(C->getArg(I)))
              Written.insert(V);
    } else if ((isa<ReturnStmt>(S) && !InCallee) || isa<GotoStmt>(S) ||
               isa<IndirectGotoStmt>(S) || (isa<BreakStmt>(S) && Nest == 0) ||
               isa<CXXThrowExpr>(S)) {
      HasJumps = true;
    }
    bool Inner = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                 isa<SwitchStmt>(S);
    int ChildNest = (Inner && S != Region) ? Nest + 1 : Nest;
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      Pre(L->getBody(), ChildNest);
      return;
    }
    // Through nested OpenMP directives (simd, atomic, critical, ordered,
    // ...) to the code as written.
    for (const Stmt *Child : codeChildren(S))
      Pre(Child, ChildNest);
  };
  Pre(Region, 0);
  findSubstitutes();

  std::vector<int> Stack;
  scan(Region, Stack);
  // Read while the facts are built only: the facts outlive the caller's set.
  this->AlsoPure = nullptr;
  Built = true;
  findReadsOutside();
}

std::string RegionFacts::nameOf(const ValueDecl *V) const {
  auto It = Names.find(V);
  if (It != Names.end())
    return It->second;
  return V->getNameAsString();
}

void RegionFacts::note(const ValueDecl *V, const Expr *Ref) {
  if (Declared.count(V) || !Seen.insert(V).second)
    return;
  External.push_back(V);
  std::string T = exprText(Ref, Ctx);
  // A reference written in a macro's body reads as the macro's call: the
  // variable's own name is what a clause must say.
  if (T.empty() || (isa<DeclRefExpr>(Ref) && T != V->getNameAsString() &&
                    !StringRef(T).ends_with("::" + V->getNameAsString())))
    T = V->getNameAsString();
  Names[V] = T;
}

void RegionFacts::scan(const Stmt *S, std::vector<int> &Stack) {
  if (!S || Skip.count(S))
    return;
  // OpenMP directives (--optimize-data input): only the code as written,
  // not the helper expressions (loop bounds copies, captures) Sema adds.
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    // (getRawStmt, not getInnermostCapturedStmt: a directive with no
    // captured region, such as atomic, has none to look into.)
    if (D->hasAssociatedStmt())
      scan(D->getRawStmt(), Stack);
    return;
  }
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    scan(CS->getCapturedStmt(), Stack);
    return;
  }
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    scan(F->getInit(), Stack);
    std::optional<CanonicalLoop> L = canonical(F);
    // The condition and the increment read the variable the loop's own
    // initialization set: references of the loop, like its body's.
    std::optional<int> Around; // a loop over the same variable around it
    if (L) {
      if (auto It = ScopeLoop.find(L->IV); It != ScopeLoop.end())
        Around = It->second;
      ScopeLoop[L->IV] = static_cast<int>(Loops.size());
    }
    scan(F->getCond(), Stack);
    scan(F->getInc(), Stack);
    bool Pushed = false;
    if (L) {
      // The loop's index; -1 once a second loop has the same variable.
      if (auto [It, New] = IVLoop.try_emplace(L->IV, static_cast<int>(Loops.size())); !New)
        It->second = -1;
      Loops.push_back(*L);
      Stack.push_back(static_cast<int>(Loops.size()) - 1);
      Pushed = true;
    }
    bool RowPushed = false;
    if (!L && Frames.empty() && !RowRanges.empty() && RowRanges.back().For == F) {
      RowStack.push_back(static_cast<int>(RowRanges.size()) - 1);
      RowPushed = true;
    }
    scan(F->getBody(), Stack);
    if (Pushed) {
      Stack.pop_back();
      if (Around)
        ScopeLoop[L->IV] = *Around;
      else
        ScopeLoop.erase(L->IV);
    }
    if (RowPushed)
      RowStack.pop_back();
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    scan(If->getInit(), Stack);
    scan(If->getConditionVariableDeclStmt(), Stack);
    scan(If->getCond(), Stack);
    size_t Depth = GuardStack.size();
    if (!If->isConsteval() && If->getCond())
      guardsOf(If->getCond(), Stack, GuardStack);
    scan(If->getThen(), Stack);
    GuardStack.resize(Depth);
    scan(If->getElse(), Stack);
    return;
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S)) {
    Access Acc;
    const Expr *E = A;
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      Acc.Indices.insert(Acc.Indices.begin(), Sub->getIdx());
      E = Sub->getBase()->IgnoreParenImpCasts();
    }
    const ValueDecl *V = nullptr;
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      V = D->getDecl();
    else if (const auto *M = dyn_cast<MemberExpr>(E);
             M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      V = M->getMemberDecl();
    if (!V && isa<MemberExpr>(E) && scanMember(A, Stack))
      return;
    // Through a pointer parameter of a followed call: the caller's array.
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V); P && !Frames.empty()) {
      auto It = Frames.back().Pointers.find(P);
      if (It != Frames.back().Pointers.end()) {
        Binding &B = It->second;
        std::vector<const Expr *> Own = Acc.Indices;
        for (const Expr *I : Own)
          Acc.Polys.push_back(toPoly(I));
        compose(B, Acc.Polys, Acc.Indices);
        note(B.Base, B.Ref);
        Acc.Base = B.Base;
        if (B.RefText.empty())
          B.RefText = exprText(B.Ref, Ctx);
        Acc.BaseText = B.RefText;
        Acc.Loops = Stack;
        Acc.Guards = GuardStack;
        Acc.IsWrite = WriteTargets.count(A);
        Acc.Expr = A;
        Acc.Via = Frames.front().Call;
        Accesses.push_back(std::move(Acc));
        for (const Expr *I : Own)
          scan(I, Stack);
        return;
      }
    }
    if (!V) {
      // A subscript of something else (a call, a struct member): scan it
      // all. The dependence test does not see what such a write touches.
      if (WriteTargets.count(A) && OpaqueWrite.empty())
        OpaqueWrite = exprText(A, Ctx);
      for (const Stmt *C : A->children())
        scan(C, Stack);
      return;
    }
    note(V, E);
    Acc.Base = V;
    Acc.BaseText = exprText(E, Ctx);
    Acc.Loops = Stack;
    Acc.Guards = GuardStack;
    Acc.RowLoops = RowStack;
    Acc.IsWrite = WriteTargets.count(A);
    Acc.Expr = A;
    std::vector<const Expr *> Indices = Acc.Indices;
    Accesses.push_back(std::move(Acc));
    for (const Expr *I : Indices)
      scan(I, Stack);
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S);
      CS && Frames.empty() && !Ctx.getLangOpts().CPlusPlus) {
    scanBlock(CS, Stack);
    return;
  }
  // A label: a jump may reach what follows with other values.
  if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
    for (auto &Values : Blocks)
      Values.clear();
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(D->getDecl())) {
      if (Written.count(VD) && VD->getType()->isIntegerType())
        noteWrittenIntegerRef(D, VD);
      note(VD, D);
      if (VD->getType()->isPointerType() || VD->getType()->isArrayType())
        if (!WriteTargets.count(D))
          Escaped.insert(VD);
    }
    return;
  }
  if (const auto *M = dyn_cast<MemberExpr>(S)) {
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())) {
      const ValueDecl *V = M->getMemberDecl();
      if (isa<FieldDecl>(V)) {
        note(V, M);
        if (V->getType()->isPointerType() || V->getType()->isArrayType())
          Escaped.insert(V);
      }
      return;
    }
    if (scanMember(M, Stack))
      return;
  }
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    scan(L->getBody(), Stack);
    return;
  }
  if (const auto *C = dyn_cast<CallExpr>(S); C && FollowedCalls.count(C)) {
    scanCall(C, Stack);
    return;
  }
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
    (void)U; // sizeof(a) reads no element
    return;
  }
  for (const Stmt *C : S->children())
    scan(C, Stack);
}

bool RegionFacts::scanMember(const Expr *S, std::vector<int> &Stack) {
  // S is `m.x`, `p->n` (a member expression) or `m.x[i][j]`, `p->a[i]` (the
  // outermost of subscripts of one).
  std::vector<const Expr *> Indices; // outermost first
  const Expr *E = S;
  while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    Indices.insert(Indices.begin(), Sub->getIdx());
    E = Sub->getBase()->IgnoreParenImpCasts();
  }
  std::optional<MemberPath> P = memberPath(cast<MemberExpr>(E));
  if (!P || (P->Root && Declared.count(P->Root)))
    return false;
  // `this->a.n`: `this` is mapped implicitly, and with it a.n; only a
  // pointer member of a (`this->a.x`) is a path, which cannot be mapped.
  if (!P->Root && !P->Field->getType()->isPointerType())
    return false;
  const ValueDecl *Key = P->Root;
  if (!Key)
    Key = P->ThisMember;
  // The root: named like any variable of the region, but a pointer used
  // only through '->' does not escape.
  if (!Seen.count(Key)) {
    Seen.insert(Key);
    External.push_back(Key);
    Names[Key] = Key->getNameAsString();
  }
  auto [It, Fresh] = Members.try_emplace(Key);
  MemberUses &U = It->second;
  (void)Fresh;
  U.ThroughPointer = P->ThroughPointer;
  if (PointeeWritten.count(Key) || (!P->ThroughPointer && Written.count(Key)))
    U.RootWritten = true;
  if (!P->Why.empty() && U.Why.empty())
    U.Why = P->Why;
  // What the subscripts do: index arrays inside the structure, or follow
  // the member pointer (once; a pointer found after that is a deep copy).
  QualType T = P->Field->getType().getNonReferenceType();
  bool Follows = false;
  for (size_t K = 0; K < Indices.size(); ++K) {
    if (const auto *PT = T->getAs<PointerType>()) {
      if (Follows && U.Why.empty())
        U.Why = "'" + exprText(S, Ctx) + "' follows a pointer found through '" +
                P->Text + "': OpenMP maps one level of pointer members, not "
                "the data behind the pointers they point to (no deep copy)";
      Follows = true;
      T = PT->getPointeeType();
    } else if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      T = AT->getElementType();
    } else {
      break; // an overloaded operator[] of a class member: its storage
    }
  }
  if (P->Field->getType()->isPointerType()) {
    if (!llvm::is_contained(U.Paths, P->Text))
      U.Paths.push_back(P->Text);
    if (Indices.empty()) {
      U.Escaped.insert(P->Text); // m.x as a value
    } else {
      Access Acc;
      Acc.Base = Key;
      Acc.BaseText = P->Text;
      Acc.Path = P->Text;
      Acc.Indices = Indices;
      Acc.Loops = Stack;
    Acc.Guards = GuardStack;
      Acc.IsWrite = WriteTargets.count(S->IgnoreParenImpCasts());
      Acc.Expr = dyn_cast<ArraySubscriptExpr>(S);
      if (Acc.IsWrite) {
        U.Written.insert(P->Text);
        // The dependence test does not follow member pointers (m.x may be
        // the data of any other pointer): a write through one stops it.
        if (OpaqueWrite.empty())
          OpaqueWrite = exprText(S, Ctx);
      }
      MemberAccesses.push_back(Acc);
    }
  } else if (Follows && U.Why.empty()) {
    U.Why = "'" + exprText(S, Ctx) + "' follows pointers stored in '" +
            P->Text + "': OpenMP maps the pointers, not the data they point "
            "to (no deep copy)";
  }
  for (const Expr *I : Indices)
    scan(I, Stack);
  return true;
}

void RegionFacts::guardsOf(const Expr *Cond, const std::vector<int> &Stack,
                           std::vector<Access::Guard> &Out) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B)
    return;
  if (B->getOpcode() == BO_LAnd) {
    guardsOf(B->getLHS(), Stack, Out);
    guardsOf(B->getRHS(), Stack, Out);
    return;
  }
  if (!B->isRelationalOp())
    return;
  // The loop on the stack whose variable E is.
  auto LoopOf = [&](const Expr *E) -> int {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (!DR)
      return -1;
    for (int K : Stack)
      if (Loops[K].IV == dyn_cast<VarDecl>(DR->getDecl()))
        return K;
    return -1;
  };
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *Var = B->getLHS(), *Other = B->getRHS();
  int K = LoopOf(Var);
  if (K < 0) {
    std::swap(Var, Other);
    K = LoopOf(Var);
    // `E > i` is `i < E`.
    Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : BO_LE;
  }
  if (K < 0)
    return;
  std::optional<Poly> E = toPoly(Other);
  if (!E)
    return;
  switch (Op) {
  case BO_LT: Out.push_back({K, true, *E - Poly::constant(1)}); break;
  case BO_LE: Out.push_back({K, true, *E}); break;
  case BO_GT: Out.push_back({K, false, *E + Poly::constant(1)}); break;
  case BO_GE: Out.push_back({K, false, *E}); break;
  default: break;
  }
}

std::optional<Poly> RegionFacts::narrower(const Poly &A, const Poly &B,
                                          bool High) const {
  if (std::optional<Poly> N = High ? Poly::decidedMin(A, B) : Poly::decidedMax(A, B))
    return N;
  auto Value = [&](const Poly &P) -> std::optional<int64_t> {
    std::map<std::string, Poly> With;
    for (const std::string &S : P.symbols()) {
      auto It = MacroValues.find(S);
      if (It == MacroValues.end())
        return std::nullopt;
      With.emplace(S, Poly::constant(It->second));
    }
    return P.substituteAll(With).constantValue();
  };
  std::optional<int64_t> VA = Value(A), VB = Value(B);
  if (!VA || !VB)
    return std::nullopt;
  return (High ? *VA <= *VB : *VA >= *VB) ? A : B;
}

bool RegionFacts::bound(const Access &A, size_t Dim, Poly &Lo, Poly &Hi,
                        std::string &Why) const {
  std::optional<Poly> P = indexPoly(A, Dim);
  if (!P) {
    if (!A.Via && maskedRange(A, strip(A.Indices[Dim]), Lo, Hi))
      return true;
    Why = "the subscript '" + exprText(A.Indices[Dim], Ctx) +
          "' depends on a value computed in the region";
    return false;
  }
  return rangeOver(A, Dim, *P, Lo, Hi, Why);
}

bool RegionFacts::maskedRange(const Access &A, const Expr *E, Poly &Lo, Poly &Hi) const {
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return false;
  auto Constant = [&](const Expr *X) -> std::optional<int64_t> {
    Expr::EvalResult R;
    if (X->isValueDependent() || !X->EvaluateAsInt(R, Ctx) ||
        R.Val.getInt().getSignificantBits() > 62)
      return std::nullopt;
    return R.Val.getInt().getSExtValue();
  };
  // `e & c`, c >= 0: in [0, c] whatever e is (`hist[(int)(x * 7.0f) & 15]`).
  if (B->getOpcode() == BO_And)
    for (const Expr *X : {B->getLHS(), B->getRHS()})
      if (std::optional<int64_t> C = Constant(X); C && *C >= 0) {
        Lo = Poly::constant(0);
        Hi = Poly::constant(*C);
        return true;
      }
  // `e % n`, e never negative, n a constant >= 1: in [0, n - 1] (C's
  // remainder takes the dividend's sign). n may also be an invariant of
  // the region (`a[i % nb]`): then [0, nb - 1], a section of nb elements
  // like any bound the region reads (nb = 0 divides by zero in C).
  if (B->getOpcode() == BO_Rem) {
    std::optional<int64_t> N = Constant(B->getRHS());
    std::optional<Poly> Divisor;
    if (!N) {
      std::optional<Poly> D = toPoly(B->getRHS());
      bool Invariant = D && !D->isConstant();
      if (Invariant)
        for (const std::string &S : D->symbols())
          Invariant &= !S.empty() && S[0] != '@';
      if (!Invariant || !D->terms().front().first.size() || D->terms().size() != 1 ||
          D->terms().front().second != 1)
        return false; // one atom, as written (`nb`, `n[1]`)
      Divisor = D;
    } else if (*N < 1) {
      return false;
    }
    bool NonNeg = B->getLHS()->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType();
    if (!NonNeg) {
      std::optional<Poly> Q = toPoly(B->getLHS());
      Poly QL, QH;
      std::string Why;
      if (Q && rangeOver(A, 0, *Q, QL, QH, Why))
        NonNeg = Poly::geq(QL, Poly::constant(0)).value_or(false);
    }
    if (!NonNeg)
      return false;
    Lo = Poly::constant(0);
    Hi = Divisor ? *Divisor - Poly::constant(1) : Poly::constant(*N - 1);
    return true;
  }
  return false;
}

bool RegionFacts::rangeOver(const Access &A, size_t Dim, const Poly &P, Poly &Lo, Poly &Hi,
                            std::string &Why) const {
  Lo = P;
  Hi = P;
  for (auto It = A.Loops.rbegin(); It != A.Loops.rend(); ++It) {
    // A loop that Lo and Hi do not mention, without a guard, changes
    // nothing (most subscripts name one loop): no copy of its bounds.
    if (!Lo.mentions(Loops[*It].Symbol) && !Hi.mentions(Loops[*It].Symbol) &&
        llvm::none_of(A.Guards, [&](const Access::Guard &G) { return G.Loop == *It; }))
      continue;
    CanonicalLoop L = Loops[*It];
    // A guard around the access narrows the loop's range (the data may
    // end where the guard does); a guard that cannot be ordered with the
    // loop's bound leaves no sound section.
    for (const Access::Guard &G : A.Guards) {
      if (G.Loop != *It)
        continue;
      std::optional<Poly> N = narrower(G.High ? L.Max : L.Min, G.Bound, G.High);
      if (!N) {
        Why = "the subscript '" + exprText(A.Indices[Dim], Ctx) +
              "' is guarded by a bound on '" + L.IV->getNameAsString() +
              "' ('" + G.Bound.str() + "') that cannot be ordered with the "
              "loop's ('" + (G.High ? L.Max : L.Min).str() + "')";
        return false;
      }
      (G.High ? L.Max : L.Min) = *N;
    }
    for (Poly *Q : {&Lo, &Hi}) {
      if (!Q->mentions(L.Symbol))
        continue;
      std::optional<Poly> C = Q->coefficientOf(L.Symbol);
      bool HasIV = false;
      if (C)
        for (const auto &[M, K] : C->terms())
          for (const std::string &S : M)
            HasIV |= !S.empty() && S[0] == '@';
      std::optional<bool> NonNeg =
          (C && !HasIV) ? Poly::geq(*C, Poly::constant(0)) : std::nullopt;
      if (!NonNeg) {
        Why = "the subscript '" + exprText(A.Indices[Dim], Ctx) +
              "' is not affine in the loop variables";
        return false;
      }
      bool WantMin = Q == &Lo;
      *Q = Q->substitute(L.Symbol, (WantMin == *NonNeg) ? L.Min : L.Max);
    }
  }
  for (const Poly *Q : {&Lo, &Hi})
    for (const auto &[M, K] : Q->terms())
      for (const std::string &S : M)
        if (!S.empty() && S[0] == '@') {
          Why = "the subscript '" + exprText(A.Indices[Dim], Ctx) +
                "' uses a loop variable whose bounds are unknown";
          return false;
        }
  return true;
}

std::string RegionFacts::outOfRowWhy(const Access &A) const {
  QualType T = A.Base->getType().getNonReferenceType();
  for (size_t D = 0; D < A.Indices.size(); ++D) {
    std::optional<int64_t> Extent;
    if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      if (const auto *C = dyn_cast<ConstantArrayType>(AT))
        Extent = C->getSize().getSExtValue();
      T = AT->getElementType();
    } else if (const auto *P = T->getAs<PointerType>()) {
      T = P->getPointeeType();
    } else {
      return "";
    }
    if (D == 0)
      continue; // the first dimension has no row to leave
    Poly Lo, Hi;
    std::string Why;
    if (!bound(A, D, Lo, Hi, Why))
      continue;
    std::optional<bool> NonNeg = Poly::geq(Lo, Poly::constant(0));
    std::optional<bool> Fits =
        Extent ? Poly::geq(Poly::constant(*Extent - 1), Hi) : std::optional<bool>(true);
    if ((NonNeg && !*NonNeg) || (Fits && !*Fits))
      return "the subscript '" + exprText(A.Indices[D], Ctx) + "' of '" + nameOf(A.Base) +
             "' reaches " + ((NonNeg && !*NonNeg) ? Lo.str() : Hi.str()) +
             ", outside its dimension" + (Extent ? " [0, " + std::to_string(*Extent - 1) + "]" : "") +
             ": an element of another row, which the dependence test does not follow";
  }
  return "";
}

bool RegionFacts::indexedThroughPointers(const ValueDecl *V) const {
  unsigned Depth = 0;
  for (const Access &A : Accesses)
    if (A.Base == V)
      Depth = std::max<unsigned>(Depth, A.Indices.size());
  QualType ET = V->getType().getNonReferenceType();
  for (unsigned K = 0; K + 1 < Depth; ++K) {
    if (const auto *P = ET->getAs<PointerType>())
      ET = P->getPointeeType();
    else if (const ArrayType *A = Ctx.getAsArrayType(ET))
      ET = A->getElementType();
    else
      return false;
    if (ET->isPointerType())
      return true;
  }
  return false;
}

SectionResult RegionFacts::inferSection(const ValueDecl *V) const {
  std::string Name = nameOf(V);
  if (Escaped.count(V))
    return {"", "'" + Name +
                    "' is used other than through subscripts (passed to a "
                    "function, offset or its address taken)"};
  std::vector<const Access *> Accs;
  for (const Access &A : Accesses)
    if (A.Base == V)
      Accs.push_back(&A);
  return sectionOf(Name, Accs);
}

SectionResult RegionFacts::inferMemberSection(const std::string &Path) const {
  for (const auto &[V, U] : Members)
    if (U.Escaped.count(Path))
      return {"", "'" + Path +
                      "' is used other than through subscripts (passed to a "
                      "function, offset or compared)"};
  std::vector<const Access *> Accs;
  for (const Access &A : MemberAccesses)
    if (A.Path == Path)
      Accs.push_back(&A);
  return sectionOf(Path, Accs);
}

SectionResult RegionFacts::sectionOf(const std::string &Name,
                                     const std::vector<const Access *> &Accs) const {
  std::optional<Poly> Lo, Hi;
  for (const Access *A : Accs) {
    Poly L, H;
    std::string Why;
    if (!bound(*A, 0, L, H, Why))
      return {"", Why};
    if (!Lo) {
      Lo = L;
      Hi = H;
      continue;
    }
    std::optional<std::pair<Poly, Poly>> U = unionRange(*Lo, *Hi, L, H);
    if (!U)
      return {"", "the accesses to '" + Name +
                      "' have bounds that cannot be ordered ('" + L.str() +
                      "' vs '" + Lo->str() + "')"};
    Lo = U->first;
    Hi = U->second;
  }
  if (!Lo)
    return {"", "'" + Name + "' is never subscripted in the region"};
  SectionResult R{sectionText(Name, *Lo, *Hi), ""};
  R.Base = Name;
  R.Lo = Lo;
  R.Hi = Hi;
  return R;
}

std::optional<std::pair<Poly, Poly>> unionRange(const Poly &Lo1, const Poly &Hi1,
                                                const Poly &Lo2, const Poly &Hi2) {
  // The lower of the lows and the higher of the highs; each comparison must
  // be decided one way or the other.
  std::optional<Poly> Lo = Poly::decidedMin(Lo1, Lo2);
  std::optional<Poly> Hi = Poly::decidedMax(Hi1, Hi2);
  if (!Lo || !Hi)
    return std::nullopt;
  return std::make_pair(*Lo, *Hi);
}

std::optional<std::optional<std::pair<Poly, Poly>>>
intersectRange(const Poly &Lo1, const Poly &Hi1, const Poly &Lo2, const Poly &Hi2) {
  std::optional<Poly> Lo = Poly::decidedMax(Lo1, Lo2);
  std::optional<Poly> Hi = Poly::decidedMin(Hi1, Hi2);
  if (!Lo || !Hi)
    return std::nullopt;
  std::optional<bool> NonEmpty = Poly::geq(*Hi, *Lo);
  if (!NonEmpty)
    return std::nullopt;
  if (!*NonEmpty)
    return std::optional<std::pair<Poly, Poly>>();
  return std::optional<std::pair<Poly, Poly>>(std::make_pair(*Lo, *Hi));
}

std::string lengthText(const Poly &Len) {
  if (std::optional<int64_t> C = Len.constantValue())
    return std::to_string(*C > 0 ? *C : 0);
  Poly Pos, Neg;
  for (const auto &[M, C] : Len.terms()) {
    Poly T = Poly::constant(C > 0 ? C : -C);
    for (Sym S : M)
      T = T * Poly::symbol(S);
    (C > 0 ? Pos : Neg) = (C > 0 ? Pos : Neg) + T;
  }
  // No negative term: the length is >= 0 whenever the counts it reads are
  // (the loop's own bound, as written).
  if (Neg.terms().empty())
    return Len.str();
  // A loop inverted by more than one (i from 1 while i < n - 1, n = 0) runs
  // no iteration, and its section must then be empty, not of negative
  // length (libomptarget aborts). Compared without the subtraction, so that
  // an unsigned count is right too; a product, since clang 19 crashes on a
  // conditional expression in a target data region's map.
  return "(" + Pos.str() + " > " + Neg.str() + ") * (" + Len.str() + ")";
}

std::string sectionText(const std::string &Base, const Poly &Lo, const Poly &Hi) {
  Poly Len = Hi - Lo + Poly::constant(1);
  return Base + "[" + Lo.str() + ":" + lengthText(Len) + "]";
}

} // namespace ompm
