//===- Clauses.cpp - OpenACC clauses as OpenMP clauses --------------------===//
#include "Translate/Clauses.h"
#include "Facts/Members.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;

std::string ClauseStep::privateItem(const Expr *E, StringRef Clause,
                        std::string &Why) const {
  std::vector<const ArraySectionExpr *> Levels; // innermost dimension first
  const Expr *X = E->IgnoreParenImpCasts();
  while (const auto *S = dyn_cast<ArraySectionExpr>(X)) {
    Levels.push_back(S);
    X = S->getBase()->IgnoreParenImpCasts();
  }
  if (Levels.empty())
    return text(E);
  const auto *Ref = dyn_cast<DeclRefExpr>(X);
  bool Whole = Ref != nullptr;
  QualType T = Whole ? Ref->getDecl()->getType() : QualType();
  auto IsConst = [&](const Expr *V, uint64_t Want) {
    Expr::EvalResult ER;
    return V->EvaluateAsInt(ER, Ctx) && ER.Val.getInt().isNonNegative() &&
           ER.Val.getInt().getZExtValue() == Want;
  };
  for (auto It = Levels.rbegin(); Whole && It != Levels.rend(); ++It) {
    const ConstantArrayType *A = Ctx.getAsConstantArrayType(T);
    const ArraySectionExpr *S = *It;
    Whole = A && (!S->getLowerBound() || IsConst(S->getLowerBound(), 0)) &&
            (S->getLength() ? IsConst(S->getLength(), A->getZExtSize())
                            : S->getColonLocFirst().isValid());
    if (A)
      T = A->getElementType();
  }
  if (Whole)
    return Ref->getDecl()->getNameAsString();
  Why = Clause.str() + "(" + text(E) + "): OpenMP has no " + Clause.str() +
        " array sections; declare a local array in the region instead" +
        (Clause == "firstprivate" ? " and copy the values into it" : "");
  return "";
}

std::string ClauseStep::deepSectionWhy(const Expr *E) const {
  std::vector<bool> IsSection; // innermost dimension first
  const Expr *X = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(X)) {
      IsSection.push_back(true);
      X = S->getBase()->IgnoreParenImpCasts();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(X)) {
      IsSection.push_back(false);
      X = A->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  const ValueDecl *V = itemDecl(E);
  if (IsSection.size() < 2 || !V)
    return "";
  std::reverse(IsSection.begin(), IsSection.end());
  QualType T = V->getType().getNonReferenceType();
  for (size_t K = 0; K + 1 < IsSection.size(); ++K) {
    QualType Elem;
    if (const auto *P = T->getAs<PointerType>())
      Elem = P->getPointeeType();
    else if (const ArrayType *A = Ctx.getAsArrayType(T))
      Elem = A->getElementType();
    else
      return "";
    if (IsSection[K] && Elem->isPointerType())
      return "'" + text(E) + "': the section's elements are pointers ('" +
             V->getType().getAsString() +
             "'); OpenMP maps only the pointers, not the data they point "
             "to (no deep copy); use one contiguous array or map each row";
    T = Elem;
  }
  return "";
}

bool ClauseStep::standsAlone(const Expr *B) {
  B = B->IgnoreParenImpCasts();
  return !B->getBeginLoc().isMacroID() &&
         (isa<DeclRefExpr>(B) || isa<MemberExpr>(B) || isa<IntegerLiteral>(B));
}

std::string ClauseStep::declaredSection(const ValueDecl *V) const {
  return declaredArraySection(V, Ctx);
}

std::string ClauseStep::elementOutsideWhy(const Expr *E) const {
  // The subscripts, outermost dimension first, down to the variable.
  std::vector<const Expr *> Subs;
  const Expr *X = E->IgnoreParenImpCasts();
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(X)) {
    Subs.push_back(A->getIdx());
    X = A->getBase()->IgnoreParenImpCasts();
  }
  const auto *DR = dyn_cast<DeclRefExpr>(X);
  if (Subs.empty() || !DR)
    return "";
  std::reverse(Subs.begin(), Subs.end());
  const ValueDecl *V = DR->getDecl();
  QualType T = V->getType().getNonReferenceType();
  std::string Meant = V->getNameAsString();
  bool Outside = false;
  for (size_t K = 0; K < Subs.size(); ++K) {
    const auto *CAT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(T));
    if (!CAT)
      return "";
    uint64_t Extent = CAT->getZExtSize();
    if (std::optional<llvm::APSInt> I = Subs[K]->getIntegerConstantExpr(Ctx))
      if (I->isNegative() || I->getExtValue() >= static_cast<int64_t>(Extent))
        Outside = true;
    Meant += "[0:" + std::to_string(Extent) + "]";
    T = CAT->getElementType();
  }
  if (!Outside)
    return "";
  return "'" + text(E) + "' is one element, outside the array '" +
         V->getNameAsString() + "' ('" + V->getType().getAsString() +
         "'): the clause would map bytes past its end; a section was "
         "probably meant: " + Meant;
}

