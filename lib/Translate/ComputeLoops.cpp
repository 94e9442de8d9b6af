//===- ComputeLoops.cpp - A compute construct's loop nest ------------------===//
//
// The loops of a compute construct as a tree of nodes (loop directives, and
// a kernels region's bare loop nests), which of them are partitioned (the
// directive says so, or the dependence test proves it), the OpenMP level
// each gets (gang -> distribute, worker/vector -> parallel for or simd),
// the reductions inner loops share with outer ones, and the scalars each
// loop must keep private.
//
//===----------------------------------------------------------------------===//
#include "Facts/Dependence.h"
#include "Facts/Members.h"
#include "Facts/Scalars.h"
#include "Translate/Compute.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

bool ComputeTranslator::makeNode(int Dir, const Stmt *Loop,
                                 llvm::ArrayRef<const OpenACCClause *> Cs,
                                 int Parent) {
  LoopNode N;
  N.Dir = Dir;
  N.For = dyn_cast_or_null<ForStmt>(Loop);
  N.Parent = Parent;
  N.Clauses = Cs;
  if (!N.For) {
    Why = "the loop associated with a loop directive is not a for loop";
    return false;
  }
  ConstructRecord Dummy;
  for (const OpenACCClause *Cl : effectiveClauses(Cs, Dummy)) {
    switch (Cl->getClauseKind()) {
    case CK::Gang: {
      N.Gang = N.ExplicitLevel = true;
      if (cast<OpenACCGangClause>(Cl)->getNumExprs())
        R.Notes.push_back("gang arguments are dropped");
      break;
    }
    case CK::Worker: {
      N.Worker = N.ExplicitLevel = true;
      const auto *W = cast<OpenACCWorkerClause>(Cl);
      if (W->hasIntExpr())
        N.NumThreads = text(W->getIntExpr());
      break;
    }
    case CK::Vector: {
      N.Vector = N.ExplicitLevel = true;
      const auto *V = cast<OpenACCVectorClause>(Cl);
      if (V->hasIntExpr())
        N.SimdLen = text(V->getIntExpr());
      break;
    }
    case CK::Seq: N.Seq = true; break;
    case CK::Auto: N.Auto = true; break;
    case CK::Independent: N.Independent = true; break;
    case CK::Collapse: {
      const auto *Co = cast<OpenACCCollapseClause>(Cl);
      Expr::EvalResult ER;
      if (!Co->getLoopCount()->EvaluateAsInt(ER, Ctx)) {
        Why = "collapse count is not a constant";
        return false;
      }
      N.Collapse = ER.Val.getInt().getZExtValue();
      if (Co->hasForce())
        R.Notes.push_back("collapse(force:...) : force is dropped");
      break;
    }
    case CK::Tile:
      for (const Expr *S : cast<OpenACCTileClause>(Cl)->getSizeExprs()) {
        std::string T = text(S);
        N.TileSizes.push_back(T == "*" ? "32" : T);
      }
      break;
    case CK::Reduction: {
      const auto *Red = cast<OpenACCReductionClause>(Cl);
      std::string Op = reductionOperator(Red->getReductionOp()).str();
      for (const Expr *E : Red->getVarList())
        N.Reductions.push_back(Op + ": " + text(E));
      break;
    }
    case CK::Private:
    case CK::FirstPrivate: {
      bool First = Cl->getClauseKind() == CK::FirstPrivate;
      for (const Expr *E : varList(Cl)) {
        std::string P =
            privateItem(E, First ? "firstprivate" : "private", Why);
        if (P.empty())
          return false;
        (First ? N.FirstPrivate : N.Private).push_back(P);
      }
      break;
    }
    default:
      break;
    }
  }
  Nodes.push_back(N);
  if (Dir >= 0)
    NodeOfDir[Dir] = static_cast<int>(Nodes.size()) - 1;
  return true;
}

const Stmt *ComputeTranslator::loopStmtOf(int D) const {
  if (const auto *L = dyn_cast<OpenACCLoopConstruct>(Dirs[D].S))
    return L->getLoop();
  return nullptr;
}

