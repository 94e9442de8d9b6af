//===- Hoist.h - One data region around host code that runs kernels -*- C++ -*-===//
//
// An attempt at a data region around a host loop (or a run of statements):
// the arrays its kernels map become candidates, one section each; those
// the input maps itself, or that host code could reach unseen, or whose
// section changes inside, are left with their kernels (Hoist.cpp); the
// host's own uses inside get target update around them, and pointers that
// trade buffers are mapped as one (HoistUses.cpp); the region's lines, and
// the updates and exits it needs, are written (HoistEmit.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLACEMENT_HOIST_H
#define OMPM_PLACEMENT_HOIST_H

#include "Facts/Subscripts.h"
#include "Placement/Placer.h"
#include "llvm/ADT/DenseMap.h"

namespace ompm {

class HoistAttempt : public PlanStep {
public:
  HoistAttempt(DataPlacer &P, const clang::Stmt *L, const clang::FunctionDecl *Fn,
               const clang::CompoundStmt *Run, bool AllOrNothing)
      : PlanStep(P), P(P), L(L), Fn(Fn), Run(Run), AllOrNothing(AllOrNothing),
        E(SM) {}
  /// Places the region; false (with P.HoistWhy, when worth reporting) when
  /// there is none.
  bool run();

private:
  bool no(std::string Why) {
    P.HoistWhy = std::move(Why);
    return false;
  }
  // Hoist.cpp: what the region may hold.
  void scanHost();
  bool checkHostCode();
  bool collectCandidates();
  void rejectUserMapped();
  static bool boundsName(const std::string &Section, llvm::StringRef Name);
  void rejectByHostCalls();
  void rejectBySummarizedCalls();
  void rejectChanging();
  void widenToAllocations();
  // HoistUses.cpp: the host's uses inside, swaps, map types.
  const clang::Stmt *stmtOf(const clang::Stmt *S);
  bool collectUses();
  /// The candidates the pointer or array V (no candidate) may be the
  /// memory of: not restrict, not two declared arrays, not proved distinct
  /// (lib/Facts/Allocations).
  std::vector<const clang::ValueDecl *> mayAliasCandidates(const clang::ValueDecl *V);
  bool groupSwaps();
  void chooseTypes();
  bool deadAfter(const clang::ValueDecl *V) const;
  void refineLiveness();
  bool chooseHoisted();
  // HoistEmit.cpp: the region's lines, the updates, the exits.
  bool renderRegion();
  bool around(const clang::Stmt *S, const std::string &Before, const std::string &After);
  void emitRegion();
  // HoistUpdates.cpp: target update around the host's uses, write-back.
  bool placeUpdates();
  bool placeExits();

