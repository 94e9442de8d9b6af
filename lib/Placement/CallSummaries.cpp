//===- CallSummaries.cpp - Calls that are kernels of their caller ----------===//
//
// A function of the file whose only uses of some pointer parameters (and
// global arrays) are its kernels' maps, and the summarized functions it
// calls, has a summary: the sections it needs, in its parameters' names.
// Each call to it in host code becomes a kernel of the caller, with those
// sections in the caller's terms, so a region in the caller keeps the data
// on the device across the call. Summaries are built in rounds, callees
// first; a function in a cycle of calls has none.
//
//===----------------------------------------------------------------------===//
#include "Placement/Placer.h"
#include "Facts/StmtWalk.h"
#include "Placement/Sections.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ompm {
namespace {

/// What a function's kernels need of one global array.
struct GlobalNeed {
  std::string Section;        ///< the whole array's name, or a section
  std::optional<Poly> Lo, Hi; ///< over the function's parameter names
  std::set<std::string> Types;
};

/// What a function's kernels need of one pointer parameter, over the
/// function's parameter names.
struct ParamNeed {
  Poly Lo, Hi;
  std::set<std::string> Types;
};

class CallSummarizer {
public:
  explicit CallSummarizer(DataPlacer &P)
      : P(P), Ctx(P.context()), SM(Ctx.getSourceManager()),
        GlobalVars(P.globalVars()) {}
  void run();

private:
  /// One try at a function's summary.
  struct Attempt {
    const FunctionDecl *F = nullptr, *FC = nullptr;
    bool Ok = true, Retry = false;
    std::map<const ParmVarDecl *, unsigned> Index;
    std::map<unsigned, ParamNeed> Needs;
    std::map<const VarDecl *, GlobalNeed> GNeeds;
    std::set<std::string> Declared;
    llvm::DenseSet<const Stmt *> SumCalls;
    DataPlacer::SummaryHostUses Host;
    std::vector<const FunctionDecl *> HostCalls; ///< host functions it calls
  };
  /// Names of the variables a function declares (parameters included).
  static std::set<std::string> declaredNames(const FunctionDecl *F);
  /// The items a call to a summarized function needs, in the caller's terms
  /// (GNames: the names the caller declares); nullopt if the callee has no
  /// summary or the call cannot be put in the caller's terms.
  std::optional<std::vector<KernelItem>> callItems(const CallExpr *CE,
                                                   const std::set<std::string> &GNames);
  /// Tries to summarize F from its own kernels and its calls to summarized
  /// functions. Retry: it failed only for want of a callee's summary that a
  /// later round may supply.
  bool summarize(const FunctionDecl *F, bool &Retry);
  void add(Attempt &A, const KernelItem &H);
  /// F's kernels and its calls: to summarized functions (their needs
  /// become F's), to library functions (host code), or to nothing else.
  void collectNeeds(Attempt &A);
  /// The parameters must not be used by the host outside the kernels and
  /// the summarized calls (not even passed on otherwise; no array parameter
  /// at all, used by its kernels or not), and the bounds
  /// must name only parameters the function does not change, or names it
  /// does not declare (macros, constants).
  void checkBounds(Attempt &A);
  /// Its host code's uses of global arrays, each a read or a write
  /// (A.Host.Uses), and those no region of a caller may hold across a call
  /// (A.Host.Poisoned): the caller's regions may hold the others, with
  /// the call as a host access of them. A global pointer the function
  /// changes, or a static local array, ends the attempt.
  void checkHostUses(Attempt &A);
  /// Call sites in host code: each call becomes a kernel of its caller.
  void placeCallSites();

