//===- PrivateBounds.h - Map sections bounded by private variables -*- C++ -*-===//
//
// Check (d) of the self-check: the bounds of a map clause's array section
// are evaluated on the host when the construct starts, so a section of a
// target construct whose lower bound or length names a variable private to
// the construct (a private or lastprivate item, a loop
// variable of its associated loops) takes the host's value of that variable,
// which the construct's iterations never see: `map(to: B[c15:1])` with
// `private(c15)` maps one element at whatever c15 held before. The same
// holds for a `target data` region whose section names a variable that a
// target construct inside the region makes private.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_VERIFY_PRIVATEBOUNDS_H
#define OMPM_VERIFY_PRIVATEBOUNDS_H

#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ompm {

struct PrivateBound {
  clang::SourceLocation Item;      ///< the map item
  clang::SourceLocation Construct; ///< its directive
  std::string Section;             ///< the item as written
  std::string Variable;            ///< the private variable it names
  std::string Directive;           ///< e.g. "target teams distribute parallel for"
};

/// The map items of the main file's target constructs (and target data
/// regions) whose section bounds name a variable private to the construct
/// (or to a target construct inside the region), in source order.
std::vector<PrivateBound> findPrivateBounds(clang::ASTContext &Ctx);

} // namespace ompm

#endif
