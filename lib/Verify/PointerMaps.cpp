//===- PointerMaps.cpp - Pointers a target construct uses unmapped --------===//
#include "Verify/PointerMaps.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include <optional>
#include <map>
#include <set>

using namespace clang;

namespace ompm {
namespace {

/// A pointer named by a variable and member accesses: `p`, `m.x`, `m->x`,
/// `this->x`, `a.b->c`.
struct Chain {
  const VarDecl *Root = nullptr; ///< null for `this`
  /// Members after the root, each with whether it is reached through '->'.
  llvm::SmallVector<std::pair<const ValueDecl *, bool>, 2> Members;

  bool isThis() const { return Root == nullptr; }
  bool operator==(const Chain &O) const {
    return Root == O.Root && Members == O.Members;
  }
  /// Whether this chain is O, or the start of it.
  bool isPrefixOf(const Chain &O) const {
    if (Root != O.Root || Members.size() > O.Members.size())
      return false;
    for (size_t I = 0; I < Members.size(); ++I)
      if (Members[I] != O.Members[I])
        return false;
    return true;
  }
  std::string str() const {
    std::string S = Root ? Root->getNameAsString() : "this";
    for (size_t I = 0; I < Members.size(); ++I)
      S += (Members[I].second ? "->" : ".") + Members[I].first->getNameAsString();
    return S;
  }
};

std::optional<Chain> chainOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return Chain{V, {}};
    return std::nullopt;
  }
  if (isa<CXXThisExpr>(E))
    return Chain{};
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (!isa<FieldDecl, IndirectFieldDecl>(M->getMemberDecl()))
      return std::nullopt;
    std::optional<Chain> C = chainOf(M->getBase());
    if (C)
      C->Members.push_back({M->getMemberDecl(), M->isArrow()});
    return C;
  }
  return std::nullopt;
}

bool isDataPointer(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() && !T->getPointeeType()->isFunctionType();
}

/// The pointer a dereference goes through: `p` of `(p + k)[i]`, `(T *)p`,
/// `&p[k]`. Null if it is not a pointer.
const Expr *pointerOperand(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
      const Expr *Sub = C->getSubExpr();
      if (!isDataPointer(Sub->IgnoreParenImpCasts()->getType()))
        break;
      E = Sub;
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
        if (B->getLHS()->getType()->isPointerType()) {
          E = B->getLHS();
          continue;
        }
        if (B->getOpcode() == BO_Add && B->getRHS()->getType()->isPointerType()) {
          E = B->getRHS();
          continue;
        }
      }
      break;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
      const Expr *Sub = U->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(Sub)) {
        E = S->getBase();
        continue;
      }
      if (const auto *D = dyn_cast<UnaryOperator>(Sub); D && D->getOpcode() == UO_Deref) {
        E = D->getSubExpr();
        continue;
      }
    }
    break;
  }
  return isDataPointer(E->getType()) ? E : nullptr;
}

bool isAssignment(const BinaryOperator *B) { return B->isAssignmentOp(); }

struct Deref {
  Chain C;
  SourceLocation Loc;
  std::string Callee; ///< through a call to this function
};

class Analysis;

/// What one statement (a construct's body, a callee's body) does with
/// pointers: the chains it dereferences, those it assigns or takes the
/// address of, the variables it declares.
class Uses {
public:
  Uses(Analysis &A) : A(A) {}
  void walk(const Stmt *S);

  std::vector<Deref> Derefs;
  std::vector<Chain> Assigned;
  llvm::DenseSet<const VarDecl *> Declared;

  /// Whether the construct changes C or what leads to it.
  bool assigns(const Chain &C) const {
    for (const Chain &A : Assigned)
      if (A.isPrefixOf(C))
        return true;
    return false;
  }

private:
  void deref(const Expr *E, SourceLocation Loc, std::string Callee = "") {
    const Expr *P = pointerOperand(E);
    if (!P)
      return;
    if (std::optional<Chain> C = chainOf(P))
      Derefs.push_back({std::move(*C), Loc, std::move(Callee)});
  }
  void assigned(const Expr *E) {
    if (std::optional<Chain> C = chainOf(E))
      Assigned.push_back(std::move(*C));
  }
  void call(const CallExpr *CE);

  Analysis &A;
};

