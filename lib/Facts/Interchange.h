//===- Interchange.h - Two loops whose headers may trade places -*- C++ -*-===//
//
// A loop whose iterations depend on each other may hold one loop whose
// iterations do not, over the whole nest (PolyBench's symm and trmm: `for
// (i ...) for (j ...)` where row i reads rows the earlier i wrote, column j
// only its own column). Exchanging the two headers gives a loop over j to
// offload once, with i running in order inside each of its iterations,
// instead of a kernel per i. This file finds the shape, as text the
// translation can exchange; whether the exchange is legal and the new outer
// loop parallel is the dependence test's (testInterchanged in
// Facts/Dependence).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_INTERCHANGE_H
#define OMPM_FACTS_INTERCHANGE_H

#include "Facts/Subscripts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <functional>
#include <string>
#include <vector>

namespace ompm {

/// The inner loop of For when For's body is one for loop (alone, or the
/// only statement of its block) and both headers, `for (...)`, are written
/// in the main file outside macros, hold no preprocessor line, and neither
/// names the other's loop variable (an exchanged header must mean the same
/// where it lands); null otherwise.
const clang::ForStmt *interchangeableInner(const clang::ForStmt *For,
                                           const clang::ASTContext &Ctx);

/// Whether the headers of For and of a loop Inner inside it may trade
/// places: both written in the main file outside macros, holding no
/// preprocessor line, neither naming the other's loop variable.
bool headersTradeable(const clang::ForStmt *For, const clang::ForStmt *Inner,
                      const clang::ASTContext &Ctx);

class AllocationFacts;
class RegionFacts;

/// Why For (F its facts, Fn its function) may not run with the header of
/// its inner loop J in its place, "" when it may: testInterchanged
/// (Facts/Dependence) and what the serial search asks of any kernel: no
/// call to follow, no pointers that may be the same memory (Allocs), no
/// structure member or escaping array, nothing the nest writes read after
/// it (ReadAfter, the liveness of a variable after For). Context: the
/// loops around For.
std::string interchangeWhy(const clang::ForStmt *For, const clang::ForStmt *J,
                           const RegionFacts &F, const AllocationFacts &Allocs,
                           const clang::FunctionDecl *Fn,
                           const std::vector<LoopRange> &Context,
                           const std::function<bool(const clang::VarDecl *)> &ReadAfter);

/// A for loop's header as written, `for (init; cond; inc)`.
std::string headerText(const clang::ForStmt *For, const clang::ASTContext &Ctx);

/// The header's characters, from `for` to its `)` included.
clang::CharSourceRange headerRange(const clang::ForStmt *For, const clang::ASTContext &Ctx);

} // namespace ompm

#endif
