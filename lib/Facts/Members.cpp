//===- Members.cpp - Structure members that lead to other data ------------===//
#include "Facts/Members.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/TypeLoc.h"
#include "Facts/Directives.h"
#include <vector>

using namespace clang;

namespace ompm {

std::string MemberPath::rootItem() const {
  if (!Root)
    return "this[0:1]";
  std::string Name = Root->getNameAsString();
  return ThroughPointer ? Name + "[0:1]" : Name;
}

std::optional<MemberPath> memberPath(const MemberExpr *M) {
  std::vector<const MemberExpr *> Chain; // outermost first
  const Expr *E = M;
  while (const auto *Mm = dyn_cast<MemberExpr>(E)) {
    Chain.push_back(Mm);
    E = Mm->getBase()->IgnoreParenImpCasts();
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *Root = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  bool This = isa<CXXThisExpr>(E);
  if (!Root && !(This && Chain.size() >= 2))
    return std::nullopt;
  MemberPath P;
  P.Root = Root;
  P.RootRef = D;
  if (This) {
    P.ThisMember = dyn_cast<FieldDecl>(Chain.back()->getMemberDecl());
    if (!P.ThisMember)
      return std::nullopt;
    P.Text = "this";
  } else {
    P.Text = Root->getNameAsString();
  }
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It) {
    const auto *F = dyn_cast<FieldDecl>((*It)->getMemberDecl());
    if (!F)
      return std::nullopt; // a static member or a method
    if ((*It)->isArrow()) {
      if (It != Chain.rbegin() && P.Why.empty())
        P.Why = "'" + P.Text + "->" + F->getNameAsString() +
                "' is reached through a second pointer ('" + P.Text +
                "'): OpenMP maps one level of pointer members, not the data "
                "behind a pointer inside the pointed-to structure (no deep "
                "copy); give the data a pointer variable of its own";
      if (It == Chain.rbegin())
        P.ThroughPointer = true;
    }
    P.Text += ((*It)->isArrow() ? "->" : ".") + F->getNameAsString();
    P.Field = F;
  }
  bool Ptr = P.Field && P.Field->getType()->isPointerType();
  if (This && Ptr && P.Why.empty())
    P.Why = "'" + P.Text + "' is a pointer member of a member structure: gcc "
            "refuses 'this->' in map clauses and '" + P.Text.substr(6) +
            "[...]' in a member function; copy the pointer to a local "
            "variable (double *x = " + P.Text.substr(6) + ";) and use it";
  else if (Root && Ptr && Root->getType()->isReferenceType() &&
           !P.ThroughPointer && P.Why.empty())
    P.Why = "'" + Root->getNameAsString() + "' is a reference to a structure: "
            "gcc refuses it with a section of its member in one construct "
            "('appears more than once in map clauses') and without its map "
            "the section's writes are lost; copy the pointer to a local "
            "variable (double *x = " + P.Text + ";) or pass the structure by "
            "pointer";
  return P;
}

const Expr *itemBase(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(E))
      E = S->getBase()->IgnoreParenImpCasts();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase()->IgnoreParenImpCasts();
    else
      return E;
  }
}

std::optional<MemberPath> memberPathOf(const Expr *E) {
  E = itemBase(E);
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return memberPath(M);
  return std::nullopt;
}

const ValueDecl *itemDecl(const Expr *E) {
  E = itemBase(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl();
  return nullptr;
}

const ValueDecl *canonicalDecl(const ValueDecl *V) {
  if (const auto *VD = dyn_cast_or_null<VarDecl>(V))
    return VD->getCanonicalDecl();
  return V;
}

std::string declaredArraySection(const ValueDecl *V, const ASTContext &Ctx) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
  if (!P || !P->getTypeSourceInfo() || !P->getOriginalType()->isArrayType())
    return "";
  std::string Out = P->getNameAsString();
  QualType T = P->getOriginalType();
  TypeLoc TL = P->getTypeSourceInfo()->getTypeLoc();
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    ArrayTypeLoc ATL;
    if (TL)
      ATL = TL.getUnqualifiedLoc().IgnoreParens().getAs<ArrayTypeLoc>();
    std::string Len;
    const Expr *Size = ATL ? ATL.getSizeExpr() : nullptr;
    if (Size && Size->getBeginLoc().isInvalid())
      Size = nullptr;
    if (Size)
      if (std::optional<std::string> T = exactExprText(Size, Ctx))
        Len = *T;
    if (Len.empty()) {
      if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
        Len = std::to_string(CAT->getZExtSize());
      else if (Size)
        Len = exprText(Size, Ctx);
    }
    if (Len.empty())
      return "";
    Out += "[0:" + Len + "]";
    T = AT->getElementType();
    TL = ATL ? ATL.getElementLoc() : TypeLoc();
  }
  return Out;
}

bool isSection(const Expr *E) {
  return isa<ArraySectionExpr>(E->IgnoreParenImpCasts());
}

llvm::ArrayRef<Expr *> varList(const OpenACCClause *C) {
  if (const auto *V = dyn_cast<OpenACCClauseWithVarList>(C))
    return V->getVarList();
  if (const auto *S = dyn_cast<OpenACCSelfClause>(C))
    if (S->isVarListClause())
      return S->getVarList();
  return {};
}

} // namespace ompm
