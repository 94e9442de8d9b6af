//===- LoopValues.h - The values a canonical loop leaves ----------*- C++ -*-===//
//
// What the host or the last iteration must write so that a loop offloaded
// without lastprivate leaves what the serial loop leaves (issue #30 items
// 2 and 3): its variable's final value in closed form, and the test that
// is true in its last iteration only. Used by lib/Facts/SerialLoops.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_LOOPVALUES_H
#define OMPM_FACTS_LOOPVALUES_H

#include "Facts/Regions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace ompm {

/// The statement that sets For's variable to the value the loop leaves in
/// it (a canonical loop's closed form, from its start, bound and step), or
/// "" when it cannot be written safely: the start or bound reads memory or
/// calls, or the variable is not a signed integer.
std::string finalValueStatement(const clang::ForStmt *For, const CanonicalLoop &CL,
                                clang::ASTContext &Ctx);

/// The test, true in an iteration of CL's loop exactly when it is the last
/// (the next value of the variable fails the condition): `i + 1 >= (n)`,
/// written in the loop's body. The bound may read memory: the loop's own
/// condition reads the same on the device, and nothing the nest does
/// writes it (RegionFacts' canonical form); not a call. "" when none.
std::string lastIterationTerm(const CanonicalLoop &CL, clang::ASTContext &Ctx);

} // namespace ompm

#endif