  DataPlacer &P;
  const clang::Stmt *L;
  const clang::FunctionDecl *Fn;
  const clang::CompoundStmt *Run;
  const bool AllOrNothing;
  // The loop's host code: parents, returns, references, calls.
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parent;
  bool Jumps = false;
  std::vector<const clang::ReturnStmt *> Returns;
  std::vector<const clang::DeclRefExpr *> Refs;
  std::vector<const clang::CallExpr *> HostCalls;
  /// Calls to summarized functions: kernels, and host code for the globals
  /// their summaries' host code uses.
  std::vector<const clang::CallExpr *> SummarizedCalls;
  /// A candidate: an array the kernels map, with one section.
  struct Cand {
    std::string Name, Section, Type;
    bool Ok = true;
    std::set<std::string> Types;
    std::optional<Poly> Lo, Hi;
    bool FullExtent = false; ///< mapped on its whole allocation
    bool UserMapped = false; ///< an enclosing data region of the input maps it
    std::string Why;         ///< why not Ok (the first reason)
    /// No kernel inside writes it: a host read needs no update.
    bool deviceReadOnly() const { return Types.size() == 1 && Types.count("to"); }
    void reject(std::string W) {
      Ok = false;
      if (Why.empty())
        Why = std::move(W);
    }
  };
  std::map<const clang::ValueDecl *, Cand> Cands;
  /// Hoist.cpp: a kernel's section over the host loops of L around it.
  void widenOverLoops(const Kernel &K, Cand &C);
  /// The canonical loops of L around S (innermost first: Vars, their
  /// variables' names renamed to their symbols, IVs); false when a name is
  /// not one variable's alone among those L changes, or, with
  /// EveryIteration, when S may not run in every iteration of the loops
  /// around it (anything but blocks and rectangular canonical loops of step
  /// 1 with no jump between).
  bool loopsAround(const clang::Stmt *S, bool EveryIteration, std::vector<LoopRange> &Vars,
                   std::map<std::string, Poly> &Renames,
                   std::vector<const clang::ValueDecl *> &IVs);
  // HoistUpdates.cpp.
  /// Whether [Lo, Hi], bounds at S, lies inside C's section for every
  /// value of the canonical loops of L around S (the other variables the
  /// bounds name fixed in L).
  bool withinCand(const clang::Stmt *S, const Poly &Lo, const Poly &Hi, const Cand &C);
  /// The rows (first subscripts) of V that F writes, when every write is a
  /// subscript with known bounds and V is used through subscripts only.
  static std::optional<std::pair<Poly, Poly>> writeBox(const RegionFacts &F,
                                                       const clang::ValueDecl *V);
  /// The updates around one host statement S that uses Vs.
  struct UseUpdates {
    std::vector<std::string> From, To;
    std::vector<const clang::ValueDecl *> FromVars;
    std::vector<std::optional<std::pair<Poly, Poly>>> FromRanges;
  };
  UseUpdates updatesFor(const clang::Stmt *S, const std::set<const clang::ValueDecl *> &Vs,
                        const CopyEvents &Events);
  void chooseWriteBack(
      const std::vector<std::pair<const clang::Stmt *, std::set<const clang::ValueDecl *>>>
          &UsesInOrder,
      const CopyEvents &Base);
  /// Drops from U's sends what Next, the statement right after S in their
  /// block, sends again after it (with nothing between that could read
  /// the device's copy or skip Next).
  void dropSentAgain(const clang::Stmt *S, UseUpdates &U, const clang::Stmt *Next,
                     const UseUpdates &NextU, const CopyEvents &Events);
  /// Arrays written back after each kernel, and the fetches after each.
  std::set<const clang::ValueDecl *> WriteBack;
  std::map<const clang::Stmt *, std::vector<std::string>> AfterKernel;
  std::vector<const clang::ValueDecl *> Order;
  /// Global arrays a host function of this file uses: the call is a host
  /// access of the whole mapped section (and a write if the function may
  /// write its elements).
  struct CallUse {
    const clang::CallExpr *Call;
    const clang::ValueDecl *V;
    bool Writes;
  };
  std::vector<CallUse> CallUses;
  std::unique_ptr<RegionFacts> LFacts; ///< of L
  // Host uses.
  std::set<const clang::Stmt *> NeedsBraces;
  std::map<const clang::Stmt *, std::set<const clang::ValueDecl *>> Uses;
  std::vector<std::pair<const clang::ValueDecl *, const clang::ValueDecl *>> Swaps;
  std::set<const clang::ValueDecl *> NotCopied;
  std::map<const clang::Stmt *, std::set<const clang::ValueDecl *>> ViaCall, WrittenViaCall;
  std::map<const clang::ValueDecl *, const clang::ValueDecl *> Leader;
  std::map<const clang::ValueDecl *, std::vector<const clang::ValueDecl *>> Groups;
  std::set<const clang::ValueDecl *> Swapped;
  // The region.
  std::vector<std::string> FinalFetch; ///< target update from at region end
  std::set<const clang::ValueDecl *> DeviceOnly;
  std::vector<const clang::ValueDecl *> Hoisted;
  EditSet E;
  ConstructRecord R;
  std::string Line, ExitLine;
};

} // namespace ompm

#endif
