//===- AccState.h - What the OpenACC translators of a file share --*- C++ -*-===//
//
// The translators of OpenACC directives (one per kind of construct, each in
// a file of this folder) share the file's directives, the options, what
// earlier translations decided (constructs left untranslated, globals made
// declare target, async queues used) and the kernels they hand to data
// placement. AccStep is their base: that state under the names they use,
// and the helpers every translator needs (a directive's record, the clauses
// that apply to this device, the queue of an async clause).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_ACCSTATE_H
#define OMPM_TRANSLATE_ACCSTATE_H

#include "Edit/PlanStep.h"
#include "Facts/Directives.h"
#include "Placement/Kernels.h"
#include "Translate/Options.h"
#include "llvm/ADT/DenseSet.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

struct AccFileState {
  AccFileState(const std::vector<Directive> &Dirs, const PPFacts &PP,
               const PlanOptions &Opts)
      : Dirs(Dirs), PP(PP), Opts(Opts), Handled(Dirs.size(), false) {}
  const std::vector<Directive> &Dirs;
  const PPFacts &PP;
  PlanOptions Opts;
  /// Directives already planned (inside a compute construct).
  std::vector<bool> Handled;
  /// Globals of a declare directive: present in every compute construct.
  llvm::DenseSet<const clang::ValueDecl *> GlobalDeclared;
  bool NeedQueues = false;
  /// The file sets the default async queue (set default_async,
  /// acc_set_default_async) or reads it: async without an argument uses the
  /// file's variable omp_migrate_default_async_.
  bool NeedDefaultAsync = false;
  /// The queue array must be declared before its earliest use.
  clang::SourceLocation FirstQueueUse;
  /// The helper functions the runtime calls' rewrites call
  /// (lib/Translate/RuntimeHelpers.h), defined before their earliest use.
  std::set<std::string> Helpers;
  clang::SourceLocation FirstHelperUse;
  /// A translation calls omp_* routines: the file includes omp.h.
  bool NeedOmpH = false;
  /// Constructs left untranslated: not emitted, so nothing may rely on them.
  llvm::DenseSet<const clang::Stmt *> FailedConstructs;
  /// Each directive's children (the directives whose Parent it is), in the
  /// order of Dirs; built on first use (AccStep::descendants).
  std::vector<std::vector<int>> Children;
  bool ChildrenBuilt = false;
  /// The translated compute constructs, for data placement.
  std::vector<Kernel> Kernels;
  /// Translated kernels that map sections of structure members: no data
  /// region is placed around them, and their functions get no summary.
  std::vector<const clang::Stmt *> MemberKernels;
};

class AccStep : public PlanStep {
public:
  AccStep(const PlanStep &Base, AccFileState &St)
      : PlanStep(Base), St(St), Dirs(St.Dirs), PP(St.PP), Opts(St.Opts),
        Handled(St.Handled), GlobalDeclared(St.GlobalDeclared),
        NeedQueues(St.NeedQueues), NeedDefaultAsync(St.NeedDefaultAsync),
        FailedConstructs(St.FailedConstructs) {}

protected:
  /// The record of directive I, not yet translated.
  ConstructRecord newRecord(int I) const;
  bool isDescendant(int I, int Anc) const;
  std::vector<int> descendants(int Anc) const;
  /// The associated statement.
  const clang::Stmt *assoc(const Directive &D) const { return associatedStmt(D.S); }
  /// Applies device_type filtering: returns the clauses that apply.
  std::vector<const clang::OpenACCClause *>
  effectiveClauses(llvm::ArrayRef<const clang::OpenACCClause *> Cs,
                   ConstructRecord &R) const;
  std::string clauseText(const clang::OpenACCClause *C) const;
  /// The queue an async/wait argument names. Without an argument (or with
  /// acc_async_noval) that is the default queue: -1 (acc_async_noval), or
  /// the file's default-queue variable when the file sets the default.
  std::string queueValue(const clang::Expr *Q) const;
  /// The dependence object of an async queue: omp_migrate_async_[q & 63].
  std::string queueRef(const clang::Expr *Q);
  /// The queue array must be declared before its earliest use.
  void noteQueueUse(clang::SourceLocation L);
  /// The helpers Text calls (RuntimeHelpers.h) are defined before L, and
  /// the file includes omp.h.
  void noteHelpers(llvm::StringRef Text, clang::SourceLocation L);
  /// What the translated data constructs around directive I make present:
  /// variables, and member paths ("m.x", whose structure is then present
  /// too: the section came with a map of it).
  void enclosingData(int I, llvm::DenseSet<const clang::ValueDecl *> &Present,
                     llvm::DenseSet<const clang::ValueDecl *> &DevPtr,
                     std::set<std::string> *PresentPaths = nullptr) const;

  AccFileState &St;
  const std::vector<Directive> &Dirs;
  const PPFacts &PP;
  const PlanOptions &Opts;
  std::vector<bool> &Handled;
  llvm::DenseSet<const clang::ValueDecl *> &GlobalDeclared;
  bool &NeedQueues;
  bool &NeedDefaultAsync;
  llvm::DenseSet<const clang::Stmt *> &FailedConstructs;
};

} // namespace ompm

#endif
