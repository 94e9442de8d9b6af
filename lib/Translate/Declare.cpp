//===- Declare.cpp - declare ----------------------------------------------------===//
#include "Translate/Declare.h"
#include "Facts/Members.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

void DeclareTranslator::planDeclare(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  auto BaseName = [&](const Expr *X) {
    const ValueDecl *V = itemDecl(X);
    return V ? V->getNameAsString() : text(X);
  };
  if (!D.Fn) {
    std::vector<std::string> To, Link;
    for (const OpenACCClause *C : D.Clauses) {
      for (const Expr *X : varList(C)) {
        if (const ValueDecl *V = itemDecl(X))
          GlobalDeclared.insert(V);
        (C->getClauseKind() == CK::Link ? Link : To).push_back(BaseName(X));
      }
      if (C->getClauseKind() == CK::CopyOut || C->getClauseKind() == CK::Copy)
        R.Notes.push_back("a global's device copy is not copied back at exit; "
                          "use target update from");
    }
    std::vector<std::string> Lines;
    if (!To.empty())
      Lines.push_back("#pragma omp declare target(" + llvm::join(To, ", ") + ")");
    if (!Link.empty())
      Lines.push_back("#pragma omp declare target link(" + llvm::join(Link, ", ") + ")");
    std::string L = llvm::join(Lines, "\n" + E.indentOf(D.Loc));
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    return succeed(R, E);
  }
  // In a function: the data lives until the function returns.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(D.Fn->getBody());
  bool Direct = false, Returns = false;
  if (Body)
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *X : DS->decls())
          Direct |= X == D.D;
  std::function<void(const Stmt *)> FindReturn = [&](const Stmt *S) {
    if (!S)
      return;
    if (isa<ReturnStmt>(S))
      Returns = true;
    for (const Stmt *C : S->children())
      FindReturn(C);
  };
  FindReturn(Body);
  if (!Direct || Returns)
    return fail(R, "declare in a nested block or in a function with return "
                   "statements is not translated");
  MapList In, OutMaps;
  for (const OpenACCClause *C : D.Clauses) {
    if (isOpenACCModifierBitSet(modifiersOf(C), OpenACCModifierKind::Zero))
      return fail(R, "the zero modifier on a declare directive is not translated");
    for (const Expr *X : varList(C)) {
      std::string T = text(X);
      if (std::string W = deepSectionWhy(X); !W.empty())
        return fail(R, W);
      switch (C->getClauseKind()) {
      case CK::Copy: case CK::PCopy: case CK::PresentOrCopy:
        In.add("to", T); OutMaps.add("from", T); break;
      case CK::CopyIn: case CK::PCopyIn: case CK::PresentOrCopyIn:
        In.add("to", T); OutMaps.add("release", T); break;
      case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
        In.add("alloc", T); OutMaps.add("from", T); break;
      case CK::Create: case CK::PCreate: case CK::PresentOrCreate:
      case CK::DeviceResident:
        In.add("alloc", T); OutMaps.add("release", T); break;
      case CK::Present:
        break;
      default:
        return fail(R, "clause '" + clauseText(C) + "' of a local declare is not supported");
      }
    }
  }
  if (In.empty()) {
    E.removeDirective(D.Text);
    return succeed(R, E);
  }
  std::vector<std::string> ICl, OCl;
  In.renderInto(ICl);
  OutMaps.renderInto(OCl);
  std::string L1 = omp("target enter data", ICl), L2 = omp("target exit data", OCl);
  E.replace(D.Text, L1);
  E.insertLinesBefore(Body->getRBracLoc(), {"  " + L2});
  R.Emitted = {L1, L2};
  succeed(R, E);
}

} // namespace ompm
