//===- AstQueries.h - Small syntactic questions the analyses share -*- C++ -*-===//
//
// Questions about one declaration or one expression that several analyses
// ask in the same words: how many numbers a declared array holds, and
// which operand an expression changes.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_ASTQUERIES_H
#define OMPM_ANALYSIS_ASTQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <cstdint>

namespace ompm {

/// The number of elements of T when it is an array of constant size
/// (dimensions multiplied) whose elements are numbers; 0 otherwise. Elem,
/// when given, receives the element type, canonical and unqualified.
uint64_t arithmeticElements(clang::QualType T, const clang::ASTContext &Ctx,
                            clang::QualType *Elem = nullptr);

/// The operand S assigns (=, op=), increments, decrements or takes the
/// address of; null when S does none of these.
const clang::Expr *changedOperand(const clang::Stmt *S);

} // namespace ompm

#endif
