//===- SerialFinder.h - The serial-loop search, inside lib/Facts -*- C++ -*-===//
//
// The search of findSerialLoops (SerialLoops.cpp: the walk, the test of one
// loop, its clauses) and its nests (SerialNests.cpp: collapse, exchanged
// headers, distribution, profitability). Not an interface of the library.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SERIALFINDER_H
#define OMPM_FACTS_SERIALFINDER_H

#include "Analysis/GlobalScalars.h"
#include "Analysis/Liveness.h"
#include "Analysis/PrivateArrays.h"
#include "Facts/Allocations.h"
#include "Facts/LoopShapes.h"
#include "Facts/Regions.h"
#include "Facts/ScratchRanges.h"
#include "Facts/SerialLoops.h"
#include "Facts/Subscripts.h"
#include "clang/AST/ParentMap.h"
#include <map>
#include <memory>

namespace ompm {
namespace serial_detail {

using namespace clang;

/// L kept on the host with Why: nothing of what the analysis found on the
/// way (clauses, atomics, functions) is kept.
SerialLoop kept(const SerialLoop &L, std::string Why, bool Proved = false);

/// The ranges of the canonical loops of Fn around For, innermost first,
/// each named by its variable (how For's region names an outer loop
/// variable); a loop whose variable's name For's region also gives another
/// variable is left out.
std::vector<LoopRange> enclosingLoops(
    const ForStmt *For, const ParentMap &PM,
    llvm::function_ref<const RegionFacts &(const ForStmt *)> FactsOf);

class Finder {
public:
  Finder(ASTContext &Ctx, const SerialLoopOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts), Allocs(Ctx),
        Globals(Ctx, Allocs.callSites()) {}
  void function(const FunctionDecl *F) {
    Fn = F;
    Privates.reset();
    Scratch.reset();
    Live = nullptr; // built for the first loop (most functions have none)
    ConstsFound = false;
    PlainFacts.clear(); // a function's loops are asked about in it only
    Directives.clear();
    Tested.clear();
    Depth = 0;
    visit(F->getBody());
  }
  std::vector<SerialLoop> Loops;

private:
  void visit(const Stmt *S) {
    if (!S || isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S) ||
        isa<LambdaExpr>(S))
      return;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      SerialLoop L = analyse(For);
      bool Parallel = L.Parallel;
      if (!Parallel)
        L.Facts.reset(); // only an offloaded loop's are read again
      Loops.push_back(std::move(L));
      if (Parallel)
        return;
    }
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<CXXForRangeStmt>(S);
    // A host loop of a few iterations (`for (m = 3; m < 5; m++)` around a
    // sweep) multiplies the kernels inside it by at most that: not a level.
    unsigned Level = Loop && !fewIterations(S) ? 1 : 0;
    size_t First = Loops.size();
    Depth += Level;
    for (const Stmt *C : S->children())
      visit(C);
    Depth -= Level;
    if (Level && Depth == 0)
      smallLaunches(S, First);
  }
  /// The kernels found inside the host loop Host (Loops from First on) kept
  /// on the host with it when each runs too little per launch
  /// (Opts.MinLaunchWork) and Host would start them in every iteration.
  void smallLaunches(const Stmt *Host, size_t First);
  /// The loops around the statement being visited (all on the host), less
  /// those of a few iterations.
  unsigned Depth = 0;
  /// Whether S is a canonical for loop whose constant trip count is at most
  /// Opts.FewHostIterations.
  bool fewIterations(const Stmt *S) {
    const auto *For = dyn_cast<ForStmt>(S);
    if (!For)
      return false;
    std::optional<long long> T = tripCountOf(For, plainFacts(For), consts());
    return T && *T <= static_cast<long long>(Opts.FewHostIterations);
  }
  SerialLoop analyse(const ForStmt *For);
  /// directiveIn's answers, per function.
  llvm::DenseMap<const Stmt *, const Stmt *> Directives;
  /// Whether a line inserted after For is host code that runs right after
  /// it (For is a statement of a block, and the next one starts on a later
  /// line).
  bool lineAfterIsFree(const ForStmt *For);
  /// Sets L.LastIterationTest and L.LastBody when the last iteration of
  /// For's collapsed nest (innermost loop Innermost) can store the values
  /// of L.LastPrivate for the host; false when it cannot.
  bool lastValuesStored(const ForStmt *For, const ForStmt *Innermost, SerialLoop &L);
  bool parallel(const ForStmt *For, SerialLoop &L);
  bool testLoop(const ForStmt *For, SerialLoop &L);
  /// For, not parallel, with its inner loop's header exchanged
  /// (SerialLoop::Interchanged): true, with L set, when that is proved.
  bool interchange(const ForStmt *For, SerialLoop &L);
  /// The last statement of For (kept on the host) when For may run as two
  /// loops, the second of which, that statement under For's header, is
  /// parallel over the whole nest with the headers exchanged
  /// (SerialLoop::DistributeTail); null otherwise.
  /// Why: why not, once the tail is parallel alone and worth a kernel.
  const ForStmt *distributable(const ForStmt *For, std::string &Why);
  /// interchangeWhy for For and its inner loop J with facts F, in this
  /// function (the loops around For, the liveness after it).
  std::string exchangeWhy(const ForStmt *For, const ForStmt *J, const RegionFacts &F);
  /// Why a loop proved parallel stays on the host for profitability (a
  /// small constant trip count of the loops the kernel spreads, from Top
  /// down Collapse levels; host loops around it); "" if it does not.
  std::string unprofitable(const ForStmt *Top, unsigned Collapse);
  unsigned collapse(const ForStmt *For, const SerialLoop &L);
  /// The loop's facts without following its calls, built once: a loop is
  /// looked at as a candidate, as a collapsed level and for its last
  /// values and trip count.
  std::shared_ptr<const RegionFacts> plainFactsOf(const ForStmt *For) {
    std::shared_ptr<const RegionFacts> &F = PlainFacts[For];
    if (!F)
      F = std::make_shared<const RegionFacts>(For, Ctx);
    return F;
  }
  const RegionFacts &plainFacts(const ForStmt *For) { return *plainFactsOf(For); }

