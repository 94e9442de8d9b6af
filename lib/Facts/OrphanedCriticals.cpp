//===- OrphanedCriticals.cpp - Criticals outside any construct ------------===//
//
// A critical in a function that no construct of the function encloses
// (`static void add_call(void) { #pragma omp critical calls++; }`, called
// from parallel loops) belongs to whatever region calls it. It can become
// an atomic without knowing those regions when nothing else relies on its
// lock: its body is one update of an atomic form of a variable x that is
// a `static` variable of the file (no other file sees it) or a local of
// the function, every reference to x in the file under a lock lies in such
// a critical of the same name or in an atomic (one under no lock runs when
// the critical does not, or races in the input already), and the value the
// update adds reads only the function's own locals, its parameters and
// constants.
//
//===----------------------------------------------------------------------===//
#include "Facts/AtomicForms.h"
#include "Facts/Criticals.h"
#include "Facts/Directives.h"
#include "Analysis/AstQueries.h"
#include "clang/AST/Decl.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include <functional>
#include <map>

using namespace clang;

namespace ompm {
namespace {

std::string nameOf(const OMPExecutableDirective *D) {
  if (const auto *C = dyn_cast<OMPCriticalDirective>(D))
    return C->getDirectiveName().getAsString();
  return "";
}

/// The function's own variables: locals of automatic storage whose address
/// it never takes, and its parameters (each thread's call has its own).
bool ownVariable(const ValueDecl *V, const FunctionDecl *Fn,
                 const std::set<const ValueDecl *> &AddressTaken) {
  const auto *VD = dyn_cast<VarDecl>(V);
  return VD && VD->hasLocalStorage() && VD->getParentFunctionOrMethod() == Fn &&
         !AddressTaken.count(VD) && !VD->getType()->isReferenceType();
}

} // namespace

std::vector<CriticalFact> analyzeOrphanedCriticals(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  struct Found {
    const OMPExecutableDirective *D;
    const FunctionDecl *Fn;
  };
  std::vector<Found> Orphans;
  // Where each variable is referenced: the critical or atomic around the
  // reference (null: none), and whether that one is orphaned.
  struct Ref {
    const OMPExecutableDirective *Lock;
  };
  std::map<const ValueDecl *, std::vector<Ref>> Refs;
  std::map<const FunctionDecl *, std::set<const ValueDecl *>> AddressTaken;
  std::function<void(const Stmt *, const FunctionDecl *, int,
                      const OMPExecutableDirective *)>
      Walk = [&](const Stmt *S, const FunctionDecl *Fn, int Depth,
                 const OMPExecutableDirective *Lock) {
        if (!S)
          return;
        if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
          bool IsLock = isa<OMPCriticalDirective>(D) || isa<OMPAtomicDirective>(D);
          if (isa<OMPCriticalDirective>(D) && Depth == 0)
            Orphans.push_back({D, Fn});
          if (D->hasAssociatedStmt())
            Walk(D->getRawStmt(), Fn, Depth + 1, IsLock && !Lock ? D : Lock);
          return;
        }
        if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf)
          if (const auto *DR = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
            AddressTaken[Fn].insert(DR->getDecl());
        if (const auto *DR = dyn_cast<DeclRefExpr>(S))
          if (isa<VarDecl>(DR->getDecl()))
            Refs[DR->getDecl()].push_back({Lock});
        for (const Stmt *C : S->children())
          Walk(C, Fn, Depth, Lock);
      };
  forEachCode(Ctx, [&](const Stmt *Code, const FunctionDecl *Fn) {
    if (!Fn || !inSystemHeader(Fn))
      Walk(Code, Fn, 0, nullptr);
  });

  std::vector<CriticalFact> Out;
  for (const Found &O : Orphans) {
    CriticalFact F;
    F.D = O.D;
    F.Name = nameOf(O.D);
    F.Body = O.D->getRawStmt();
    const std::set<const ValueDecl *> &Taken = AddressTaken[O.Fn];
    auto Own = [&](const ValueDecl *V) { return ownVariable(V, O.Fn, Taken); };
    CriticalShape S = ShapeReader(Ctx, Own).read(F.Body);
    bool Ptr = false;
    const VarDecl *X = S.X ? rootOf(S.X, Ptr) : nullptr;
    if (S.Form == CriticalForm::None) {
      F.Why = S.Why.empty() ? "its body is no atomic form" : S.Why;
    } else if (S.Form != CriticalForm::Update || !X || Ptr || S.Guard ||
               !isa<DeclRefExpr>(S.X->IgnoreParenImpCasts()) ||
               (isa<CompoundStmt>(F.Body) && cast<CompoundStmt>(F.Body)->size() != 1)) {
      F.Why = "outside a construct, only the update of a variable becomes an atomic";
    } else if (!(X->hasLocalStorage() && X->getParentFunctionOrMethod() == O.Fn) &&
               !(X->hasGlobalStorage() && !X->isExternallyVisible())) {
      F.Why = "'" + X->getNameAsString() + "' may be used by another file, under a lock "
              "this critical shares";
    } else {
      // The value it adds: the function's own variables and constants.
      for (const Expr *E : S.Es) {
        if (!F.Why.empty())
          break;
        if (std::string W = sideEffectWhy(E, SM, Own); !W.empty()) {
          F.Why = W;
          break;
        }
        std::function<void(const Stmt *)> Reads = [&](const Stmt *St) {
          if (!St || !F.Why.empty() || isa<UnaryExprOrTypeTraitExpr>(St))
            return;
          if (const auto *DR = dyn_cast<DeclRefExpr>(St))
            if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
                V && !Own(V) && !V->getType().isConstQualified())
              F.Why = "it reads '" + V->getNameAsString() + "', which the lock may keep "
                      "still for it";
          for (const Stmt *C : St->children())
            Reads(C);
        };
        Reads(E);
      }
    }
    F.X = X;
    if (F.Why.empty())
      F.Form = CriticalForm::Update;
    Out.push_back(F);
  }
  // Every reference to x in an orphaned critical of the same name that
  // converts, or in an atomic.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (CriticalFact &F : Out) {
      if (F.Form == CriticalForm::None)
        continue;
      for (const Ref &R : Refs[F.X]) {
        // Without a lock: not while the critical runs (sequential code),
        // or a race of the input either way.
        bool Ok = !R.Lock || isa<OMPAtomicDirective>(R.Lock) ||
                  llvm::any_of(Out, [&](const CriticalFact &G) {
                    return G.D == R.Lock && G.Form != CriticalForm::None &&
                           G.Name == F.Name && G.X == F.X;
                  });
        if (!Ok) {
          F.Form = CriticalForm::None;
          F.Why = "'" + F.X->getNameAsString() + "' is also used under another critical, "
                  "whose lock this one shares";
          Changed = true;
          break;
        }
      }
    }
  }
  for (CriticalFact &F : Out)
    if (F.Form == CriticalForm::Update)
      if (const auto *CS = dyn_cast<CompoundStmt>(F.Body))
        F.NewBody = exprText(cast<Expr>(CS->body_front()), Ctx) + ";";
  return Out;
}

} // namespace ompm
