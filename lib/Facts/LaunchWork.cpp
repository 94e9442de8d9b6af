//===- LaunchWork.cpp - The work of one kernel launch, bounded ------------===//
#include "Facts/LaunchWork.h"
#include "Facts/LoopShapes.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <memory>

using namespace clang;

namespace ompm {

namespace {

constexpr uint64_t Saturated = uint64_t(1) << 62;

uint64_t times(uint64_t A, uint64_t B) {
  if (A == 0 || B == 0)
    return 0;
  return A > Saturated / B ? Saturated : A * B;
}

/// Whether E runs in every iteration of For that reaches it: no condition,
/// no other loop between them, and For's body (not its header) holds it.
bool unconditional(const Expr *E, const ForStmt *For, const ParentMap &PM) {
  const Stmt *Child = E;
  for (const Stmt *P = PM.getParent(const_cast<Expr *>(E)); P;
       Child = P, P = PM.getParent(const_cast<Stmt *>(P))) {
    if (P == For)
      return Child == For->getBody();
    if (const auto *If = dyn_cast<IfStmt>(P); If && Child != If->getCond())
      return false;
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(P); C && Child != C->getCond())
      return false;
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isLogicalOp() && Child == B->getRHS())
      return false;
    if (isa<SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return false;
  }
  return false;
}

class Walker {
public:
  Walker(const RegionFacts &F, const std::map<std::string, Poly> &Consts, const ParentMap &PM)
      : F(F), Consts(Consts), PM(PM) {}

  /// Iterations For runs, its inner loops multiplied in; nullopt when a
  /// bound is not known.
  std::optional<uint64_t> loop(const ForStmt *For) {
    const CanonicalLoop *CL = F.loopOf(For);
    if (!CL)
      return std::nullopt;
    std::optional<uint64_t> Trips;
    if (std::optional<long long> T = tripCountOf(For, F, Consts))
      Trips = static_cast<uint64_t>(std::max<long long>(*T, 0));
    else
      Trips = extentBound(*CL);
    if (!Trips)
      return std::nullopt;
    std::optional<uint64_t> Body = body(For->getBody());
    if (!Body)
      return std::nullopt;
    return times(*Trips, *Body);
  }

  std::string BoundedBy;

private:
  /// One iteration of the statements S (1), plus what the loops in it run.
  std::optional<uint64_t> body(const Stmt *S) {
    uint64_t Sum = 1;
    bool Known = true;
    walkStmts(S, [&](const Stmt *X) {
      if (!Known)
        return false;
      if (const auto *For = dyn_cast<ForStmt>(X)) {
        if (std::optional<uint64_t> W = loop(For))
          Sum = std::min(Saturated, Sum + *W);
        else
          Known = false;
        return false;
      }
      if (isa<WhileStmt, DoStmt, CXXForRangeStmt, GotoStmt, IndirectGotoStmt>(X)) {
        Known = false;
        return false;
      }
      if (const auto *C = dyn_cast<CallExpr>(X)) {
        const FunctionDecl *FD = C->getDirectCallee();
        if (!FD || !(FD->getBuiltinID() || isPureFunction(FD->getQualifiedNameAsString()))) {
          Known = false;
          return false;
        }
      }
      return true;
    });
    if (!Known)
      return std::nullopt;
    return Sum;
  }

  /// The smallest extent of a dimension that an access of every iteration
  /// of CL subscripts with CL's variable (coefficient 1 or -1, the rest
  /// fixed while CL runs).
  std::optional<uint64_t> extentBound(const CanonicalLoop &CL) {
    // A jump (`continue` before the access) would skip it.
    bool Jumps = false;
    walkStmts(CL.For->getBody(), [&](const Stmt *X) {
      Jumps |= isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt, IndirectGotoStmt>(X);
      return !Jumps;
    });
    if (Jumps)
      return std::nullopt;
    // CL is an element of F.loops(): its index there.
    int Index = static_cast<int>(&CL - F.loops().data());
    std::optional<uint64_t> Best;
    std::string By;
    for (const Access &A : F.accesses()) {
      if (A.Via || !A.Path.empty() || A.Loops.empty() || A.Loops.back() != Index ||
          !A.Guards.empty() || !A.Expr || !unconditional(A.Expr, CL.For, PM))
        continue;
      for (size_t D = 0; D < A.Indices.size(); ++D) {
        std::optional<Poly> P = F.indexPoly(A, D);
        if (!P || !P->mentions(CL.Symbol))
          continue;
        std::optional<Poly> C = P->coefficientOf(CL.Symbol);
        std::optional<int64_t> CV = C ? C->constantValue() : std::nullopt;
        if (!CV || (*CV != 1 && *CV != -1))
          continue;
        Poly Rest = *P - Poly::symbol(CL.Symbol).scaled(*CV);
        bool Fixed = true;
        for (const std::string &S : Rest.symbols()) {
          if (S.empty() || S[0] != '@')
            continue; // a variable the region does not write
          bool Outer = false;
          for (int K : A.Loops)
            Outer |= K != Index && F.loops()[K].Symbol == S;
          Fixed &= Outer;
        }
        if (!Fixed)
          continue;
        std::optional<uint64_t> E = declaredExtent(A.Base, D);
        if (E && (!Best || *E < *Best)) {
          Best = E;
          By = "'" + F.nameOf(A.Base) + "' (" + std::to_string(*E) + " elements)";
        }
      }
    }
    if (Best && BoundedBy.empty())
      BoundedBy = By;
    return Best;
  }

  const RegionFacts &F;
  const std::map<std::string, Poly> &Consts;
  const ParentMap &PM;
};

} // namespace

