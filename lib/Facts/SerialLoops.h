//===- SerialLoops.h - Serial loops proved parallel ---------------*- C++ -*-===//
//
// The plain for loops of a file's host code (outside any OpenACC or OpenMP
// construct) and, for each, whether its iterations are proved independent:
// the dependence test of lib/Facts/Dependence, plus what offloading a loop
// nobody annotated needs on top of it. A written array may alias another
// array of the loop unless one of the two is a restrict pointer or both are
// declared arrays; a called function must be a pure function of the C
// library; a scalar written in the loop must be a reduction or a temporary
// of each iteration that nothing reads after the loop; a loop variable
// declared outside must not be read after the loop; data reached through
// structure members is not followed. The outermost loop proved parallel is
// the one to offload; the loops inside it are not looked at, those inside
// a loop that is not proved parallel are.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SERIALLOOPS_H
#define OMPM_FACTS_SERIALLOOPS_H

#include "Facts/Dependence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ompm {

class RegionFacts;

struct SerialLoop {
  const clang::ForStmt *For = nullptr;
  const clang::FunctionDecl *Fn = nullptr;
  bool Parallel = false;
  std::string Why; ///< why not, when not parallel
  /// Proved parallel, but kept on the host (Why says why): profitability,
  /// or a clause the loop needs that the compilers do not get right
  /// (lastprivate from a GPU with clang 19).
  bool ProvedParallel = false;
  /// For a loop proved parallel but kept: the clauses the proof found
  /// ("reduction(+: A[i][j])", "lastprivate(t)", "collapse(2)").
  std::vector<std::string> Needs;
  /// "+: s" items of the scalars the loop reduces.
  std::vector<std::string> Reductions;
  /// Scalars whose value after the loop is read, each written by every
  /// iteration (the last iteration's value would be theirs: lastprivate,
  /// which clang 19 does not give back from a GPU).
  std::vector<std::string> LastPrivate;
  /// Then, when the loop is offloaded: the test that an iteration of the
  /// collapsed nest is the last (`i + 1 >= (n)`, one term per level) and
  /// the innermost body, at whose end that iteration stores each of them
  /// into a mapped copy, which the host reads back after the kernel.
  /// Empty when it cannot be written: the loop stays on the host.
  std::string LastIterationTest;
  const clang::CompoundStmt *LastBody = nullptr;
  /// Array elements every iteration updates as a reduction ("+: A[i][j]"):
  /// no OpenMP form the compilers build (docs/serial.md), so the loop stays
  /// on the host.
  std::vector<std::string> ElementReductions;
  /// Arrays the loop updates at shared elements ("+: y"): an array
  /// reduction, not emitted for an array of run-time size, so the loop
  /// stays on the host.
  std::vector<std::string> ArrayReductions;
  /// Declared arrays of at most MaxArrayReductionElements elements that the
  /// loop updates at shared or data-dependent places (a histogram):
  /// `reduction(+: hist)`, each team its own copy, instead of atomics.
  std::vector<std::string> SmallArrayReductions;
  /// Arrays of the function's own that every iteration writes before it
  /// reads them, and whose values after the loop nothing reads
  /// (Analysis/PrivateArrays): private, each thread its own copy.
  std::vector<std::string> PrivateArrays;
  /// The loop's own variable, when it is read after the loop (its final
  /// value would need lastprivate too).
  std::string LastValueOfIV;
  /// Then, when its closed form can be written: the host statement that
  /// gives it after the kernel (`i = (lo) < (hi) ? (hi) : (lo);`), inserted
  /// on the line after the loop; otherwise the loop stays on the host.
  std::string FinalValue;
  /// Array updates of one commutative operator at places the dependence
  /// test cannot separate (`h[key[i]]++`): atomic updates.
  std::vector<const clang::Expr *> AtomicUpdates;
  /// Scalars set to one constant in some iterations (flags), and their
  /// assignments: shared, each assignment an atomic write.
  std::vector<std::string> Flags;
  std::vector<const clang::Expr *> AtomicWrites;
  /// Functions of the file the loop calls (directly or not), each checked
  /// to run on the device: they get declare target.
  std::vector<const clang::FunctionDecl *> DeviceFunctions;
  /// File-scope variables those functions read (never write): `declare
  /// target link`, mapped by the kernel (canonical declarations).
  std::vector<const clang::VarDecl *> DeviceGlobals;
  /// Pairs of pointers (one written) that may be the same memory, the loop
  /// parallel when they are not: it is versioned, a run-time test that
  /// their sections do not overlap choosing the offloaded copy, the
  /// original loop otherwise.
  std::vector<std::pair<const clang::ValueDecl *, const clang::ValueDecl *>> OverlapTests;
  /// Arrays written at the rows of a sparse structure: parallel when the
  /// row array does not decrease, a run-time test too (versioned).
  std::vector<RowTest> RowTests;
  /// Arg-max and arg-min (Facts/ArgReductions): the value reduced (its item
  /// is one of Reductions), the index private, then a second kernel after
  /// the loop finds the index.
  std::vector<ArgReduction> ArgReductions;
  /// Values read after the loop that only some iterations set (`if (c)
  /// last = e;`, Facts/ArgReductions): private, then a second kernel after
  /// the loop finds the last iteration where c held, and e is evaluated
  /// there.
  std::vector<ConditionalLast> ConditionalLasts;
  /// Conditions (P >= 0, on invariants) under which the scratch arrays of
  /// PrivateArrays that Facts/ScratchRanges made private are: tested before
  /// the loop too (versioned).
  std::vector<Poly> Guards;
  bool versioned() const {
    return !OverlapTests.empty() || !RowTests.empty() || !Guards.empty();
  }
  /// Loops of a perfect rectangular nest, all proved parallel, from this
  /// one down (1: this loop alone).
  unsigned Collapse = 1;
  /// A loop that is not parallel whose one inner loop is, over the whole
  /// nest (Facts/Interchange, testInterchanged): the translation exchanges
  /// the two headers, and the kernel spreads this inner loop's iterations,
  /// For's running in order inside each (For's variable private). Null for
  /// a loop offloaded as it is. InterchangeWhy: why For alone is not
  /// parallel.
  const clang::ForStmt *Interchanged = nullptr;
  std::string InterchangeWhy;
  /// A loop kept on the host whose last statement, a loop, is parallel
  /// over the whole nest of For's header and itself, and For may run as
  /// two loops, the statements before it then that nest
  /// (Facts/Distribution): that statement. The driver then plans the file
  /// again with the loop written as two (lib/Driver/Distribute).
  const clang::ForStmt *DistributeTail = nullptr;
  /// For a loop kept for a reduction the translation does not emit, whose
  /// last statement is a loop parallel alone: why it is not written as two
  /// (a note of the decision); "" otherwise.
  std::string DistributeWhy;
  /// Loops inside this one (not collapsed with it) that are parallel each
  /// for one iteration of it and write arrays along their own variable
  /// (`C[i][j]` for the `j` loop of gemm's `i`): the kernel spreads this
  /// loop over teams (`target teams distribute`) and each of these over
  /// the threads of a team (`parallel for`), so that neighbouring threads
  /// touch neighbouring elements (lib/Facts/ThreadLoops.cpp).
  struct ThreadLoop {
    const clang::ForStmt *For = nullptr;
    std::vector<std::string> Private; ///< scalars each of its iterations writes first
  };
  std::vector<ThreadLoop> ThreadLoops;
  /// The facts the loop was tested with, its calls to DeviceFunctions
  /// followed (lib/Facts/RegionCalls): what the translation maps and
  /// privatizes. Set for every loop findSerialLoops reports Parallel.
  std::shared_ptr<const RegionFacts> Facts;
};

