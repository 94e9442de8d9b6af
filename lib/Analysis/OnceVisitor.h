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
#include "clang/AST/StmtOpenACC.h"
#include "llvm/ADT/DenseMap.h"

namespace ompm {

template <typename Derived>
class OnceVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  /// Every statement the visitor traverses passes here first (both the
  /// construct's own traversal of its associated statement and the one as
  /// its child do). Only the statements an OpenACC construct holds are
  /// reached twice: those alone are remembered (a set of every statement
  /// cost 3% of a run on NPB BT).
  bool dataTraverseStmtPre(clang::Stmt *S) {
    if (auto It = Held.find(S); It != Held.end()) {
      if (It->second)
        return false;
      It->second = true;
    }
    // (OpenACCAssociatedStmtConstruct::classof is false in Clang 22: the
    // constructs that hold a statement, by name.)
    if (llvm::isa<clang::OpenACCComputeConstruct, clang::OpenACCLoopConstruct,
                  clang::OpenACCCombinedConstruct, clang::OpenACCDataConstruct,
                  clang::OpenACCHostDataConstruct>(S))
      for (clang::Stmt *A : S->children()) // its associated statement
        if (A)
          Held.try_emplace(A, false);
    return true;
  }

private:
  /// The statements OpenACC constructs hold, and whether each was
  /// traversed.
  llvm::DenseMap<const clang::Stmt *, bool> Held;
};

} // namespace ompm

#endif
