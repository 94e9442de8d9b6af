//===- SerialLoops.cpp - Serial loops proved parallel ---------------------===//
#include "Facts/SerialLoops.h"
#include "Facts/Allocations.h"
#include "Facts/Dependence.h"
#include "Facts/Members.h"
#include "Facts/Regions.h"
#include "Facts/Scalars.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ompm {
namespace {

/// Why F, a function the loop calls, cannot run on the device; empty when
/// it can (a pure function of the C library declared in a system header,
/// or a function of the file that only computes a value from scalars:
/// scalar parameters, only its own variables, calls only to such
/// functions, no recursion), and then the file's functions it needs are
/// added to Needed.
std::string deviceWhy(const FunctionDecl *F, const SourceManager &SM,
                      std::vector<const FunctionDecl *> &Needed,
                      std::set<const FunctionDecl *> &Visiting) {
  std::string Name = "'" + F->getNameAsString() + "'";
  if (SM.isInSystemHeader(F->getLocation()))
    return isPureFunction(F->getQualifiedNameAsString())
               ? ""
               : Name + ", which is not a pure function of the C library";
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
    return Name + ", whose definition is not in the file";
  if (Visiting.count(Def->getCanonicalDecl()))
    return Name + ", which is recursive";
  if (llvm::is_contained(Needed, Def))
    return "";
  if (Def->isVariadic() || Def->isTemplated() || isa<CXXMethodDecl>(Def) ||
      !(Def->getReturnType()->isVoidType() || Def->getReturnType()->isArithmeticType()))
    return Name + ", which does not compute a scalar value from scalars";
  for (const ParmVarDecl *P : Def->parameters())
    if (!P->getType()->isArithmeticType())
      return Name + ", which takes '" + P->getNameAsString() +
             "' that is not a scalar (what it reaches is not followed)";
  Visiting.insert(Def->getCanonicalDecl());
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && !V->hasLocalStorage())
        Why = Name + ", which uses '" + V->getNameAsString() +
              "', not a variable of its own";
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = C->getDirectCallee();
      if (!G)
        Why = Name + ", which calls through a pointer";
      else if (std::string W = deviceWhy(G, SM, Needed, Visiting); !W.empty())
        Why = Name + ", which calls " + W;
    } else if (isa<CXXThrowExpr>(S) || isa<AsmStmt>(S) || isa<CXXNewExpr>(S) ||
               isa<CXXDeleteExpr>(S)) {
      Why = Name + ", which throws, allocates or has assembly";
    } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); V && V->isStaticLocal())
          Why = Name + ", which has a static variable";
    }
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(Def->getBody());
  Visiting.erase(Def->getCanonicalDecl());
  if (Why.empty())
    Needed.push_back(Def);
  return Why;
}

/// Why the loop's calls keep it on the host; empty if every callee can run
/// on the device (the file's functions among them in Needed).
std::string callsWhy(const Stmt *S, const SourceManager &SM,
                     std::vector<const FunctionDecl *> &Needed) {
  if (!S)
    return "";
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return "the loop calls through a pointer";
    std::set<const FunctionDecl *> Visiting;
    if (std::string W = deviceWhy(F, SM, Needed, Visiting); !W.empty())
      return "the loop calls " + W;
  }
  for (const Stmt *Ch : S->children())
    if (std::string W = callsWhy(Ch, SM, Needed); !W.empty())
      return W;
  return "";
}

/// Two bases of the loop, one written, may be the same memory unless one is
/// a restrict pointer or both are declared arrays: why, empty if no pair may.
std::string aliasWhy(const RegionFacts &F, const AllocationFacts &Allocs,
                     const FunctionDecl *Fn) {
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
      if (O != W && !Restrict(W) && !Restrict(O) && !(Array(W) && Array(O)) &&
          !Allocs.distinct(W, O, Fn))
        return "'" + F.nameOf(W) + "' and '" + F.nameOf(O) +
               "' may be the same memory (declare the pointers restrict, or "
               "pass distinct arrays to a static function)";
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

/// Whether S (an expression statement) assigns V, directly or in a chain
/// (`a = v = 0`).
bool assigns(const Stmt *S, const ValueDecl *V) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != BO_Assign)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
      DR && DR->getDecl() == V)
    return true;
  return assigns(B->getRHS(), V);
}

