//===- RegionsDetail.h - Helpers the RegionFacts files share -----*- C++ -*-===//
//
// Internal to lib/Facts/Regions.cpp, RegionLoops.cpp and RegionCalls.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_REGIONSDETAIL_H
#define OMPM_FACTS_REGIONSDETAIL_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

namespace ompm {
namespace regions_detail {

/// E without parentheses, implicit casts and casts to an integer type.
const clang::Expr *strip(const clang::Expr *E);

/// The variable an lvalue names: `x`, `a[i]` -> a, `this->v[i]` -> v.
const clang::ValueDecl *baseDecl(const clang::Expr *E);

/// Whether S reads as one operand wherever it goes: a name, members
/// (`s.n`, `p->n`) and subscripts (`g[0]`, `rowstr[n + 1]`).
bool isSimpleAtomText(llvm::StringRef S);

} // namespace regions_detail
} // namespace ompm

#endif
