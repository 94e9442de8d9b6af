//===- HostCopies.h - Where the host copy is current, over the CFG -*- C++ -*-===//
//
// Which parts of an array the host holds current values of, inside one
// data region, over a function's Clang CFG: a `target update from` before a
// host statement makes the fetched section current on the host; a kernel
// that may write the array, or a host call that may run kernels, makes the
// host copy stale again. It is a must-analysis: a fetch found on every path
// into a statement is one that statement need not repeat. Each question
// walks back from the statement's entries to the nearest fetch or
// stale-making event on each path (a cycle that has neither keeps what came
// in), so a function with a host read after every few kernels costs what
// lies between them, not the whole function per read (issue #32 item 2:
// 5,000 kernels with 500 host reads, 27.6 s before, 1.8 s after). A host
// change of a variable the fetched section is bounded by, or of the pointer
// itself (a swap), drops the fetch too. It follows
// every jump the CFG has: branches, loops and their back edges, break,
// continue, switch, goto and labels.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_HOSTCOPIES_H
#define OMPM_FACTS_HOSTCOPIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// What happens to host copies inside one data region.
struct CopyEvents {
  /// The statements the region spans (a loop, or a run of statements of a
  /// block): nothing outside them counts.
  std::vector<const clang::Stmt *> Region;
  /// A kernel: the code inside it runs on the device (it is no host
  /// access), and when it runs it may write the arrays in Writes, or any
  /// array with WritesAny.
  struct Kernel {
    const clang::Stmt *S = nullptr;
    std::set<const clang::ValueDecl *> Writes;
    bool WritesAny = false;
  };
  std::vector<Kernel> Kernels;
  /// A `target update from` of Item (the text of a section of V) right
  /// before host statement Before. Only a statement with no kernel, no call
  /// that may run one, and no label inside counts: anything else could
  /// make the copy stale again, or enter the statement past the update.
  struct Fetch {
    const clang::Stmt *Before = nullptr;
    const clang::ValueDecl *V = nullptr;
    std::string Item;
  };
  std::vector<Fetch> Fetches;
  /// Whether a host call of this callee (null: through a pointer) may run
  /// kernels. Unset: every call may.
  std::function<bool(const clang::FunctionDecl *)> MayRunKernels;
  /// Whether a host change of variable D (Whole: D itself, not an element
  /// or member of it) makes fetched Item of V name other elements: D is a
  /// variable of its bounds, or the pointer V itself. Unset: every change
  /// does.
  std::function<bool(const std::string &Item, const clang::ValueDecl *V,
                     const clang::ValueDecl *D, bool Whole)>
      Depends;
};

class HostCopies {
public:
  /// Builds Fn's CFG (with implicit destructors, which are calls too).
  HostCopies(const clang::FunctionDecl *Fn, clang::ASTContext &Ctx);
  ~HostCopies();
  /// Whether the CFG could be built: without it nothing is ever current.
  bool ok() const { return Cfg != nullptr; }
  /// Whether, on every path that enters statement S, the host copy of one
  /// of Items of V was fetched since the last event that could make it
  /// stale. False where S is never entered, or the CFG is missing.
  bool currentOnEntry(const CopyEvents &E, const clang::Stmt *S,
                      const clang::ValueDecl *V,
                      llvm::ArrayRef<std::string> Items) const;

private:
  struct Elem;   ///< what one CFG element does
  class Reader;  ///< the events as they bear on one array
  /// The items fetched right before each statement.
  using FetchMap = llvm::DenseMap<const clang::Stmt *, std::vector<std::string>>;
  std::vector<Elem> elementsOf(const clang::CFGBlock &B, const Reader &R,
                               const FetchMap &FetchesBefore) const;

  clang::ASTContext &Ctx;
  std::unique_ptr<clang::CFG> Cfg;
  llvm::DenseSet<const clang::CFGBlock *> Reachable; ///< from the entry
  /// The CFG elements of each statement: block and index.
  llvm::DenseMap<const clang::Stmt *, std::vector<std::pair<const clang::CFGBlock *, unsigned>>>
      ElementAt;
  std::unique_ptr<clang::ParentMap> Parents;
};

} // namespace ompm

#endif
