//===- Footprints.h - The elements an access touches -------------*- C++ -*-===//
//
// An access of a region as a set of elements that can be compared across
// regions (the same elements, a dense box holding another), and the small
// structural facts the data-placement refinements ask of statements: a plain
// assignment, a statement that runs in every iteration, a jump or label.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_FOOTPRINTS_H
#define OMPM_FACTS_FOOTPRINTS_H

#include "Analysis/AstQueries.h"
#include "Facts/Poly.h"
#include "Facts/Regions.h"
#include "clang/AST/ParentMap.h"
#include <optional>
#include <string>
#include <vector>

namespace ompm {

/// An access as a set of elements, comparable across regions: its one
/// subscript and the ranges of the loops around it, each loop variable
/// renamed by depth ("@#0" is the outermost).
struct Footprint {
  Poly Index;
  std::vector<std::pair<Poly, Poly>> Ranges;   ///< inclusive, outer first
  std::optional<std::pair<Poly, Poly>> Box;    ///< lowest and highest element
  bool Dense = false; ///< every element of Box is accessed
  bool sameElements(const Footprint &O) const {
    return Index == O.Index && Ranges == O.Ranges;
  }
};

/// Whether Text names the identifier Name (not as part of a longer one).
bool mentionsIdentifier(llvm::StringRef Text, llvm::StringRef Name);
/// Whether P names a loop variable renamed by depth ("@#0").
bool mentionsLoopVar(const Poly &P);
/// The footprint of a one-subscript access of F; nullopt when its subscript
/// is no polynomial or not linear in a loop variable. Box and Dense are set
/// only when they are known.
std::optional<Footprint> footprintOf(const RegionFacts &F, const Access &A);
/// Whether a polynomial names one of the variables (atoms are source text:
/// an identifier match inside them).
bool mentionsAnyVar(const Poly &P, const std::vector<const clang::ValueDecl *> &Vars);
/// Whether the footprint's subscript or loop ranges name one of Vars.
bool footprintMentions(const Footprint &FP,
                       const std::vector<const clang::ValueDecl *> &Vars);
/// `X = e` (not `X op= e`, not `++X`): the old value is not read.
const clang::BinaryOperator *plainAssignOf(const clang::ParentMap &PM,
                                           const clang::Expr *X);
/// Whether S runs whenever Root runs, once per iteration of the canonical
/// loops of F around it: only blocks, canonical loops (S in their body) and
/// loop directives lie between.
bool unconditionalIn(const clang::ParentMap &PM, const clang::Stmt *S,
                     const clang::Stmt *Root, const RegionFacts &F);
// hasJumpsOrLabels, which the callers of these ask too, is in
// Analysis/AstQueries.

} // namespace ompm

#endif
