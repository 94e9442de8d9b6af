//===- ScratchWrites.cpp - What code writes, and what keeps one value -----===//
#include "Facts/ScratchWrites.h"
#include "Analysis/AstQueries.h"
#include "Facts/Regions.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <map>

using namespace clang;

namespace ompm {
namespace {

/// The variable an lvalue's storage belongs to: `a[i][j]` and `a` give a;
/// `*p`, `p[i]` give p (a pointer: the storage is elsewhere, Through set).
const VarDecl *storageOf(const Expr *E, bool &Through) {
  Through = false;
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = AS->getBase()->IgnoreParenImpCasts();
      if (!B->getType()->isArrayType() && !isa<ArraySubscriptExpr>(B) &&
          !(isa<DeclRefExpr>(B) && cast<DeclRefExpr>(B)->getDecl()->getType()->isArrayType()))
        Through = true;
      E = B;
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      Through = true;
      E = U->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      Through |= M->isArrow();
      E = M->getBase()->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  return refVar(E);
}


void collectWrites(const Stmt *S, const FunctionDecl *Self,
                   const std::map<const ParmVarDecl *, const VarDecl *> &Params, ScratchWrites &W,
                   std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return;
  if (const Expr *T = writtenLValue(S)) {
    bool Through = false;
    const VarDecl *V = storageOf(T, Through);
    if (!V) {
      W.Unknown = true;
    } else if (Through || (isa<UnaryOperator>(S) &&
                           cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf &&
                           V->getType()->isPointerType())) {
      // Through a pointer: a parameter bound to a named array writes it.
      const auto *P = dyn_cast<ParmVarDecl>(V);
      auto It = P ? Params.find(P) : Params.end();
      if (It != Params.end() && It->second)
        W.Vars.insert(It->second);
      else
        W.Unknown = true;
    } else {
      W.Vars.insert(V);
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def) {
      if (Def->getCanonicalDecl() == Self->getCanonicalDecl())
        W.CallsFn = true;
      W.Reached.insert(Def->getCanonicalDecl());
      // Its pointer parameters, bound to what the call passes when that
      // is a named array (`dtemp`, `&a[0]`): their writes are its writes.
      std::map<const ParmVarDecl *, const VarDecl *> Bound;
      for (unsigned I = 0; I < C->getNumArgs() && I < Def->getNumParams(); ++I) {
        const ParmVarDecl *P = Def->getParamDecl(I);
        if (!P->getType()->isPointerType())
          continue;
        const Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
        if (const auto *U = dyn_cast<UnaryOperator>(Arg); U && U->getOpcode() == UO_AddrOf)
          Arg = U->getSubExpr()->IgnoreParenImpCasts();
        while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Arg))
          Arg = AS->getBase()->IgnoreParenImpCasts();
        const VarDecl *V = refVar(Arg);
        if (V && V->getType()->isArrayType())
          Bound[P] = V;
        else if (const auto *PP = dyn_cast_or_null<ParmVarDecl>(V); PP && Params.count(PP))
          Bound[P] = Params.at(PP);
        else
          Bound[P] = nullptr;
      }
      if (Seen.insert(Def).second || !Bound.empty())
        collectWrites(Def->getBody(), Self, Bound, W, Seen);
    } else if (!FD || !isPureFunction(FD->getName())) {
      W.Unknown = true;
    }
  }
  for (const Stmt *C : S->children())
    collectWrites(C, Self, Params, W, Seen);
}

} // namespace

ScratchWrites writesOf(const Stmt *S, const FunctionDecl *Self) {
  ScratchWrites W;
  std::set<const FunctionDecl *> Seen;
  collectWrites(S, Self, {}, W, Seen);
  return W;
}

namespace {

/// Whether a call in S may run Fn: a function of the file whose body may,
/// an indirect call, or a function the file does not define when Fn can
/// be called from elsewhere (external linkage, or its address taken).
bool mayReach(const Stmt *S, const FunctionDecl *Fn, bool Escapes,
              std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD)
      return true;
    if (FD->getCanonicalDecl() == Fn->getCanonicalDecl())
      return true;
    if (FD->hasBody(Def) && Def) {
      if (Seen.insert(Def).second && mayReach(Def->getBody(), Fn, Escapes, Seen))
        return true;
    } else if (Escapes && !isPureFunction(FD->getName())) {
      // A C library function calls back only through a function pointer
      // it is given (qsort, atexit).
      bool Callback = !inSystemHeader(FD);
      for (const Expr *Arg : C->arguments()) {
        QualType T = Arg->IgnoreParenImpCasts()->getType();
        Callback |= T->isFunctionPointerType() || T->isFunctionType();
      }
      if (Callback)
        return true;
    }
  }
  for (const Stmt *X : S->children())
    if (mayReach(X, Fn, Escapes, Seen))
      return true;
  return false;
}

} // namespace