void ClauseStep::asyncWait(const OpenACCClause *C, std::vector<std::string> &Cl,
               bool &TaskwaitBefore, bool AllowAsync, std::string &Why,
               bool Deferred) {
  if (const auto *A = dyn_cast<OpenACCAsyncClause>(C)) {
    if (!AllowAsync) {
      Why = "async on this construct has no OpenMP equivalent";
      return;
    }
    if (Deferred)
      Cl.push_back("nowait");
    Cl.push_back("depend(inout: " +
                 queueRef(A->hasIntExpr() ? A->getIntExpr() : nullptr) + ")");
  } else if (const auto *W = dyn_cast<OpenACCWaitClause>(C)) {
    if (!W->hasExprs() || W->getQueueIdExprs().empty()) {
      TaskwaitBefore = true;
      return;
    }
    for (const Expr *Q : W->getQueueIdExprs())
      Cl.push_back("depend(in: " + queueRef(Q) + ")");
  }
}

bool ClauseStep::memberCompanion(const Expr *E, StringRef Type, bool Exit,
                     MapList &Maps, std::string &Why) const {
  std::optional<MemberPath> MP = memberPathOf(E);
  if (!MP || !MP->Field->getType()->isPointerType() ||
      isa<MemberExpr>(E->IgnoreParenImpCasts()))
    return true;
  if (!MP->Why.empty()) {
    Why = MP->Why;
    return false;
  }
  std::string RootType = Exit ? (Type == "delete" ? "delete" : "release")
                         : Type == "present" ? "alloc"
                                             : "to";
  Maps.addRoot(RootType, MP->rootItem());
  return true;
}


std::string ClauseStep::memberMaps(const RegionFacts &F, const ValueDecl *V,
                       const MemberUses &U, bool RootExplicit,
                       const std::set<std::string> &ExplicitPaths,
                       bool RootPresent,
                       const std::set<std::string> &PresentPaths,
                       bool DefaultPresent, MapList &Maps,
                       ConstructRecord &R) const {
  if (!U.Why.empty())
    return U.Why;
  std::string Name = F.nameOf(V);
  bool Ptr = V->getType().getNonReferenceType()->isPointerType();
  if (Ptr && (F.isAddressTaken(V) ||
              llvm::any_of(F.accesses(), [&](const Access &A) {
                return A.Base == V;
              })))
    return "'" + Name + "' is used both through '->' and otherwise (" +
           "subscripted, passed on or offset): no section of it can be "
           "inferred; add a data clause";
  if (!RootExplicit) {
    bool Here = RootPresent || DefaultPresent;
    std::string Item = Ptr ? Name + "[0:1]" : Name;
    Maps.addRoot(Here ? "alloc" : U.RootWritten ? "tofrom" : "to", Item);
  }
  for (const std::string &P : U.Paths) {
    if (ExplicitPaths.count(P))
      continue;
    if (PresentPaths.count(P) || DefaultPresent) {
      Maps.add("alloc", P + "[:0]");
      continue;
    }
    SectionResult S = F.inferMemberSection(P);
    if (!S.ok())
      return "no array section can be inferred for '" + P + "': " + S.Why +
             "; add a data clause";
    bool Written = U.Written.count(P);
    Maps.add(Written ? "tofrom" : "to", S.Item);
    R.Notes.push_back("implicit copy of '" + P + "' made explicit as " +
                      S.Item + (Written ? "" : " (read only: map(to:))"));
  }
  return "";
}


OpenACCModifierKind ClauseStep::modifiersOf(const OpenACCClause *C) {
  if (const auto *X = dyn_cast<OpenACCCopyClause>(C))
    return X->getModifierList();
  if (const auto *X = dyn_cast<OpenACCCopyInClause>(C))
    return X->getModifierList();
  if (const auto *X = dyn_cast<OpenACCCopyOutClause>(C))
    return X->getModifierList();
  if (const auto *X = dyn_cast<OpenACCCreateClause>(C))
    return X->getModifierList();
  return OpenACCModifierKind::Invalid;
}