  DataPlacer &P;
  ASTContext &Ctx;
  SourceManager &SM;
  const std::map<std::string, const VarDecl *> &GlobalVars;
  std::map<const FunctionDecl *, std::map<const VarDecl *, GlobalNeed>> GlobalSummaries;
  /// Summaries, per function (canonical declaration): what its kernels, and
  /// the summarized functions it calls, need of its pointer parameters and
  /// of global arrays, in its own parameters' names.
  std::map<const FunctionDecl *, std::map<unsigned, ParamNeed>> Summaries;
  std::vector<const FunctionDecl *> Candidates;
  std::set<const FunctionDecl *> Undecided;
};

std::set<std::string> CallSummarizer::declaredNames(const FunctionDecl *F) {
  std::set<std::string> Names;
  for (const ParmVarDecl *P : F->parameters())
    Names.insert(P->getNameAsString());
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Names.insert(VD->getNameAsString());
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  Walk(F->getBody());
  return Names;
}

std::optional<std::vector<KernelItem>>
CallSummarizer::callItems(const CallExpr *CE, const std::set<std::string> &GNames) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || isa<CXXMemberCallExpr>(CE))
    return std::nullopt;
  auto It = Summaries.find(F->getCanonicalDecl());
  if (It == Summaries.end() || CE->getNumArgs() != F->getNumParams())
    return std::nullopt;
  auto IsParam = [&](const std::string &Sym) {
    return llvm::any_of(F->parameters(),
                        [&](const ParmVarDecl *P) { return P->getNameAsString() == Sym; });
  };
  RegionFacts CF(CE, Ctx);
  std::map<std::string, Poly> With;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    if (!P->getType()->isIntegerType())
      continue;
    if (std::optional<Poly> A = CF.toPoly(CE->getArg(I)))
      With[P->getNameAsString()] = *A;
  }
  // The callee's bounds in the caller's names; nullopt if they name a
  // constant the caller reuses, or an argument that is no polynomial.
  auto InCallerTerms = [&](const Poly &Lo,
                           const Poly &Hi) -> std::optional<std::pair<Poly, Poly>> {
    for (const Poly *X : {&Lo, &Hi})
      for (const std::string &Sym : X->symbols())
        if (!With.count(Sym) && (GNames.count(Sym) || IsParam(Sym)))
          return std::nullopt;
    return std::make_pair(Lo.substituteAll(With), Hi.substituteAll(With));
  };
  auto TypeOf = [](const std::set<std::string> &Types) {
    return Types.size() == 1 ? *Types.begin() : std::string("tofrom");
  };
  std::vector<KernelItem> Items;
  for (const auto &[I, N] : It->second) {
    const auto *R = dyn_cast<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts());
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (!V || !V->getType()->isPointerType())
      return std::nullopt;
    auto B = InCallerTerms(N.Lo, N.Hi);
    if (!B)
      return std::nullopt;
    std::string Name = V->getNameAsString();
    Items.push_back({V, Name, sectionText(Name, B->first, B->second), TypeOf(N.Types),
                     B->first, B->second});
  }
  auto G = GlobalSummaries.find(F->getCanonicalDecl());
  if (G == GlobalSummaries.end())
    return Items;
  for (const auto &[V, N] : G->second) {
    std::string Name = V->getNameAsString();
    if (GNames.count(Name))
      return std::nullopt; // the caller's own variable of that name hides the global
    if (!N.Lo || !N.Hi) {
      Items.push_back({V, Name, N.Section, TypeOf(N.Types), std::nullopt, std::nullopt});
      continue;
    }
    auto B = InCallerTerms(*N.Lo, *N.Hi);
    if (!B)
      return std::nullopt;
    Items.push_back({V, Name, sectionText(Name, B->first, B->second), TypeOf(N.Types),
                     B->first, B->second});
  }
  return Items;
}

bool CallSummarizer::summarize(const FunctionDecl *F, bool &Retry) {
  Attempt A;
  A.F = F;
  A.FC = F->getCanonicalDecl();
  // Only translated kernels (and their loops): other directives move data
  // of their own.
  if (P.barrierInFunction(F)) {
    Retry = false;
    return false;
  }
  for (unsigned I = 0; I < F->getNumParams(); ++I)
    A.Index[F->getParamDecl(I)] = I;
  collectNeeds(A);
  Retry = A.Retry;
  if (!A.Ok || (A.Needs.empty() && A.GNeeds.empty()))
    return false;
  checkBounds(A);
  checkHostUses(A);
  if (!A.Ok)
    return false;
  Summaries[A.FC] = std::move(A.Needs);
  GlobalSummaries[A.FC] = std::move(A.GNeeds);
  P.SummaryHost[A.FC] = std::move(A.Host);
  return true;
}

