//===- ThreadLoops.h - Inner loops spread over a team's threads --*- C++ -*-===//
//
// gemm's `for (i) { for (j) C[i][j] *= beta; for (k) for (j) C[i][j] +=
// ...; }`: the `i` loop is parallel, its body is no perfect nest to
// collapse, and offloaded alone it gives each GPU thread a whole row, the
// threads of a warp touching elements a row apart. Each `j` loop is
// parallel for one `i` and writes along `j`: the kernel spreads `i` over
// teams (`target teams distribute`) and each `j` loop over the threads of
// its team (`parallel for`), so that neighbouring threads touch neighbouring
// elements and every (i, j) has a thread. Code of the body outside the `j`
// loops runs on the team's first thread, in order, as before.
//
// A loop qualifies when the outer loop is plain (no reduction, no value
// read after it, not versioned, not collapsed: its teams need no more than
// `distribute`), and the inner one is proved parallel on its own (the
// outer variable fixed) with nothing but scalars each iteration writes
// first (private), is placed where a directive can go, writes an array
// whose last subscript is its variable and not the outer one, runs more
// than a warp's worth of iterations when its count is known, and is not
// inside another such loop.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_THREADLOOPS_H
#define OMPM_FACTS_THREADLOOPS_H

#include "Facts/SerialLoops.h"
#include "clang/AST/ParentMap.h"
#include <functional>
#include <optional>

namespace ompm {

/// At least this many iterations (when known) for a loop to take a team's
/// threads: a warp.
constexpr long long MinThreadLoopTrips = 32;

/// Whether a parallel loop's facts ask for no clause beyond private
/// scalars: no reduction of any kind, no value read after it, no atomic,
/// no flag, no private array, no arg reduction, not versioned.
bool plainParallelLoop(const SerialLoop &L);

/// The thread loops of L (parallel, offloaded with collapse 1), in source
/// order. Parallel answers whether a loop of the function is parallel (and
/// its facts); Trips its constant trip count, if known; PM the function's
/// parent map.
std::vector<SerialLoop::ThreadLoop>
threadLoops(const SerialLoop &L,
            const std::function<bool(const clang::ForStmt *, SerialLoop &)> &Parallel,
            const std::function<std::optional<long long>(const clang::ForStmt *)> &Trips,
            const clang::ParentMap &PM);

} // namespace ompm

#endif
