//===- SerialLoops.cpp - Serial loops proved parallel ---------------------===//
#include "Facts/SerialLoops.h"
#include "Facts/SerialFinder.h"
#include "Analysis/GlobalScalars.h"
#include "Analysis/Liveness.h"
#include "Analysis/PrivateArrays.h"
#include "Facts/ScratchRanges.h"
#include "Facts/Allocations.h"
#include "Facts/Dependence.h"
#include "Facts/DeviceCalls.h"
#include "Facts/Directives.h"
#include "Facts/Distribution.h"
#include "Facts/Interchange.h"
#include "Facts/Members.h"
#include "Facts/Regions.h"
#include "Facts/Scalars.h"
#include "Facts/SerialAliasing.h"
#include "Facts/SerialClauses.h"
#include "Facts/LoopShapes.h"
#include "Facts/LoopValues.h"
#include "Facts/StmtWalk.h"
#include "Facts/ThreadLoops.h"
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
namespace serial_detail {


/// L kept on the host with Why: nothing of what the analysis found on the
/// way (clauses, atomics, functions) is kept.
SerialLoop kept(const SerialLoop &L, std::string Why, bool Proved) {
  SerialLoop K;
  K.For = L.For;
  K.Fn = L.Fn;
  K.Why = std::move(Why);
  K.ProvedParallel = Proved;
  K.DistributeTail = L.DistributeTail;
  K.DistributeWhy = L.DistributeWhy;
  if (Proved) {
    // The clauses the proof found, for the report (what a hand port needs).
    for (const auto *List : {&L.Reductions, &L.ElementReductions, &L.ArrayReductions})
      for (const std::string &R : *List)
        K.Needs.push_back("reduction(" + R + ")");
    for (const std::string &V : L.LastPrivate)
      K.Needs.push_back("lastprivate(" + V + ")");
    if (!L.LastValueOfIV.empty())
      K.Needs.push_back("lastprivate(" + L.LastValueOfIV + ")");
    if (L.Collapse > 1)
      K.Needs.insert(K.Needs.begin(), "collapse(" + std::to_string(L.Collapse) + ")");
  }
  return K;
}



/// The ranges of the canonical loops of Fn around For, innermost first,
/// each named by its variable (how For's region names an outer loop
/// variable); a loop whose variable's name For's region also gives another
/// variable is left out.
std::vector<LoopRange> enclosingLoops(
    const ForStmt *For, const ParentMap &PM,
    llvm::function_ref<const RegionFacts &(const ForStmt *)> FactsOf) {
  std::vector<const ForStmt *> Around; // innermost first
  for (const Stmt *S = PM.getParent(const_cast<ForStmt *>(For)); S;
       S = PM.getParent(const_cast<Stmt *>(S)))
    if (const auto *F = dyn_cast<ForStmt>(S))
      Around.push_back(F);
  if (Around.empty())
    return {};
  const RegionFacts &Root = FactsOf(Around.back());
  std::map<std::string, std::string> Names; // '@' symbol -> variable name
  std::map<std::string, const ValueDecl *> ByName;
  for (const CanonicalLoop &CL : Root.loops())
    if (llvm::is_contained(Around, CL.For)) {
      Names[CL.Symbol] = CL.IV->getNameAsString();
      ByName[CL.IV->getNameAsString()] = CL.IV;
    }
  // The names must mean the same variables inside For.
  std::set<std::string> Clash;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
      auto It = ByName.find(D->getDecl()->getNameAsString());
      if (It != ByName.end() && It->second != D->getDecl())
        Clash.insert(It->first);
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(For);
  std::vector<LoopRange> Out;
  for (const ForStmt *A : Around)
    for (const CanonicalLoop &CL : Root.loops()) {
      if (CL.For != A)
        continue;
      std::map<std::string, Poly> Rename;
      bool Ok = !Clash.count(CL.IV->getNameAsString());
      for (const Poly *B : {&CL.Min, &CL.Max})
        for (const std::string &Sym : B->symbols()) {
          if (Sym[0] != '@')
            continue;
          auto It = Names.find(Sym);
          if (It == Names.end() || Clash.count(It->second))
            Ok = false;
          else
            Rename[Sym] = Poly::symbol(It->second);
        }
      if (Ok)
        Out.push_back({CL.IV->getNameAsString(), CL.Min.substituteAll(Rename),
                       CL.Max.substituteAll(Rename), CL.Step});
    }
  return Out;
}

/// Whether the loop is proved parallel; sets L.Why when not, and its
/// reductions.
bool Finder::parallel(const ForStmt *For, SerialLoop &L) {
  auto It = Tested.find(For);
  if (It == Tested.end()) {
    SerialLoop T;
    bool P = testLoop(For, T);
    It = Tested.emplace(For, std::make_pair(P, std::move(T))).first;
  }
  // What testLoop sets; the loop and its function stay L's.
  const ForStmt *Loop = L.For;
  const FunctionDecl *Of = L.Fn;
  L = It->second.second;
  L.For = Loop;
  L.Fn = Of;
  return It->second.first;
}

bool Finder::testLoop(const ForStmt *For, SerialLoop &L) {
  std::vector<const FunctionDecl *> Needed;
  std::vector<const VarDecl *> Globals;
  if (std::string W = callsWhy(For, SM, Needed, /*FollowPointers=*/true, &Globals);
      !W.empty()) {
    L.Why = W;
    return false;
  }
  std::set<const FunctionDecl *> Pure;
  for (const FunctionDecl *D : Needed)
    Pure.insert(D->getCanonicalDecl());
  // Without calls to follow, the facts are the plain ones.
  std::shared_ptr<const RegionFacts> Facts =
      Pure.empty() ? plainFactsOf(For) : std::make_shared<const RegionFacts>(For, Ctx, &Pure);
  const RegionFacts &F = *Facts;
  L.Facts = Facts;
  L.DeviceFunctions = Needed;
  L.DeviceGlobals = Globals;
  // A global the callees read on the device is one copy for all threads:
  // the loop must not write it (a private or reduced copy would not be what
  // they read).
  for (const VarDecl *G : Globals)
    for (const ValueDecl *V : F.externalVars())
      if (V->getCanonicalDecl() == G && (F.isWritten(V) || F.isAddressTaken(V))) {
        L.Why = "the loop writes '" + G->getNameAsString() +
                "', which a function it calls reads on the device (one copy "
                "for all iterations)";
        return false;
      }
  // Pointers that may be the same memory: the loop is versioned, a run-time
  // test of their sections choosing the offloaded copy, when it is parallel
  // with them distinct (and pointers only: a member or a pointer to
  // pointers has no section to test).
  auto Pairs = aliasPairs(F, Allocs, Fn);
  for (const auto &P : Pairs) {
    bool Testable = !Allocs.sameObject(P.first, P.second, Fn); // else known to overlap
    for (const ValueDecl *V : {P.first, P.second})
      Testable &= isa<VarDecl>(V) && !F.memberUses(V) && !F.indexedThroughPointers(V);
    if (!Testable) {
      L.Why = aliasWhy(F, P);
      return false;
    }
  }
  // Arrays of the function's own that each iteration writes before it
  // reads them: private, not shared between iterations.
  std::set<const ValueDecl *> PrivateSet;
  std::map<std::string, std::string> NotPrivate; // why not, by name
  for (const ValueDecl *V : F.externalVars()) {
    const auto *VD = dyn_cast<VarDecl>(V);
    if (!VD || !V->getType()->isConstantArrayType() ||
        llvm::none_of(F.accesses(), [&](const Access &A) { return A.Base == V && A.IsWrite; }))
      continue;
    std::string RangesWhy;
    if (std::string Why = privates().whyNotPrivate(For, VD); Why.empty()) {
      PrivateSet.insert(V);
      L.PrivateArrays.push_back(F.nameOf(V));
    } else if (std::vector<Poly> Guards;
               scratch().isCandidate(VD) &&
               (RangesWhy = scratch().whyNotPrivate(For, VD, Guards)).empty()) {
      // Rows of a scratch array filled by one inner loop and read by the
      // next (Facts/ScratchRanges), under run-time guards if any.
      PrivateSet.insert(V);
      L.PrivateArrays.push_back(F.nameOf(V));
      for (const Poly &G : Guards)
        if (!llvm::is_contained(L.Guards, G))
          L.Guards.push_back(G);
    } else if (privates().isCandidate(VD)) {
      NotPrivate[F.nameOf(V)] = Why; // the element-by-element reason
    } else if (scratch().isCandidate(VD)) {
      NotPrivate[F.nameOf(V)] = RangesWhy;
    }
  }
  ParallelResult PR = testParallel(
      F, For,
      [&](const ValueDecl *A, const ValueDecl *B) {
        return Allocs.distinct(A, B, Fn) || sameAddressOneElement(F, Allocs, Fn, A, B) ||
               llvm::is_contained(Pairs, std::make_pair(A, B)) ||
               llvm::is_contained(Pairs, std::make_pair(B, A));
      },
      /*AtomicUpdates=*/true, /*ElementReductions=*/true, enclosingLoops(For, parents(),
                     [&](const ForStmt *Root) -> const RegionFacts & { return plainFacts(Root); }),
      &PrivateSet, /*RowTests=*/true, /*ArgReductions=*/true);
  if (!PR.Parallel) {
    L.Why = Pairs.empty() ? PR.Why : aliasWhy(F, Pairs.front());
    // A conflict on an array of the function's own: why it is not private.
    for (const auto &[Name, Why] : NotPrivate)
      if (StringRef(L.Why).starts_with("iterations may write the same element of '" + Name + "'") ||
          StringRef(L.Why).starts_with("'" + Name + "' is written and accessed at different"))
        L.Why += " (not private: " + Why + ")";
    return false;
  }
  L.OverlapTests = Pairs;
  L.RowTests = PR.RowTests;
  L.ArgReductions = PR.ArgReductions;
  L.ElementReductions = PR.ElementReductions;
  L.ArrayReductions = PR.ArrayReductions;
  L.AtomicUpdates = PR.Updates;
  if (Opts.ArrayReductions)
    smallArrayReductions(F, L);
  // Flags: each assignment becomes an atomic write of the shared scalar.
  if (std::string Why = flagWrites(F, For, PR.Shared, L); !Why.empty()) {
    L.Why = Why;
    return false;
  }
  for (const ValueDecl *V : F.externalVars()) {
    if (const MemberUses *U = F.memberUses(V); U && (U->ThroughPointer || !U->Paths.empty())) {
      L.Why = "'" + F.nameOf(V) + "' is used through structure members: not "
              "offloaded yet";
      return false;
    }
    QualType T = V->getType().getNonReferenceType();
    if ((T->isPointerType() || T->isArrayType()) && F.isAddressTaken(V) &&
        !PrivateSet.count(V)) {
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
    // The index of an arg reduction: private, its value after the loop
    // found by a second pass.
    bool ArgIndex = llvm::any_of(L.ArgReductions, [&](const ArgReduction &A) {
      return A.Index == V;
    });
    if (Reduced || ArgIndex || llvm::is_contained(L.Flags, F.nameOf(V)) ||
        !(isa<VarDecl>(V) ? live().mayBeReadAfter(For, cast<VarDecl>(V)) : true))
      continue;
    // The loop's own variable read after it: its final value (what
    // lastprivate gives the loop variable of a worksharing loop).
    bool OwnVariable = false;
    for (const CanonicalLoop &CL : F.loops())
      OwnVariable |= CL.For == For && CL.IV == V;
    if (OwnVariable) {
      L.LastValueOfIV = F.nameOf(V);
      continue;
    }
    // A temporary read after the loop: the last iteration's value
    // (lastprivate), when every iteration writes it (checked once the
    // collapsed nest is known).
    L.LastPrivate.push_back(F.nameOf(V));
  }
  L.Reductions = PR.Reductions;
  return true;
}

bool Finder::lineAfterIsFree(const ForStmt *For) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(parents().getParent(const_cast<ForStmt *>(For)));
  if (!CS || For->getEndLoc().isMacroID())
    return false;
  const auto *It = llvm::find(CS->body(), For);
  SourceLocation Next = It + 1 == CS->body_end() ? CS->getRBracLoc() : (*(It + 1))->getBeginLoc();
  return SM.getExpansionLineNumber(lastLocation(For, SM)) < SM.getExpansionLineNumber(Next);
}

bool Finder::lastValuesStored(const ForStmt *For, const ForStmt *Innermost, SerialLoop &L) {
  // The copies are declared on lines of their own after the function's
  // `{`, which must end its line; the store goes on a line of its own
  // after the innermost body's last statement; the host reads the copies
  // back on the line after the loop.
  const auto *Body = dyn_cast<CompoundStmt>(Innermost->getBody());
  const auto *FnBody = dyn_cast_or_null<CompoundStmt>(Fn ? Fn->getBody() : nullptr);
  if (!FnBody || FnBody->body_empty() || FnBody->getLBracLoc().isMacroID() ||
      SM.getExpansionLineNumber(FnBody->getLBracLoc()) >=
          SM.getExpansionLineNumber(SM.getExpansionLoc(FnBody->body_front()->getBeginLoc())))
    return false;
  if (L.versioned() || !lineAfterIsFree(For) || !Body || Body->body_empty() ||
      Body->getRBracLoc().isMacroID() || Body->body_back()->getEndLoc().isMacroID() ||
      SM.getExpansionLineNumber(lastLocation(Body->body_back(), SM)) >=
          SM.getExpansionLineNumber(Body->getRBracLoc()))
    return false;
  // Each a variable of an arithmetic type a declaration can name.
  const RegionFacts &F = plainFacts(For);
  for (const ValueDecl *V : F.externalVars())
    if (llvm::is_contained(L.LastPrivate, F.nameOf(V))) {
      QualType T = V->getType();
      if (!isa<VarDecl>(V) || T.isVolatileQualified() ||
          !T.getCanonicalType()->isBuiltinType() || !T->isArithmeticType())
        return false;
    }
  std::vector<std::string> Terms;
  const ForStmt *Cur = For;
  for (unsigned K = 0; K < L.Collapse; ++K) {
    const CanonicalLoop *CL = F.loopOf(Cur);
    std::string Term = CL ? lastIterationTerm(*CL, Ctx) : "";
    if (Term.empty())
      return false;
    Terms.push_back(Term);
    if (K + 1 < L.Collapse) {
      const Stmt *B = Cur->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
        B = CS->body_front();
      Cur = cast<ForStmt>(B);
    }
  }
  L.LastIterationTest = llvm::join(Terms, " && ");
  L.LastBody = Body;
  return true;
}

SerialLoop Finder::analyse(const ForStmt *For) {
  SerialLoop L;
  L.For = For;
  L.Fn = Fn;
  if (For->getBeginLoc().isMacroID()) {
    L.Why = "the loop comes from a macro";
    return L;
  }
  // A loop around a construct of the input would start that construct's
  // kernel (or team) inside its own: the construct is translated as such.
  if (const Stmt *D = directiveIn(For->getBody(), Directives)) {
    L.Why = "it holds the " +
            std::string(isa<OMPExecutableDirective>(D) ? "OpenMP directive" : "OpenACC construct") +
            " at line " +
            std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(D->getBeginLoc()))) +
            ", whose kernel does not start inside another";
    return L;
  }
  if (hostCopyOfVersionedLoop(For, parents())) {
    L.Why = "it is the host copy of a versioned loop (the offloaded copy is "
            "the branch before it)";
    return L;
  }
  // Inside such a copy: the copy runs when the test fails, its loops as
  // they were (an inner loop offloaded there would change a second run's
  // output).
  for (const Stmt *Up = parents().getParent(const_cast<ForStmt *>(For)); Up;
       Up = parents().getParent(const_cast<Stmt *>(Up)))
    if (isa<ForStmt>(Up) && hostCopyOfVersionedLoop(Up, parents())) {
      L.Why = "it is inside the host copy of a versioned loop (the offloaded "
              "copy is the branch before it)";
      return L;
    }
  if (!parallel(For, L)) {
    // Its inner loop in its place, when that is proved and worth a kernel;
    // otherwise the loops inside are looked at on their own.
    SerialLoop I = L;
    if (!interchange(For, I) || !unprofitable(I.Interchanged, 1).empty()) {
      // (Why not, unsaid: a loop carrying a dependence of its own, a time
      // step, would be told to split what cannot help.)
      std::string Unsaid;
      L.DistributeTail = distributable(For, Unsaid);
      return L;
    }
    I.Parallel = true;
    return I;
  }
  L.Collapse = collapse(For, L);
  // A reduction the translation does not emit (of an element, of an
  // array): its inner loop in its place, or the loop as two whose second
  // is that, need none.
  if (!L.ElementReductions.empty() || !L.ArrayReductions.empty()) {
    SerialLoop I = L;
    I.Why = !L.ArrayReductions.empty()
                ? "'" + StringRef(L.ArrayReductions.front()).split(':').second.trim().str() +
                      "' is updated at elements the iterations share"
                : "'" + StringRef(L.ElementReductions.front()).split(':').second.trim().str() +
                      "' is a reduction target of every iteration";
    if (interchange(For, I) && unprofitable(I.Interchanged, 1).empty()) {
      I.Parallel = true;
      return I;
    }
    L.DistributeTail = distributable(For, L.DistributeWhy);
  }
  if (!L.ElementReductions.empty())
    return kept(L, "'" + StringRef(L.ElementReductions.front()).split(':').second.trim().str() +
                   "' is a reduction target of every iteration: OpenMP reduces an "
                   "array element only as a one-element array section, which "
                   "omp-migrate does not emit (clang 19 fails to link it for a "
                   "global array; not checked on a GPU): accumulate into a scalar "
                   "to offload the loop",
                /*Proved=*/true);
  if (!L.ArrayReductions.empty()) {
    StringRef Item = L.ArrayReductions.front();
    return kept(L, "'" + Item.split(':').second.trim().str() + "' is updated (" +
                       Item.split(':').first.trim().str() + ") at elements the "
                       "iterations share: the loop needs an array reduction, which "
                       "omp-migrate does not emit yet (clang 19 on a GPU not checked)",
                /*Proved=*/true);
  }
  // Values read after the loop that only some iterations set, `if (c)
  // last = e;`: a second pass finds the last iteration where c held.
  if (!L.LastPrivate.empty() && L.Collapse == 1 && L.Facts) {
    const RegionFacts &F = *L.Facts;
    const CanonicalLoop *CL = F.loopOf(For);
    const VarDecl *IV = CL ? CL->IV : nullptr;
    for (const ValueDecl *V : F.externalVars())
      if (llvm::is_contained(L.LastPrivate, F.nameOf(V)) && !writtenInEveryIteration(For, V))
        if (std::optional<ConditionalLast> C = conditionalLastOf(For, IV, V, F, Ctx)) {
          llvm::erase(L.LastPrivate, F.nameOf(V));
          L.ConditionalLasts.push_back(*C);
        }
  }
  if (!L.ArgReductions.empty() || !L.ConditionalLasts.empty()) {
    // The second pass goes on the lines after the loop, which must be a
    // statement of a block, not versioned, and then in one kernel alone.
    std::string What;
    if (!L.ArgReductions.empty()) {
      What = L.ArgReductions.front().what();
    } else {
      What = "'" + L.ConditionalLasts.front().Var->getNameAsString() +
             "' is read after the loop and only some iterations set it";
    }
    const auto *CS = dyn_cast_or_null<CompoundStmt>(parents().getParent(const_cast<ForStmt *>(For)));
    if (L.versioned())
      return kept(L, What + ", and a versioned loop with its second pass is not done",
                  /*Proved=*/true);
    if (!CS || !lineAfterIsFree(For) || L.Collapse > 1 || !L.LastPrivate.empty())
      return kept(L, What + ": its second pass needs the line after the loop "
                      "free, the loop a statement of a block, not collapsed, and no "
                      "other value read after it",
                  /*Proved=*/true);
  }
  if (!L.LastValueOfIV.empty() && !L.versioned()) {
    // Its final value, set on the host after the kernel, when the loop is
    // a statement of a block whose last line nothing else shares.
    const Stmt *P = parents().getParent(const_cast<ForStmt *>(For));
    const auto *CS = dyn_cast_or_null<CompoundStmt>(P);
    if (const CanonicalLoop *CL = plainFacts(For).loopOf(For); CL && CS)
      L.FinalValue = finalValueStatement(For, *CL, Ctx);
    if (!L.FinalValue.empty() && !lineAfterIsFree(For))
      L.FinalValue.clear();
  }
  if (!L.LastValueOfIV.empty() && L.FinalValue.empty())
    return kept(L, "the loop variable '" + L.LastValueOfIV + "' is read after the "
                   "loop: its final value would need lastprivate, which clang 19 "
                   "does not give back from a GPU (declare it in the for "
                   "statement if the later code does not need it)",
                /*Proved=*/true);
  if (!L.LastPrivate.empty()) {
    const ForStmt *Innermost = For;
    for (unsigned K = 1; K < L.Collapse; ++K) {
      const Stmt *B = Innermost->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
        B = CS->body_front();
      Innermost = cast<ForStmt>(B);
    }
    const RegionFacts &F = plainFacts(For);
    for (const ValueDecl *V : F.externalVars())
      if (llvm::is_contained(L.LastPrivate, F.nameOf(V)) &&
          !writtenInEveryIteration(Innermost, V)) {
        return kept(L, "'" + F.nameOf(V) + "' is read after the loop, and "
                       "only some iterations write it: its value would need "
                       "lastprivate(conditional:), which clang 19 does not "
                       "give back from a GPU",
                    /*Proved=*/true);
      }
    // Every iteration writes them: lastprivate would give their values
    // back. clang 19 does not on an NVIDIA GPU (measured on an H200 for
    // every combined and split form, docs/serial.md): the host gets the
    // value it had before. Instead the last iteration stores each into a
    // mapped copy (lib/Translate/Serial.cpp); where that cannot be
    // written, the loop stays.
    if (!lastValuesStored(For, Innermost, L))
      return kept(L, "'" + L.LastPrivate.front() + "' is read after the loop: its "
                     "last value would need lastprivate, which clang 19 does not "
                     "give back from a GPU",
                  /*Proved=*/true);
  }
  if (std::string Why = unprofitable(For, L.Collapse); !Why.empty())
    return kept(L, Why, /*Proved=*/true);
  // Inner loops that take the threads of each team (gemm's `j` loops).
  if (Opts.ThreadLoops)
    L.ThreadLoops = threadLoops(
      L, [&](const ForStmt *J, SerialLoop &T) { return parallel(J, T); },
      [&](const ForStmt *J) -> std::optional<long long> {
        return tripCountOf(J, plainFacts(J), consts());
      },
      parents());
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

} // namespace serial_detail

using namespace serial_detail;

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
  // A function an offloaded loop calls runs on the device (declare
  // target): a loop of its own starts no kernel there.
  std::map<const FunctionDecl *, const FunctionDecl *> Called;
  for (const SerialLoop &L : Find.Loops)
    if (L.Parallel)
      for (const FunctionDecl *D : L.DeviceFunctions)
        Called.emplace(D->getCanonicalDecl(), D);
  for (SerialLoop &L : Find.Loops)
    if (L.Parallel && L.Fn && Called.count(L.Fn->getCanonicalDecl()))
      L = kept(L, "it is in '" + L.Fn->getNameAsString() +
                      "', which offloaded loops call (declare target): a kernel does "
                      "not start inside a kernel",
               /*Proved=*/true);
  return std::move(Find.Loops);
}

} // namespace ompm