bool ComputeTranslator::buildNodes() {
  if (Combined) {
    if (!makeNode(CI, Body, C.Clauses, -1))
      return false;
    Nodes[0].Reductions.clear(); // the construct's reductions are in Reds
    Nodes[0].Private.clear();
    Nodes[0].FirstPrivate.clear();
  }
  if (C.Kind == DK::Kernels) {
    // Each top-level statement of the region: a loop nest becomes a kernel.
    // Its bare outer loop is a node before the loop directives inside it,
    // which are its descendants (parents come first).
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      KernelStmts.assign(CS->body_begin(), CS->body_end());
    else
      KernelStmts.push_back(Body);
    for (const Stmt *S : KernelStmts)
      if (const auto *For = dyn_cast<ForStmt>(S)) {
        if (!makeNode(-1, For, {}, -1))
          return false;
      }
  }
  std::vector<int> BareNodes; // the kernels region's bare outer loops
  for (size_t K = 0; K < Nodes.size(); ++K)
    if (Nodes[K].Dir < 0)
      BareNodes.push_back(static_cast<int>(K));
  for (int D : Desc) {
    const Directive &DD = Dirs[D];
    if (DD.Kind != DK::Loop)
      continue;
    int Parent = Combined ? 0 : -1;
    bool InLoopDir = false;
    for (int P = DD.Parent; P >= 0 && P != CI; P = Dirs[P].Parent)
      if (Dirs[P].Kind == DK::Loop) {
        Parent = NodeOfDir.count(P) ? NodeOfDir[P] : -1;
        InLoopDir = true;
        break;
      }
    if (!InLoopDir)
      for (int B : BareNodes)
        if (within(DD.S, Nodes[B].For))
          Parent = B;
    if (!makeNode(D, loopStmtOf(D), DD.Clauses, Parent))
      return false;
  }
  return true;
}

  // ---- scalars a kernels loop writes --------------------------------------
  // In a kernels region a scalar is shared (OpenACC's default is copy): a
  // partitioned loop that writes one declared outside it must reduce it,
  // leave a flag shared, or keep a temporary private (its last value too
  // when the host reads it after the construct). Why not, else empty.
std::string ComputeTranslator::kernelScalars(LoopNode &N) {
  RegionFacts LF(N.For, Ctx);
  std::set<std::string> Named;
  for (const auto *L : {&N.Reductions, &N.AutoReductions, &Reds})
    for (const std::string &X : *L)
      Named.insert(StringRef(X).split(':').second.trim().str());
  Named.insert(N.Private.begin(), N.Private.end());
  Named.insert(N.FirstPrivate.begin(), N.FirstPrivate.end());
  for (const ValueDecl *V : LF.externalVars()) {
    QualType T = V->getType().getNonReferenceType();
    if (!T->isScalarType() || T->isPointerType() || !LF.isWritten(V) ||
        Explicit.count(V) || Named.count(LF.nameOf(V)) ||
        llvm::any_of(LF.loops(), [&](const CanonicalLoop &L) { return L.IV == V; }))
      continue;
    std::string Name = LF.nameOf(V);
    std::string Where = "loop at line " +
                        std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc()));
    ScalarUse U = classifyScalar(N.For->getBody(), V, Ctx);
    switch (U.Role) {
    case ScalarRole::Reduction:
      N.AutoReductions.push_back(U.Op + ": " + Name);
      R.Notes.push_back(Where + ": '" + Name + "' is a reduction (" + U.Op + ")");
      break;
    case ScalarRole::SharedFlag:
      N.SharedFlags.push_back(Name);
      R.Notes.push_back(Where + ": '" + Name + "' is only set to one constant: "
                        "shared, copied back, not privatized");
      break;
    case ScalarRole::Private:
      if (!mayBeReadAfter(C.S, V, C.Fn, Ctx))
        break; // a temporary of each iteration: private, as NeededPrivates says
      // Its last value would need lastprivate, which clang 19 does not
      // give back from an NVIDIA GPU (docs/serial.md): no translation
      // that is right there.
      return Where + ": '" + Name + "' is a temporary of each iteration "
             "whose value is read after the construct: its last value would "
             "need lastprivate, which clang 19 does not give back from a GPU";
    case ScalarRole::WriteOnly: // lastprivate(conditional:) is not given here
    case ScalarRole::Other:
      return Where + ": " + U.Why + " (in a kernels region every iteration "
             "shares it)";
    }
  }
  return "";
}

