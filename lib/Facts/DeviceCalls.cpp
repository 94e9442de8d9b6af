//===- DeviceCalls.cpp - Whether the functions a loop calls can run on a GPU ===//
#include "Facts/DeviceCalls.h"
#include "Analysis/AstQueries.h"
#include "Facts/Regions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <set>

using namespace clang;

namespace ompm {

/// Why F, a function the loop calls, cannot run on the device; empty when
/// it can (a pure function of the C library declared in a system header,
/// or a function of the file that only computes a value from scalars:
/// scalar parameters, only its own variables, calls only to such
/// functions, no recursion; with Follow, also pointers to arithmetic
/// elements that it only subscripts or passes on), and then the file's
/// functions it needs are added to Needed. A global it reads is refused,
/// except with Globals (and Follow): then a global it only reads, as a
/// scalar or through subscripts that reach an element, is added to Globals.
/// Such a global becomes `declare target link`: the device reads the copy
/// that the kernel running the function maps, as for any variable. (With
/// `declare target` alone the device function would read a copy of its
/// own, which clang 19 cannot update from the host when the variable is
/// static: `target update` and `map(always, to:)` of a static declare
/// target variable say "not externally visible", or copy nothing; checked
/// on the CPU stand-in.)
/// "passes 'p' of 'g' something other than ..." for the first pointer
/// argument of C (a call of G) that pointerArgument does not take; "" if
/// none.
static std::string pointerArgumentsWhy(const CallExpr *C, const FunctionDecl *G) {
  for (unsigned I = 0; I < C->getNumArgs() && I < G->getNumParams(); ++I)
    if (!G->getParamDecl(I)->getType()->isArithmeticType() &&
        !pointerArgument(C->getArg(I), G->getParamDecl(I)).Root)
      return "passes '" + G->getParamDecl(I)->getNameAsString() + "' of '" +
             G->getNameAsString() +
             "' something other than a variable, a row or an element's address";
  return "";
}

/// The variable at the root of E, an assignment's target or an operand
/// of & (through subscripts, parentheses and casts); null if none.
static const VarDecl *rootVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    E = Sub->getBase()->IgnoreParenImpCasts();
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

/// A variable that is not the function's own: not a local, not a
/// parameter.
static bool isGlobal(const VarDecl *V) { return V && !V->hasLocalStorage(); }

static std::string deviceWhy(const FunctionDecl *F, const SourceManager &SM,
                      std::vector<const FunctionDecl *> &Needed,
                      std::set<const FunctionDecl *> &Visiting, bool Follow,
                      std::vector<const VarDecl *> *Globals) {
  std::string Name = "'" + F->getNameAsString() + "'";
  if (SM.isInSystemHeader(F->getLocation()))
    return isPureFunction(F->getQualifiedNameAsString())
               ? ""
               : Name + ", which is not a pure function of the C library";
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
    return Name + ", whose definition is not in the file";
  if (Visiting.count(Def->getCanonicalDecl()))
    return Name + ", which is recursive";
  if (llvm::is_contained(Needed, Def))
    return "";
  if (Def->isVariadic() || Def->isTemplated() || isa<CXXMethodDecl>(Def) ||
      !(Def->getReturnType()->isVoidType() || Def->getReturnType()->isArithmeticType()))
    return Name + ", which does not compute a scalar value from scalars";
  for (const ParmVarDecl *P : Def->parameters())
    if (!P->getType()->isArithmeticType() && !(Follow && followedPointerParam(P)))
      return Name + ", which takes '" + P->getNameAsString() +
             "' that is not a scalar (what it reaches is not followed)";
  Visiting.insert(Def->getCanonicalDecl());
  std::string Why;
  // A pointer parameter: the root of subscripts that reach one element, or
  // passed on as a call's pointer argument (the call's own check).
  auto IsPointerParam = [&](const Decl *D) {
    const auto *P = dyn_cast<ParmVarDecl>(D);
    return P && !P->getType()->isArithmeticType() && llvm::is_contained(Def->parameters(), P);
  };
  // With Globals: a global it reads, kept (or why not); one it writes,
  // refused (below).
  auto Global = [&](const VarDecl *V) {
    if (std::string W = deviceGlobalWhy(V, SM); !W.empty()) {
      Why = Name + ", which uses '" + V->getNameAsString() + "', " + W;
      return;
    }
    if (!llvm::is_contained(*Globals, V->getCanonicalDecl()))
      Globals->push_back(V->getCanonicalDecl());
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (Globals) {
      const Expr *Target = writtenLValue(S);
      if (const VarDecl *V = Target ? rootVar(Target) : nullptr; isGlobal(V)) {
        Why = Name + ", which " +
              (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf
                   ? "takes the address of '"
                   : "writes '") +
              V->getNameAsString() + "', not a variable of its own";
        return;
      }
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); isGlobal(V)) {
        if (Globals && V->getType()->isArithmeticType())
          Global(V);
        else
          Why = Name + ", which uses '" + V->getNameAsString() + "', not a variable of its own" +
                (Globals ? " (a global array is read only through subscripts that "
                           "reach an element)"
                         : "");
      } else if (IsPointerParam(DR->getDecl()))
        Why = Name + ", which uses its pointer '" + DR->getDecl()->getNameAsString() +
              "' other than through subscripts";
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(S);
               A && A->getType()->isArithmeticType()) {
      const Expr *E = A;
      std::vector<const Expr *> Indices;
      while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
        Indices.push_back(Sub->getIdx());
        E = Sub->getBase()->IgnoreParenImpCasts();
      }
      const auto *Root = dyn_cast<DeclRefExpr>(E);
      if (Root && IsPointerParam(Root->getDecl())) {
        for (const Expr *I : Indices)
          Walk(I);
        return;
      }
      if (const auto *V = Root ? dyn_cast<VarDecl>(Root->getDecl()) : nullptr;
          Globals && isGlobal(V) && V->getType()->isArrayType()) {
        Global(V);
        for (const Expr *I : Indices)
          Walk(I);
        return;
      }
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = C->getDirectCallee();
      if (!G) {
        Why = Name + ", which calls through a pointer";
      } else if (std::string W = deviceWhy(G, SM, Needed, Visiting, Follow, Globals);
                 !W.empty()) {
        Why = Name + ", which calls " + W;
      } else if (Follow) {
        // Its pointer arguments: what the caller's facts can follow.
        if (std::string W = pointerArgumentsWhy(C, G); !W.empty()) {
          Why = Name + ", which " + W;
          return;
        }
        for (unsigned I = 0; I < C->getNumArgs() && I < G->getNumParams() && Why.empty(); ++I) {
          if (G->getParamDecl(I)->getType()->isArithmeticType()) {
            Walk(C->getArg(I));
            continue;
          }
          PointerArgument PA = pointerArgument(C->getArg(I), G->getParamDecl(I));
          if (!IsPointerParam(PA.Root->getDecl()))
            Walk(PA.Root);
          for (const Expr *X : PA.Indices)
            Walk(X);
        }
        return;
      }
    } else if (isa<CXXThrowExpr>(S) || isa<AsmStmt>(S) || isa<CXXNewExpr>(S) ||
               isa<CXXDeleteExpr>(S)) {
      Why = Name + ", which throws, allocates or has assembly";
    } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && V->isStaticLocal())
          Why = Name + ", which has a static variable";
    }
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(Def->getBody());
  Visiting.erase(Def->getCanonicalDecl());
  if (Why.empty())
    Needed.push_back(Def);
  return Why;
}

