//===- SerialLoops.cpp - Serial loops proved parallel ---------------------===//
#include "Facts/SerialLoops.h"
#include "Facts/Dependence.h"
#include "Facts/Members.h"
#include "Facts/Regions.h"
#include "Facts/Scalars.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ompm {
namespace {

/// Why the loop's calls keep it on the host: each callee must be a pure
/// function declared in a system header (the C math library); empty if so.
std::string callsWhy(const Stmt *S, const SourceManager &SM) {
  if (!S)
    return "";
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return "the loop calls through a pointer";
    if (!SM.isInSystemHeader(F->getLocation()) ||
        !isPureFunction(F->getQualifiedNameAsString()))
      return "the loop calls '" + F->getNameAsString() +
             "', which is not a pure function of the C library (functions of "
             "the file are not made declare target yet)";
  }
  for (const Stmt *Ch : S->children())
    if (std::string W = callsWhy(Ch, SM); !W.empty())
      return W;
  return "";
}

/// Two bases of the loop, one written, may be the same memory unless one is
/// a restrict pointer or both are declared arrays: why, empty if no pair may.
std::string aliasWhy(const RegionFacts &F) {
  llvm::DenseSet<const ValueDecl *> Bases, Written;
  std::vector<const ValueDecl *> Order;
  for (const Access &A : F.accesses()) {
    if (Bases.insert(A.Base).second)
      Order.push_back(A.Base);
    if (A.IsWrite)
      Written.insert(A.Base);
  }
  auto Restrict = [](const ValueDecl *V) {
    return V->getType()->isPointerType() && V->getType().isRestrictQualified();
  };
  auto Array = [](const ValueDecl *V) { return V->getType()->isArrayType(); };
  for (const ValueDecl *W : Order) {
    if (!Written.count(W))
      continue;
    for (const ValueDecl *O : Order)
      if (O != W && !Restrict(W) && !Restrict(O) && !(Array(W) && Array(O)))
        return "'" + F.nameOf(W) + "' and '" + F.nameOf(O) +
               "' may be the same memory (declare the pointers restrict)";
  }
  return "";
}

/// The constant trip count of a canonical loop, when both bounds are
/// constants.
std::optional<long long> tripCount(const CanonicalLoop &L) {
  if (!L.Min.isConstant() || !L.Max.isConstant())
    return std::nullopt;
  return *L.Max.constantValue() - *L.Min.constantValue() + 1;
}

class Finder {
public:
  Finder(ASTContext &Ctx, const SerialLoopOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts) {}
  void function(const FunctionDecl *F) {
    Fn = F;
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
      Loops.push_back(std::move(L));
      if (Parallel)
        return;
    }
    for (const Stmt *C : S->children())
      visit(C);
  }
  SerialLoop analyse(const ForStmt *For);
  bool parallel(const ForStmt *For, SerialLoop &L);
  unsigned collapse(const ForStmt *For);

  ASTContext &Ctx;
  const SourceManager &SM;
  const SerialLoopOptions &Opts;
  const FunctionDecl *Fn = nullptr;
};

/// Whether the loop is proved parallel; sets L.Why when not, and its
/// reductions.
bool Finder::parallel(const ForStmt *For, SerialLoop &L) {
  RegionFacts F(For, Ctx);
  if (std::string W = callsWhy(For, SM); !W.empty()) {
    L.Why = W;
    return false;
  }
  if (std::string W = aliasWhy(F); !W.empty()) {
    L.Why = W;
    return false;
  }
  ParallelResult PR = testParallel(F, For);
  if (!PR.Parallel) {
    L.Why = PR.Why;
    return false;
  }
  if (!PR.Shared.empty()) {
    L.Why = "'" + PR.Shared[0] + "' is set in some iterations only (a flag): "
            "not offloaded yet";
    return false;
  }
  for (const ValueDecl *V : F.externalVars()) {
    if (const MemberUses *U = F.memberUses(V); U && (U->ThroughPointer || !U->Paths.empty())) {
      L.Why = "'" + F.nameOf(V) + "' is used through structure members: not "
              "offloaded yet";
      return false;
    }
    QualType T = V->getType().getNonReferenceType();
    if ((T->isPointerType() || T->isArrayType()) && F.isAddressTaken(V)) {
      // `*(a + i + 1)`, `&a[i]`, `a` passed on: elements the dependence
      // test does not see.
      L.Why = "'" + F.nameOf(V) + "' is used other than through subscripts "
              "(offset, passed on or its address taken): the dependence test "
              "cannot see which elements";
      return false;
    }
    if (!F.isWritten(V) || !T->isScalarType() || T->isPointerType())
      continue;
    // The loop's own variable, or a temporary of each iteration: its value
    // after the loop would be the last iteration's, which the offloaded
    // loop does not give back.
    bool Reduced = llvm::any_of(PR.Reductions, [&](const std::string &R) {
      return StringRef(R).split(':').second.trim() == F.nameOf(V);
    });
    if (!Reduced && mayBeReadAfter(For, V, Fn, Ctx)) {
      L.Why = "'" + F.nameOf(V) + "' is read after the loop, which would need "
              "its last value (lastprivate is not emitted yet)";
      return false;
    }
  }
  L.Reductions = PR.Reductions;
  return true;
}

