//===- Liveness.h - Is a variable's value read after a statement? -*- C++ -*-===//
//
// A backward question answered forward over Clang's CFG of one function:
// after a statement S (a loop, a construct) has run, may the value a local
// variable has then be read before it is assigned again? The answer decides
// whether a value computed in an offloaded loop must come back to the host
// (lastprivate, a final value) or may die on the device.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_LIVENESS_H
#define OMPM_ANALYSIS_LIVENESS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>

namespace ompm {

class GlobalScalarLiveness;

/// Liveness of local variables at the end of statements of one function.
/// Built once per function (its CFG), asked many times.
class Liveness {
public:
  /// Globals: when given, the file-scope scalars it follows
  /// (Analysis/GlobalScalars.h) are answered too: a call may read one when
  /// its function may read it before assigning it, and the function's end
  /// reads it when its value may be read after the function returns.
  Liveness(const clang::FunctionDecl *Fn, clang::ASTContext &Ctx,
           GlobalScalarLiveness *Globals = nullptr);

  /// Whether the value V holds when S (a statement of the function) has run
  /// may be read before V is assigned again: some path of the CFG from a
  /// point inside S leaves S and reaches a read of V with no assignment
  /// `V = e` (or a declaration of V) on the way. S itself is transparent:
  /// its reads and assignments are not counted (what S does to V each time
  /// it runs is the caller's business; a loop that runs no iteration passes
  /// V through). True, to be safe, when V is not a local variable of the
  /// function (a global, a static, a reference), when its address is taken,
  /// a reference binds to it or a lambda captures it by reference, or when
  /// the CFG could not be built.
  bool mayBeReadAfter(const clang::Stmt *S, const clang::VarDecl *V) const;

  /// Whether the function may read V (a global its Globals follows) before
  /// assigning it: from the function's entry, a path reaches a read of V
  /// (or a call that may read it) with no assignment on the way. True,
  /// to be safe, for any other variable or without a CFG.
  bool mayReadBeforeAssigning(const clang::VarDecl *V) const;

  /// The parents of the function body's statements.
  const clang::ParentMap &parents() const { return *Parents; }

private:
  bool inside(const clang::Stmt *X, const clang::Stmt *S) const;
  /// Numbers the body's statements (Order, ElementNumbers) unless done.
  void number() const;
  bool escapes(const clang::VarDecl *V) const;
  /// V is a global the walks may follow (Globals tracks it).
  bool followedGlobal(const clang::VarDecl *V) const;

  /// What the element E does to V: 1 read, -1 assignment, 0 nothing.
  int effect(const clang::Stmt *E, const clang::VarDecl *V) const;

  const clang::FunctionDecl *Fn;
  GlobalScalarLiveness *Globals = nullptr;
  std::unique_ptr<clang::CFG> Graph;
  std::unique_ptr<clang::ParentMap> Parents;
  mutable llvm::DenseSet<const clang::VarDecl *> Escaping; ///< all of them, found once
  mutable bool EscapingFound = false;
  /// Each statement of the body by its place in a depth-first walk: its
  /// number and the last number of its subtree (X is inside S when its
  /// number is in S's range). Numbered on the first question.
  mutable llvm::DenseMap<const clang::Stmt *, std::pair<unsigned, unsigned>> Order;
  /// A statement reached from two parents (a node the AST shares): then no
  /// numbering, S's subtree collected once per S.
  mutable bool Shared = false;
  mutable bool Numbered = false;
  /// The number of each CFG element's statement, by block ID and element
  /// index (~0u: not a statement of the body), for the walks' scans.
  mutable std::vector<std::vector<unsigned>> ElementNumbers;
  mutable const clang::Stmt *InsideOf = nullptr;
  mutable llvm::DenseSet<const clang::Stmt *> Inside;
  /// Where the walks for the statement InsideOf start, found once per
  /// statement: the blocks S runs in, from the element after S's last one
  /// there, and the successors of the blocks S ends.
  struct Start {
    const clang::CFGBlock *Block;
    unsigned From;
  };
  mutable std::vector<Start> Starts;
  mutable const clang::Stmt *StartsOf = nullptr;
  /// What the walks for StartsOf's statement see first, found once for all
  /// its variables: S is transparent, so the walk over S's own elements
  /// (from Starts) is the same for every variable. Frontier: the first
  /// element outside S on each such path; Crossed: the blocks that walk
  /// scanned from their start (by block ID; a variable's walk does not scan
  /// them again); FrontierExit: whether it reached the function's end.
  mutable std::vector<Start> Frontier;
  mutable llvm::BitVector Crossed;
  mutable bool FrontierExit = false;
  /// The blocks reached from From: a start with an element is visited from
  /// it, one without is queued; Visit(B, I, Push) returns true to stop
  /// (forward's result) or queues what follows B through Push. Queued: the
  /// blocks queued so far, by ID (each is queued once).
  bool forward(const std::vector<Start> &From, llvm::BitVector &Queued,
               llvm::function_ref<bool(const clang::CFGBlock *, unsigned,
                                       llvm::function_ref<void(const clang::CFGBlock *)>)>
                   Visit) const;
  /// Sets Frontier, Crossed and FrontierExit from Starts.
  void findFrontier(
      llvm::function_ref<bool(const clang::CFGBlock *, unsigned, const clang::Stmt *)> InS) const;
  /// The walk forward from From over the elements InS does not exclude:
  /// true at a read of V before an assignment; at the function's end,
  /// what AtExit says (asked last, once the walk is done).
  bool walk(const std::vector<Start> &From,
            llvm::function_ref<bool(const clang::CFGBlock *, unsigned, const clang::Stmt *)> InS,
            const clang::VarDecl *V, llvm::function_ref<bool()> AtExit,
            const llvm::BitVector *Done = nullptr, bool ExitReached = false) const;
};

} // namespace ompm

#endif
