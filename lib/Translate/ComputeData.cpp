//===- ComputeData.cpp - A compute construct's implicit data ---------------===//
//
// What a compute construct uses without a data clause, made explicit: the
// arrays and pointers it reads or writes get maps with inferred sections
// ('to' when only read), structures used through members get their own maps
// and those of the members' sections, scalars a kernels region writes are
// copied back, and what the enclosing data constructs or default(present)
// make present is only looked up.
//
//===----------------------------------------------------------------------===//
#include "Facts/Members.h"
#include "Translate/Compute.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace ompm {

std::string ComputeTranslator::elementUseWhy(const Expr *E) const {
  std::vector<const Expr *> Subs;
  const Expr *X = E->IgnoreParenImpCasts();
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(X)) {
    Subs.insert(Subs.begin(), A->getIdx());
    X = A->getBase()->IgnoreParenImpCasts();
  }
  const auto *DR = dyn_cast<DeclRefExpr>(X);
  if (!DR)
    return "";
  const ValueDecl *V = DR->getDecl();
  auto Value = [&](const Expr *I) -> std::optional<int64_t> {
    if (std::optional<llvm::APSInt> C = I->getIntegerConstantExpr(Ctx))
      return C->getExtValue();
    return std::nullopt;
  };
  for (const Access &A : Facts->accesses()) {
    if (A.Base != V || !A.Path.empty() || A.Via)
      continue;
    bool Same = A.Indices.size() >= Subs.size();
    for (size_t K = 0; Same && K < Subs.size(); ++K) {
      std::optional<int64_t> Want = Value(Subs[K]), Got = Value(A.Indices[K]);
      Same = Want && Got && *Want == *Got;
    }
    if (Same)
      continue;
    std::string Meant;
    QualType T = V->getType().getNonReferenceType();
    for (size_t K = 0; K < Subs.size(); ++K) {
      const auto *CAT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(T));
      if (!CAT) {
        Meant.clear();
        break;
      }
      Meant += "[0:" + std::to_string(CAT->getZExtSize()) + "]";
      T = CAT->getElementType();
    }
    return "'" + text(E) + "' maps one element of '" + V->getNameAsString() +
           "', but the construct uses others ('" + text(A.Expr) + "', line " +
           std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(A.Expr->getBeginLoc()))) +
           "): a section was probably meant" +
           (Meant.empty() ? "" : ": " + V->getNameAsString() + Meant);
  }
  return "";
}

bool ComputeTranslator::implicitData() {
  const RegionFacts &F = *Facts;
  for (const Expr *E : ElementItems)
    if (std::string EWhy = elementUseWhy(E); !EWhy.empty())
      return no(EWhy);
  llvm::DenseSet<const ValueDecl *> Present, DevPtrEncl;
  std::set<std::string> PresentPaths;
  enclosingData(CI, Present, DevPtrEncl, &PresentPaths);
  for (const LoopNode &N : Nodes) {
    for (const std::string &S : N.Reductions)
      NodeClauseNames.insert(StringRef(S).split(':').second.trim().str());
    for (const std::string &S : N.Private)
      NodeClauseNames.insert(S);
  }
  // Hoisted reductions: a gang-partitioned loop's reduction variables are
  // reduced across teams too, and must be mapped back.
  for (const LoopNode &N : Nodes)
    if (N.Dir != CI && N.IsGang && N.Parent < 0 && !Combined)
      for (const std::string &S : N.Reductions) {
        TeamsReds.push_back(S);
        Maps.add("tofrom", StringRef(S).split(':').second.trim().str());
      }
  for (const ValueDecl *V : F.externalVars()) {
    if (!isa<VarDecl>(V) && !isa<FieldDecl>(V))
      continue;
    if (const MemberUses *U = F.memberUses(V);
        U && (U->ThroughPointer || !U->Paths.empty())) {
      std::string MWhy = memberMaps(F, V, *U, Explicit.count(V), ExplicitPaths,
                                    Present.count(V), PresentPaths,
                                    DefaultPresent, Maps, R);
      if (!MWhy.empty())
        return no(MWhy);
      continue;
    }
    if (Explicit.count(V))
      continue;
    std::string Name = F.nameOf(V);
    if (NodeClauseNames.count(Name))
      continue;
    QualType T = V->getType().getNonReferenceType();
    if (DevPtrEncl.count(V)) {
      DevPtrs.push_back(Name);
      continue;
    }
    if (const auto *VD = dyn_cast<VarDecl>(V))
      if (VD->hasAttr<OMPDeclareTargetDeclAttr>())
        continue;
    if (T->isPointerType() || T->isArrayType()) {
      if (Present.count(V))
        continue;
      if (DefaultPresent) {
        // On the device already: a zero-length section finds a pointer's
        // data (and attaches the pointer to it), an array maps whole.
        Maps.add("alloc", T->isPointerType() ? Name + "[:0]" : Name);
        continue;
      }
      // Data reached through pointers (double **a; a[i][j]): a map of the
      // pointers would leave what they point to on the host.
      if (F.indexedThroughPointers(V))
        return no("'" + Name + "' ('" + T.getAsString() +
                  "') is indexed through pointers: an implicit map copies "
                  "only the pointers, not the data they point to (no deep "
                  "copy); use one contiguous array or map each row");
      // The least map type: an array the region never writes goes in only.
      std::string Type = F.isWritten(V) ? "tofrom" : "to";
      if (T->isConstantArrayType()) {
        Maps.add(Type, Name);
        Hoistable.push_back({V, Name, Name, Type});
        continue;
      }
      // A variable-length array maps whole: its size is known when it runs
      // (clang and gcc map `double c[n]` by its run-time size). Not hoisted.
      if (T->isVariableArrayType()) {
        Maps.add(Type, Name);
        R.Notes.push_back("implicit copy of the variable-length array '" + Name +
                          "' made explicit as map(" + Type + ": " + Name + ")");
        continue;
      }
      if (T->isArrayType() && !T->isConstantArrayType())
        return no("'" + Name + "' is an array of unknown size");
      SectionResult S = F.inferSection(V);
      if (!S.ok())
        return no("no array section can be inferred for '" + Name +
                       "': " + S.Why + "; add a data clause");
      Maps.add(Type, S.Item);
      Hoistable.push_back({V, Name, S.Item, Type, S.Lo, S.Hi});
      R.Notes.push_back("implicit copy of '" + Name + "' made explicit as " +
                        S.Item + (Type == "to" ? " (read only: map(to:))" : ""));
      continue;
    }
    // The variable of a loop in the region is private to its loop
    // (OpenACC 3.3, 2.6.1): nothing to copy back.
    bool IsLoopVar = llvm::any_of(F.loops(), [&](const CanonicalLoop &L) {
      return L.IV == V;
    });
    if (T->isScalarType() && Kernels && F.isWritten(V) && !IsLoopVar) {
      KernelScalarMaps.push_back(Name);
      continue;
    }
  }
  return true;
}

} // namespace ompm