std::optional<uint64_t> declaredExtent(const ValueDecl *V, size_t Dim) {
  if (!V)
    return std::nullopt;
  QualType T = V->getType();
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    T = P->getOriginalType();
  for (size_t D = 0;; ++D) {
    const ArrayType *AT = T->getAsArrayTypeUnsafe();
    if (D == Dim) {
      if (const auto *CA = dyn_cast_or_null<ConstantArrayType>(AT))
        return CA->getZExtSize();
      return std::nullopt;
    }
    if (AT) {
      T = AT->getElementType();
      continue;
    }
    // `double (*a)[N]`: the rows have their extent.
    const auto *PT = D == 0 ? T->getAs<PointerType>() : nullptr;
    if (!PT)
      return std::nullopt;
    T = PT->getPointeeType();
  }
}

std::string smallLaunchWhy(const LaunchWork &W, unsigned HostLine, uint64_t MinLaunchWork) {
  return "each launch would run at most " + std::to_string(W.Iterations) + " iterations" +
         (W.BoundedBy.empty() ? "" : " (its loop bounded by " + W.BoundedBy + ")") +
         ", in every iteration of the host loop at line " + std::to_string(HostLine) +
         ", whose other kernels run as few: a kernel launch costs about what " +
         std::to_string(MinLaunchWork) +
         " iterations cost on the host (profitability; --min-launch-work=0 offloads it)";
}

bool callsProgramFunction(const Stmt *S, bool IntoDirectives) {
  bool Calls = false;
  walkStmts(S, [&](const Stmt *X) {
    if (!IntoDirectives && isa<OMPExecutableDirective>(X))
      return false;
    if (const auto *C = dyn_cast<CallExpr>(X))
      if (const FunctionDecl *FD = C->getDirectCallee();
          FD && FD->hasBody() && !isPureFunction(FD->getQualifiedNameAsString()))
        Calls = true;
    return !Calls;
  });
  return Calls;
}

void keepSmallLaunches(std::vector<HostParallel> &Host, ASTContext &Ctx, uint64_t MinLaunchWork,
                       unsigned FewIterations) {
  if (!MinLaunchWork)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<const FunctionDecl *, std::unique_ptr<ParentMap>> Parents;
  std::map<const FunctionDecl *, std::map<std::string, Poly>> Consts;
  // Whether a host loop runs a few constant iterations (built once: a time
  // loop holds many constructs).
  std::map<const ForStmt *, bool> Few;
  // The outermost loop around each construct that would be a kernel.
  std::map<const Stmt *, std::vector<size_t>> Groups;
  std::vector<const Stmt *> Order;
  for (size_t I = 0; I < Host.size(); ++I) {
    const HostParallel &H = Host[I];
    if (!H.Why.empty() || !H.Fn || !H.Fn->getBody())
      continue;
    std::unique_ptr<ParentMap> &PM = Parents[H.Fn];
    if (!PM) {
      PM = std::make_unique<ParentMap>(H.Fn->getBody());
      Consts[H.Fn] = constantLocals(H.Fn, Ctx);
    }
    const Stmt *Outer = nullptr;
    for (const Stmt *P = PM->getParent(const_cast<OMPExecutableDirective *>(H.D)); P;
         P = PM->getParent(const_cast<Stmt *>(P))) {
      if (!isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
        continue;
      if (const auto *F = dyn_cast<ForStmt>(P)) {
        auto [It, New] = Few.try_emplace(F, false);
        if (New) {
          std::optional<long long> T = tripCountOf(F, RegionFacts(F, Ctx), Consts[H.Fn]);
          It->second = T && *T <= static_cast<long long>(FewIterations);
        }
        if (It->second)
          continue;
      }
      Outer = P;
    }
    if (!Outer)
      continue;
    if (!Groups.count(Outer))
      Order.push_back(Outer);
    Groups[Outer].push_back(I);
  }
  for (const Stmt *Outer : Order) {
    const std::vector<size_t> &G = Groups[Outer];
    const FunctionDecl *Fn = Host[G.front()].Fn;
    if (callsProgramFunction(Outer, /*IntoDirectives=*/false))
      continue;
    std::vector<LaunchWork> Works;
    bool Small = true;
    for (size_t I : G) {
      LaunchWork Most;
      for (const WorkLoop &W : Host[I].Loops) {
        std::optional<LaunchWork> LW =
            W.For ? launchWork(W.For, RegionFacts(W.For, Ctx), Consts[Fn], *Parents[Fn])
                  : std::nullopt;
        if (!LW || LW->Iterations > MinLaunchWork) {
          Small = false;
          break;
        }
        if (LW->Iterations >= Most.Iterations)
          Most = *LW;
      }
      if (!Small || Host[I].Loops.empty()) {
        Small = false;
        break;
      }
      Works.push_back(Most);
    }
    if (!Small)
      continue;
    unsigned Line = SM.getPresumedLineNumber(SM.getExpansionLoc(Outer->getBeginLoc()));
    for (size_t K = 0; K < G.size(); ++K)
      Host[G[K]].Why = smallLaunchWhy(Works[K], Line, MinLaunchWork) +
                       "; it stays a CPU parallel loop";
  }
}

std::optional<LaunchWork> launchWork(const ForStmt *For, const RegionFacts &F,
                                     const std::map<std::string, Poly> &Consts,
                                     const ParentMap &PM) {
  Walker W(F, Consts, PM);
  std::optional<uint64_t> N = W.loop(For);
  if (!N)
    return std::nullopt;
  return LaunchWork{*N, W.BoundedBy};
}

} // namespace ompm
