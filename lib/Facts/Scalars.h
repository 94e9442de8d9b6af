//===- Scalars.h - How a loop uses a scalar declared outside it -*- C++ -*-===//
//
// A scalar that a loop's iterations write, declared outside the loop, is one
// of: a reduction (every reference is part of one update of the same
// commutative operator: `s += e`, `s = s * e`, `m = fmax(m, e)`, `if (e > m)
// m = e`, `m = e > m ? e : m`), a flag that iterations only ever set to one
// constant (a benign shared write: `stop = 1`), a private temporary (written
// at the top of every iteration before any read), a value the iterations
// only assign and never read (`if (a[i] < 0) last = i;`: private, and its
// value after the loop is the last writer's), or something else (a
// loop-carried dependence as far as this analysis can tell). `v++` and `--v`
// count as sums.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SCALARS_H
#define OMPM_FACTS_SCALARS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace ompm {

enum class ScalarRole { Reduction, SharedFlag, Private, WriteOnly, Other };

struct ScalarUse {
  ScalarRole Role = ScalarRole::Other;
  /// The OpenMP reduction operator ("+", "*", "&", "|", "^", "&&", "||",
  /// "max", "min") of a reduction.
  std::string Op;
  /// Why the scalar is neither, for a diagnostic.
  std::string Why;
};

/// How the loop body Body (one iteration) uses V, which is declared outside
/// it and written in it.
ScalarUse classifyScalar(const clang::Stmt *Body, const clang::ValueDecl *V,
                         clang::ASTContext &Ctx);

/// Whether Fn may read the value V has after the statement S has run, before
/// assigning it again (Analysis/Liveness: over Fn's CFG; true when V is not
/// a local of Fn or its address escapes). One CFG per call: a caller asking
/// many questions of one function keeps a Liveness instead.
bool mayBeReadAfter(const clang::Stmt *S, const clang::ValueDecl *V,
                    const clang::FunctionDecl *Fn, clang::ASTContext &Ctx);

} // namespace ompm

#endif