void CallSummarizer::add(Attempt &A, const KernelItem &H) {
  bool &Ok = A.Ok;
  std::map<const ParmVarDecl *, unsigned> &Index = A.Index;
  std::map<unsigned, ParamNeed> &Needs = A.Needs;
  std::map<const VarDecl *, GlobalNeed> &GNeeds = A.GNeeds;
  const auto *P = dyn_cast<ParmVarDecl>(H.V);
  const auto *VD = dyn_cast<VarDecl>(H.V);
  if (!P && VD && VD->hasGlobalStorage() && !VD->isStaticLocal()) {
    // A global array: the caller's region can hold it as well.
    auto [It, New] = GNeeds.insert({VD, GlobalNeed{H.Section, H.Lo, H.Hi, {}}});
    GlobalNeed &G = It->second;
    if (!New &&
        !widenSection(G.Section, G.Lo, G.Hi, VD->getNameAsString(), H.Section, H.Lo, H.Hi)) {
      Ok = false;
      return;
    }
    G.Types.insert(H.Type);
    return;
  }
  if (!P) {
    // A local array stays with its kernels.
    Ok &= VD && VD->isLocalVarDecl();
    return;
  }
  if (!P->getType()->isPointerType() || !H.Lo || !H.Hi) {
    Ok = false;
    return;
  }
  unsigned I = Index[P];
  auto [It, New] = Needs.insert({I, ParamNeed{*H.Lo, *H.Hi, {}}});
  if (!New) {
    auto U = unionRange(It->second.Lo, It->second.Hi, *H.Lo, *H.Hi);
    if (!U) {
      Ok = false;
      return;
    }
    It->second.Lo = U->first;
    It->second.Hi = U->second;
  }
  It->second.Types.insert(H.Type);
}

void CallSummarizer::collectNeeds(Attempt &A) {
  const FunctionDecl *F = A.F;
  const FunctionDecl *FC = A.FC;
  bool &Ok = A.Ok;
  std::set<std::string> &Declared = A.Declared;
  llvm::DenseSet<const Stmt *> &SumCalls = A.SumCalls;
  bool &Retry = A.Retry;
  auto Add = [&](const KernelItem &H) { add(A, H); };
  for (const Kernel &K : P.Kernels) {
    if (!K.Fn || K.Fn->getCanonicalDecl() != FC)
      continue;
    Ok &= !K.Async;
    for (const KernelItem &H : K.Items)
      Add(H);
  }
  Declared = declaredNames(F);
  std::function<void(const Stmt *)> FindCalls = [&](const Stmt *S) {
    if (!S || P.Input.isConstruct(S) || isa<LambdaExpr>(S))
      return;
    for (const Stmt *C : codeChildren(S))
      FindCalls(C);
    const auto *CE = dyn_cast<CallExpr>(S);
    if (!CE)
      return;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (isLibraryFunction(Callee, SM))
      return;
    if (std::optional<std::vector<KernelItem>> Items = callItems(CE, Declared)) {
      SumCalls.insert(CE);
      for (const KernelItem &H : *Items)
        Add(H);
      // The callee's host uses are this function's host uses.
      auto H = P.SummaryHost.find(Callee->getCanonicalDecl());
      if (H != P.SummaryHost.end()) {
        for (const auto &[G, W] : H->second.Uses)
          A.Host.Uses[G] |= W;
        A.Host.Poisoned.insert(H->second.Poisoned.begin(), H->second.Poisoned.end());
      }
      return;
    }
    if (Callee && Callee->getCanonicalDecl() != FC &&
        Undecided.count(Callee->getCanonicalDecl()))
      Retry = true;
    // A function of this file that runs no device code and calls only
    // what the analysis sees: host code, whose global arrays are host uses.
    if (const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
        Def && !P.callGraph().mayRunDeviceCode(Def) && !P.callGraph().callsUnknown(Def)) {
      A.HostCalls.push_back(Def);
      return;
    }
    Ok = false;
  };
  FindCalls(F->getBody());
}

