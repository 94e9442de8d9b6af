//===- Distribution.h - A loop that runs as two loops -----------*- C++ -*-===//
//
// PolyBench's atax: `for (i ...) { tmp[i] = 0; for (j ...) tmp[i] += A[i][j]
// * x[j]; for (j ...) y[j] += A[i][j] * tmp[i]; }`. The loop over i is not
// parallel (every i adds into all of y), so its last inner loop became a
// kernel per i (390 launches at MEDIUM). Run as two loops, `for (i ...) {
// tmp[i] = 0; for (j ...) ... }` on the host, then `for (i ...) for (j ...)
// y[j] += ...`, the second is a nest whose headers may trade places
// (Facts/Interchange): one kernel over j, each thread running i in order.
//
// The split is legal when nothing the last loop (the tail) does at some i
// is needed by the statements before it (the head) at a later i, or the
// other way round: every variable both parts use and either writes is an
// array reached only at the loop's own index in one dimension (the same
// element at the same i only: `tmp[i]`), or a scalar each part sets before
// it reads it (the variable of loops of both parts), and nothing the head
// declares is used by the tail. No jump, no label, no call but the C
// library's pure functions, no write through a member or a pointer.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_DISTRIBUTION_H
#define OMPM_FACTS_DISTRIBUTION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace ompm {

class RegionFacts;

/// The last statement of For's body when it is a for loop with other
/// statements before it in For's block, their headers may trade places
/// (headersTradeable), the tail starts its line, the block's braces are
/// in the main file outside macros and no preprocessor line is inside;
/// null otherwise.
const clang::ForStmt *distributableTail(const clang::ForStmt *For, const clang::ASTContext &Ctx);

/// Why For may not run as its head (the statements before Tail) over all
/// its iterations, then Tail over all of them; "" when it may. Whole: the
/// facts of For.
std::string distributionWhy(const clang::ForStmt *For, const clang::ForStmt *Tail,
                            const RegionFacts &Whole);

} // namespace ompm

#endif