/// Calls into declare target functions of the main file: which of their
/// pointer parameters they dereference (memoized; a recursive call counts
/// nothing).
class Analysis {
public:
  Analysis(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  const llvm::SmallVector<bool, 4> &dereferencedParams(const FunctionDecl *Def) {
    auto It = Params.find(Def);
    if (It != Params.end())
      return It->second;
    Params[Def].assign(Def->getNumParams(), false); // while in progress
    Uses U(*this);
    U.walk(Def->getBody());
    llvm::SmallVector<bool, 4> Out(Def->getNumParams(), false);
    for (const Deref &D : U.Derefs) {
      if (!D.C.Root || !D.C.Members.empty() || U.assigns(D.C))
        continue;
      for (unsigned I = 0; I < Def->getNumParams(); ++I)
        if (Def->getParamDecl(I) == D.C.Root)
          Out[I] = true;
    }
    return Params[Def] = Out;
  }

  /// The definition of a declare target function of the main file, or null.
  const FunctionDecl *declareTargetDefinition(const FunctionDecl *F) {
    if (!F)
      return nullptr;
    const FunctionDecl *Def = F->getDefinition();
    if (!Def || !Def->getBody() || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return nullptr;
    if (!Def->hasAttr<OMPDeclareTargetDeclAttr>() && !F->hasAttr<OMPDeclareTargetDeclAttr>())
      return nullptr;
    return Def;
  }

  ASTContext &Ctx;
  const SourceManager &SM;

private:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<bool, 4>> Params;
};

void Uses::call(const CallExpr *CE) {
  const FunctionDecl *Def = A.declareTargetDefinition(CE->getDirectCallee());
  if (!Def)
    return;
  const llvm::SmallVector<bool, 4> &P = A.dereferencedParams(Def);
  unsigned First = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Def) ? 1 : 0;
  for (unsigned I = 0; I < P.size() && I + First < CE->getNumArgs(); ++I)
    if (P[I])
      deref(CE->getArg(I + First), CE->getArg(I + First)->getExprLoc(),
            Def->getNameAsString());
}

void Uses::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Declared.insert(V);
  } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(S)) {
    deref(Sub->getBase(), Sub->getExprLoc());
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->getOpcode() == UO_Deref)
      deref(U->getSubExpr(), U->getExprLoc());
    else if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      assigned(U->getSubExpr());
  } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
    if (M->isArrow() && isa<FieldDecl, IndirectFieldDecl>(M->getMemberDecl()))
      deref(M->getBase(), M->getExprLoc());
  } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (isAssignment(B))
      assigned(B->getLHS());
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    call(CE);
  }
  for (const Stmt *C : S->children())
    walk(C);
}

/// A list item of a data clause: the chain under its sections, and whether
/// it names what the pointer points to (a section, an element, `*p`) or the
/// pointer itself (is_device_ptr, use_device_ptr) rather than a bare
/// variable (a pointer or struct mapped by value).
struct Item {
  Chain C;
  bool Pointee = false;
};

void addItems(llvm::ArrayRef<const Expr *> List, bool DevicePointer,
              std::vector<Item> &Out) {
  for (const Expr *E : List) {
    bool Sec = false;
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *S = dyn_cast<ArraySectionExpr>(E))
        E = S->getBase();
      else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
        E = S->getBase();
      else if (const auto *S = dyn_cast<OMPArrayShapingExpr>(E))
        E = S->getBase();
      else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
        E = U->getSubExpr();
      else
        break;
      Sec = true;
      E = E->IgnoreParenImpCasts();
    }
    if (std::optional<Chain> C = chainOf(E))
      Out.push_back({std::move(*C), Sec || DevicePointer});
  }
}

template <class ClauseT>
void addClauseItems(const OMPExecutableDirective *D, bool DevicePointer,
                    std::vector<Item> &Out) {
  for (const ClauseT *C : D->getClausesOfKind<ClauseT>()) {
    std::vector<const Expr *> List(C->varlist_begin(), C->varlist_end());
    addItems(List, DevicePointer, Out);
  }
}

std::vector<Item> itemsOf(const OMPExecutableDirective *D) {
  std::vector<Item> Out;
  addClauseItems<OMPMapClause>(D, false, Out);
  addClauseItems<OMPIsDevicePtrClause>(D, true, Out);
  addClauseItems<OMPHasDeviceAddrClause>(D, true, Out);
  addClauseItems<OMPUseDevicePtrClause>(D, true, Out);
  addClauseItems<OMPUseDeviceAddrClause>(D, true, Out);
  return Out;
}

/// Whether item I makes the dereference of C valid on the device: I maps
/// what C points to, or something reached through it (`C->f...`).
bool covers(const Item &I, const Chain &C) {
  if (I.C == C)
    return I.Pointee;
  return C.isPrefixOf(I.C) && I.C.Members[C.Members.size()].second;
}

bool coveredBy(const std::vector<Item> &Items, const Chain &C) {
  for (const Item &I : Items)
    if (covers(I, C))
      return true;
  return false;
}

