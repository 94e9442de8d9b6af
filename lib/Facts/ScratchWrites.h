//===- ScratchWrites.h - What code writes, and what keeps one value -*- C++ -*-===//
//
// Two questions Facts/ScratchRanges asks of a whole file: what a statement,
// and the functions of the file it calls, may write (a pointer parameter
// bound to the named array its call passes writes that array); and whether
// a variable has one value in every run of a function (a guard on it takes
// the same branch every time).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SCRATCHWRITES_H
#define OMPM_FACTS_SCRATCHWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"
#include <set>

namespace ompm {

/// What a statement (and the functions of the file it calls) may write:
/// variables, and whether some write lands where it cannot be told
/// (through a pointer that is no parameter bound to a named array, or in
/// a function with no body in the file that is not a pure library one).
struct ScratchWrites {
  llvm::DenseSet<const clang::VarDecl *> Vars;
  bool Unknown = false;
  bool CallsFn = false; ///< reaches the function being analysed
  /// The functions of the file it reaches (canonical declarations).
  std::set<const clang::FunctionDecl *> Reached;
};


/// What S may write; Self is the function being analysed (CallsFn: S
/// calls it).
ScratchWrites writesOf(const clang::Stmt *S, const clang::FunctionDecl *Self);

/// Whether V has one value in every run of Fn: const with an initializer,
/// or a static variable of the file that only `main` writes (directly, or
/// through fscanf-like library calls that write during the call), in
/// statements before the first one that may call Fn, never through a
/// pointer.
bool fixedForProgram(const clang::VarDecl *V, const clang::FunctionDecl *Fn,
                     clang::ASTContext &Ctx);

} // namespace ompm

#endif
