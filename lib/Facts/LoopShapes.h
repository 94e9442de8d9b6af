//===- LoopShapes.h - What a loop's shape says, for the serial search -*- C++ -*-===//
//
// Small questions lib/Facts/SerialLoops asks of a loop's text: its
// constant trip count, whether every iteration assigns a variable, and the
// function's locals that keep a constant initializer (C89's `int len =
// 20;`).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_LOOPSHAPES_H
#define OMPM_FACTS_LOOPSHAPES_H

#include "Facts/Regions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <optional>
#include <string>

namespace ompm {

/// The constant trip count of a canonical loop, when both bounds are
/// constants once the function's constant locals (Consts) are put in.
std::optional<long long> tripCount(const CanonicalLoop &L,
                                   const std::map<std::string, Poly> &Consts = {});
/// The constant trip count of For, a loop of F: tripCount with F's macro
/// constants (`#define N 100`: the polynomials keep the name) put in as
/// well as Consts; nullopt also when For is none of F's canonical loops.
std::optional<long long> tripCountOf(const clang::ForStmt *For, const RegionFacts &F,
                                     const std::map<std::string, Poly> &Consts = {});
/// Whether S (an expression statement) assigns V, directly or in a chain
/// (`a = v = 0`).
bool assigns(const clang::Stmt *S, const clang::ValueDecl *V);
/// Whether a continue statement of the loop itself is in S (not one of a
/// loop nested in it).
bool hasOwnContinue(const clang::Stmt *S);
/// Whether every iteration of For writes V: a statement of its body, not
/// under a condition and not after a continue, assigns it (or is a for loop
/// whose initialization does). The value after the loop is then the last
/// iteration's.
bool writtenInEveryIteration(const clang::ForStmt *For, const clang::ValueDecl *V);
/// The integer locals of F initialized with a constant and never assigned,
/// incremented or taken the address of in F (C89 code's `int len = 20;`),
/// by name; a name declared twice in F is left out.
std::map<std::string, Poly> constantLocals(const clang::FunctionDecl *F, clang::ASTContext &Ctx);

} // namespace ompm

#endif
