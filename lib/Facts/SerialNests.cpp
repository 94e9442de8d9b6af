//===- SerialNests.cpp - The serial search's nests -----------------------===//
//
// Collapsed levels, exchanged headers, distribution, profitability: the
// decisions of the search (SerialFinder.h) about a loop and those inside
// or around it.
//
//===----------------------------------------------------------------------===//
#include "Facts/SerialFinder.h"
#include "Facts/Dependence.h"
#include "Facts/Distribution.h"
#include "Facts/Interchange.h"
#include "Facts/LaunchWork.h"
#include "Facts/LoopShapes.h"
#include "Facts/LoopValues.h"
#include "Facts/SerialAliasing.h"
#include "Facts/StmtWalk.h"

namespace ompm {
namespace serial_detail {

/// The depth of the perfect rectangular nest below For whose loops are all
/// proved parallel (1: For alone).
unsigned Finder::collapse(const ForStmt *For, const SerialLoop &L) {
  const std::vector<std::string> &LastPrivate = L.LastPrivate;
  unsigned N = 1;
  const ForStmt *Outer = For;
  const RegionFacts &OF = plainFacts(For);
  std::vector<std::string> Outers;
  for (const CanonicalLoop &CL : OF.loops())
    if (CL.For == For)
      Outers.push_back(CL.Symbol);
  while (true) {
    const Stmt *B = Outer->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
      B = CS->body_front();
    const auto *Inner = dyn_cast<ForStmt>(B);
    if (!Inner)
      return N;
    const CanonicalLoop *IL = nullptr;
    for (const CanonicalLoop &CL : OF.loops())
      if (CL.For == Inner)
        IL = &CL;
    if (!IL)
      return N;
    for (const std::string &S : Outers)
      if (IL->Min.mentions(S) || IL->Max.mentions(S))
        return N; // not rectangular
    SerialLoop Tmp;
    // An inner level's reductions must be the outer loop's (`s += a[i][j]`
    // reduces over the whole collapsed nest).
    // A value read after the nest that the inner level writes is the
    // outer's too (its last value is the last iteration's of the collapsed
    // nest, stored as the outer's: lastValuesStored).
    if (!parallel(Inner, Tmp) ||
        llvm::any_of(Tmp.LastPrivate, [&](const std::string &V) {
          return !llvm::is_contained(LastPrivate, V);
        }) ||
        !Tmp.LastValueOfIV.empty() || !Tmp.ElementReductions.empty() ||
        !Tmp.ArgReductions.empty() ||
        !Tmp.ArrayReductions.empty() ||
        llvm::any_of(Tmp.SmallArrayReductions, [&](const std::string &R) {
          return !llvm::is_contained(L.SmallArrayReductions, R);
        }) ||
        Tmp.PrivateArrays != L.PrivateArrays || !Tmp.RowTests.empty() || !Tmp.Guards.empty() ||
        llvm::any_of(Tmp.OverlapTests, [&](const auto &P) {
          return !llvm::is_contained(L.OverlapTests, P) &&
                 !llvm::is_contained(L.OverlapTests, std::make_pair(P.second, P.first));
        }) ||
        llvm::any_of(Tmp.Reductions, [&](const std::string &R) {
          return !llvm::is_contained(L.Reductions, R);
        }))
      return N;
    if (llvm::is_contained(LastPrivate, OF.nameOf(IL->IV)))
      return N; // its final value after the nest: not a collapsed level's
    Outers.push_back(IL->Symbol);
    Outer = Inner;
    ++N;
  }
}

std::string Finder::unprofitable(const ForStmt *Top, unsigned Collapse) {
  // A small constant trip count stays on the host.
  unsigned long long Trips = 1;
  bool Known = true;
  const RegionFacts &F = plainFacts(Top);
  const ForStmt *Cur = Top;
  for (unsigned K = 0; K < Collapse && Cur; ++K) {
    std::optional<long long> T = tripCountOf(Cur, F, consts());
    if (!T) {
      Known = false;
      break;
    }
    Trips *= static_cast<unsigned long long>(std::max<long long>(*T, 0));
    const Stmt *B = Cur->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
      B = CS->body_front();
    Cur = dyn_cast<ForStmt>(B);
  }
  bool TooDeep = Depth >= Opts.MaxHostLoopsAround;
  if ((Known && Trips < Opts.MinTripCount) || TooDeep)
    return TooDeep ? "it is inside " + std::to_string(Depth) + " loops that stay on "
                     "the host, and would start a kernel for each of their "
                     "iterations (profitability: at most " +
                     std::to_string(Opts.MaxHostLoopsAround - 1) + ")"
                   : "its " + std::to_string(Trips) + " iterations are too few to "
                     "offload (fewer than " + std::to_string(Opts.MinTripCount) + ")";
  return "";
}

void Finder::smallLaunches(const Stmt *Host, size_t First) {
  if (!Opts.MinLaunchWork)
    return;
  // Every kernel inside Host (an offloaded loop, or one a kept loop's
  // distribution would start) small, or none is kept back: a large kernel
  // keeps the arrays on the device, and a small one beside it then saves
  // copies.
  std::map<size_t, LaunchWork> Small;
  for (size_t I = First; I < Loops.size(); ++I) {
    const SerialLoop &L = Loops[I];
    if (!L.Parallel && !L.DistributeTail)
      continue;
    if (!L.DeviceFunctions.empty())
      return;
    std::optional<LaunchWork> W = launchWork(L.For, plainFacts(L.For), consts(), parents());
    if (!W || W->Iterations > Opts.MinLaunchWork)
      return;
    Small[I] = *W;
  }
  // A call to a function of the program may start kernels of its own,
  // large ones (NPB CG's iteration loop around conj_grad): the arrays are
  // on the device anyway. (Walked only when there are kernels to keep.)
  if (Small.empty() || callsProgramFunction(Host, /*IntoDirectives=*/true))
    return;
  unsigned Line = SM.getPresumedLineNumber(SM.getExpansionLoc(Host->getBeginLoc()));
  for (auto &[I, W] : Small) {
    std::string Why = smallLaunchWhy(W, Line, Opts.MinLaunchWork);
    SerialLoop &L = Loops[I];
    if (L.Parallel) {
      L = kept(L, Why, /*Proved=*/true);
      continue;
    }
    L.DistributeTail = nullptr;
    L.DistributeWhy = "not written as two loops: " + Why;
  }
}

bool Finder::interchange(const ForStmt *For, SerialLoop &L) {
  const ForStmt *J = interchangeableInner(For, Ctx);
  if (!J)
    return false;
  // Not when the inner loop collapses with loops of its own: a kernel per
  // outer iteration then spreads more iterations than the exchanged nest,
  // whose new outer loop alone is spread.
  {
    SerialLoop T;
    T.For = J;
    T.Fn = Fn;
    if (parallel(J, T) && collapse(J, T) > 1)
      return false;
  }
  std::shared_ptr<const RegionFacts> Facts = plainFactsOf(For);
  if (!exchangeWhy(For, J, *Facts).empty())
    return false;
  SerialLoop I;
  I.For = For;
  I.Fn = Fn;
  I.Facts = Facts;
  I.Interchanged = J;
  I.InterchangeWhy = L.Why;
  L = std::move(I);
  return true;
}

const ForStmt *Finder::distributable(const ForStmt *For, std::string &Why) {
  if (!Opts.Distribute)
    return nullptr;
  // The two loops are two statements of the block that holds this one.
  const ForStmt *J = distributableTail(For, Ctx);
  if (!J || !isa_and_nonnull<CompoundStmt>(parents().getParent(const_cast<ForStmt *>(For))) ||
      directiveIn(For->getBody(), Directives))
    return nullptr;
  // The tail alone parallel, and not collapsing with loops of its own (as
  // for an exchange).
  {
    SerialLoop T;
    T.For = J;
    T.Fn = Fn;
    if (!parallel(J, T) || collapse(J, T) > 1 || !unprofitable(J, 1).empty())
      return nullptr;
  }
  // Why not, from here on: what the user may change.
  std::string Tail = "the loop at line " +
                     std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(J->getBeginLoc())));
  Why = distributionWhy(For, J, plainFacts(For));
  // No two pointers of the loop that may be the same memory (a write of
  // one part could be a read of the other under another name).
  if (Why.empty() && !aliasPairs(plainFacts(For), Allocs, Fn).empty())
    Why = "pointers of the loop may be the same memory (declare them restrict)";
  if (!Why.empty()) {
    Why = "not written as two loops (the statements before " + Tail + ", then that loop): " + Why;
    return nullptr;
  }
  // The tail over the whole nest, as the second loop will be: its facts
  // are the loop's without the statements before the tail.
  const auto *Body = cast<CompoundStmt>(For->getBody());
  std::set<const Stmt *> Head(Body->body_begin(), Body->body_end() - 1);
  RegionFacts Facts(For, Ctx, nullptr, std::move(Head));
  if (std::string W = exchangeWhy(For, J, Facts); !W.empty()) {
    Why = "not written as two loops: " + Tail + " would not be parallel over all the "
          "iterations (" + W + ")";
    return nullptr;
  }
  return J;
}

std::string Finder::exchangeWhy(const ForStmt *For, const ForStmt *J, const RegionFacts &F) {
  return interchangeWhy(For, J, F, Allocs, Fn,
                        enclosingLoops(For, parents(),
                                       [&](const ForStmt *Root) -> const RegionFacts & {
                                         return plainFacts(Root);
                                       }),
                        [&](const VarDecl *V) { return live().mayBeReadAfter(For, V); });
}

} // namespace serial_detail
} // namespace ompm
