//===- KernelData.cpp - The map of an array a generated kernel uses -------===//
#include "Translate/KernelData.h"
#include "Analysis/ParamExtents.h"
#include "Facts/AllocationSizes.h"
#include "Facts/Members.h"
#include "Facts/StmtWalk.h"

using namespace clang;

namespace ompm {
namespace {

/// Whether every use of the pointer V in S is `*V` or `V[0]`: one element.
bool onlyDereferenced(const Stmt *S, const ValueDecl *V) {
  bool Only = true;
  walkStmts(S, [&](const Stmt *S) {
    const Expr *Base = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
      Base = U->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
      if (const auto *L = dyn_cast<IntegerLiteral>(A->getIdx()->IgnoreParenImpCasts());
          L && L->getValue() == 0)
        Base = A->getBase()->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(Base); DR && DR->getDecl() == V)
      return false; // *V: what it holds is V itself
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == V)
      Only = false;
    return Only;
  });
  return Only;
}

} // namespace

std::string mapArrayOf(const RegionFacts &F, const ValueDecl *V, const Stmt *Loop, bool Deref,
                       MapList &Maps, std::vector<KernelItem> &Items,
                       std::vector<std::string> &Notes, const CallSites *Sites) {
  std::string Name = F.nameOf(V);
  QualType T = V->getType().getNonReferenceType();
  if (F.indexedThroughPointers(V))
    return "'" + Name + "' is indexed through pointers (no deep copy)";
  std::string Type = F.isWritten(V) ? "tofrom" : "to";
  // A variable-length array (`double a[len]`, legacy C's local arrays)
  // maps whole like a fixed one: clang and gcc take its size when the map
  // runs, and it cannot change after the declaration.
  if (T->isConstantArrayType() || T->isVariableArrayType()) {
    Maps.add(Type, Name);
    Items.push_back({V, Name, Name, Type});
    return "";
  }
  if (T->isArrayType())
    return "'" + Name + "' is an array of unknown size";
  if (Deref && onlyDereferenced(Loop, V)) {
    std::string Item = Name + "[0:1]";
    Maps.add("tofrom", Item);
    Items.push_back({V, Name, Item, "tofrom", Poly::constant(0), Poly::constant(0)});
    Notes.push_back("'" + Name + "' is only dereferenced: mapped as " + Item);
    return "";
  }
  SectionResult S = F.inferSection(V);
  if (!S.ok()) {
    // An array parameter with declared extents: the whole array it
    // declares (a subscript the inference cannot bound, such as the
    // variable of an inner loop that is not canonical).
    std::string Declared = declaredArraySection(V, V->getASTContext());
    // A parameter every call passes an array of one extent: that array.
    const auto *P = dyn_cast<ParmVarDecl>(V);
    if (std::optional<uint64_t> N = Declared.empty() && P && Sites
                                        ? extentAtCallSites(P, *Sites, V->getASTContext())
                                        : std::nullopt) {
      std::string Item = Name + "[0:" + std::to_string(*N) + "]";
      Maps.add(Type, Item);
      Items.push_back({V, Name, Item, Type, Poly::constant(0),
                       Poly::constant(static_cast<int64_t>(*N) - 1)});
      const auto *Fn = cast<FunctionDecl>(P->getDeclContext());
      Notes.push_back("'" + Name + "' mapped whole, " + Item + ": every call of '" +
                      Fn->getNameAsString() + "' passes an array of " + std::to_string(*N) +
                      " elements (no narrower section is proved: " + S.Why + ")");
      return "";
    }
    // A local pointer whose allocation is in sight: the whole allocation.
    const auto *Local = dyn_cast<VarDecl>(V);
    const auto *Fn = Local ? dyn_cast<FunctionDecl>(Local->getDeclContext()) : nullptr;
    std::string NoAllocation;
    if (std::optional<Poly> Len =
            Declared.empty() && Local && !P && Fn
                ? fixedAllocationLength(Local, Fn, Loop, F, NoAllocation)
                : std::nullopt) {
      Poly Hi = *Len - Poly::constant(1);
      std::string Item = sectionText(Name, Poly::constant(0), Hi);
      Maps.add(Type, Item);
      Items.push_back({V, Name, Item, Type, Poly::constant(0), Hi});
      Notes.push_back("'" + Name + "' mapped whole, " + Item +
                      ", its allocation (no narrower section is proved: " + S.Why + ")");
      return "";
    }
    if (Declared.empty())
      return "no array section can be inferred for '" + Name + "': " + S.Why +
             (NoAllocation.empty() ? "" : " (nor its allocation's size: " + NoAllocation + ")");
    Maps.add(Type, Declared);
    Items.push_back({V, Name, Declared, Type});
    Notes.push_back("'" + Name + "' mapped whole as declared, " + Declared +
                    " (no narrower section is proved: " + S.Why + ")");
    return "";
  }
  Maps.add(Type, S.Item);
  Items.push_back({V, Name, S.Item, Type, S.Lo, S.Hi});
  Notes.push_back("'" + Name + "' mapped as " + S.Item +
                  (Type == "to" ? " (read only: map(to:))" : ""));
  return "";
}

std::set<const ValueDecl *> nestVariables(const RegionFacts &F, const ForStmt *For,
                                          unsigned N) {
  std::set<const ValueDecl *> Vars;
  const ForStmt *Cur = For;
  for (unsigned K = 0; Cur && K < N; ++K) {
    for (const CanonicalLoop &CL : F.loops())
      if (CL.For == Cur)
        Vars.insert(CL.IV);
    const Stmt *B = Cur->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
      B = CS->body_front();
    Cur = dyn_cast<ForStmt>(B);
  }
  return Vars;
}

} // namespace ompm
