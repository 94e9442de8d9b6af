//===- TeamHistograms.cpp - Histograms each team accumulates first ---------===//
#include "Facts/TeamHistograms.h"
#include "Analysis/AstQueries.h"
#include "Facts/Dependence.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <map>
#include <set>

using namespace clang;

namespace ompm {
namespace {

/// The variable an update's element subscripts, directly (`h[k]`).
const DeclRefExpr *baseRef(const ArraySubscriptExpr *Elem) {
  return dyn_cast<DeclRefExpr>(Elem->getBase()->IgnoreParenImpCasts());
}

/// Why N bins of Elem are more than a team's copy may take, or "": then
/// ElementType is set.
std::string copyWhy(QualType Elem, uint64_t N, const ASTContext &Ctx, std::string &ElementType) {
  uint64_t Bytes = N * Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (N == 0 || N > MaxTeamBins || Bytes > MaxTeamBinBytes)
    return std::to_string(N) + " bins of " + std::to_string(Bytes) +
           " bytes, more than a team's copy may take (" + std::to_string(MaxTeamBins) +
           " bins, " + std::to_string(MaxTeamBinBytes) + " bytes)";
  ElementType = Elem.getUnqualifiedType().getAsString(PrintingPolicy(Ctx.getLangOpts()));
  return "";
}

/// The same rules for a pointer whose mapped section is [0:Bins].
std::string pointerBinsWhy(const ValueDecl *V, const ASTContext &Ctx, uint64_t Bins,
                           std::string &ElementType) {
  QualType T = V->getType()->getPointeeType();
  if (T.isNull() || !T->isArithmeticType() || T.isVolatileQualified())
    return "not a pointer to numbers";
  return copyWhy(T, Bins, Ctx, ElementType);
}

} // namespace

std::string teamBinsWhy(const ValueDecl *V, const ASTContext &Ctx, uint64_t &Bins,
                        std::string &ElementType) {
  const auto *CAT = Ctx.getAsConstantArrayType(V->getType());
  if (!CAT || !CAT->getElementType()->isArithmeticType() || !isa<VarDecl>(V))
    return "not a declared array of one dimension of numbers";
  uint64_t N = arithmeticElements(V->getType(), Ctx);
  std::string Why = copyWhy(CAT->getElementType(), N, Ctx, ElementType);
  if (Why.empty())
    Bins = N;
  return Why;
}

std::vector<TeamHistogram>
teamHistograms(const RegionFacts &F, const SerialLoop &L, std::string &Why,
               const std::map<const ValueDecl *, uint64_t> &PointerBins) {
  const ASTContext &Ctx = F.context();
  std::vector<TeamHistogram> Out;
  std::map<const ValueDecl *, size_t> Index;
  std::set<const ValueDecl *> Refused;
  auto Refuse = [&](const ValueDecl *V, std::string Reason) {
    if (Why.empty())
      Why = "'" + V->getNameAsString() + "': " + std::move(Reason);
    Refused.insert(V);
  };
  for (const Expr *E : L.AtomicUpdates) {
    const ArraySubscriptExpr *Elem = nullptr;
    std::string Op = atomicUpdateOf(E, Elem, Ctx);
    const DeclRefExpr *Base = Elem ? baseRef(Elem) : nullptr;
    if (!Base) {
      if (Elem && Why.empty())
        Why = "an update is not of an element of a named array of one dimension";
      continue;
    }
    const ValueDecl *V = Base->getDecl();
    if (Refused.count(V))
      continue;
    if (Op != "+") {
      Refuse(V, "its updates are not additions");
      continue;
    }
    auto It = Index.find(V);
    if (It == Index.end()) {
      TeamHistogram H;
      std::string No;
      if (V->getType()->isPointerType()) {
        auto P = PointerBins.find(V);
        No = P == PointerBins.end()
                 ? "a pointer whose mapped section is not [0:B] for a constant B"
                 : pointerBinsWhy(V, Ctx, H.Bins = P->second, H.ElementType);
      } else {
        No = teamBinsWhy(V, Ctx, H.Bins, H.ElementType);
      }
      if (!No.empty()) {
        Refuse(V, No);
        continue;
      }
      H.Array = V;
      H.Name = V->getNameAsString();
      It = Index.emplace(V, Out.size()).first;
      Out.push_back(std::move(H));
    }
    Out[It->second].Updates.push_back(E);
    Out[It->second].Refs.push_back(Base);
  }
  // Named nowhere else in the loop; no access of it through a followed call.
  for (TeamHistogram &H : Out) {
    if (Refused.count(H.Array))
      continue;
    std::vector<const DeclRefExpr *> All = referencesTo(L.For, H.Array);
    bool Other = llvm::any_of(All, [&](const DeclRefExpr *R) {
      return !llvm::is_contained(H.Refs, R);
    });
    bool Reached = llvm::any_of(F.accesses(), [&](const Access &A) {
      return A.Base == H.Array && !(A.Expr && baseRef(A.Expr) &&
                                    llvm::is_contained(H.Refs, baseRef(A.Expr)));
    });
    // A function of the file the loop calls might name a global array.
    bool Called = !L.DeviceFunctions.empty() && isa<VarDecl>(H.Array) &&
                  cast<VarDecl>(H.Array)->hasGlobalStorage();
    if (Other || Reached || Called)
      Refuse(H.Array, "the loop uses it otherwise than by adding into its elements");
    else if (llvm::any_of(H.Refs, [](const DeclRefExpr *R) {
               return R->getLocation().isMacroID();
             }))
      Refuse(H.Array, "it is named in a macro's expansion (the copy's name cannot go there)");
  }
  llvm::erase_if(Out, [&](const TeamHistogram &H) { return Refused.count(H.Array) > 0; });
  return Out;
}

} // namespace ompm