bool ComputeTranslator::decideLoops() {
  for (LoopNode &N : Nodes) {
    N.OwnKernel = (Combined && N.Dir == CI) ||
                  (C.Kind == DK::Kernels && N.Parent < 0);
    bool Test = false;
    if (Serial) {
      N.Partitioned = false;
      if (N.Gang || N.Worker || N.Vector)
        N.Decision = "serial construct: the loop runs sequentially";
    } else if (N.Seq) {
      N.Partitioned = false;
    } else if (N.Auto || (Kernels && !N.Independent && !N.ExplicitLevel)) {
      Test = true;
    } else {
      N.Partitioned = true;
    }
    if (Test) {
      RegionFacts LF(N.For, Ctx);
      ParallelResult PR = testParallel(LF, N.For);
      // Collapsed loops must be parallel too.
      const ForStmt *Inner = N.For;
      for (unsigned K = 1; PR.Parallel && K < N.Collapse; ++K) {
        const Stmt *B = Inner->getBody();
        if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
          B = CS->body_front();
        if (const auto *L = dyn_cast<OpenACCLoopConstruct>(B))
          B = L->getLoop();
        Inner = dyn_cast<ForStmt>(B);
        if (!Inner) {
          PR.Parallel = false;
          PR.Why = "the collapsed loops are not perfectly nested";
          break;
        }
        RegionFacts IF(Inner, Ctx);
        ParallelResult IPR = testParallel(IF, Inner);
        if (!IPR.Parallel)
          PR = IPR;
      }
      N.Partitioned = PR.Parallel;
      // Reductions the test found, less those the directive already names.
      for (const std::string &AR : PR.Reductions) {
        std::string Var = StringRef(AR).split(':').second.trim().str();
        bool Named = false;
        for (const std::vector<std::string> *L : {&Reds, &N.Reductions})
          for (const std::string &X : *L)
            Named |= StringRef(X).split(':').second.trim() == Var;
        if (!Named)
          N.AutoReductions.push_back(AR);
      }
      PresumedLoc P = SM.getPresumedLoc(N.For->getBeginLoc());
      std::string Where = "loop at line " + std::to_string(P.getLine());
      N.Decision = PR.Parallel
                       ? Where + ": the dependence test proves it parallel"
                       : Where + ": kept sequential: " + PR.Why;
    }
    if (Kernels && N.Partitioned) {
      if (std::string W = kernelScalars(N); !W.empty()) {
        if (!Test)
          return no(W);
        N.Partitioned = false;
        N.Decision = "kept sequential: " + W;
      }
    }
    if (!N.Decision.empty())
      R.Notes.push_back(N.Decision);
  }
  return true;
}

void ComputeTranslator::assignLevels() {
  for (size_t K = 0; K < Nodes.size(); ++K) {
    LoopNode &N = Nodes[K];
    if (!N.Partitioned)
      continue;
    bool AncGang = false, AncThread = false;
    for (int P = N.Parent; P >= 0; P = Nodes[P].Parent) {
      AncGang |= Nodes[P].IsGang;
      AncThread |= Nodes[P].IsThread;
    }
    bool PartDesc = false;
    for (size_t J = K + 1; J < Nodes.size(); ++J)
      for (int P = Nodes[J].Parent; P >= 0; P = Nodes[P].Parent)
        if (P == static_cast<int>(K) && Nodes[J].Partitioned)
          PartDesc = true;
    if (N.ExplicitLevel) {
      N.IsGang = N.Gang;
      N.IsThread = N.Worker || (N.Vector && !AncThread);
      N.IsSimd = N.Vector && !N.IsThread;
      if (N.Worker && N.Vector)
        N.IsSimd = true;
    } else {
      N.IsGang = !AncGang;
      N.IsThread = !AncThread && (!N.IsGang || !PartDesc);
      N.IsSimd = !N.IsGang && !N.IsThread;
    }
    // The loop that is a kernel of its own (a combined construct's, a loop
    // nest of a kernels region) with worker or vector but no gang level:
    // OpenMP has no 'target teams parallel for'. Its iterations are spread
    // over the teams too, each run once, as the loop means.
    if (N.OwnKernel && !N.IsGang) {
      N.IsGang = true;
      N.IsThread = !N.IsSimd || N.Worker;
      R.Notes.push_back("loop at line " +
                        std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc())) +
                        ": no gang level; it is distributed over the teams too");
    }
    // A kernel nest in kernels with no enclosing parallel loop is the kernel.
  }
}

  // ---- reductions reach the partitioned loops inside -----------------------
  // A reduction named on an outer loop (or on the construct) whose variable
  // an inner partitioned loop updates too: that loop's threads share the
  // outer level's copy, so the inner loop reduces as well.