/// The largest declared array (in elements) reduced as a whole: the copy
/// every thread of a GPU keeps must stay small.
constexpr uint64_t MaxArrayReductionElements = 256;

/// Options of the search.
struct SerialLoopOptions {
  /// A loop whose constant trip count (over the collapsed nest) is below
  /// this stays on the host: moving it costs more than running it.
  unsigned long long MinTripCount = 1000;
  /// A loop inside this many loops that stay on the host would start a
  /// kernel for each of their iterations: it stays on the host too.
  unsigned MaxHostLoopsAround = 2;
  /// A host loop of at most this many iterations (a constant trip count)
  /// is not counted among those: it starts that many times the kernels
  /// inside it (NPB SP's `for (m = 3; m < 5; m++)` around a sweep).
  unsigned FewHostIterations = 8;
  /// Kernels inside a host loop that each run at most this many iterations
  /// per launch (Facts/LaunchWork's bound), when every kernel inside that
  /// host loop does, stay on the host with it: a launch costs about what
  /// that many iterations cost on one CPU core. 0: none.
  uint64_t MinLaunchWork = 16384;
  /// Declared arrays of at most MaxArrayReductionElements elements updated
  /// at shared places are reduced whole instead of by atomics (or kept).
  bool ArrayReductions = false;
  /// `--thread-loops`: an offloaded loop's inner loops that are parallel
  /// for one of its iterations and write along their own variable run on
  /// the threads of each team (SerialLoop::ThreadLoops). Off by default
  /// until checked on a GPU.
  bool ThreadLoops = false;
  /// Loops kept on the host are looked at for a distribution
  /// (SerialLoop::DistributeTail): only where the caller plans the file
  /// again with them written as two loops (the driver's first round).
  bool Distribute = false;
};

/// The loops of the main file's functions that are candidates: each for
/// loop of host code, outermost first, in source order. Functions that a
/// directive makes device functions (routine, declare target), templates,
/// and code from macros are not looked at.
std::vector<SerialLoop> findSerialLoops(clang::ASTContext &Ctx,
                                        const SerialLoopOptions &Opts = {});

} // namespace ompm

#endif