bool fixedForProgram(const VarDecl *V, const FunctionDecl *Fn, ASTContext &Ctx) {
  if (V->getType().isConstQualified() && V->hasInit())
    return true;
  // A variable of this file alone (static, at file scope) ...
  if (!V->hasGlobalStorage() || V->isStaticLocal() || V->getStorageClass() != SC_Static ||
      !V->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
      V->getType().isVolatileQualified())
    return false;
  const FunctionDecl *Main = nullptr;
  bool Escapes = Fn->isExternallyVisible();
  std::vector<std::pair<const FunctionDecl *, const Stmt *>> Writes;
  bool Ok = true;
  // `fscanf(fp, "%d", &grid_points[0])`: a C library function that writes
  // through its arguments during the call and keeps no pointer: a write at
  // the call.
  auto WritesDuringCall = [](const CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    return FD && inSystemHeader(FD) &&
           llvm::is_contained({"scanf", "fscanf", "sscanf", "fread", "fgets", "memcpy",
                               "memmove", "memset", "strcpy", "strncpy", "sprintf",
                               "snprintf"},
                              FD->getName());
  };
  auto ArgNames = [&](const Expr *Arg) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    return subscriptedVar(E) == V;
  };
  std::function<void(const Stmt *, const FunctionDecl *)> Walk = [&](const Stmt *S,
                                                                    const FunctionDecl *In) {
    if (!S || !Ok)
      return;
    if (const auto *C = dyn_cast<CallExpr>(S); C && WritesDuringCall(C)) {
      for (const Expr *Arg : C->arguments()) {
        if (ArgNames(Arg))
          Writes.push_back({In, C});
        else
          Walk(Arg, In);
      }
      return;
    }
    if (const Expr *T = writtenLValue(S)) {
      bool Through = false;
      if (storageOf(T, Through) == V) {
        if (Through || (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf))
          Ok = false; // its address taken: written who knows where
        Writes.push_back({In, S});
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf)
      if (const auto *D = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
          D && D->getDecl() == Fn)
        Escapes = true;
    for (const Stmt *C : S->children())
      Walk(C, In);
  };
  // An array used other than through subscripts escapes.
  std::function<bool(const Stmt *)> ArrayEscapes = [&](const Stmt *S) -> bool {
    if (!S)
      return false;
    if (const auto *C = dyn_cast<CallExpr>(S); C && WritesDuringCall(C)) {
      for (const Expr *Arg : C->arguments())
        if (!ArgNames(Arg) && ArrayEscapes(Arg))
          return true;
      return false;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      llvm::SmallVector<const Expr *, 4> Idx;
      if (refVar(subscriptChain(AS, Idx)) == V) {
        for (const Expr *I : Idx)
          if (ArrayEscapes(I))
            return true;
        return false;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V)
      return V->getType()->isArrayType();
    for (const Stmt *C : S->children())
      if (ArrayEscapes(C))
        return true;
    return false;
  };
  forEachCode(Ctx, [&](const Stmt *Code, const FunctionDecl *In) {
    if (In && In->isMain())
      Main = In;
    Walk(Code, In);
    Ok &= !ArrayEscapes(Code);
  });
  if (!Ok)
    return false;
  if (Writes.empty())
    return true;
  // ... written only by main's own statements, all before the first of
  // them that may run the function (NPB: grid_points set from the problem
  // size at the top of main): every run of the loop sees one value.
  if (!Main || Main == Fn)
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Main->getBody());
  if (!Body)
    return false;
  auto Within = [](const Stmt *X, const Stmt *Root) {
    std::function<bool(const Stmt *)> F = [&](const Stmt *S) {
      if (S == X)
        return true;
      for (const Stmt *C : S->children())
        if (C && F(C))
          return true;
      return false;
    };
    return F(Root);
  };
  size_t Done = 0;
  for (const Stmt *Top : Body->body()) {
    size_t Here = 0;
    for (const auto &[In, W] : Writes)
      if (In == Main && Within(W, Top))
        ++Here;
    std::set<const FunctionDecl *> Seen;
    if (mayReach(Top, Fn, Escapes, Seen))
      return false; // a write after it, or in the same statement
    Done += Here;
    if (Done == Writes.size())
      return true;
  }
  return false;
}

} // namespace ompm