void CallSummarizer::checkBounds(Attempt &A) {
  const FunctionDecl *F = A.F;
  bool &Ok = A.Ok;
  std::map<unsigned, ParamNeed> &Needs = A.Needs;
  std::map<const VarDecl *, GlobalNeed> &GNeeds = A.GNeeds;
  std::set<std::string> &Declared = A.Declared;
  // The body's facts, only when a bound names a parameter or a global.
  std::optional<RegionFacts> Body;
  auto BF = [&]() -> const RegionFacts & {
    if (!Body)
      Body.emplace(F->getBody(), Ctx);
    return *Body;
  };
  std::set<std::string> ParamNames;
  for (const ParmVarDecl *P : F->parameters())
    ParamNames.insert(P->getNameAsString());
  std::vector<const Poly *> Bounds;
  for (const auto &[I, N] : Needs)
    Bounds.insert(Bounds.end(), {&N.Lo, &N.Hi});
  for (const auto &[V, G] : GNeeds) {
    if (G.Lo)
      Bounds.push_back(&*G.Lo);
    if (G.Hi)
      Bounds.push_back(&*G.Hi);
  }
  std::set<const VarDecl *> AssignedByF = P.callGraph().globalsAssigned(F);
  for (const Poly *X : Bounds)
    for (const std::string &Sym : X->symbols()) {
      if (Sym.empty() || Sym[0] == '@')
        Ok = false;
      else if (ParamNames.count(Sym)) {
        for (const ParmVarDecl *P : F->parameters())
          if (P->getNameAsString() == Sym &&
              (BF().isWritten(P) || BF().isAddressTaken(P) ||
               !P->getType()->isIntegerType()))
            Ok = false;
      } else if (Declared.count(Sym)) {
        Ok = false; // a local of the callee
      } else if (auto It = GlobalVars.find(Sym); It != GlobalVars.end()) {
        // A global size: one the callee, and the functions it calls, do
        // not change.
        if (BF().isWritten(It->second) || BF().isAddressTaken(It->second) ||
            !It->second->getType()->isIntegerType() ||
            AssignedByF.count(It->second->getCanonicalDecl()))
          Ok = false;
      }
    }
}

void CallSummarizer::checkHostUses(Attempt &A) {
  const FunctionDecl *F = A.F;
  bool &Ok = A.Ok;
  std::map<const ParmVarDecl *, unsigned> &Index = A.Index;
  std::map<unsigned, ParamNeed> &Needs = A.Needs;
  llvm::DenseSet<const Stmt *> &SumCalls = A.SumCalls;
  // The references under an element whose value is read (`x = u[i][j]`);
  // any other use of an array (assigned, incremented, its address or the
  // array itself passed on) counts as a write.
  llvm::DenseSet<const DeclRefExpr *> ElementReads;
  walkStmts(F->getBody(), [&](const Stmt *S) {
    const auto *C = dyn_cast<ImplicitCastExpr>(S);
    if (!C || C->getCastKind() != CK_LValueToRValue ||
        !isa<ArraySubscriptExpr>(C->getSubExpr()->IgnoreParens()))
      return true;
    const Expr *Base = C->getSubExpr()->IgnoreParens();
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Base))
      Base = ASE->getBase()->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(Base))
      ElementReads.insert(DR);
    return true;
  });
  std::set<const VarDecl *> Assigned = P.callGraph().globalsAssigned(F);
  std::function<void(const Stmt *)> HostUses = [&](const Stmt *S) {
    if (!S || !Ok || P.Input.isConstruct(S) ||
        SumCalls.count(S))
      return;
    if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
      // A parameter its kernels use, or any other array the caller passes:
      // the caller's region may hold that one on the device too (it is
      // the caller's array, used by the caller's own kernels), and the
      // call, as a kernel of the caller, would hide this host use.
      if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
        if (Index.count(P) && (Needs.count(Index[P]) || P->getType()->isPointerType() ||
                               P->getType()->isArrayType()))
          Ok = false;
      if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
        if (VD->hasGlobalStorage() && (VD->getType()->isPointerType() ||
                                       VD->getType()->isArrayType())) {
          VD = VD->getCanonicalDecl();
          if (VD->isStaticLocal() || Assigned.count(VD))
            Ok = false; // a static local, or a pointer that may change itself
          else
            A.Host.Uses[VD] |= !ElementReads.count(R);
        }
    }
    for (const Stmt *C : codeChildren(S))
      HostUses(C);
  };
  HostUses(F->getBody());
  for (const FunctionDecl *H : A.HostCalls) {
    std::set<const VarDecl *> Written = P.callGraph().globalsWritten(H);
    for (const VarDecl *VD : P.callGraph().globalsAssigned(H))
      if (VD->getType()->isPointerType() || VD->getType()->isArrayType())
        Ok = false; // a pointer that may change itself
    for (const VarDecl *VD : P.callGraph().globalsUsed(H))
      if (VD->getType()->isPointerType() || VD->getType()->isArrayType()) {
        if (VD->isStaticLocal())
          Ok = false;
        A.Host.Uses[VD->getCanonicalDecl()] |= Written.count(VD) > 0;
      }
  }
  // A global the kernels use as well: the host may use it between them
  // only when neither side writes it.
  for (const auto &[V, G] : A.GNeeds) {
    auto U = A.Host.Uses.find(V->getCanonicalDecl());
    if (U != A.Host.Uses.end() &&
        (U->second || llvm::any_of(G.Types, [](const std::string &T) { return T != "to"; })))
      A.Host.Poisoned.insert(U->first);
  }
}

