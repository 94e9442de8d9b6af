//===- ParamExtents.cpp - The extent callers pass for a pointer parameter -===//
#include "Analysis/ParamExtents.h"
#include "Analysis/AstQueries.h"
#include "clang/AST/Expr.h"
#include <functional>

using namespace clang;

namespace ompm {
namespace {

QualType plain(QualType T) { return T.getCanonicalType().getUnqualifiedType(); }

/// Whether Body assigns P (=, op=, ++, --) or takes its address.
bool changes(const Stmt *Body, const ParmVarDecl *P) {
  bool Found = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    const Expr *Target = writtenLValue(S);
    if (const auto *D = dyn_cast_or_null<DeclRefExpr>(Target ? Target->IgnoreParens() : nullptr);
        D && D->getDecl() == P)
      Found = true;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Body);
  return Found;
}

std::optional<uint64_t> extent(const ParmVarDecl *P, const CallSites &Sites, ASTContext &Ctx,
                               unsigned Depth);

/// The extent from where the argument E points, in elements of Elem.
std::optional<uint64_t> argumentExtent(const Expr *E, QualType Elem, const CallSites &Sites,
                                       ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParens();
  while (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() != CK_ArrayToPointerDecay && C->getCastKind() != CK_LValueToRValue &&
        C->getCastKind() != CK_NoOp)
      return std::nullopt;
    E = C->getSubExpr()->IgnoreParens();
  }
  // The array, or a pointer parameter of a caller.
  auto Whole = [&](const Expr *X) -> std::optional<uint64_t> {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    if (!D)
      return std::nullopt;
    if (const auto *PP = dyn_cast<ParmVarDecl>(D->getDecl())) {
      const auto *PT = PP->getType()->getAs<PointerType>();
      if (!PT || plain(PT->getPointeeType()) != Elem)
        return std::nullopt;
      return extent(PP, Sites, Ctx, Depth + 1);
    }
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    const ConstantArrayType *A = V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
    if (!A || plain(A->getElementType()) != Elem)
      return std::nullopt;
    return A->getZExtSize();
  };
  // A constant number of elements past it.
  auto Offset = [&](const Expr *Base, const Expr *Index) -> std::optional<uint64_t> {
    std::optional<uint64_t> N = Whole(Base);
    Expr::EvalResult R;
    if (!N || Index->isValueDependent() || !Index->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    int64_t C = R.Val.getInt().getSExtValue();
    if (C < 0 || static_cast<uint64_t>(C) > *N)
      return std::nullopt;
    return *N - static_cast<uint64_t>(C);
  };
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
      return Offset(S->getBase(), S->getIdx());
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Add) {
    if (B->getLHS()->getType()->isPointerType())
      return Offset(B->getLHS(), B->getRHS());
    return Offset(B->getRHS(), B->getLHS());
  }
  return Whole(E);
}

std::optional<uint64_t> extent(const ParmVarDecl *P, const CallSites &Sites, ASTContext &Ctx,
                               unsigned Depth) {
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  const auto *PT = P->getType()->getAs<PointerType>();
  if (Depth > 3 || !Fn || !PT || !Fn->getBody() || changes(Fn->getBody(), P))
    return std::nullopt;
  const std::vector<CallSites::Call> *Calls = Sites.callsOfOnlyCalled(Fn);
  if (!Calls || Calls->empty())
    return std::nullopt;
  unsigned I = P->getFunctionScopeIndex();
  std::optional<uint64_t> Out;
  for (const CallSites::Call &C : *Calls) {
    if (I >= C.E->getNumArgs())
      return std::nullopt;
    std::optional<uint64_t> N =
        argumentExtent(C.E->getArg(I), plain(PT->getPointeeType()), Sites, Ctx, Depth);
    if (!N || *N == 0 || (Out && *Out != *N))
      return std::nullopt;
    Out = N;
  }
  return Out;
}

} // namespace

std::optional<uint64_t> extentAtCallSites(const ParmVarDecl *P, const CallSites &Sites,
                                          ASTContext &Ctx) {
  return extent(P, Sites, Ctx, 0);
}

} // namespace ompm