/// Why the loop's calls keep it on the host; empty if every callee can run
/// on the device (the file's functions among them in Needed).
std::string callsWhy(const Stmt *S, const SourceManager &SM,
                     std::vector<const FunctionDecl *> &Needed, bool FollowPointers,
                     std::vector<const VarDecl *> *Globals) {
  if (!S)
    return "";
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return "the loop calls through a pointer";
    std::set<const FunctionDecl *> Visiting;
    if (std::string W = deviceWhy(F, SM, Needed, Visiting, FollowPointers,
                                  FollowPointers ? Globals : nullptr);
        !W.empty())
      return "the loop calls " + W;
    if (FollowPointers && !SM.isInSystemHeader(F->getLocation()))
      if (std::string W = pointerArgumentsWhy(C, F); !W.empty())
        return "the loop " + W;
  }
  for (const Stmt *Ch : S->children())
    if (std::string W = callsWhy(Ch, SM, Needed, FollowPointers, Globals); !W.empty())
      return W;
  return "";
}

std::string deviceGlobalWhy(const VarDecl *V, const SourceManager &SM) {
  if (!V->isFileVarDecl() || V->isStaticDataMember())
    return "not a variable of its own nor of the file";
  if (SM.isInSystemHeader(SM.getExpansionLoc(V->getLocation())))
    return "a global of a system header";
  QualType T = V->getType();
  ASTContext &Ctx = V->getASTContext();
  while (const ArrayType *A = Ctx.getAsArrayType(T)) {
    if (!isa<ConstantArrayType>(A))
      return "a global array of unknown size";
    T = A->getElementType();
  }
  if (!T->isArithmeticType() || T.isVolatileQualified() || V->getType().isVolatileQualified())
    return "a global that is not of arithmetic elements, or volatile";
  if (V->getTLSKind() != VarDecl::TLS_None || V->hasAttr<OMPThreadPrivateDeclAttr>())
    return "a thread-local global";
  for (const VarDecl *R : V->redecls())
    if (R->hasAttr<OMPDeclareTargetDeclAttr>())
      return "a global already declare target";
  if (V->getFormalLinkage() != Linkage::Internal) {
    const VarDecl *Def = V->getDefinition();
    if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return "a global defined in another file (its definition would not be declare target)";
  }
  return "";
}

