//===- HostParallel.h - CPU OpenMP parallel loops of the input ----*- C++ -*-===//
//
// `--offload=openmp`: the host `parallel for` / `parallel for simd`
// constructs of the main file, and `parallel` regions whose body is `for`
// work-sharing loops and declarations, each with its work-sharing loops
// (one kernel each: the barriers the region implies are kernel
// boundaries) and their clauses (a per-thread partial result that a
// critical adds to a shared total after its loop becomes that loop's
// reduction), or why it stays on the host: a clause
// whose meaning a kernel cannot keep (lastprivate, ordered, linear,
// copyin), a directive inside other than critical, atomic and simd
// (single, master, barrier, sections, task, ...), a call to the OpenMP
// runtime whose value differs on a device (omp_get_thread_num), a call
// that cannot run there (I/O), threadprivate data, or per-thread state
// that lives across a region's statements. Dropped clauses (schedule,
// num_threads, proc_bind, default, nowait) are listed for a note.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_HOSTPARALLEL_H
#define OMPM_FACTS_HOSTPARALLEL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// One work-sharing loop: a kernel.
struct WorkLoop {
  /// The `for` / `for simd` directive, or the combined `parallel for`.
  const clang::OMPLoopDirective *D = nullptr;
  const clang::ForStmt *For = nullptr;
  bool Simd = false;
  /// Clauses kept, as written, in order: private, firstprivate, shared,
  /// reduction, collapse (the region's and the loop's).
  std::vector<std::string> Clauses;
  /// simd clauses (safelen, simdlen, aligned, nontemporal): kept on a
  /// `distribute parallel for simd`, dropped from `loop`.
  std::vector<std::string> SimdClauses;
  /// The condition of an if clause, "" if none.
  std::string If;
  /// Variables a clause makes private, firstprivate or reduced (no map of
  /// their own), and those reduced (mapped tofrom).
  std::set<const clang::ValueDecl *> ClauseVars, Reduced;
  /// The items of private, firstprivate and shared clauses (the region's
  /// and the loop's), in order, and where their clauses go in Clauses:
  /// each variable gets one data-sharing clause on the kernel, the loop's
  /// over the region's, none when the loop reduces it (`shared(rho)` on
  /// the region, `reduction(+:rho)` on its loop; `private(j)` on both).
  struct Sharing {
    std::string Kind; ///< "private", "firstprivate" or "shared"
    const clang::ValueDecl *V;
    bool Region;
  };
  std::vector<Sharing> Sharings;
  size_t SharingAt = 0;
  /// Variables declared in the region's body that the loop writes as a
  /// temporary of each iteration: private on the kernel.
  std::vector<const clang::ValueDecl *> RegionPrivate;
};

struct HostParallel {
  /// `parallel for`, `parallel for simd`, or `parallel`.
  const clang::OMPExecutableDirective *D = nullptr;
  const clang::FunctionDecl *Fn = nullptr;
  std::vector<WorkLoop> Loops;
  /// Why it stays on the host; empty when it can be offloaded.
  std::string Why;
  /// Clauses dropped, as written, for a note.
  std::vector<std::string> Dropped;
  /// A `parallel` region's combines of per-thread partial results
  /// (`#pragma omp critical` / `atomic` around `sum += local;` after the
  /// loop that accumulates `local`): their lines go, the statement runs once
  /// on the host after the kernel, whose loop reduces `local`.
  struct Combine {
    const clang::OMPExecutableDirective *D; ///< the critical or atomic
    const clang::ValueDecl *Partial;
    std::string Op;                         ///< the loop's reduction operator
    const clang::OMPLoopDirective *Loop;    ///< the loop that reduces it
  };
  std::vector<Combine> Combines;
  /// The file's functions the loops call, each able to run on a device:
  /// declare target.
  std::vector<const clang::FunctionDecl *> DeviceFunctions;
};

/// The host parallel constructs of the main file's function definitions
/// (not inside another OpenMP directive), in source order.
std::vector<HostParallel> findHostParallel(clang::ASTContext &Ctx);

/// The loop a loop directive governs (its outermost, for collapse).
const clang::ForStmt *loopOfDirective(const clang::OMPLoopDirective *D);

} // namespace ompm

#endif
