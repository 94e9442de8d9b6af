//===- ScratchRanges.cpp - Scratch arrays covered by ranges ---------------===//
#include "Facts/ScratchRanges.h"
#include "Analysis/AstQueries.h"
#include "Analysis/PrivateArrays.h"
#include "Facts/Feasibility.h"
#include "Facts/RangeRun.h"
#include "Facts/ScratchWrites.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include <functional>

using namespace clang;

namespace ompm {

bool ScratchRanges::fixedForProgram(const VarDecl *V) {
  auto [It, New] = Fixed.try_emplace(V, false);
  if (New)
    It->second = ompm::fixedForProgram(V, Fn, Ctx);
  return It->second;
}

bool ScratchRanges::isCandidate(const VarDecl *A) {
  auto [It, New] = Candidates.try_emplace(A, false);
  if (!New)
    return It->second;
  QualType Elem;
  uint64_t N = arithmeticElements(A->getType(), Ctx, &Elem);
  if (N == 0 || N > MaxPrivateArrayElements || A->getType().isVolatileQualified() ||
      isa<ParmVarDecl>(A))
    return false;
  // C only: a C++ reference to an element would write it unseen.
  if (Ctx.getLangOpts().CPlusPlus)
    return false;
  bool Local = A->hasLocalStorage();
  bool FileStatic = A->hasGlobalStorage() && !A->isStaticLocal() &&
                    A->getStorageClass() == SC_Static &&
                    A->getDeclContext()->getRedeclContext()->isTranslationUnit();
  if (!Local && !FileStatic)
    return false;
  // Every reference in the function a full element subscript.
  unsigned Rank = 0;
  for (QualType T = A->getType(); const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T);
       T = CA->getElementType())
    ++Rank;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    // `&a[i][j]`: an element's address lets it be written unseen.
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->getOpcode() == UO_AddrOf && subscriptedVar(U->getSubExpr()) == A) {
      Ok = false;
      return;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      llvm::SmallVector<const Expr *, 4> Idx;
      if (refVar(subscriptChain(AS, Idx)) == A) {
        if (Idx.size() != Rank)
          Ok = false;
        for (const Expr *I : Idx)
          Walk(I);
        return;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == A)
      Ok = false;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  // A file's static array: no initializer mentions it, and the other
  // functions that do use it through element subscripts too (their loops
  // must not read what the loop leaves in it: whyNotPrivate).
  std::set<const FunctionDecl *> &UsedBy = Users[A];
  if (Ok && FileStatic)
    Uses.forEachUser(A, [&](const Stmt *Code, const FunctionDecl *In) {
      if (!Ok || (In && In->getCanonicalDecl() == Fn->getCanonicalDecl()))
        return;
      if (!In)
        Ok = false; // an initializer takes its address
      else if (UsedBy.insert(In).second)
        Walk(Code);
    });
  It->second = Ok;
  return Ok;
}

bool ScratchRanges::iterationLocal(const ForStmt *Loop, const VarDecl *A,
                                   std::vector<Poly> &Guards, std::string &Why,
                                   SourceLocation At, const FunctionDecl *In) {
  // Once per loop and array (the loops of a function ask about each other):
  // its own guards, joined to the caller's.
  auto [It, New] = Runs.try_emplace(std::make_pair(Loop, A));
  RunResult &R = It->second;
  if (New) {
    std::shared_ptr<ScratchWrites> &W = FnWrites[In];
    if (!W)
      W = std::make_shared<ScratchWrites>(writesOf(In->getBody(), In));
    RangeQuery Q{Ctx, In, Fn, A, Loop, *W, At,
                 [this](const VarDecl *V) { return fixedForProgram(V); }, Users[A]};
    R.Local = iterationWritesFirst(Q, R.Guards, R.Why);
  }
  Why = R.Why;
  for (const Poly &G : R.Guards)
    if (!llvm::is_contained(Guards, G))
      Guards.push_back(G);
  return R.Local;
}

std::string ScratchRanges::lineOf(const Stmt *S) const {
  return std::to_string(Ctx.getSourceManager().getPresumedLineNumber(S->getBeginLoc()));
}

const ScratchRanges::RefLoops &ScratchRanges::refLoops(const Stmt *Code, const ParentMap &M,
                                                       const VarDecl *A) {
  auto Found = RefLoopsOf.find({Code, A});
  if (Found != RefLoopsOf.end())
    return Found->second;
  RefLoops &Out = RefLoopsOf[{Code, A}];
  walkStmts(Code, [&](const Stmt *S) {
    const auto *D = dyn_cast<DeclRefExpr>(S);
    if (!D || D->getDecl() != A)
      return true;
    std::vector<const ForStmt *> &Loops = Out.emplace_back();
    for (const Stmt *Up = M.getParent(S); Up; Up = M.getParent(Up))
      if (const auto *F = dyn_cast<ForStmt>(Up))
        Loops.push_back(F);
    return true;
  });
  return Out;
}

