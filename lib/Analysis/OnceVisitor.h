//===- OnceVisitor.h - A RecursiveASTVisitor that reaches each statement once -*- C++ -*-===//
//
// Clang 22's RecursiveASTVisitor traverses the statement under an OpenACC
// construct twice (as the construct's associated statement and as its
// child), so a nest of d constructs is walked 2^d times: 24 nested
// `acc loop seq` took a minute. A visitor derived from OnceVisitor
// traverses each statement once, whatever reaches it.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_ONCEVISITOR_H
#define OMPM_ANALYSIS_ONCEVISITOR_H

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

namespace ompm {

template <typename Derived>
class OnceVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  /// (One argument: the base then sends every child through here rather
  /// than through its own queue.)
  bool TraverseStmt(clang::Stmt *S) {
    if (S && !Traversed.insert(S).second)
      return true;
    return clang::RecursiveASTVisitor<Derived>::TraverseStmt(S);
  }

private:
  llvm::DenseSet<const clang::Stmt *> Traversed;
};

} // namespace ompm

#endif
