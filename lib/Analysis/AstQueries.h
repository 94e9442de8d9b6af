//===- AstQueries.h - Small syntactic questions the analyses share -*- C++ -*-===//
//
// Questions about one declaration or one statement that several layers
// ask in the same words: how many numbers a declared array holds, what a
// statement writes, whether a statement may leave its block early.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_ASTQUERIES_H
#define OMPM_ANALYSIS_ASTQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>

namespace ompm {

/// The number of elements of T when it is an array of constant size
/// (dimensions multiplied) whose elements are numbers; 0 otherwise. Elem,
/// when given, receives the element type, canonical and unqualified.
uint64_t arithmeticElements(clang::QualType T, const clang::ASTContext &Ctx,
                            clang::QualType *Elem = nullptr);

/// The lvalue S writes (=, op=, ++, --) or lets be written (`&x`), null
/// if none.
const clang::Expr *writtenLValue(const clang::Stmt *S);

/// The variable E names (parentheses and implicit casts aside), null if
/// E is no variable.
const clang::VarDecl *refVar(const clang::Expr *E);

/// Calls F with each function body of the translation unit and its
/// function, and each file-scope variable's initializer (function null),
/// through namespaces, classes and linkage specifications: the walk that
/// finds every use of a variable of the file.
void forEachCode(const clang::ASTContext &Ctx,
                 llvm::function_ref<void(const clang::Stmt *, const clang::FunctionDecl *)> F);

/// Whether S holds a statement that leaves a block early (break, continue,
/// return, goto, throw) or a label to jump into one.
bool hasJumpsOrLabels(const clang::Stmt *S);

/// Whether D is declared in a system header (where its macro expansion
/// puts it). The parses skip the bodies of such functions
/// (`ASTConsumer::shouldSkipFunctionBody`): the tool changes no system
/// header, treats their functions by name (Facts/CallGraph,
/// Facts/DeviceCalls) and never follows their bodies, and most of a C++
/// parse is theirs.
bool inSystemHeader(const clang::Decl *D);

} // namespace ompm

#endif