bool ClauseStep::dataClause(const OpenACCClause *C, DataContext Ctxt, bool Finalize,
                MapList &Maps, std::vector<std::string> &DevPtrs,
                ConstructRecord &R, std::string &Why) {
  const DataClauseRule *Rule = findDataClauseRule(C->getClauseKind(), Ctxt);
  if (!Rule) {
    Why = "clause '" + clauseText(C) + "' has no OpenMP equivalent here";
    return false;
  }
  if (*Rule->Note)
    R.Notes.push_back(std::string(Rule->AccSpelling) + ": " + Rule->Note);
  OpenACCModifierKind Mods = modifiersOf(C);
  if (isOpenACCModifierBitSet(Mods, OpenACCModifierKind::Readonly))
    R.Notes.push_back("the readonly modifier is dropped (OpenMP has none)");
  if (Finalize && C->getClauseKind() == CK::CopyOut)
    R.Notes.push_back("copyout with finalize: the reference count is "
                      "decremented once, not zeroed");
  bool Zero = isOpenACCModifierBitSet(Mods, OpenACCModifierKind::Zero);
  if (Zero && Ctxt == DataContext::ExitData) {
    R.Notes.push_back("the zero modifier on an exit data does nothing "
                      "(it zeroes what an entry allocates): dropped");
    Zero = false;
  }
  if (Zero) {
    for (const Expr *E : varList(C)) {
      ZeroItem Z;
      if (!zeroItem(E, Z, Why))
        return false;
      Z.CopyOut = StringRef(Rule->OmpMapType) == "from";
      Zeros.push_back(Z);
    }
    R.Notes.push_back("the zero modifier: omp_migrate_enter_zero_ allocates " +
                      std::string(Ctxt == DataContext::EnterData
                                      ? "and zeroes what was not present"
                                      : "and zeroes what was not present "
                                        "before the construct, an exit data "
                                        "after it ends its lifetime"));
    // An enter data's zero items are entered by the helper alone (a map
    // too would count them twice).
    if (Ctxt == DataContext::EnterData)
      return true;
  }
  bool Always = isOpenACCModifierBitSet(Mods, OpenACCModifierKind::Always) ||
                isOpenACCModifierBitSet(Mods, OpenACCModifierKind::AlwaysIn) ||
                isOpenACCModifierBitSet(Mods, OpenACCModifierKind::AlwaysOut);
  StringRef Type = Rule->OmpMapType;
  if (Finalize && Type == "release")
    Type = "delete";
  for (const Expr *E : varList(C)) {
    std::string Item = text(E);
    const ValueDecl *V = itemDecl(E);
    bool Ptr = V && V->getType()->isPointerType() && !isSection(E);
    Why = elementOutsideWhy(E);
    if (!Why.empty())
      return false;
    if (Type != "is_device_ptr") {
      DeepItem DI;
      if (deepItem(E, DI, Why)) {
        if (!Why.empty())
          return false;
        if (Type == "present") {
          // Present rows are attached already: the pointer array is looked up.
          Maps.add("alloc", DI.Ptrs);
          continue;
        }
        if (Type == "attach" || Type == "detach") {
          Why = "'" + Item + "': " + Type.str() + " of a section through "
                "pointers is not translated";
          return false;
        }
        DI.Type = Always ? "always, " + Type.str() : Type.str();
        DI.Finalize = Finalize;
        Deeps.push_back(DI);
        // The construct itself finds the pointer array present.
        if (Ctxt == DataContext::Compute)
          Maps.add("alloc", DI.Ptrs);
        R.Notes.push_back("'" + Item + "' is a deep copy: the pointer array " +
                          DI.Ptrs + " and then each row " + DI.Row +
                          " are mapped, the rows attached to it");
        continue;
      }
    }
    if (Type == "is_device_ptr") {
      DevPtrs.push_back(Item);
    } else if (Type == "present") {
      if (!memberCompanion(E, Type, Ctxt == DataContext::ExitData, Maps, Why))
        return false;
      Maps.add("alloc", Ptr ? Item + "[:0]" : Item);
    } else if (Type == "attach") {
      Maps.add("to", Item + "[:0]");
    } else if (Type == "detach") {
      Maps.add("release", Item + "[:0]");
    } else {
      if (Ptr) {
        std::string Declared = declaredSection(V);
        if (Declared.empty()) {
          Why = "'" + Item +
                "' is a pointer without a section: OpenACC moves the "
                "pointer itself; write the section to move the data";
          if (isa<ParmVarDecl>(V) &&
              cast<ParmVarDecl>(V)->getOriginalType()->isArrayType())
            Why = "'" + Item + "' is an array parameter whose first extent "
                  "is not declared ('" +
                  cast<ParmVarDecl>(V)->getOriginalType().getAsString() +
                  "'); write the section to move the data";
          return false;
        }
        R.Notes.push_back("'" + Item + "' is an array parameter: its declared "
                          "extents make the section " + Declared);
        Item = Declared;
      }
      if (!memberCompanion(E, Type, Ctxt == DataContext::ExitData, Maps, Why))
        return false;
      Maps.add(Always ? "always, " + Type.str() : Type.str(), Item);
    }
  }
  return true;
}


