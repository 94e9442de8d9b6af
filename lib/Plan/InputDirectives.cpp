//===- InputDirectives.cpp - The input's directives, for data placement ----===//
#include "Plan/InputDirectives.h"
#include "Facts/Members.h"
#include "Facts/OpenMPKernels.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace ompm {

using DK = OpenACCDirectiveKind;

void PlanInput::addOpenMP(std::vector<Kernel> &Kernels,
                          std::vector<const Stmt *> &MemberKernels) {
  OpenMPFacts F = collectOpenMPFacts(Ctx);
  for (const OMPExecutableDirective *O : F.Others)
    if (!Dissolved.count(O))
      OmpOthers.push_back(O);
  for (const OmpKernel &K : F.Kernels) {
    Kernel R;
    R.S = K.S;
    R.Fn = K.Fn;
    for (const OmpMapItem &I : K.Items)
      R.Items.push_back({I.V, I.V->getNameAsString(), I.Text, I.MapType, I.Lo, I.Hi});
    R.Async = K.Async;
    const auto *D = cast<OMPExecutableDirective>(K.S);
    R.Body = D->hasAssociatedStmt() ? D->getRawStmt() : nullptr;
    R.Conditional = D->hasClausesOfKind<OMPIfClause>();
    R.Skipped = K.Skipped;
    Kernels.push_back(std::move(R));
    OmpKernelStmts.insert(K.S);
    if (K.MemberData)
      MemberKernels.push_back(K.S);
  }
}

std::vector<Barrier>
PlanInput::barriers(const std::vector<const Stmt *> &MemberKernels) const {
  std::vector<Barrier> Bs;
  auto Line = [&](SourceLocation L) {
    return std::to_string(SM.getPresumedLineNumber(L));
  };
  for (const Directive &D : Dirs) {
    if (!D.Fn)
      continue;
    if (isComputeKind(D.Kind)) {
      if (FailedConstructs.count(D.S))
        Bs.push_back({D.S, D.Fn,
                      "a construct inside is left untranslated (line " + Line(D.Loc) + ")",
                      /*Untranslated=*/true});
      continue;
    }
    if (D.Kind != DK::Loop && D.Kind != DK::Atomic && D.Kind != DK::Cache)
      Bs.push_back({D.S, D.Fn,
                    "it holds an OpenACC '" + directiveName(D.Kind).str() +
                        "' directive (line " + Line(D.Loc) + ")"});
  }
  for (const Stmt *O : OmpOthers)
    Bs.push_back({O, nullptr,
                  "it holds an OpenMP directive of the input other than a "
                  "kernel (line " + Line(SM.getExpansionLoc(O->getBeginLoc())) + ")"});
  // Without --optimize-data the input's own target constructs are neither
  // kernels nor host code: a region around them would not know what they
  // do to the device's copies (host code between them would be updated
  // from stale data).
  if (!OptimizeOpenMP) {
    OpenMPFacts F = collectOpenMPFacts(Ctx);
    for (const OmpKernel &K : F.Kernels)
      Bs.push_back({K.S, K.Fn,
                    "it holds a target construct of the input (line " +
                        Line(SM.getExpansionLoc(K.S->getBeginLoc())) +
                        "), which is no kernel without --optimize-data"});
    for (const OMPExecutableDirective *O : F.Others)
      if (!Dissolved.count(O) &&
          (isOpenMPTargetExecutionDirective(O->getDirectiveKind()) ||
           isOpenMPTargetDataManagementDirective(O->getDirectiveKind())))
        Bs.push_back({O, nullptr,
                      "it holds a target construct of the input (line " +
                          Line(SM.getExpansionLoc(O->getBeginLoc())) +
                          "), which is no kernel without --optimize-data"});
  }
  for (const Stmt *K : MemberKernels)
    Bs.push_back({K, nullptr,
                  "a kernel inside maps sections of structure members (line " +
                      Line(SM.getExpansionLoc(K->getBeginLoc())) +
                      "), whose data may be any array's"});
  return Bs;
}

bool PlanInput::isConstruct(const Stmt *S) const {
  return isa<OpenACCConstructStmt>(S) || OmpKernelStmts.count(S) || Offloaded.count(S);
}

bool PlanInput::isDirective(const Stmt *S) const {
  return isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S) ||
         Offloaded.count(S);
}