void CallSummarizer::run() {
  // The functions of this file that may run device code, in the order of
  // the file: those a summary is tried for.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody() || F->isVariadic() ||
        F->isDependentContext() || isa<CXXMethodDecl>(F) ||
        !SM.isInMainFile(SM.getExpansionLoc(F->getBeginLoc())) ||
        !P.callGraph().mayRunDeviceCode(F))
      continue;
    Candidates.push_back(F);
  }
  for (const FunctionDecl *F : Candidates)
    Undecided.insert(F->getCanonicalDecl());
  // Rounds until nothing changes: a function is summarized once its callees
  // are. A function in a cycle of calls (recursion) never is: its calls stay
  // host code to its callers, which then keep their kernels' maps.
  for (bool Progress = true; Progress && !Undecided.empty();) {
    Progress = false;
    for (const FunctionDecl *F : Candidates) {
      if (!Undecided.count(F->getCanonicalDecl()))
        continue;
      bool Retry = false;
      if (summarize(F, Retry) || !Retry) {
        Undecided.erase(F->getCanonicalDecl());
        Progress = true;
      }
    }
  }
  if (Summaries.empty())
    return;
  placeCallSites();
}

void CallSummarizer::placeCallSites() {
  // Call sites in host code: each call becomes a kernel of its caller.
  std::function<void(const Stmt *, const FunctionDecl *, const std::set<std::string> &)>
      Calls = [&](const Stmt *S, const FunctionDecl *G, const std::set<std::string> &GNames) {
    if (!S || P.Input.isDirective(S) || isa<LambdaExpr>(S))
      return;
    for (const Stmt *C : codeChildren(S))
      Calls(C, G, GNames);
    const auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (!F || F->getCanonicalDecl() == G->getCanonicalDecl())
      return;
    if (std::optional<std::vector<KernelItem>> Items = callItems(CE, GNames)) {
      Kernel K;
      K.S = CE;
      K.Fn = G;
      K.Items = std::move(*Items);
      P.Kernels.push_back(std::move(K));
      P.SummarizedCalls.insert(CE);
    }
  };
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *G = dyn_cast<FunctionDecl>(D);
    if (!G || !G->doesThisDeclarationHaveABody() || G->isDependentContext() ||
        !SM.isInMainFile(SM.getExpansionLoc(G->getBeginLoc())))
      continue;
    Calls(G->getBody(), G, declaredNames(G));
  }
}

} // namespace

void DataPlacer::planCallSummaries() { CallSummarizer(*this).run(); }

} // namespace ompm