bool usesGlobals(const FunctionDecl *F) {
  std::set<const FunctionDecl *> Seen;
  std::function<bool(const Stmt *)> Walk = [&](const Stmt *S) -> bool {
    if (!S)
      return false;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (isGlobal(dyn_cast<VarDecl>(DR->getDecl())))
        return true;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *G = C->getDirectCallee())
        if (const FunctionDecl *Def = G->getDefinition();
            Def && !Def->getASTContext().getSourceManager().isInSystemHeader(
                       Def->getLocation()) &&
            Seen.insert(Def).second && Walk(Def->getBody()))
          return true;
    for (const Stmt *Ch : S->children())
      if (Walk(Ch))
        return true;
    return false;
  };
  const FunctionDecl *Def = F->getDefinition();
  return Def && Seen.insert(Def).second && Walk(Def->getBody());
}

bool followedPointerParam(const ParmVarDecl *P) {
  QualType T = P->getType();
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return false;
  QualType E = PT->getPointeeType();
  while (const ArrayType *A = P->getASTContext().getAsArrayType(E)) {
    if (!isa<ConstantArrayType>(A))
      return false;
    E = A->getElementType();
  }
  return E->isArithmeticType() && !E.isVolatileQualified();
}

PointerArgument pointerArgument(const Expr *Arg, const ParmVarDecl *P) {
  PointerArgument R;
  if (!followedPointerParam(P))
    return R;
  ASTContext &Ctx = P->getASTContext();
  const Expr *E = Arg->IgnoreParenImpCasts();
  bool Address = false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
    E = U->getSubExpr()->IgnoreParens();
    Address = true;
    if (!isa<ArraySubscriptExpr>(E))
      return R; // &x: a scalar's address
  }
  // The elements the argument reaches: of its type, pointer or array.
  QualType T = E->getType();
  QualType Elem;
  if (Address)
    Elem = T;
  else if (const ArrayType *A = Ctx.getAsArrayType(T))
    Elem = A->getElementType();
  else if (const auto *PT = T->getAs<PointerType>())
    Elem = PT->getPointeeType();
  else
    return R;
  if (!Ctx.hasSameUnqualifiedType(Elem, P->getType()->getPointeeType()))
    return R;
  std::vector<const Expr *> Indices;
  while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    // Each step within one array: not through a pointer loaded from memory
    // (`double *rows[N]; rows[i]`), except the root's own pointer.
    const Expr *B = Sub->getBase()->IgnoreParenImpCasts();
    if (B->getType()->isPointerType() && !isa<DeclRefExpr>(B))
      return R;
    Indices.insert(Indices.begin(), Sub->getIdx());
    E = B;
  }
  const auto *Root = dyn_cast<DeclRefExpr>(E);
  if (!Root || !isa<VarDecl>(Root->getDecl()))
    return R;
  // A pointer variable subscripted to a row is a pointer to pointers.
  if (!Indices.empty() && Root->getType()->isPointerType() &&
      Root->getType()->getPointeeType()->isPointerType())
    return R;
  R.Root = Root;
  R.Indices = std::move(Indices);
  R.Join = Address || R.Indices.empty();
  return R;
}

std::vector<unsigned> writtenPointerParams(const FunctionDecl *F) {
  std::vector<unsigned> Out;
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->getBody())
    return Out;
  auto ParamIndex = [&](const Expr *E) -> int {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      E = Sub->getBase()->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      for (unsigned I = 0; I < Def->getNumParams(); ++I)
        if (Def->getParamDecl(I) == D->getDecl())
          return static_cast<int>(I);
    return -1;
  };
  std::set<unsigned> Written;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    const Expr *Target = nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Target = B->getLHS();
    else if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
      Target = U->getSubExpr();
    if (Target && isa<ArraySubscriptExpr>(Target->IgnoreParenImpCasts()))
      if (int I = ParamIndex(Target); I >= 0)
        Written.insert(static_cast<unsigned>(I));
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *G = C->getDirectCallee(); G && G->getDefinition() &&
                                                          G->getDefinition() != Def)
        for (unsigned J : writtenPointerParams(G))
          if (J < C->getNumArgs())
            if (int I = ParamIndex(C->getArg(J)); I >= 0)
              Written.insert(static_cast<unsigned>(I));
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(Def->getBody());
  Out.assign(Written.begin(), Written.end());
  return Out;
}

} // namespace ompm
