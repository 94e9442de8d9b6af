//===- ArgReductions.h - Arg-max and arg-min in serial loops ------*- C++ -*-===//
//
// `if (a[i] > best) { best = a[i]; at = i; }` in a loop: the maximum and
// the first index that reaches it (`>=`: the last; `<`, `<=`: the minimum).
// With a tie rule on the index, `if (a[i] > best || (a[i] == best && i <
// at))` (`i > at`: the largest), the lowest index of the maximum whatever
// the order of the iterations, the index's value before the loop included
// when the maximum is the value before.
// Offloaded as a max (min) reduction on the value, the index private, and a
// second kernel that finds the index: the first (last) iteration whose
// compared value equals the result. That second pass evaluates the
// compared value again, so it must read nothing the loop writes, call
// nothing, and have the value's own type (no conversion that the equality
// would have to undo).
// Under an OpenMP `critical` of a parallel loop the same `if` becomes a
// max reduction on a packed key (lib/Facts/Criticals, ArgCritical.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_ARGREDUCTIONS_H
#define OMPM_FACTS_ARGREDUCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>

namespace ompm {

class RegionFacts;

struct ArgReduction {
  const clang::VarDecl *Value = nullptr; ///< best
  const clang::VarDecl *Index = nullptr; ///< at
  const clang::IfStmt *If = nullptr;
  const clang::Expr *Compared = nullptr; ///< a[i], in the condition
  bool Max = true;   ///< `>`, `>=` (else `<`, `<=`)
  bool Last = false; ///< `>=`, `<=`: ties go to the last index
  /// `|| (a[i] == best && i < at)`: ties go to the lowest index (Last:
  /// `i > at`, the highest), the index's own value before the loop among
  /// them; the loop reads the index (firstprivate in the kernel).
  bool TieRule = false;
  /// "max: best" (the reduction clause's item).
  std::string reductionItem() const;
  /// "'best' and 'at' are an arg-max" (the start of notes and reasons).
  std::string what() const;
};

/// `if (c) last = e;` in a loop, `last` read after it: its value is the
/// one of the last iteration where c held. Offloaded with `last` private,
/// then a second kernel finds that iteration (a max reduction on the
/// index) and the host or a one-thread target region evaluates e there;
/// both passes evaluate c and e again, so they read nothing the loop
/// writes and call nothing.
struct ConditionalLast {
  const clang::VarDecl *Var = nullptr;
  const clang::IfStmt *If = nullptr;
  const clang::Expr *Cond = nullptr, *Value = nullptr;
};

/// The conditional last value V of the loop For (its variable IV), when
/// V's every use in For's body is one `if (c) V = e;` without else, a
/// statement of the body itself; nullopt otherwise.
std::optional<ConditionalLast> conditionalLastOf(const clang::ForStmt *For,
                                                 const clang::VarDecl *IV,
                                                 const clang::ValueDecl *V, const RegionFacts &F,
                                                 clang::ASTContext &Ctx);

/// The arg reduction whose value is V that If is, as a statement of its
/// own (its form above, IV the loop's variable): the condition, the two
/// assignments, the tie rule; V and the index used nowhere else in it.
/// Nullopt when If is not one.
std::optional<ArgReduction> argIfOf(const clang::IfStmt *If, const clang::VarDecl *IV,
                                    const clang::VarDecl *V, clang::ASTContext &Ctx);

/// Whether E computes a floating value with an arithmetic operator. A
/// second pass compares the value for equality: it must be read, not
/// computed, since a compiler may contract `a*b + c` into a fused
/// multiply-add in one kernel and not in the other.
bool floatingArithmetic(const clang::Expr *E);

/// The arg reduction of the loop For (its variable IV) whose value is V,
/// when V's every use in For's body is in one `if` of the forms above,
/// which is a statement of the body itself; nullopt otherwise. F: the
/// loop's facts (what it writes).
std::optional<ArgReduction> argReductionOf(const clang::ForStmt *For, const clang::VarDecl *IV,
                                           const clang::ValueDecl *V, const RegionFacts &F,
                                           clang::ASTContext &Ctx);

} // namespace ompm

#endif