/// Whether a continue statement of For itself is in S (not one of a loop
/// nested in it).
bool hasOwnContinue(const Stmt *S) {
  if (!S || isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    return false;
  if (isa<ContinueStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasOwnContinue(C))
      return true;
  return false;
}

/// Whether every iteration of For writes V: a statement of its body, not
/// under a condition and not after a continue, assigns it (or is a for loop
/// whose initialization does). The value after the loop is then the last
/// iteration's.
bool writtenInEveryIteration(const ForStmt *For, const ValueDecl *V) {
  const Stmt *Body = For->getBody();
  if (hasOwnContinue(Body))
    return false;
  std::vector<const Stmt *> Top;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Top.assign(CS->body_begin(), CS->body_end());
  else
    Top.push_back(Body);
  for (const Stmt *S : Top) {
    if (assigns(S, V))
      return true;
    if (const auto *Inner = dyn_cast<ForStmt>(S); Inner && Inner->getInit() &&
                                                  assigns(Inner->getInit(), V))
      return true;
  }
  return false;
}

/// L kept on the host with Why: nothing of what the analysis found on the
/// way (clauses, atomics, functions) is kept.
SerialLoop kept(const SerialLoop &L, std::string Why, bool ForProfit = false) {
  SerialLoop K;
  K.For = L.For;
  K.Fn = L.Fn;
  K.Why = std::move(Why);
  K.KeptForProfit = ForProfit;
  return K;
}

class Finder {
public:
  Finder(ASTContext &Ctx, const SerialLoopOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts), Allocs(Ctx) {}
  void function(const FunctionDecl *F) {
    Fn = F;
    Depth = 0;
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
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<CXXForRangeStmt>(S);
    Depth += Loop;
    for (const Stmt *C : S->children())
      visit(C);
    Depth -= Loop;
  }
  /// The loops around the statement being visited (all on the host).
  unsigned Depth = 0;
  SerialLoop analyse(const ForStmt *For);
  bool parallel(const ForStmt *For, SerialLoop &L);
  unsigned collapse(const ForStmt *For, const SerialLoop &L);

  ASTContext &Ctx;
  const SourceManager &SM;
  const SerialLoopOptions &Opts;
  AllocationFacts Allocs;
  const FunctionDecl *Fn = nullptr;
};

/// Whether the loop is proved parallel; sets L.Why when not, and its
/// reductions.
bool Finder::parallel(const ForStmt *For, SerialLoop &L) {
  std::vector<const FunctionDecl *> Needed;
  if (std::string W = callsWhy(For, SM, Needed); !W.empty()) {
    L.Why = W;
    return false;
  }
  std::set<const FunctionDecl *> Pure;
  for (const FunctionDecl *D : Needed)
    Pure.insert(D->getCanonicalDecl());
  RegionFacts F(For, Ctx, &Pure);
  L.DeviceFunctions = Needed;
  if (std::string W = aliasWhy(F, Allocs, Fn); !W.empty()) {
    L.Why = W;
    return false;
  }
  ParallelResult PR = testParallel(
      F, For,
      [&](const ValueDecl *A, const ValueDecl *B) { return Allocs.distinct(A, B, Fn); },
      /*AtomicUpdates=*/true);
  if (!PR.Parallel) {
    L.Why = PR.Why;
    return false;
  }
  L.AtomicUpdates = PR.Updates;
  // Flags: each assignment becomes an atomic write of the shared scalar.
  for (const std::string &Name : PR.Shared) {
    const ValueDecl *V = nullptr;
    for (const ValueDecl *X : F.externalVars())
      if (F.nameOf(X) == Name)
        V = X;
    ParentMap PM(const_cast<Stmt *>(static_cast<const Stmt *>(For)));
    bool Ok = V != nullptr;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Assign)
        if (const auto *DR = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
            DR && DR->getDecl() == V) {
          Ok &= isStatement(S, PM.getParent(const_cast<Stmt *>(S)));
          L.AtomicWrites.push_back(B);
        }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(For->getBody());
    if (!Ok || L.AtomicWrites.empty()) {
      L.Why = "'" + Name + "' is set in some iterations only (a flag), where "
              "an atomic write cannot go (not a statement of its own)";
      return false;
    }
    L.Flags.push_back(Name);
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
    if (Reduced || llvm::is_contained(L.Flags, F.nameOf(V)) ||
        !mayBeReadAfter(For, V, Fn, Ctx))
      continue;
    for (const CanonicalLoop &CL : F.loops())
      if (CL.For == For && CL.IV == V) {
        L.Why = "the loop variable '" + F.nameOf(V) + "' is read after the "
                "loop (declare it in the for statement, or its final value "
                "would have to be recomputed)";
        return false;
      }
    // A temporary read after the loop: the last iteration's value
    // (lastprivate), when every iteration writes it (checked once the
    // collapsed nest is known).
    L.LastPrivate.push_back(F.nameOf(V));
  }
  L.Reductions = PR.Reductions;
  return true;
}

/// The depth of the perfect rectangular nest below For whose loops are all
/// proved parallel (1: For alone).
unsigned Finder::collapse(const ForStmt *For, const SerialLoop &L) {
  const std::vector<std::string> &LastPrivate = L.LastPrivate;
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
    // An inner level's reductions must be the outer loop's (`s += a[i][j]`
    // reduces over the whole collapsed nest).
    if (!parallel(Inner, Tmp) || !Tmp.LastPrivate.empty() ||
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
  L.Collapse = collapse(For, L);
  if (!L.LastPrivate.empty()) {
    const ForStmt *Innermost = For;
    for (unsigned K = 1; K < L.Collapse; ++K) {
      const Stmt *B = Innermost->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
        B = CS->body_front();
      Innermost = cast<ForStmt>(B);
    }
    RegionFacts F(For, Ctx);
    for (const ValueDecl *V : F.externalVars())
      if (llvm::is_contained(L.LastPrivate, F.nameOf(V)) &&
          !writtenInEveryIteration(Innermost, V)) {
        return kept(L, "'" + F.nameOf(V) + "' is read after the loop, and not "
                       "every iteration writes it (its value after the loop "
                       "need not be the last iteration's)");
      }
    // Every iteration writes them: lastprivate would give their values
    // back. clang 19 does not on an NVIDIA GPU (measured on an H200 for
    // every combined and split form, docs/serial.md): the host gets the
    // value it had before. Until it does, the loop stays.
    return kept(L, "'" + L.LastPrivate.front() + "' is read after the loop: its "
                   "last value would need lastprivate, which clang 19 does not "
                   "give back from a GPU");
  }
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
  bool TooDeep = Depth >= Opts.MaxHostLoopsAround;
  if ((Known && Trips < Opts.MinTripCount) || TooDeep)
    return kept(L,
                TooDeep ? "it is inside " + std::to_string(Depth) + " loops that stay on "
                          "the host, and would start a kernel for each of their "
                          "iterations (profitability: at most " +
                          std::to_string(Opts.MaxHostLoopsAround - 1) + ")"
                        : "its " + std::to_string(Trips) + " iterations are too few to "
                          "offload (fewer than " + std::to_string(Opts.MinTripCount) + ")",
                /*ForProfit=*/true);
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
