//===- PragmaOperators.h - Directives written as _Pragma("acc ...") -*- C++ -*-===//
//
// A directive can come from a `_Pragma("acc ...")` operator, in code or in
// a macro definition (`#define PARALLEL _Pragma("acc parallel loop")`).
// Its translation is written into the operator's string literal, in the
// definition: the translators replace the literal (Directive::Text) with
// `#pragma omp ...` like any directive's text, and these edits become
// `"omp ..."`. A definition in a project header gets its edit there (the
// edit names the header, Edit::File); the driver writes it with the header
// once every file that uses the macro agrees (lib/Driver/Run.cpp). A translation that is not one directive (several lines, a
// removed directive), or uses of one macro whose translations differ,
// cannot be written there: the driver then leaves the file intact.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_EDIT_PRAGMAOPERATORS_H
#define OMPM_EDIT_PRAGMAOPERATORS_H

#include "Edit/Edits.h"
#include "Facts/Directives.h"
#include <string>
#include <vector>

namespace ompm {

/// Rewrites the edits of the directives of `_Pragma("acc ...")` operators
/// (Dirs' PragmaOperator ones): an edit that replaces the string literal
/// with one `#pragma omp ...` line becomes the literal `"omp ..."`; edits of
/// several uses of one macro must agree (they are made once). Returns the
/// index in Dirs of a directive whose translation cannot go into its
/// literal (several lines, a removal, uses that disagree), with Why, or -1.
int rewritePragmaOperators(const clang::SourceManager &SM, const std::vector<Directive> &Dirs,
                           std::vector<Edit> &Edits, std::string &Why);

} // namespace ompm

#endif
