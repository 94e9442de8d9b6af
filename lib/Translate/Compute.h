//===- Compute.h - Compute constructs and their loops -------------*- C++ -*-===//
//
// One compute construct (parallel, serial, kernels, their loop forms) and
// the loop, atomic and cache directives inside it, translated as one: the
// construct's clauses (Compute.cpp), its loop nest and the levels of its
// loops (ComputeLoops.cpp), its implicit data (ComputeData.cpp), and the
// OpenMP it becomes (ComputeRender.cpp). The translated construct is a
// kernel for data placement.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_COMPUTE_H
#define OMPM_TRANSLATE_COMPUTE_H

#include "Facts/Regions.h"
#include "Translate/Clauses.h"
#include <map>
#include <memory>

namespace ompm {

/// A loop of the construct: a loop directive, or a bare loop nest of a
/// kernels region, with what its clauses say and what is decided for it.
struct LoopNode {
  int Dir = -1; ///< directive index, -1 for a bare loop in kernels
  const clang::ForStmt *For = nullptr;
  int Parent = -1;
  llvm::ArrayRef<const clang::OpenACCClause *> Clauses;
  bool Gang = false, Worker = false, Vector = false, Seq = false;
  bool Auto = false, Independent = false, ExplicitLevel = false;
  unsigned Collapse = 1;
  std::vector<std::string> TileSizes;
  // Decisions.
  bool Partitioned = false, IsGang = false, IsThread = false, IsSimd = false;
  std::vector<std::string> Reductions, Private, FirstPrivate, AutoReductions;
  /// Reductions of an enclosing loop or of the construct that this loop
  /// updates too: each partitioned level combines its own copies.
  std::vector<std::string> Inherited;
  /// The loop is a kernel of its own (a combined construct's loop, a loop
  /// nest of a kernels region): its directive is the target one.
  bool OwnKernel = false;
  /// Kernels regions: scalars the iterations set to one constant (shared,
  /// copied back).
  std::vector<std::string> SharedFlags;
  std::string NumThreads, SimdLen;
  std::string Decision; ///< note: why seq / why parallel
};


class ComputeTranslator : public ClauseStep {
public:
  /// The compute construct at directive index CI.
  ComputeTranslator(const PlanStep &Base, AccFileState &St, int CI);
  /// Translates it, or leaves it and everything inside intact with its
  /// reason.
  void run();

private:
  /// Records the construct and every directive inside as untranslated.
  void failAll(std::string Why);
  bool no(std::string W) {
    Why = std::move(W);
    return false;
  }
  // Compute.cpp
  bool readClauses();
  bool innerDirectives();
  // ComputeLoops.cpp
  bool makeNode(int Dir, const clang::Stmt *Loop,
                llvm::ArrayRef<const clang::OpenACCClause *> Cs, int Parent);
  const clang::Stmt *loopStmtOf(int D) const;
  bool buildNodes();
  std::string kernelScalars(LoopNode &N);
  bool decideLoops();
  void assignLevels();
  static std::string redVar(const std::string &Red);
  bool updates(const LoopNode &N, const std::string &Var) const;
  void inherit(int From, const std::string &Red);
  void inheritReductions();
  std::set<std::string> neededPrivates(const clang::Stmt *LoopBody,
                                       const clang::ForStmt *Assoc,
                                       unsigned Collapse) const;
  // ComputeData.cpp
  bool implicitData();
  // ComputeRender.cpp
  std::string renderLoop(const LoopNode &N, std::vector<std::string> &Cl);
  /// Whether P, which only a loop inside N names in a clause (a reduction
  /// of an inner vector loop), is written before it is read in each
  /// iteration of N: private to N, though neededPrivates leaves clause
  /// names to their loops. N is an element of Nodes.
  bool innerReductionTemporary(const LoopNode &N, const std::string &P) const;
  static std::string tileLine(const LoopNode &N);
  void replaceDir(int D, const std::string &Line, const LoopNode *N);
  void recordLoopDir(int D, const std::string &Emit, bool Removed);
  void teamPrivates();
  std::vector<std::string> constructClauses(bool Teams);
  void oneThread(const LoopNode &N);
  void emitLoopDirective(const LoopNode &N);
  void emitConstruct();
  std::vector<std::string>
  kernelClauses(const clang::Stmt *S, bool Teams,
                const std::vector<std::string> &Reductions = {});
  bool emitKernels();
  /// The zero modifier's items: allocated and zeroed before the construct,
  /// their lifetime ended by an exit data after it (Clauses.h).
  bool placeZeros();
  /// Deep copies (Clauses.h): pointer arrays and rows enter before the
  /// construct and leave after it; the construct looks the pointer arrays up.
  bool placeDeeps();

  const int CI;
  const Directive &C;
  ConstructRecord R;
  const std::vector<int> Desc;
  const bool Kernels, Serial, Combined;
  std::string Why;
  /// The arrays the construct maps with a known section, for placement.
  std::vector<KernelItem> Hoistable;
  // The construct's clauses.
  std::vector<const clang::OpenACCClause *> Cls;
  MapList Maps;
  std::vector<std::string> DevPtrs, IfConds, Async, TeamsCl, Priv, FirstPriv,
      Reds;
  llvm::DenseSet<const clang::ValueDecl *> Explicit;
  /// Data clause items that are one element (`a[3]`, `g[1][2]`).
  std::vector<const clang::Expr *> ElementItems;
  /// Why an element item cannot be what was meant: the construct uses
  /// other elements of its array. Empty when it is the only one used.
  std::string elementUseWhy(const clang::Expr *E) const;
  std::string NumWorkers, VectorLength, IfClause;
  bool TaskwaitBefore = false, DefaultPresent = false;
  std::set<std::string> ExplicitPaths; ///< "m.x" in a clause
  // The region and its loops.
  const clang::Stmt *Body = nullptr;
  std::unique_ptr<RegionFacts> Facts;
  std::vector<LoopNode> Nodes;
  std::map<int, int> NodeOfDir;
  std::vector<const clang::Stmt *> KernelStmts; ///< kernels: top-level statements
  // Data and rendering.
  std::set<std::string> NodeClauseNames;
  /// A gang-partitioned loop's reductions, reduced across teams too.
  std::vector<std::string> TeamsReds;
  std::vector<std::string> KernelScalarMaps; ///< kernels: written scalars
  std::set<std::string> TeamPrivs;
  bool SingleLoop = false;
  EditSet E;
  std::vector<std::string> Emitted;
  /// Records of the loop, atomic and cache directives inside, added to the
  /// plan when the construct is translated.
  std::vector<ConstructRecord> InnerRecords;
};

} // namespace ompm

#endif
