//===- AtomicForms.h - The atomic form of a critical's body -----*- C++ -*-===//
//
// What a critical section's body is, read as OpenMP's atomic forms: an
// update (`x++`, `x op= e`, `x = x op e`, `x = e op x`), a read (`v = x`, v
// private), a write (`x = e`), a capture (`v = x++`, `{v = x; x op= e;}`,
// ...), a min/max (`if (e > x) x = e;`, `x = e > x ? e : x`), an update under
// a condition (`if (c) x op= e;`), or none, with why (several variables
// updated together). Whether the form is legal where the critical is
// (who else uses x) is lib/Facts/Criticals' question.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_ATOMICFORMS_H
#define OMPM_FACTS_ATOMICFORMS_H

#include "Facts/Criticals.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <functional>
#include <string>
#include <vector>

namespace ompm {

/// The shape of a critical's body.
struct CriticalShape {
  CriticalForm Form = CriticalForm::None;
  const clang::Expr *X = nullptr, *V = nullptr;
  std::vector<const clang::Expr *> Es;
  std::string Op; ///< update: "+", "-", ...; compare: "max" or "min"
  /// update: x is op's left operand (`x = x - e`, `x -= e`), not its right
  /// (`x = e - x`).
  bool XLeft = true;
  /// compare: `if (x > e) { x = e; }`, x on the side it was.
  std::string CompareText;
  /// An update under a condition: the condition and the update.
  const clang::Expr *Guard = nullptr, *Guarded = nullptr;
  std::string Why;
};

/// Reads the body of a critical as an atomic form. IsPrivate: whether a
/// variable is private to the thread (the `v` of a read or a capture must
/// be; the `x` of one must not).
class ShapeReader {
public:
  ShapeReader(clang::ASTContext &Ctx, std::function<bool(const clang::ValueDecl *)> IsPrivate)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), IsPrivate(std::move(IsPrivate)) {}
  CriticalShape read(const clang::Stmt *Body) const;

private:
  bool compareOf(const clang::BinaryOperator *Cond, const clang::Expr *X,
                 const clang::Expr *E, CriticalShape &S) const;
  bool isPrivate(const clang::ValueDecl *V) const { return IsPrivate(V); }
  std::string lines(const clang::Stmt *A, const clang::Stmt *B) const;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  std::function<bool(const clang::ValueDecl *)> IsPrivate;
};

/// The variable under an lvalue (`x`, `h[k]`, `s.f`, `p->f`, `*p`,
/// `a[i][j]`); Ptr: reached through a pointer. Null for any other form.
const clang::VarDecl *rootOf(const clang::Expr *X, bool &Ptr);
/// Whether A and B are the same expression (parentheses and implicit casts
/// aside).
bool sameExpr(const clang::Expr *A, const clang::Expr *B, const clang::ASTContext &Ctx);
/// Why evaluating E outside the lock may differ: an assignment or increment
/// of a variable other threads share, a call to anything but a pure C
/// library function or a function of the file that only computes a value
/// from scalars (lib/Facts/DeviceCalls), a volatile read; "" if none.
std::string sideEffectWhy(const clang::Expr *E, const clang::SourceManager &SM,
                          const std::function<bool(const clang::ValueDecl *)> &Private);
/// S as an expression, implicit nodes and parentheses stripped; null if S
/// is none.
const clang::Expr *stripExpr(const clang::Stmt *S);
/// An update of an atomic form (`x++`, `--x`, `x op= e`) into S.
bool updateOf(const clang::Expr *E, CriticalShape &S);

} // namespace ompm

#endif