const Stmt *PlanInput::userDataBody(const Stmt *S) const {
  if (const auto *D = dyn_cast<OpenACCDataConstruct>(S))
    return FailedConstructs.count(D) ? nullptr : D->getStructuredBlock();
  if (const auto *D = dyn_cast<OMPTargetDataDirective>(S))
    return OptimizeOpenMP && D->hasAssociatedStmt() ? D->getStructuredBlock()
                                                    : nullptr;
  return nullptr;
}

namespace {
/// The variables (canonical declarations) an OpenACC directive's clauses
/// name.
void accClauseVars(llvm::ArrayRef<const OpenACCClause *> Clauses,
                          std::set<const ValueDecl *> &Out) {
  for (const OpenACCClause *C : Clauses)
    for (const Expr *E : varList(C))
      if (const ValueDecl *V = itemDecl(E))
        Out.insert(canonicalDecl(V));
}

/// The variables (canonical declarations) an OpenMP directive's clauses
/// name: its map clauses only, or all of them.
void ompClauseVars(const OMPExecutableDirective *D, bool MapsOnly,
                          std::set<const ValueDecl *> &Out) {
  for (const OMPClause *C : D->clauses())
    if (!MapsOnly || isa<OMPMapClause>(C))
      for (const Stmt *X : C->children())
        if (const auto *E = dyn_cast_or_null<Expr>(X))
          if (const ValueDecl *V = itemDecl(E))
            Out.insert(canonicalDecl(V));
}
} // namespace

std::set<const ValueDecl *>
PlanInput::userMappedAround(const Stmt *L, const FunctionDecl *Fn) const {
  std::set<const ValueDecl *> Out;
  // Within the region's block (an OpenMP directive's own range ends with
  // its pragma line).
  for (const Directive &D : Dirs)
    if (const auto *DC = dyn_cast_or_null<OpenACCDataConstruct>(D.S);
        DC && D.Fn == Fn && DC->getStructuredBlock() && !FailedConstructs.count(DC) &&
        within(L, DC->getStructuredBlock()))
      accClauseVars(D.Clauses, Out);
  for (const Stmt *O : OmpOthers)
    if (const auto *TD = dyn_cast<OMPTargetDataDirective>(O);
        TD && TD->hasAssociatedStmt() && within(L, TD->getStructuredBlock()))
      ompClauseVars(TD, /*MapsOnly=*/false, Out);
  // Unstructured lifetimes: an enter data before L and an exit data after
  // it, both statements of one block around L, that name the same
  // variable (an earlier run of omp-migrate places such pairs too).
  struct Bracket {
    const Stmt *S;
    bool Enter;
    std::set<const ValueDecl *> Vars;
  };
  std::vector<Bracket> Brackets;
  for (const Directive &D : Dirs)
    if (D.S && D.Fn == Fn && !FailedConstructs.count(D.S) &&
        (D.Kind == DK::EnterData || D.Kind == DK::ExitData)) {
      Brackets.push_back({D.S, D.Kind == DK::EnterData, {}});
      accClauseVars(D.Clauses, Brackets.back().Vars);
    }
  for (const Stmt *O : OmpOthers)
    if (isa<OMPTargetEnterDataDirective>(O) || isa<OMPTargetExitDataDirective>(O)) {
      Brackets.push_back({O, isa<OMPTargetEnterDataDirective>(O), {}});
      ompClauseVars(cast<OMPExecutableDirective>(O), /*MapsOnly=*/true,
                    Brackets.back().Vars);
    }
  if (Brackets.empty() || !Fn->getBody())
    return Out;
  ParentMap PM(const_cast<Stmt *>(Fn->getBody()));
  SourceLocation LB = SM.getExpansionLoc(L->getBeginLoc());
  SourceLocation LE = SM.getExpansionLoc(L->getEndLoc());
  auto Before = [&](const Stmt *S, SourceLocation Loc) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S->getBeginLoc()), Loc);
  };
  for (const Bracket &En : Brackets) {
    const auto *Block = dyn_cast_or_null<CompoundStmt>(PM.getParent(En.S));
    if (!En.Enter || !Block || !within(L, Block) || !Before(En.S, LB))
      continue;
    for (const Bracket &Ex : Brackets)
      if (!Ex.Enter && PM.getParent(Ex.S) == Block && !Before(Ex.S, LE))
        for (const ValueDecl *V : En.Vars)
          if (Ex.Vars.count(V))
            Out.insert(V);
  }
  return Out;
}

} // namespace ompm
