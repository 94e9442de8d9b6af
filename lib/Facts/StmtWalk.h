//===- StmtWalk.h - Walking statements through OpenMP directives -*- C++ -*-===//
//
// Statement walks that see what an OpenMP directive governs: Clang keeps a
// directive's statement under captured-region wrappers whose children are
// the captures, not the code, so a plain walk of children() misses it. And
// the variable under an lvalue's subscripts (what a statement writes,
// writtenLValue, is in Analysis/AstQueries).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_STMTWALK_H
#define OMPM_FACTS_STMTWALK_H

#include "Analysis/AstQueries.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace ompm {

/// Visits S and what it holds, in order, the statements of OpenMP
/// directives included, lambdas excluded. Pre returns false to skip what S
/// holds.
void walkStmts(const clang::Stmt *S, llvm::function_ref<bool(const clang::Stmt *)> Pre);

/// The statements S holds as the code is written: for an OpenMP directive
/// its structured block (not the clauses' helper expressions), for a
/// captured statement the code it captures, else children(). Every walk
/// over code that may hold OpenMP directives goes through this, so that a
/// construct kept on the host is host code like any other.
llvm::SmallVector<const clang::Stmt *, 4> codeChildren(const clang::Stmt *S);

/// The statements of the block S, or S alone when it is no block (a loop's
/// or a construct's body, one level down).
std::vector<const clang::Stmt *> blockStatements(const clang::Stmt *S);

/// Whether S (or what it holds) names V.
bool usesVar(const clang::Stmt *S, const clang::ValueDecl *V);

/// The references to V under S (S itself included), in walk order.
std::vector<const clang::DeclRefExpr *> referencesTo(const clang::Stmt *S,
                                                     const clang::ValueDecl *V);

/// The pieces of code of a translation unit (forEachCode's, in its order)
/// by the variables with global storage each one names (usesVar), found in
/// one walk of each on the first question: who uses a file's array, asked
/// for many arrays, without a walk of every function per array.
class CodeUsers {
public:
  explicit CodeUsers(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// Calls F with each piece of code that names V (a variable with global
  /// storage) and its function (null for a variable's initializer), in
  /// forEachCode's order.
  void forEachUser(const clang::VarDecl *V,
                   llvm::function_ref<void(const clang::Stmt *, const clang::FunctionDecl *)> F);

private:
  const clang::ASTContext &Ctx;
  bool Indexed = false;
  std::vector<std::pair<const clang::Stmt *, const clang::FunctionDecl *>> Pieces;
  llvm::DenseMap<const clang::VarDecl *, std::vector<unsigned>> ByVar;
};

/// The variable under an lvalue's subscripts (`a` of `a[i][j]`), null if
/// it is not a subscripted variable.
const clang::ValueDecl *subscriptedVar(const clang::Expr *E);

/// The expression under the subscripts of the element E (`a` of
/// `a[i][j]`); its subscripts go to Idx, the last one first (`j`, `i`).
const clang::Expr *subscriptChain(const clang::ArraySubscriptExpr *E,
                                  llvm::SmallVectorImpl<const clang::Expr *> &Idx);

/// The first OpenACC construct or OpenMP directive in S (S included), null
/// if none; Memo keeps the answers for the statements below (a walk per
/// loop of a nest would revisit them).
const clang::Stmt *directiveIn(const clang::Stmt *S,
                               llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> &Memo);

} // namespace ompm

#endif
