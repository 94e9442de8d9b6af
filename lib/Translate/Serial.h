//===- Serial.h - Serial loops proved parallel, offloaded ----------*- C++ -*-===//
//
// `--offload=serial`: each loop lib/Facts/SerialLoops proves parallel
// becomes `target teams distribute parallel for` (collapse for a perfect
// nest) with its data made explicit the way a compute construct's implicit
// data is (inferred sections, `to` for what it only reads), its reductions
// and the private scalars of each iteration; it is a kernel for data
// placement like any other. A loop left on the host is a decision with its
// reason (--explain, the report).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_SERIAL_H
#define OMPM_TRANSLATE_SERIAL_H

#include "Analysis/CallSites.h"
#include "Edit/PlanStep.h"
#include "Facts/SerialLoops.h"
#include "Placement/Kernels.h"
#include "Translate/LinkPoints.h"
#include "clang/AST/ParentMap.h"
#include <map>
#include <memory>
#include <set>

namespace ompm {

class SerialTranslator : public PlanStep {
public:
  SerialTranslator(const PlanStep &Base, std::vector<Kernel> &Kernels)
      : PlanStep(Base), Kernels(Kernels), Links(Ctx) {
    // The kernels of the input's constructs, and their variables.
    for (const Kernel &K : Kernels)
      for (const KernelItem &I : K.Items)
        if (I.V)
          Foreign.insert(llvm::cast<clang::ValueDecl>(I.V->getCanonicalDecl()));
  }
  /// Variables the input's OpenACC declare directives name (at file scope):
  /// a device function of a loop may not read them through `declare target
  /// link`.
  template <typename Set> void addForeign(const Set &Vs) {
    for (const clang::ValueDecl *V : Vs)
      Foreign.insert(llvm::cast<clang::ValueDecl>(V->getCanonicalDecl()));
  }
  /// Loops that may run as two are listed in the plan's Splits
  /// (PlanOptions::SplitLoops).
  bool SplitLoops = false;
  /// Removes from every kernel's items the globals made `declare target
  /// link`: each kernel maps them itself, and no data region may hold them
  /// (clang 19 refuses `target update` of a static one).
  void dropLinkGlobals(std::vector<Kernel> &All) const;
  /// Offloads each loop proved parallel (a record each), and records the
  /// others as decisions.
  void run(const std::vector<SerialLoop> &Loops);
  /// The loops offloaded: device code, not host code, to data placement.
  const std::set<const clang::Stmt *> &offloaded() const { return Offloaded; }
  /// Adds the kernels' directive lines to the plan. Called after data
  /// placement: a region that starts at an offloaded loop puts its line at
  /// the same place, and it must come first (before the kernel's own).
  void emitEdits() {
    Out.Edits.insert(Out.Edits.end(), Pending.begin(), Pending.end());
    Pending.clear();
  }

private:
  /// The directive line for L, its map items and notes; why not, else "".
  std::string offload(const SerialLoop &L, std::string &Line,
                      std::vector<KernelItem> &Items, ConstructRecord &R,
                      LoopRecord &LR);
  /// The run-time test that the sections of L's pointer pairs do not
  /// overlap (a versioned loop), or "" with Why.
  std::string overlapTest(const SerialLoop &L, const std::vector<KernelItem> &Items,
                          std::string &Why) const;
  /// The run-time tests that the row arrays of L.RowTests do not decrease
  /// (calls of a helper function the file gets once per element type,
  /// SerialRows.cpp), joined by &&; "" with Why when one cannot be written.
  std::string rowTests(const SerialLoop &L, std::string &Why);
  /// The helper functions of the row tests, each before the first function
  /// that uses it, and in the fix-it of each loop that uses it.
  void rowHelperEdits();
  struct RowHelper {
    std::string Name, Type;
    std::set<const clang::FunctionDecl *> Users;
    std::vector<size_t> Loops; ///< indices into Out.Loops
  };
  std::vector<RowHelper> RowHelpers;
  /// The helpers the loop being offloaded calls (indices into RowHelpers).
  std::vector<size_t> RowHelpersOfLoop;
  /// The loop's text, as lines, for the offloaded copy of a versioned loop.
  std::vector<std::string> loopCopy(const clang::ForStmt *For,
                                    const std::string &Indent) const;
  std::vector<Kernel> &Kernels;
  std::set<const clang::Stmt *> Offloaded;
  /// Records how the kept loop L is written as two (L.DistributeTail).
  void split(const SerialLoop &L);
  /// The test of the loop being offloaded, when it is versioned.
  std::string OverlapTest;
  /// The loop being offloaded: each scalar read after it with the copy
  /// its last iteration stores it into (SerialLoop::LastIterationTest).
  struct LastCopy {
    std::string Name, Copy, Type;
  };
  std::vector<LastCopy> LastCopies;
  /// The name of V's copy in Fn (one per variable and function; a name no
  /// identifier of the file has); V null: the function's flag that the last
  /// iteration ran.
  std::string lastCopyName(const clang::FunctionDecl *Fn, const clang::ValueDecl *V);
  /// Inserts Decls (declarations of names made for Fn) at the top of Fn's
  /// body, indented as its first statement.
  void declareAtTop(const clang::FunctionDecl *Fn, EditSet &E,
                    const std::vector<std::string> &Decls);
  /// The second pass of L's arg reductions (SerialArg.cpp): the lines
  /// before the kernel, after the loop, and the declarations at the top of
  /// the function, into ArgBefore, ArgAfter, ArgDecls; why not, else "".
  std::string argPass(const SerialLoop &L, const std::vector<KernelItem> &Items,
                      ConstructRecord &R);
  std::vector<std::string> ArgBefore, ArgAfter, ArgDecls;
  /// The team-local form of the loop's histograms (--team-histograms): the
  /// lines between the `target teams` line and the loop, and after the
  /// loop; empty when the loop keeps the combined construct.
  std::vector<std::string> TeamBefore, TeamAfter;
  /// Whether the loop's histograms take the team-local form; its lines
  /// into TeamBefore and TeamAfter, the renames into BodyLines. Line gets
  /// the `target teams` line, LoopClauses go on the loop.
  bool teamHistogramForm(const SerialLoop &L, const std::vector<KernelItem> &Items,
                         const std::vector<std::string> &TeamClauses,
                         const std::vector<std::string> &LoopClauses, std::string &Line,
                         ConstructRecord &R, LoopRecord &LR);

public:
  /// `--team-histograms` (lib/Facts/TeamHistograms.h).
  bool TeamHistograms = false;

private:
  /// The edits of the copies: declared at the top of the function, stored
  /// by the last iteration; After gets the host's assignments back.
  void lastCopyEdits(const SerialLoop &L, EditSet &E, std::vector<std::string> &After,
                     ConstructRecord &R, LoopRecord &LR);
  std::map<std::pair<const clang::FunctionDecl *, const clang::ValueDecl *>, std::string> CopyNames;
  /// The copies declared so far, at the top of their function.
  std::set<std::pair<const clang::FunctionDecl *, std::string>> CopiesDeclared;
  /// The parents of each function's statements, built once per function.
  std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> FnParents;
  std::vector<Edit> Pending;
  /// The directive lines inside the loop being offloaded: atomics, and
  /// `parallel for` before its thread loops.
  EditSet BodyLines{SM};
  /// The functions made declare target so far (once each).
  std::set<const clang::FunctionDecl *> DeclaredTarget;
  /// Globals read by device functions: where their link directive goes,
  /// and those given one.
  LinkPoints Links;
  /// The translation unit's calls, once a loop maps an array (parameters
  /// whose callers all pass one array: Analysis/ParamExtents).
  std::unique_ptr<CallSites> Sites;
  std::set<const clang::VarDecl *> Linked;
  /// Variables of the input's own kernels and declare directives.
  std::set<const clang::ValueDecl *> Foreign;
  /// Why L's device globals cannot be linked; "" when they can.
  std::string linkWhy(const SerialLoop &L);
  /// The offloaded loops (their index in Out.Loops) that link globals.
  std::vector<std::pair<size_t, std::vector<const clang::VarDecl *>>> LinkUsers;
  /// The link directive lines, once all loops are offloaded.
  void linkEdits();
};

} // namespace ompm

#endif
