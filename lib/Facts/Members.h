//===- Members.h - Structure members that lead to other data -*- C++ -*-===//
//
// A pointer member of a structure (`m.x`, `p->x`, `s.a.x`) points to data
// that a map of the structure does not move: OpenMP maps it as a section of
// the member path (`map(tofrom: m.x[0:m.n])`), attached to a device copy of
// the structure, which must be mapped by the same construct or be present
// (`map(to: m)`, or `map(to: p[0:1])` when the structure is reached through
// a pointer). This file names such paths; Regions collects their uses.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_MEMBERS_H
#define OMPM_FACTS_MEMBERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenACCClause.h"
#include <optional>
#include <string>

namespace ompm {

/// `root.f.g` or `root->f.g`: members reached from a variable through at
/// most one pointer, the root itself.
struct MemberPath {
  /// The variable; null for a path from `this` (`this->a.x`), whose
  /// first member is then ThisMember.
  const clang::VarDecl *Root = nullptr;
  const clang::DeclRefExpr *RootRef = nullptr;
  const clang::FieldDecl *ThisMember = nullptr;
  /// The root is a pointer to the structure (the path starts with '->').
  bool ThroughPointer = false;
  /// Spelled from the declarations, so that two spellings of one path
  /// compare equal: "m.x", "p->x", "s.a.x".
  std::string Text;
  const clang::FieldDecl *Field = nullptr; ///< the last member
  /// Why OpenMP cannot map what the path leads to (a member reached through
  /// a second pointer, `p->a->x`: a deep copy); empty when it can.
  std::string Why;

  /// The companion map of the root that a section of the path needs: "m"
  /// or, through a pointer, "p[0:1]".
  std::string rootItem() const;
};

/// The path of a member expression whose chain of members starts at a
/// variable, or at `this` through two members or more (`this->v` is not a
/// path: the implicit map of `this` covers it; members of calls or
/// subscripts are not paths: std::nullopt).
std::optional<MemberPath> memberPath(const clang::MemberExpr *M);

/// What a data clause item or a subscripted expression is a section or an
/// element of: `m.x[0:n]` -> `m.x`, `a[i][j]` -> `a`.
const clang::Expr *itemBase(const clang::Expr *E);

/// The path of a data clause item or of a subscripted expression: strips
/// array sections and subscripts (`m.x[0:n]`, `p->x[i]`) first.
std::optional<MemberPath> memberPathOf(const clang::Expr *E);

/// The variable a clause item names: `a`, `a[0:n]` -> a, `this->v` -> v.
const clang::ValueDecl *itemDecl(const clang::Expr *E);
/// The canonical declaration of a variable (V itself for other decls).
const clang::ValueDecl *canonicalDecl(const clang::ValueDecl *V);
/// Whether a clause item is an array section (`a[0:n]`).
bool isSection(const clang::Expr *E);
/// The section a bare array parameter covers, from its declaration: a
/// parameter declared `double A[NI][NJ]` has pointer type (the array
/// decays) but the declaration keeps the extents: "A[0:NI][0:NJ]". An
/// extent is spelled as the declarator spells it only where that text is
/// the extent itself; a part of a declarator macro's expansion
/// (`POLYBENCH_2D(A, N, N, n, n)`) is the constant's value, or the
/// expression as Clang prints it. Empty when V is no such parameter or an
/// extent is not known (`double A[][NJ]`).
std::string declaredArraySection(const clang::ValueDecl *V,
                                 const clang::ASTContext &Ctx);
/// The items of an OpenACC clause that has a variable list (empty if none).
llvm::ArrayRef<clang::Expr *> varList(const clang::OpenACCClause *C);

} // namespace ompm

#endif
