//===- AllocationSizes.cpp - Element counts of allocations -----------------===//
#include "Facts/AllocationSizes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <functional>

using namespace clang;

namespace ompm {

namespace {

bool isSizeofOf(const Expr *E, QualType Elem, const ASTContext &Ctx) {
  const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
  return U && U->getKind() == UETT_SizeOf &&
         Ctx.hasSameType(U->getTypeOfArgument().getCanonicalType().getUnqualifiedType(), Elem);
}

/// The expression of Source that counts elements (for malloc, the byte
/// count whose sizeof factor allocatedCount removes), or null.
const Expr *countExpression(const Expr *Source) {
  const Expr *E = Source->IgnoreParenCasts();
  if (const auto *N = dyn_cast<CXXNewExpr>(E))
    return N->isArray() && N->getArraySize() ? *N->getArraySize() : nullptr;
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getName() == "malloc" && C->getNumArgs() == 1)
      return C->getArg(0);
    if (F && F->getName() == "calloc" && C->getNumArgs() == 2)
      return C->getArg(0);
  }
  return nullptr;
}

/// How Fn's body uses the variable W: the statements that write it (an
/// assignment of any operator, ++ or --), and whether any use is neither
/// such a write nor a read of its value (its address taken, a reference
/// bound to it).
struct Uses {
  std::vector<const Stmt *> Writes;
  bool Other = false;
};

Uses usesOf(const VarDecl *W, const Stmt *Body, const ParentMap &PM) {
  Uses U;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == W) {
      const Stmt *P = PM.getParentIgnoreParens(DR);
      if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
          IC && (IC->getCastKind() == CK_LValueToRValue ||
                 IC->getCastKind() == CK_ArrayToPointerDecay))
        return;
      if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
          B && B->isAssignmentOp() && B->getLHS()->IgnoreParens() == DR) {
        U.Writes.push_back(B);
        return;
      }
      if (const auto *Un = dyn_cast_or_null<UnaryOperator>(P);
          Un && Un->isIncrementDecrementOp()) {
        U.Writes.push_back(Un);
        return;
      }
      if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
        return; // sizeof: not evaluated
      U.Other = true;
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return U;
}

bool insideLoop(const Stmt *S, const ParentMap &PM) {
  for (const Stmt *P = PM.getParent(S); P; P = PM.getParent(P))
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P))
      return true;
  return false;
}

bool hasGotoOrLabel(const Stmt *S) {
  if (!S)
    return false;
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasGotoOrLabel(C))
      return true;
  return false;
}

/// The statement of Body that declares V (its DeclStmt), or null.
const Stmt *declaringStmt(const VarDecl *V, const Stmt *Body) {
  if (!Body)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(Body))
    for (const Decl *D : DS->decls())
      if (D == V)
        return DS;
  for (const Stmt *C : Body->children())
    if (const Stmt *Found = declaringStmt(V, C))
      return Found;
  return nullptr;
}

} // namespace

std::optional<Poly> allocatedCount(const Expr *Source, QualType Elem, const RegionFacts &LF) {
  const ASTContext &Ctx = LF.context();
  Elem = Elem.getCanonicalType().getUnqualifiedType();
  const Expr *Count = countExpression(Source);
  if (!Count)
    return std::nullopt;
  const Expr *E = Source->IgnoreParenCasts();
  if (const auto *N = dyn_cast<CXXNewExpr>(E))
    return Ctx.hasSameType(N->getAllocatedType().getCanonicalType().getUnqualifiedType(), Elem)
               ? LF.toPoly(Count)
               : std::nullopt;
  const auto *C = cast<CallExpr>(E);
  if (C->getNumArgs() == 2) // calloc(K, sizeof(T))
    return isSizeofOf(C->getArg(1), Elem, Ctx) ? LF.toPoly(Count) : std::nullopt;
  // malloc(a * b * sizeof(T) * c): the factors other than sizeof(T).
  std::vector<const Expr *> Factors;
  std::function<void(const Expr *)> Flatten = [&](const Expr *X) {
    X = X->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<BinaryOperator>(X); M && M->getOpcode() == BO_Mul) {
      Flatten(M->getLHS());
      Flatten(M->getRHS());
      return;
    }
    Factors.push_back(X);
  };
  Flatten(Count);
  auto It = llvm::find_if(Factors, [&](const Expr *X) { return isSizeofOf(X, Elem, Ctx); });
  if (It == Factors.end())
    return std::nullopt;
  Factors.erase(It);
  Poly Product = Poly::constant(1);
  for (const Expr *X : Factors) {
    std::optional<Poly> P = LF.toPoly(X);
    if (!P)
      return std::nullopt;
    Product = Product * *P;
  }
  return Product;
}