bool ScratchRanges::othersWriteFirst(const Stmt *Code, const ParentMap &M,
                                     const FunctionDecl *In, const ForStmt *Skip,
                                     const VarDecl *A, std::vector<Poly> &Guards,
                                     SourceLocation At, const ForStmt *&Bad,
                                     std::string &Why) {
  // The loops around Skip: a reference's loops up to the first of them are
  // not around Skip.
  std::set<const ForStmt *> AroundSkip;
  for (const Stmt *X = Skip ? M.getParent(Skip) : nullptr; X; X = M.getParent(X))
    if (const auto *F = dyn_cast<ForStmt>(X))
      AroundSkip.insert(F);
  std::set<const ForStmt *> Checked;
  for (const std::vector<const ForStmt *> &Loops : refLoops(Code, M, A)) {
    if (Skip && llvm::is_contained(Loops, Skip))
      continue; // a reference in Skip itself
    // The outermost loop around the reference that is not around Skip.
    const ForStmt *Best = nullptr;
    for (const ForStmt *F : Loops) {
      if (AroundSkip.count(F))
        break;
      Best = F;
    }
    Bad = Best;
    if (!Best || (Checked.insert(Best).second && !iterationLocal(Best, A, Guards, Why, At, In)))
      return false;
  }
  return true;
}

std::string ScratchRanges::whyNotPrivate(const ForStmt *Loop, const VarDecl *A,
                                         std::vector<Poly> &Guards) {
  if (!isCandidate(A))
    return "'" + A->getNameAsString() + "' is not a scratch array the ranges follow";
  std::vector<Poly> G;
  std::string Why;
  // A guard goes before the loop; a local it reads must be declared
  // before the function's first statement that is no declaration (the
  // same for every loop of the function, which share their answers).
  SourceLocation At = Fn->getBody()->getEndLoc();
  if (const auto *Body = dyn_cast<CompoundStmt>(Fn->getBody()))
    for (const Stmt *X : Body->body())
      if (!isa<DeclStmt>(X)) {
        At = X->getBeginLoc();
        break;
      }
  if (!iterationLocal(Loop, A, G, Why, At, Fn))
    return Why;
  // What the loop leaves in it: every other reference lies in a loop, not
  // around this one, whose iterations also write what they read of it
  // first (under guards that join this loop's).
  const ForStmt *Bad = nullptr;
  std::string W;
  if (!othersWriteFirst(Fn->getBody(), PM, Fn, Loop, A, G, At, Bad, W))
    return "'" + A->getNameAsString() + "' " +
           (Bad ? "may be read outside the loop, where what its iterations leave in it "
                  "would be wanted (the loop at line " + lineOf(Bad) + ": " + W + ")"
                : "is used outside a loop after or before this one, where what the loop "
                  "leaves in it may be read");
  // In the other functions that use it (NPB SP's lhsx, lhsy, lhsz share
  // cv and rhon), every reference in a loop whose iterations write what
  // they read of it first.
  for (const FunctionDecl *U : Users[A]) {
    std::unique_ptr<ParentMap> &UPM = UserParents[U];
    if (!UPM)
      UPM = std::make_unique<ParentMap>(const_cast<Stmt *>(U->getBody()));
    if (!othersWriteFirst(U->getBody(), *UPM, U, nullptr, A, G, At, Bad, W))
      return "'" + A->getNameAsString() + "' is also used by '" + U->getNameAsString() + "', " +
             (Bad ? "in a loop that may read what another left in it (line " + lineOf(Bad) +
                        ": " + W + ")"
                  : std::string("outside a loop"));
  }
  // The guards, less those the others imply: each is dropped when the
  // ones kept so far and the ones after it imply it.
  std::vector<Poly> Kept;
  for (size_t I = 0; I < G.size(); ++I) {
    std::vector<LinearConstraint> System;
    for (const Poly &K : Kept)
      if (std::optional<LinearConstraint> C = linearNonNegative(K))
        System.push_back(*C);
    for (size_t J = I + 1; J < G.size(); ++J)
      if (std::optional<LinearConstraint> C = linearNonNegative(G[J]))
        System.push_back(*C);
    std::optional<LinearConstraint> Neg = linearNonNegative(G[I].scaled(-1) - Poly::constant(1));
    bool Implied = false;
    if (Neg && !System.empty()) {
      System.push_back(*Neg);
      Implied = provedInfeasible(std::move(System), 400);
    }
    if (!Implied && !llvm::is_contained(Kept, G[I]))
      Kept.push_back(G[I]);
  }
  for (const Poly &P : Kept)
    if (!llvm::is_contained(Guards, P))
      Guards.push_back(P);
  return "";
}

} // namespace ompm