bool ClauseStep::zeroItem(const Expr *E, ZeroItem &Z, std::string &Why) const {
  Z.Item = text(E);
  const Expr *X = E->IgnoreParenImpCasts();
  auto Paren = [&](const Expr *B) {
    return standsAlone(B) ? text(B) : "(" + text(B) + ")";
  };
  if (memberPathOf(E)) {
    Why = "the zero modifier on a structure member ('" + Z.Item +
          "') is not translated";
    return false;
  }
  if (const auto *S = dyn_cast<ArraySectionExpr>(X)) {
    const Expr *Base = S->getBase()->IgnoreParenImpCasts();
    if (!isa<DeclRefExpr>(Base)) {
      Why = "the zero modifier on a multi-dimensional section ('" + Z.Item +
            "') is not translated";
      return false;
    }
    std::string B = text(Base);
    const Expr *Lo = S->getLowerBound();
    Expr::EvalResult ER;
    bool LoZero = !Lo || (Lo->EvaluateAsInt(ER, Ctx) && ER.Val.getInt().isZero());
    Z.Addr = LoZero ? B : "&" + B + "[" + text(Lo) + "]";
    std::string Elem = "sizeof(" + B + "[0])";
    if (S->getLength()) {
      Z.Bytes = Paren(S->getLength()) + " * " + Elem;
    } else if (Base->getType()->isConstantArrayType()) {
      Z.Bytes = LoZero ? "sizeof(" + B + ")"
                       : "sizeof(" + B + ") - " + Paren(Lo) + " * " + Elem;
    } else {
      Why = "the zero modifier on '" + Z.Item + "': the section has no length";
      return false;
    }
    return true;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
    QualType T = Ref->getDecl()->getType();
    if (T->isPointerType()) {
      Why = "'" + Z.Item + "' is a pointer without a section: write the "
            "section the zero modifier zeroes";
      return false;
    }
    Z.Addr = T->isArrayType() ? text(Ref) : "&" + text(Ref);
    Z.Bytes = "sizeof(" + text(Ref) + ")";
    return true;
  }
  Why = "the zero modifier on '" + Z.Item + "' is not translated";
  return false;
}

std::string ClauseStep::firstColumnIndent(const Directive &D) const {
  EditSet E(SM);
  if (!E.indentOf(D.Loc).empty() || !D.S)
    return "";
  // A directive in the first column: the indentation of its statement, or
  // of the next line of code.
  if (const Stmt *A = associatedStmt(D.S))
    return E.indentOf(SM.getExpansionLoc(A->getBeginLoc()));
  StringRef Buf = SM.getBufferData(SM.getFileID(D.Text.getEnd()));
  size_t At = SM.getFileOffset(D.Text.getEnd());
  while ((At = Buf.find('\n', At)) != StringRef::npos) {
    StringRef Line = Buf.substr(++At).take_until([](char C) { return C == '\n'; });
    StringRef Code = Line.ltrim(" \t");
    if (!Code.empty() && !Code.starts_with("#"))
      return Line.take_front(Line.size() - Code.size()).str();
  }
  return "";
}

std::vector<std::string> ClauseStep::zeroEntries(const std::string &Cond,
                                                 const Directive &D) const {
  std::string Indent = firstColumnIndent(D);
  std::vector<std::string> Lines;
  for (const ZeroItem &Z : Zeros)
    Lines.push_back(Indent + (Cond.empty() ? "" : "if (" + Cond + ") ") +
                    "omp_migrate_enter_zero_(" + Z.Addr + ", " + Z.Bytes + ");");
  return Lines;
}

std::string ClauseStep::zeroExit(const MapList &Maps, const std::string &Cond) const {
  MapList Exit;
  for (const ZeroItem &Z : Zeros) {
    bool Out = Z.CopyOut;
    for (const auto &[T, Items] : Maps.Groups)
      if ((T == "from" || T == "tofrom") && llvm::is_contained(Items, Z.Item))
        Out = true;
    Exit.add(Out ? "from" : "release", Z.Item);
  }
  std::vector<std::string> Cl;
  Exit.renderInto(Cl);
  if (!Cond.empty())
    Cl.push_back("if(" + Cond + ")");
  return ompLine("target exit data", Cl);
}

bool ClauseStep::inBlock(const Stmt *S) const {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  return !Ps.empty() && Ps[0].get<CompoundStmt>();
}

std::string ClauseStep::zeroPlaceWhy(const Stmt *S) const {
  if (!inBlock(S))
    return "the zero modifier: the construct must be a statement of a { } "
           "block (its data is zeroed before it and released after it)";
  return "";
}

} // namespace ompm