  ASTContext &Ctx;
  const SourceManager &SM;
  const SerialLoopOptions &Opts;
  AllocationFacts Allocs;
  /// Who names which global, for every function's scratch arrays.
  CodeUsers Users{Ctx};
  /// The file's static scalars across its functions: a scratch global
  /// (NPB's tmp1) is dead after a loop when nothing reads it before
  /// assigning it, in the function or after it returns.
  GlobalScalarLiveness Globals;
  const FunctionDecl *Fn = nullptr;
  /// Fn's, once a loop asks: the one Globals keeps for the walks through
  /// calls (a function's CFG is built once).
  const Liveness *Live = nullptr;
  const Liveness &live() {
    if (!Live)
      Live = &Globals.liveOf(Fn);
    return *Live;
  }
  /// The parents of Fn's body's statements (Live's).
  const ParentMap &parents() { return live().parents(); }
  /// Fn's arrays its loops may make private, once a loop asks.
  std::unique_ptr<PrivateArrays> Privates;
  PrivateArrays &privates() {
    if (!Privates)
      Privates = std::make_unique<PrivateArrays>(Fn, Ctx, parents());
    return *Privates;
  }
  std::unique_ptr<ScratchRanges> Scratch;
  ScratchRanges &scratch() {
    if (!Scratch)
      Scratch = std::make_unique<ScratchRanges>(Fn, Ctx, parents(), Users);
    return *Scratch;
  }
  /// Fn's locals that keep the constant they are initialized with (`int
  /// len = 20;`), by name: for trip counts.
  std::map<std::string, Poly> Consts;
  bool ConstsFound = false;
  const std::map<std::string, Poly> &consts() {
    if (!ConstsFound) {
      ConstsFound = true;
      Consts = constantLocals(Fn, Ctx);
    }
    return Consts;
  }
  /// plainFacts' facts of Fn's loops (its outermost loops' too, for the
  /// bounds of the loops around a candidate: enclosingLoops).
  std::map<const ForStmt *, std::shared_ptr<const RegionFacts>> PlainFacts;
  /// What parallel() found for a loop of Fn: tested once though a loop is
  /// tested as a collapsed level of the loop around it and again on its own
  /// when that loop stays on the host (the followed calls are read again
  /// each time otherwise).
  std::map<const ForStmt *, std::pair<bool, SerialLoop>> Tested;
};

} // namespace serial_detail
} // namespace ompm

#endif