/// The depth of the perfect rectangular nest below For whose loops are all
/// proved parallel (1: For alone).
unsigned Finder::collapse(const ForStmt *For) {
  unsigned N = 1;
  const ForStmt *Outer = For;
  RegionFacts OF(For, Ctx);
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
    if (!parallel(Inner, Tmp) || !Tmp.Reductions.empty())
      return N;
    Outers.push_back(IL->Symbol);
    Outer = Inner;
    ++N;
  }
}

SerialLoop Finder::analyse(const ForStmt *For) {
  SerialLoop L;
  L.For = For;
  L.Fn = Fn;
  if (For->getBeginLoc().isMacroID()) {
    L.Why = "the loop comes from a macro";
    return L;
  }
  if (!parallel(For, L))
    return L;
  L.Collapse = collapse(For);
  // Profitability: a small constant trip count stays on the host.
  RegionFacts F(For, Ctx);
  unsigned long long Trips = 1;
  bool Known = true;
  const ForStmt *Cur = For;
  for (unsigned K = 0; K < L.Collapse; ++K) {
    std::optional<long long> T;
    for (const CanonicalLoop &CL : F.loops())
      if (CL.For == Cur)
        T = tripCount(CL);
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
  if (Known && Trips < Opts.MinTripCount) {
    L.Why = "its " + std::to_string(Trips) + " iterations are too few to "
            "offload (fewer than " + std::to_string(Opts.MinTripCount) + ")";
    L.Reductions.clear();
    L.Collapse = 1;
    return L;
  }
  L.Parallel = true;
  return L;
}

/// Functions that run on the device already (routine, declare target).
bool deviceFunction(const FunctionDecl *F) {
  for (const FunctionDecl *R : F->redecls())
    if (R->hasAttr<OMPDeclareTargetDeclAttr>())
      return true;
  return false;
}

} // namespace

std::vector<SerialLoop> findSerialLoops(ASTContext &Ctx, const SerialLoopOptions &Opts) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const FunctionDecl *> Routines;
  std::function<void(const DeclContext *)> FindRoutines = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (const auto *R = dyn_cast<OpenACCRoutineDecl>(D))
        if (const auto *DR = dyn_cast<DeclRefExpr>(R->getFunctionReference()->IgnoreParenImpCasts()))
          if (const auto *F = dyn_cast<FunctionDecl>(DR->getDecl()))
            Routines.insert(F->getCanonicalDecl());
      if (const auto *F = dyn_cast<FunctionDecl>(D))
        for (const FunctionDecl *R : F->redecls())
          if (R->hasAttr<OpenACCRoutineDeclAttr>() || R->hasAttr<OpenACCRoutineAnnotAttr>())
            Routines.insert(F->getCanonicalDecl());
      if (const auto *Inner = dyn_cast<DeclContext>(D);
          Inner && (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)))
        FindRoutines(Inner);
    }
  };
  FindRoutines(Ctx.getTranslationUnitDecl());
  Finder Find(Ctx, Opts);
  std::function<void(const DeclContext *)> Walk = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D))
        Walk(cast<DeclContext>(D));
      const auto *F = dyn_cast<FunctionDecl>(D);
      if (!F || !F->doesThisDeclarationHaveABody() || F->isDependentContext() ||
          !SM.isInMainFile(SM.getExpansionLoc(F->getLocation())) ||
          deviceFunction(F) || Routines.count(F->getCanonicalDecl()))
        continue;
      Find.function(F);
    }
  };
  Walk(Ctx.getTranslationUnitDecl());
  return std::move(Find.Loops);
}

} // namespace ompm
