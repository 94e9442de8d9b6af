//===- ThreadLoops.cpp - Inner loops spread over a team's threads --------===//
#include "Facts/ThreadLoops.h"
#include "Analysis/AstQueries.h"
#include "Facts/Regions.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ompm {

bool plainParallelLoop(const SerialLoop &L) {
  return L.Reductions.empty() && L.LastPrivate.empty() && L.ElementReductions.empty() &&
         L.ArrayReductions.empty() && L.SmallArrayReductions.empty() &&
         L.PrivateArrays.empty() && L.AtomicUpdates.empty() && L.AtomicWrites.empty() &&
         L.Flags.empty() && L.ArgReductions.empty() && L.ConditionalLasts.empty() &&
         !L.versioned();
}

namespace {

/// The variable of For, from its facts.
const VarDecl *variableOf(const ForStmt *For, const SerialLoop &L) {
  const CanonicalLoop *CL = L.Facts ? L.Facts->loopOf(For) : nullptr;
  return CL ? CL->IV : nullptr;
}

/// Whether For writes an array element whose last subscript has IV and not
/// Outer (`C[i][j] = ...` for j, not `C[j][i]`).
bool writesAlong(const ForStmt *For, const VarDecl *IV, const VarDecl *Outer) {
  bool Found = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const Expr *W = writtenLValue(S))
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(W->IgnoreParenImpCasts()))
        Found = usesVar(AS->getIdx(), IV) && !usesVar(AS->getIdx(), Outer);
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(For->getBody());
  return Found;
}

} // namespace

std::vector<SerialLoop::ThreadLoop>
threadLoops(const SerialLoop &L,
            const std::function<bool(const ForStmt *, SerialLoop &)> &Parallel,
            const std::function<std::optional<long long>(const ForStmt *)> &Trips,
            const ParentMap &PM) {
  std::vector<SerialLoop::ThreadLoop> Out;
  const VarDecl *Outer = variableOf(L.For, L);
  if (L.Collapse != 1 || !Outer || !plainParallelLoop(L))
    return Out;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S) || isa<OMPExecutableDirective>(S) ||
        isa<OpenACCConstructStmt>(S))
      return;
    if (const auto *J = dyn_cast<ForStmt>(S)) {
      SerialLoop T;
      const Stmt *P = PM.getParent(const_cast<ForStmt *>(J));
      const auto *PF = dyn_cast_or_null<ForStmt>(P);
      bool Placeable = isa_and_nonnull<CompoundStmt>(P) || (PF && PF->getBody() == J);
      std::optional<long long> N = Trips(J);
      if (Placeable && !J->getBeginLoc().isMacroID() && (!N || *N >= MinThreadLoopTrips) &&
          Parallel(J, T) && plainParallelLoop(T) && T.LastValueOfIV.empty() &&
          T.Facts) {
        const VarDecl *IV = variableOf(J, T);
        if (IV && IV != Outer && writesAlong(J, IV, Outer)) {
          SerialLoop::ThreadLoop TL;
          TL.For = J;
          for (const ValueDecl *V : T.Facts->externalVars()) {
            QualType Ty = V->getType();
            if (V != IV && T.Facts->isWritten(V) && !Ty->isArrayType() &&
                !Ty->isPointerType())
              TL.Private.push_back(T.Facts->nameOf(V));
          }
          Out.push_back(std::move(TL));
          return; // no thread loop inside a thread loop
        }
      }
    }
    for (const Stmt *C : S->children())
      Visit(C);
  };
  Visit(L.For->getBody());
  return Out;
}

} // namespace ompm