std::optional<Poly> fixedAllocationLength(const VarDecl *V, const FunctionDecl *Fn,
                                          const Stmt *L, const RegionFacts &LF,
                                          std::string &Why) {
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || V->isStaticLocal() ||
      !V->getType()->isPointerType() || V->getType().isVolatileQualified() ||
      V->getDeclContext() != Fn) {
    Why = "it is no automatic pointer of the function";
    return std::nullopt;
  }
  ParentMap PM(const_cast<Stmt *>(Body));
  const SourceManager &SM = LF.context().getSourceManager();
  // V's one definition.
  Uses VU = usesOf(V, Body, PM);
  const Expr *Source = nullptr;
  if (VU.Other) {
    Why = "its address is taken";
    return std::nullopt;
  }
  if (V->getInit() && VU.Writes.empty())
    Source = V->getInit();
  else if (!V->getInit() && VU.Writes.size() == 1)
    if (const auto *B = dyn_cast<BinaryOperator>(VU.Writes.front());
        B && B->getOpcode() == BO_Assign)
      Source = B->getRHS();
  if (!Source) {
    Why = "it is assigned more than once";
    return std::nullopt;
  }
  const Expr *Count = countExpression(Source);
  if (!Count) {
    Why = "its one definition is no allocation";
    return std::nullopt;
  }
  if (hasGotoOrLabel(Body)) {
    Why = "the function has a goto";
    return std::nullopt;
  }
  // What the count reads keeps its value from the allocation on.
  SourceLocation AllocAt = SM.getExpansionLoc(Source->getBeginLoc());
  std::string Bad;
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    if (!S || !Bad.empty() || isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (isa<CallExpr>(S) || isa<CXXNewExpr>(S)) {
      Bad = "its size calls a function";
      return;
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (isa<EnumConstantDecl>(DR->getDecl()))
        return;
      const auto *W = dyn_cast<VarDecl>(DR->getDecl());
      std::string Name = "'" + DR->getDecl()->getNameAsString() + "'";
      if (!W || !W->hasLocalStorage() || W->isStaticLocal() ||
          W->getType().isVolatileQualified() || W->getType()->isReferenceType() ||
          W->getDeclContext() != Fn) {
        Bad = "its size reads " + Name + ", which is not a local of the function";
        return;
      }
      Uses WU = usesOf(W, Body, PM);
      if (WU.Other) {
        Bad = "its size reads " + Name + ", whose address is taken";
        return;
      }
      std::vector<const Stmt *> Writes = WU.Writes;
      if (W->getInit())
        if (const Stmt *DS = declaringStmt(W, Body))
          Writes.push_back(DS);
      if (Writes.size() > 1) {
        Bad = "its size reads " + Name + ", which is written more than once";
        return;
      }
      for (const Stmt *Wr : Writes)
        if (insideLoop(Wr, PM) ||
            !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Wr->getEndLoc()), AllocAt)) {
          Bad = "its size reads " + Name +
                ", which is written inside a loop or after the allocation";
          return;
        }
      return;
    }
    for (const Stmt *C : S->children())
      Check(C);
  };
  Check(Count);
  if (!Bad.empty()) {
    Why = Bad;
    return std::nullopt;
  }
  SourceRange LR(SM.getExpansionLoc(L->getBeginLoc()), SM.getExpansionLoc(L->getEndLoc()));
  if (!SM.isBeforeInTranslationUnit(AllocAt, LR.getBegin()) &&
      !SM.isBeforeInTranslationUnit(LR.getEnd(), AllocAt)) {
    Why = "it is allocated inside the loop";
    return std::nullopt;
  }
  std::optional<Poly> N = allocatedCount(Source, V->getType()->getPointeeType(), LF);
  if (!N)
    Why = "its allocation's element count is not one of sizeof(" +
          V->getType()->getPointeeType().getAsString() + ")";
  return N;
}

} // namespace ompm