std::string ComputeTranslator::redVar(const std::string &Red) {
  return StringRef(Red).split(':').second.trim().str();
}

bool ComputeTranslator::updates(const LoopNode &N, const std::string &Var) const {
  RegionFacts LF(N.For, Ctx);
  for (const ValueDecl *V : LF.externalVars())
    if (LF.nameOf(V) == Var && LF.isWritten(V))
      return true;
  return false;
}

void ComputeTranslator::inherit(int From, const std::string &Red) {
  for (size_t J = 0; J < Nodes.size(); ++J) {
    LoopNode &In = Nodes[J];
    bool Below = From < 0;
    for (int P = In.Parent; P >= 0 && !Below; P = Nodes[P].Parent)
      Below = P == From;
    if (!Below || !In.Partitioned || static_cast<int>(J) == From)
      continue;
    std::string Var = redVar(Red);
    bool Named = false;
    for (const auto *L : {&In.Reductions, &In.AutoReductions, &In.Inherited})
      for (const std::string &X : *L)
        Named |= redVar(X) == Var;
    if (Named || !updates(In, Var))
      continue;
    In.Inherited.push_back(Red);
    R.Notes.push_back("loop at line " +
                      std::to_string(SM.getPresumedLineNumber(In.For->getBeginLoc())) +
                      " updates '" + Var + "' of an enclosing reduction: reduction(" +
                      Red + ") there too");
  }
}

void ComputeTranslator::inheritReductions() {
  for (size_t K = 0; K < Nodes.size(); ++K)
    for (const auto *L : {&Nodes[K].Reductions, &Nodes[K].AutoReductions})
      for (const std::string &Red : std::vector<std::string>(*L))
        inherit(static_cast<int>(K), Red);
  for (const std::string &Red : Reds)
    inherit(Combined ? 0 : -1, Red);
}

  // ---- private scalars that loops need -------------------------------------
  // Inner loop variables and plainly assigned scalars declared outside a
  // partitioned loop would be shared by its threads.
std::set<std::string> ComputeTranslator::neededPrivates(const Stmt *LoopBody,
                                                        const ForStmt *Assoc,
                                                        unsigned Collapse) const {
  std::set<std::string> Names;
  RegionFacts LF(LoopBody, Ctx);
  llvm::DenseSet<const VarDecl *> Assocs;
  const ForStmt *L = Assoc;
  for (unsigned K = 0; L && K < Collapse; ++K) {
    for (const CanonicalLoop &CL : LF.loops())
      if (CL.For == L)
        Assocs.insert(CL.IV);
    const Stmt *B = L->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
      B = CS->body_front();
    if (const auto *LC = dyn_cast<OpenACCLoopConstruct>(B))
      B = LC->getLoop();
    L = dyn_cast<ForStmt>(B);
  }
  for (const CanonicalLoop &CL : LF.loops())
    if (!Assocs.count(CL.IV) && llvm::is_contained(LF.externalVars(), CL.IV))
      Names.insert(CL.IV->getNameAsString());
  // Scalars assigned with '=' (not op=) and declared outside.
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->getOpcode() == BO_Assign)
        if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
          if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
            if (VD->getType()->isScalarType() && !VD->getType()->isPointerType() &&
                llvm::is_contained(LF.externalVars(), VD) && !Assocs.count(VD) &&
                !Explicit.count(VD))
              Names.insert(VD->getNameAsString());
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(LoopBody);
  return Names;
}

} // namespace ompm
