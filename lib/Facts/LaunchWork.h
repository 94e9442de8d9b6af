//===- LaunchWork.h - The work of one kernel launch, bounded -*- C++ -*-===//
//
// How many iterations one launch of a loop nest runs at most: a kernel
// started in every iteration of a host loop (PolyBench's durbin: three
// kernels per `k`, each over `i < k`) costs a launch each time, about what
// some ten thousand iterations cost on one CPU core; a kernel that runs
// fewer per launch is slower on a GPU than on the host, however fast the
// GPU. The bound of each loop of the nest is its constant trip count or,
// when its bounds are not constants, the extent of an array the loop
// subscripts with its own variable in every iteration (`y[i]` with `double
// y[2000]`: in bounds, at most 2000 iterations; a parameter's declared
// extent counts too, though C does not hold a caller to it: the bound only
// decides where a loop runs, never what it computes).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_LAUNCHWORK_H
#define OMPM_FACTS_LAUNCHWORK_H

#include "Facts/HostParallel.h"
#include "Facts/Regions.h"
#include "clang/AST/ParentMap.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ompm {

struct LaunchWork {
  /// Iterations of the innermost statements, For's nest multiplied down
  /// and summed over sibling loops (each iteration of a loop counts one
  /// besides what its inner loops run).
  uint64_t Iterations = 0;
  /// What bounds the first loop whose trip count is not a constant (`'y'
  /// (2000 elements)`), empty when every one is a constant.
  std::string BoundedBy;
};

/// An upper bound of the iterations one launch of For's nest runs; F is
/// For's facts (its loops and accesses), Consts the function's constant
/// locals, PM the function's parent map. nullopt where a loop has neither a
/// constant trip count nor such an array, where the nest holds another kind
/// of loop, a jump, or a call to a function other than the C library's pure
/// ones.
std::optional<LaunchWork> launchWork(const clang::ForStmt *For, const RegionFacts &F,
                                     const std::map<std::string, Poly> &Consts,
                                     const clang::ParentMap &PM);

/// Why a kernel of W stays on the host inside the host loop at HostLine.
std::string smallLaunchWhy(const LaunchWork &W, unsigned HostLine, uint64_t MinLaunchWork);

/// Whether S calls a function of the program (a body in the translation
/// unit, not one of the C library's pure functions), inside OpenMP
/// directives too when IntoDirectives.
bool callsProgramFunction(const clang::Stmt *S, bool IntoDirectives);

/// `--offload=openmp`: the input's CPU parallel constructs that would be
/// kernels (Why empty) inside a host loop, grouped by the outermost such
/// loop of their function (a loop of at most FewIterations constant
/// iterations does not count: it only multiplies their launches by that),
/// stay CPU parallel loops (Why set) when every work-sharing loop of the
/// group runs at most MinLaunchWork iterations per launch and the host
/// loop calls no function of the program (which may start large kernels).
void keepSmallLaunches(std::vector<HostParallel> &Host, clang::ASTContext &Ctx,
                       uint64_t MinLaunchWork, unsigned FewIterations = 8);

/// The extent of dimension Dim of V's declared type (a parameter's as
/// declared, `double A[2000][2000]`), when it is a constant.
std::optional<uint64_t> declaredExtent(const clang::ValueDecl *V, size_t Dim);

} // namespace ompm

#endif
