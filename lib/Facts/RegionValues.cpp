//===- RegionValues.cpp - What a reference to a written integer reads ------===//
//
// C89 code declares `i, j, k` at the top of a function and reuses them: in
// several loops of one nest (`for (i ...) a[i] = 0; for (i ...) b[i] = 1;`)
// and between them (`i = 1; forcing[m][i][j][k] = ...`). A reference to
// such a variable reads the loop around it (RefLoop), or, outside its
// loops, the value a statement before it in its block assigned
// (RefAssign); a loop variable read with neither reads what an earlier
// iteration left (ReadOutside: the scalar test decides, lib/Facts/
// Dependence.cpp). toPoly (RegionLoops.cpp) turns them into polynomials.
//
//===----------------------------------------------------------------------===//
#include "Facts/Regions.h"
#include <algorithm>

using namespace clang;

namespace ompm {

void RegionFacts::noteWrittenIntegerRef(const DeclRefExpr *D, const VarDecl *VD) {
  auto Scope = ScopeLoop.find(VD);
  int Loop = Scope == ScopeLoop.end() ? -1 : Scope->second;
  auto [It, New] = RefLoop.try_emplace(D, Loop);
  if (!New && It->second != Loop)
    It->second = -1;
  // A followed callee's body is read once per call: no straight-line
  // values there.
  if (!Frames.empty())
    return;
  if (WriteTargets.count(D)) {
    // A write: no block's value of VD holds after it.
    WriteLog.push_back(VD);
    for (auto &Values : Blocks)
      Values.erase(VD);
  } else if (!Blocks.empty()) {
    if (auto V = Blocks.back().find(VD); V != Blocks.back().end()) {
      RefAssign[D] = V->second;
      AssignRefs.push_back({D, VD, Blocks.size()});
    }
  }
}

void RegionFacts::scanBlock(const CompoundStmt *CS, std::vector<int> &Stack) {
  Blocks.emplace_back();
  size_t Depth = Blocks.size();
  for (const Stmt *X : CS->body()) {
    size_t Refs = AssignRefs.size(), Writes = WriteLog.size();
    scan(X, Stack);
    // X writes a variable it also reads (`i = i + 1`, a loop over i): its
    // reads that took this block's value of it take none (the order of
    // C's evaluation, or a second iteration, may see X's write first).
    if (WriteLog.size() > Writes)
      for (size_t K = Refs; K < AssignRefs.size(); ++K)
        if (AssignRefs[K].Depth == Depth &&
            std::find(WriteLog.begin() + Writes, WriteLog.end(), AssignRefs[K].Var) !=
                WriteLog.end())
          RefAssign.erase(AssignRefs[K].Ref);
    // `v = e;`: v's value for the statements after it.
    if (const auto *B = dyn_cast<BinaryOperator>(X); B && B->getOpcode() == BO_Assign)
      if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
            V && V->hasLocalStorage() && V->getType()->isIntegerType() &&
            !V->getType().isVolatileQualified() && !Escaped.count(V) &&
            B->getRHS()->getType()->isIntegerType())
          Blocks.back()[V] = B->getRHS();
  }
  Blocks.pop_back();
}

void RegionFacts::findReadsOutside() {
  // Plain assignments write; compound ones and increments also read.
  llvm::DenseSet<const Expr *> Assigned;
  for (const Stmt *W : ScalarWrites)
    if (const auto *B = dyn_cast<BinaryOperator>(W); B && B->getOpcode() == BO_Assign)
      Assigned.insert(B->getLHS()->IgnoreParenImpCasts());
  for (const auto &[D, Loop] : RefLoop)
    if (Loop < 0 && !RefAssign.count(D) && !Assigned.count(D))
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()); VD && IVLoop.count(VD))
        ReadOutside.insert(VD);
}

} // namespace ompm