/// One function body: its target constructs with the target data regions
/// around them, and its enter/exit data directives. The body of a lambda is
/// part of the function that holds it: a data region around it may be
/// active when it runs, and only what can be shown is reported.
struct FunctionScope {
  struct Kernel {
    const OMPExecutableDirective *D;
    std::vector<const OMPExecutableDirective *> DataRegions;
  };
  std::vector<Kernel> Kernels;
  std::vector<const OMPExecutableDirective *> EnterExit;
  std::vector<const OMPExecutableDirective *> DataStack;
};

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx) : A(Ctx), SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Statements are walked by hand from each function body.
  bool TraverseStmt(Stmt *) { return true; }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || F->isDependentContext() ||
        !SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      return true;
    FunctionScope Scope;
    walk(F->getBody(), Scope);
    check(Scope);
    return true;
  }

  std::vector<UnmappedPointer> Out;

private:
  void walk(const Stmt *S, FunctionScope &Scope) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      OpenMPDirectiveKind K = D->getDirectiveKind();
      if (isOpenMPTargetExecutionDirective(K)) {
        Scope.Kernels.push_back({D, Scope.DataStack});
        return;
      }
      if (isa<OMPTargetEnterDataDirective, OMPTargetExitDataDirective>(D)) {
        Scope.EnterExit.push_back(D);
        return;
      }
      if (isa<OMPTargetDataDirective>(D)) {
        Scope.DataStack.push_back(D);
        for (const Stmt *C : D->children())
          walk(C, Scope);
        Scope.DataStack.pop_back();
        return;
      }
    }
    for (const Stmt *C : S->children())
      walk(C, Scope);
  }

  /// The data-clause items of a directive (computed once each).
  const std::vector<Item> &items(const OMPExecutableDirective *D) {
    auto It = Items.find(D);
    if (It == Items.end())
      It = Items.insert({D, itemsOf(D)}).first;
    return It->second;
  }

  bool before(const Stmt *X, const Stmt *Y) const {
    return SM.isBeforeInTranslationUnit(X->getBeginLoc(), Y->getBeginLoc());
  }

  /// A target enter data before K maps C, with no exit data of it between.
  bool enteredBefore(const FunctionScope &Scope, const OMPExecutableDirective *K,
                     const Chain &C) {
    for (const OMPExecutableDirective *E : Scope.EnterExit) {
      if (!isa<OMPTargetEnterDataDirective>(E) || !before(E, K) ||
          !coveredBy(items(E), C))
        continue;
      bool Exited = false;
      for (const OMPExecutableDirective *X : Scope.EnterExit)
        if (!Exited && isa<OMPTargetExitDataDirective>(X) && before(E, X) &&
            before(X, K) && coveredBy(items(X), C))
          Exited = true;
      if (!Exited)
        return true;
    }
    return false;
  }

  void check(const FunctionScope &Scope) {
    for (const FunctionScope::Kernel &K : Scope.Kernels) {
      SourceLocation At = SM.getExpansionLoc(K.D->getBeginLoc());
      if (!SM.isInMainFile(At) || !K.D->hasAssociatedStmt())
        continue;
      Uses U(A);
      U.walk(K.D->getRawStmt());
      const std::vector<Item> &Own = items(K.D);
      std::vector<Chain> Reported;
      for (const Deref &D : U.Derefs) {
        const Chain &C = D.C;
        if (C.isThis() && C.Members.empty())
          continue; // `this` is mapped implicitly (OpenMP 5)
        if (C.Root && (U.Declared.count(C.Root) ||
                       C.Root->hasAttr<OMPDeclareTargetDeclAttr>()))
          continue;
        if (U.assigns(C) || coveredBy(Own, C))
          continue;
        bool Covered = false;
        for (const OMPExecutableDirective *R : K.DataRegions)
          Covered = Covered || coveredBy(items(R), C);
        if (Covered || enteredBefore(Scope, K.D, C))
          continue;
        if (llvm::is_contained(Reported, C))
          continue;
        Reported.push_back(C);
        std::string Key = std::to_string(SM.getExpansionLoc(D.Loc).getRawEncoding()) +
                          "/" + C.str();
        if (!Seen.insert(Key).second)
          continue; // the same code in another template instantiation
        Out.push_back({SM.getExpansionLoc(D.Loc), At, C.str(),
                       llvm::omp::getOpenMPDirectiveName(K.D->getDirectiveKind()).str(),
                       D.Callee});
      }
    }
  }

  Analysis A;
  const SourceManager &SM;
  std::set<std::string> Seen;
  // std::map: references to its values stay valid as it grows.
  std::map<const OMPExecutableDirective *, std::vector<Item>> Items;
};

} // namespace

std::vector<UnmappedPointer> findUnmappedPointers(ASTContext &Ctx) {
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(F.Out,
                   [&](const UnmappedPointer &X, const UnmappedPointer &Y) {
                     return SM.isBeforeInTranslationUnit(X.Use, Y.Use);
                   });
  return F.Out;
}

} // namespace ompm
