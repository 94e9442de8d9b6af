//===- Planner.cpp - From OpenACC facts to OpenMP edits -------------------===//
#include "Plan/Planner.h"
#include "Facts/CallGraph.h"
#include "Facts/Conditionals.h"
#include "Facts/HostCopies.h"
#include "Facts/Members.h"
#include "Facts/OpenMPKernels.h"
#include "Facts/Regions.h"
#include "Facts/Scalars.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;

namespace ompm {
namespace {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

/// Map clauses grouped by map type, in first-seen order.
struct MapList {
  std::vector<std::pair<std::string, std::vector<std::string>>> Groups;
  std::set<std::string> Items;
  void add(const std::string &Type, const std::string &Item) {
    if (!Items.insert(Item).second) {
      // The same item in two clauses (copyin(x) copyout(x)): moving it in
      // and out is tofrom.
      for (auto &G : Groups) {
        auto It = llvm::find(G.second, Item);
        if (It == G.second.end() || G.first == Type || G.first == "tofrom")
          continue;
        bool In = G.first == "to" || Type == "to" || Type == "tofrom";
        bool Out = G.first == "from" || Type == "from" || Type == "tofrom";
        if (In && Out) {
          G.second.erase(It);
          Items.erase(Item);
          add("tofrom", Item);
          llvm::erase_if(Groups, [](const auto &X) { return X.second.empty(); });
        }
        return;
      }
      return;
    }
    for (auto &G : Groups)
      if (G.first == Type) {
        G.second.push_back(Item);
        return;
      }
    Groups.push_back({Type, {Item}});
  }
  /// A structure whose pointer members are mapped too: clang-19 attaches
  /// the members' sections only when the structure's map comes first (a
  /// later map(tofrom: m[0:1]) copies back over the section's writes).
  void addRoot(const std::string &Type, const std::string &Item) {
    add(Type, Item);
    Roots.insert(Item);
  }
  bool empty() const { return Groups.empty(); }
  void renderInto(std::vector<std::string> &Out) const {
    for (bool RootPass : {true, false})
      for (const auto &[T, All] : Groups) {
        std::vector<std::string> Items;
        for (const std::string &I : All)
          if (Roots.count(I) == RootPass)
            Items.push_back(I);
        if (!Items.empty())
          Out.push_back("map(" + T + ": " + llvm::join(Items, ", ") + ")");
      }
  }
  std::set<std::string> Roots;
};

/// The variable a clause item names: `a`, `a[0:n]` -> a, `this->v` -> v.
const ValueDecl *itemDecl(const Expr *E) {
  E = itemBase(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl();
  return nullptr;
}

bool isSection(const Expr *E) {
  return isa<ArraySectionExpr>(E->IgnoreParenImpCasts());
}

llvm::ArrayRef<Expr *> varList(const OpenACCClause *C) {
  if (const auto *V = dyn_cast<OpenACCClauseWithVarList>(C))
    return V->getVarList();
  if (const auto *S = dyn_cast<OpenACCSelfClause>(C))
    if (S->isVarListClause())
      return S->getVarList();
  return {};
}

struct LoopNode {
  int Dir = -1; ///< directive index, -1 for a bare loop in kernels
  const ForStmt *For = nullptr;
  int Parent = -1;
  llvm::ArrayRef<const OpenACCClause *> Clauses;
  bool Gang = false, Worker = false, Vector = false, Seq = false;
  bool Auto = false, Independent = false, ExplicitLevel = false;
  unsigned Collapse = 1;
  std::vector<std::string> TileSizes;
  // Decisions.
  bool Partitioned = false, IsGang = false, IsThread = false, IsSimd = false;
  std::vector<std::string> Reductions, Private, FirstPrivate, AutoReductions;
  /// Reductions of an enclosing loop or of the construct that this loop
  /// updates too: each partitioned level combines its own copies.
  std::vector<std::string> Inherited;
  /// The loop is a kernel of its own (a combined construct's loop, a loop
  /// nest of a kernels region): its directive is the target one.
  bool OwnKernel = false;
  /// Kernels regions: scalars the iterations set to one constant (shared,
  /// copied back) and temporaries whose last value the host reads.
  std::vector<std::string> SharedFlags, LastPrivates;
  std::string NumThreads, SimdLen;
  std::string Decision; ///< note: why seq / why parallel
};

class FilePlanner {
public:
  FilePlanner(ASTContext &Ctx, const std::vector<Directive> &Dirs,
              const PPFacts &PP, const PlanOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Dirs(Dirs), PP(PP), Opts(Opts),
        Handled(Dirs.size(), false) {}

  FilePlan run();

private:
  // --- records -------------------------------------------------------------
  ConstructRecord newRecord(int I) {
    ConstructRecord R;
    const Directive &D = Dirs[I];
    R.Kind = directiveName(D.Kind).str();
    R.Loc = D.Loc;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.Loc));
    if (P.isValid()) {
      R.Line = P.getLine();
      R.Column = P.getColumn();
    }
    R.Original = D.Spelling.empty() ? "#pragma acc " + R.Kind : D.Spelling;
    return R;
  }
  void fail(ConstructRecord R, std::string Why) {
    R.Translated = false;
    R.Reason = std::move(Why);
    R.Emitted.clear();
    Out.Records.push_back(std::move(R));
  }
  void succeed(ConstructRecord R, EditSet &E) {
    R.Translated = true;
    Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
    Out.Records.push_back(std::move(R));
  }
  std::string text(const Expr *E) const { return exprText(E, Ctx); }
  static std::string omp(const std::string &Dir,
                         const std::vector<std::string> &Clauses) {
    std::string S = "#pragma omp " + Dir;
    for (const std::string &C : Clauses)
      S += " " + C;
    return S;
  }
  bool isDescendant(int I, int Anc) const {
    for (int P = Dirs[I].Parent; P >= 0; P = Dirs[P].Parent)
      if (P == Anc)
        return true;
    return false;
  }
  std::vector<int> descendants(int Anc) const {
    std::vector<int> V;
    for (size_t I = 0; I < Dirs.size(); ++I)
      if (isDescendant(static_cast<int>(I), Anc))
        V.push_back(static_cast<int>(I));
    return V;
  }
  /// The associated statement.
  const Stmt *assoc(const Directive &D) const { return associatedStmt(D.S); }

  // --- shared clause handling ---------------------------------------------
  /// Applies device_type filtering: returns the clauses that apply.
  std::vector<const OpenACCClause *>
  effectiveClauses(llvm::ArrayRef<const OpenACCClause *> Cs,
                   ConstructRecord &R) const {
    std::vector<const OpenACCClause *> V;
    bool Keep = true;
    for (const OpenACCClause *C : Cs) {
      if (const auto *DT = dyn_cast<OpenACCDeviceTypeClause>(C)) {
        Keep = false;
        for (const DeviceTypeArgument &A : DT->getArchitectures()) {
          if (!A.getIdentifierInfo()) {
            Keep = true; // '*'
            continue;
          }
          StringRef N = A.getIdentifierInfo()->getName();
          if (N == "nvidia" || N == "default" || N == "acc_device_nvidia" ||
              N == "acc_device_default")
            Keep = true;
        }
        if (!Keep)
          R.Notes.push_back("clauses after '" + clauseText(C) +
                            "' are dropped: they target another device");
        continue;
      }
      if (Keep)
        V.push_back(C);
    }
    return V;
  }
  std::string clauseText(const OpenACCClause *C) const {
    return Lexer::getSourceText(SM.getExpansionRange(C->getSourceRange()),
                                SM, Ctx.getLangOpts())
        .str();
  }
  /// The queue an async/wait argument names. Without an argument (or with
  /// acc_async_noval) that is the default queue: -1 (acc_async_noval), or
  /// the file's default-queue variable when the file sets the default.
  std::string queueValue(const Expr *Q) const {
    if (NeedDefaultAsync) {
      Expr::EvalResult ER;
      if (!Q || (Q->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == -1))
        return DefaultAsyncVar;
    }
    return Q ? text(Q) : std::string("-1");
  }
  std::string queueRef(const Expr *Q) {
    NeedQueues = true;
    return "omp_migrate_async_[(" + queueValue(Q) + ") & 63]";
  }
  /// A private/firstprivate item as OpenMP accepts it. OpenMP has no
  /// private array sections: a section that covers a fixed-size array whole
  /// becomes the array's name; any other section sets Why.
  std::string privateItem(const Expr *E, StringRef Clause,
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
  /// Why a data-clause item cannot be mapped: a section whose elements are
  /// pointers that the item follows further (a[0:n][0:m] with double **a, or
  /// with double *a[N]) needs a deep copy, which OpenMP 5.x maps do not do.
  /// Contiguous arrays (double a[N][M], double (*a)[M]) are fine. Empty when
  /// the item maps.
  std::string deepSectionWhy(const Expr *E) const {
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
  /// The section a bare array parameter covers, from its declaration: a
  /// parameter declared `double A[NI][NJ]` has pointer type (the array
  /// decays) but the declaration keeps the extents, written as they were:
  /// "A[0:NI][0:NJ]". Empty when V is no such parameter or an extent is
  /// not known (`double A[][NJ]`).
  std::string declaredSection(const ValueDecl *V) const {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
    if (!P || !P->getTypeSourceInfo() || !P->getOriginalType()->isArrayType())
      return "";
    std::string Out = P->getNameAsString();
    QualType T = P->getOriginalType();
    TypeLoc TL = P->getTypeSourceInfo()->getTypeLoc();
    while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      ArrayTypeLoc ATL;
      if (TL)
        ATL = TL.getUnqualifiedLoc().IgnoreParens().getAs<ArrayTypeLoc>();
      std::string Len;
      if (ATL && ATL.getSizeExpr() && !ATL.getSizeExpr()->getBeginLoc().isInvalid())
        Len = text(ATL.getSizeExpr());
      else if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
        Len = std::to_string(CAT->getZExtSize());
      if (Len.empty())
        return "";
      Out += "[0:" + Len + "]";
      T = AT->getElementType();
      TL = ATL ? ATL.getElementLoc() : TypeLoc();
    }
    return Out;
  }
  /// async/wait clauses: OpenMP clauses, plus whether a taskwait must come
  /// before the construct (wait without arguments).
  /// Deferred: the construct becomes a nowait task (kernels); otherwise it
  /// runs synchronously once its queue's earlier work is done (data
  /// directives: libomptarget 19 crashes on deferred enter/exit data).
  void asyncWait(const OpenACCClause *C, std::vector<std::string> &Cl,
                 bool &TaskwaitBefore, bool AllowAsync, std::string &Why,
                 bool Deferred = true) {
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
  /// A section of a pointer member (`m.x[0:n]`, `p->x[0:n]`) is attached
  /// to a device copy of its structure, which the same construct must map:
  /// the companion map of the root (`m`, `p[0:1]`) goes in first, 'to' on
  /// entry ('alloc' for present), and is released with the section on exit.
  /// False, with Why, for a path OpenMP cannot map (a second pointer).
  bool memberCompanion(const Expr *E, StringRef Type, bool Exit,
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

  /// The implicit maps of a structure the region uses through members: the
  /// structure (`m`, or `p[0:1]` through a pointer) and a section of each
  /// pointer member it reaches, inferred like an array's (`m.x[0:m.n]`).
  /// Returns why not, empty on success.
  std::string memberMaps(const RegionFacts &F, const ValueDecl *V,
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

  /// One data clause's items into maps (or is_device_ptr) for a context.
  bool dataClause(const OpenACCClause *C, DataContext Ctxt, bool Finalize,
                  MapList &Maps, std::vector<std::string> &DevPtrs,
                  ConstructRecord &R, std::string &Why) {
    const DataClauseRule *Rule = findDataClauseRule(C->getClauseKind(), Ctxt);
    if (!Rule) {
      Why = "clause '" + clauseText(C) + "' has no OpenMP equivalent here";
      return false;
    }
    if (*Rule->Note)
      R.Notes.push_back(std::string(Rule->AccSpelling) + ": " + Rule->Note);
    OpenACCModifierKind Mods = OpenACCModifierKind::Invalid;
    if (const auto *X = dyn_cast<OpenACCCopyClause>(C))
      Mods = X->getModifierList();
    else if (const auto *X = dyn_cast<OpenACCCopyInClause>(C))
      Mods = X->getModifierList();
    else if (const auto *X = dyn_cast<OpenACCCopyOutClause>(C))
      Mods = X->getModifierList();
    else if (const auto *X = dyn_cast<OpenACCCreateClause>(C))
      Mods = X->getModifierList();
    if (isOpenACCModifierBitSet(Mods, OpenACCModifierKind::Readonly))
      R.Notes.push_back("the readonly modifier is dropped (OpenMP has none)");
    if (Finalize && C->getClauseKind() == CK::CopyOut)
      R.Notes.push_back("copyout with finalize: the reference count is "
                        "decremented once, not zeroed");
    if (isOpenACCModifierBitSet(Mods, OpenACCModifierKind::Zero)) {
      Why = "the zero modifier has no OpenMP equivalent";
      return false;
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
      if (Type != "is_device_ptr") {
        Why = deepSectionWhy(E);
        if (!Why.empty())
          return false;
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

  /// "#pragma omp atomic read|write|update|capture" (no keyword: update).
  static std::string atomicDirective(const Directive &D) {
    const auto *A = cast<OpenACCAtomicConstruct>(D.S);
    switch (A->getAtomicKind()) {
    case OpenACCAtomicKind::Read: return "#pragma omp atomic read";
    case OpenACCAtomicKind::Write: return "#pragma omp atomic write";
    case OpenACCAtomicKind::Capture: return "#pragma omp atomic capture";
    default: return "#pragma omp atomic update";
    }
  }

  // --- constructs ---------------------------------------------------------
  void planCompute(int I);
  void planData(int I);
  void planEnterExit(int I);
  void planUpdate(int I);
  void planHostData(int I);
  void planAtomic(int I);
  void planSimple(int I);
  void planDeclare(int I);
  void planRoutine(int I);
  void planOrphanLoop(int I);
  void planRuntimeCalls();
  void planPreprocessor();
  void insertQueueDecl();
  /// The queue array must be declared before its earliest use.
  void noteQueueUse(SourceLocation L) {
    if (FirstQueueUse.isInvalid() || SM.isBeforeInTranslationUnit(L, FirstQueueUse))
      FirstQueueUse = L;
  }

  /// Variables the enclosing data constructs make present, and deviceptrs.
  /// What the translated data constructs around directive I make present:
  /// variables, and member paths ("m.x", whose structure is then present
  /// too: the section came with a map of it).
  void enclosingData(int I, llvm::DenseSet<const ValueDecl *> &Present,
                     llvm::DenseSet<const ValueDecl *> &DevPtr,
                     std::set<std::string> *PresentPaths = nullptr) const {
    for (int P = Dirs[I].Parent; P >= 0; P = Dirs[P].Parent) {
      if (Dirs[P].Kind != DK::Data && Dirs[P].Kind != DK::HostData)
        continue;
      // A region that was not translated is not emitted: OpenMP compilers
      // ignore the '#pragma acc' left in place, so nothing is present.
      if (FailedConstructs.count(Dirs[P].S))
        continue;
      for (const OpenACCClause *C : Dirs[P].Clauses)
        for (const Expr *E : varList(C))
          if (const ValueDecl *V = itemDecl(E)) {
            (C->getClauseKind() == CK::DevicePtr ? DevPtr : Present).insert(V);
            if (std::optional<MemberPath> MP = memberPathOf(E);
                MP && C->getClauseKind() != CK::DevicePtr) {
              Present.insert(MP->Root);
              if (PresentPaths)
                PresentPaths->insert(MP->Text);
            }
          }
    }
    Present.insert(GlobalDeclared.begin(), GlobalDeclared.end());
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const std::vector<Directive> &Dirs;
  const PPFacts &PP;
  PlanOptions Opts;
  std::vector<bool> Handled;
  llvm::DenseSet<const ValueDecl *> GlobalDeclared;
  bool NeedQueues = false;
  /// The file sets the default async queue (set default_async,
  /// acc_set_default_async) or reads it: async without an argument uses the
  /// file's variable omp_migrate_default_async_.
  bool NeedDefaultAsync = false;
  SourceLocation FirstQueueUse;
  std::vector<const CallExpr *> RuntimeCalls;
  llvm::DenseSet<const CallExpr *> StatementCalls;
  /// acc_get_device_type() compared with an acc_device_* constant: the
  /// comparison and the constant's name.
  std::map<const CallExpr *, std::pair<const BinaryOperator *, std::string>>
      DeviceTypeTests;
  /// Runtime calls rewritten as part of another one's rewrite (an argument
  /// it keeps or drops): their records are made, no edit of their own.
  llvm::DenseSet<const CallExpr *> Absorbed;
  /// The file keeps OpenACC names (a call, a type, a constant) that no
  /// edit replaced: its #include <openacc.h> stays (reported).
  std::vector<std::string> OpenACCLeft;
  struct CallRewrite {
    std::string Text;
    CharSourceRange Range;
    std::vector<std::string> Notes;
  };
  std::optional<CallRewrite> exprRewrite(const CallExpr *C, std::string &Why);
  std::string spliced(const Expr *A, const CallExpr *Outer);
  bool droppable(const Expr *A) const;
  ConstructRecord callRecord(const CallExpr *C) const;
  void absorb(const CallExpr *C, const std::vector<std::string> &Notes);
  void findOpenACCLeft();
  FilePlan Out;

  // --- data hoisting (issue #4) -------------------------------------------
  struct HoistItem {
    const ValueDecl *V = nullptr;
    std::string Name, Section, Type;
    std::optional<Poly> Lo, Hi; ///< inferred bounds, when known
  };
  struct KernelRecord {
    const Stmt *S = nullptr;
    const FunctionDecl *Fn = nullptr;
    std::vector<HoistItem> Items;
    bool Async = false;
  };
  std::vector<KernelRecord> KernelRecs;
  llvm::DenseSet<const Stmt *> FailedConstructs;
  /// --optimize-data: the input's OpenMP kernels (also in KernelRecs), and
  /// its other OpenMP directives, which a hoisted region must not enclose.
  llvm::DenseSet<const Stmt *> OmpKernelStmts;
  std::vector<const Stmt *> OmpOthers;
  /// Translated kernels that map sections of structure members: no data
  /// region is placed around them, and their functions get no summary.
  std::vector<const Stmt *> MemberKernels;
  std::map<const Stmt *, std::vector<std::string>> OmpSkippedItems;
  void collectOpenMPKernels();
  /// The functions with a body that hold kernels.
  std::set<const FunctionDecl *> kernelFunctions() const {
    std::set<const FunctionDecl *> Fns;
    for (const KernelRecord &K : KernelRecs)
      if (K.Fn && K.Fn->getBody())
        Fns.insert(K.Fn);
    return Fns;
  }
  /// Calls, in host code, to functions whose only uses of some pointer
  /// parameters are their kernels' maps: each becomes a kernel of the
  /// caller, with the callee's sections in the caller's terms.
  llvm::DenseSet<const Stmt *> SummarizedCalls;
  void planCallSummaries();
  /// What the file's functions may do to data (built on first use).
  std::optional<CallGraphFacts> CallGraph;
  const CallGraphFacts &callGraph() {
    if (!CallGraph)
      CallGraph.emplace(Ctx);
    return *CallGraph;
  }
  /// The file-scope variables of the translation unit, by name (built on
  /// first use).
  std::optional<std::map<std::string, const VarDecl *>> GlobalVarsByName;
  const std::map<std::string, const VarDecl *> &globalVars() {
    if (!GlobalVarsByName) {
      GlobalVarsByName.emplace();
      for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          (*GlobalVarsByName)[VD->getNameAsString()] = VD;
    }
    return *GlobalVarsByName;
  }
  void planHoisting();
  /// Run: L is a run of statements of that block (a CompoundStmt made for
  /// the purpose), bracketed by target enter/exit data.
  /// AllOrNothing: no region unless every array of the kernels inside is
  /// hoisted.
  bool tryHoist(const Stmt *L, const FunctionDecl *Fn,
                const CompoundStmt *Run = nullptr, bool AllOrNothing = false);
  void planStraightLineRuns(bool Phases);
  /// Whether S is a host loop (for, while, do) with a kernel of Fn inside.
  bool hostLoopRunningKernels(const Stmt *S, const FunctionDecl *Fn) const {
    return (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) &&
           llvm::any_of(KernelRecs, [&](const KernelRecord &K) {
             return K.Fn == Fn && within(K.S, S);
           });
  }
  /// Why the last tryHoist made no region, for --explain.
  std::string HoistWhy;
  /// A record of Kind placed at statement S, "(loop at line N)".
  ConstructRecord loopRecord(const char *Kind, const Stmt *S) const {
    ConstructRecord R;
    R.Kind = Kind;
    R.Loc = SM.getExpansionLoc(S->getBeginLoc());
    R.Line = SM.getPresumedLineNumber(R.Loc);
    R.Column = SM.getPresumedColumnNumber(R.Loc);
    R.Original = "(loop at line " + std::to_string(R.Line) + ")";
    return R;
  }
  /// The body of S when S is a data region of the input that the hoisting
  /// may complete: a translated OpenACC data construct, or an OpenMP target
  /// data directive (--optimize-data). Null otherwise.
  const Stmt *userDataBody(const Stmt *S) const;
  /// The variables the data regions of the input around L name in their
  /// clauses, and those an enter data before L and an exit data after it
  /// in a block around L both name (canonical declarations): left to them.
  std::set<const ValueDecl *> userMappedAround(const Stmt *L,
                                               const FunctionDecl *Fn) const;
  std::set<const Stmt *> HoistedLoops;
  /// Statements of the runs given one region (planStraightLineRuns).
  std::set<const Stmt *> InRun;
  // Refinements of a hoisted region (each proved, else the region keeps the
  // map it would have had without them).
  const Stmt *kernelBody(const Stmt *K) const;
  bool kernelHasIfClause(const Stmt *K) const;
  std::vector<const KernelRecord *> kernelsIn(const Stmt *L,
                                              const FunctionDecl *Fn) const;
  std::set<const ValueDecl *>
  deviceOnlyArrays(const Stmt *L, const FunctionDecl *Fn,
                   const std::vector<const ValueDecl *> &Vs,
                   const RegionFacts &LF,
                   const std::map<const ValueDecl *, std::pair<Poly, Poly>>
                       *Cover = nullptr) const;
  std::optional<std::pair<Poly, Poly>>
  kernelWriteBox(const Stmt *L, const FunctionDecl *Fn,
                 const std::vector<const ValueDecl *> &Vs,
                 const RegionFacts &LF) const;
  bool endsItsLine(const Stmt *L) const;
  std::string leavesEarly(const Stmt *Block) const;
  static std::pair<MapList, MapList> enterExitOf(const MapList &Maps);
  SourceLocation lastLoc(const Stmt *S) const;
  bool skipFetch(const Stmt *S, const ValueDecl *V, const RegionFacts &SF,
                 const SectionResult &Sec, const std::string &Item,
                 const std::string &Whole, const CopyEvents &Events,
                 const FunctionDecl *Fn, bool AllowDense);
  /// The host-copy dataflow of each function, built once.
  std::map<const FunctionDecl *, std::unique_ptr<HostCopies>> Flows;
  const HostCopies &flowOf(const FunctionDecl *Fn) {
    std::unique_ptr<HostCopies> &F = Flows[Fn];
    if (!F)
      F = std::make_unique<HostCopies>(Fn, Ctx);
    return *F;
  }
  bool denseOverwrite(const Stmt *S, const ValueDecl *V,
                      const RegionFacts &SF, const SectionResult &Sec) const;
  bool within(const Stmt *Inner, const Stmt *Outer) const {
    SourceLocation B = SM.getExpansionLoc(Inner->getBeginLoc());
    SourceLocation OB = SM.getExpansionLoc(Outer->getBeginLoc());
    SourceLocation OE = SM.getExpansionLoc(Outer->getEndLoc());
    return !SM.isBeforeInTranslationUnit(B, OB) &&
           !SM.isBeforeInTranslationUnit(OE, B);
  }
};

// ============================================================================
// Compute constructs
// ============================================================================

void FilePlanner::planCompute(int CI) {
  const Directive &C = Dirs[CI];
  ConstructRecord R = newRecord(CI);
  std::vector<int> Desc = descendants(CI);
  for (int D : Desc)
    Handled[D] = true;
  std::vector<HoistItem> Hoistable;
  auto FailAll = [&](std::string Why) {
    FailedConstructs.insert(C.S);
    for (int D : Desc) {
      ConstructRecord DR = newRecord(D);
      DR.Reason = "inside an untranslated " + R.Kind + " construct";
      Out.Records.push_back(DR);
    }
    fail(R, Why);
  };
  if (!C.WhyNotRewritable.empty())
    return FailAll(C.WhyNotRewritable);
  for (int D : Desc)
    if (!Dirs[D].WhyNotRewritable.empty())
      return FailAll("a directive inside it comes from a macro or _Pragma");

  const bool Kernels = C.Kind == DK::Kernels || C.Kind == DK::KernelsLoop;
  const bool Serial = C.Kind == DK::Serial || C.Kind == DK::SerialLoop;
  const bool Combined = isCombinedKind(C.Kind);
  bool QueueUsed = false;
  (void)QueueUsed;

  // Clauses of the construct itself.
  std::vector<const OpenACCClause *> Cls = effectiveClauses(C.Clauses, R);
  MapList Maps;
  std::vector<std::string> DevPtrs, IfConds, Async, TeamsCl, Priv, FirstPriv,
      Reds;
  llvm::DenseSet<const ValueDecl *> Explicit;
  std::string NumWorkers, VectorLength;
  bool TaskwaitBefore = false, DefaultPresent = false;
  std::string Why;
  std::set<std::string> ExplicitPaths; // "m.x" in a clause
  for (const OpenACCClause *Cl : Cls) {
    for (const Expr *E : varList(Cl)) {
      if (const ValueDecl *V = itemDecl(E))
        Explicit.insert(V);
      if (std::optional<MemberPath> MP = memberPathOf(E))
        ExplicitPaths.insert(MP->Text);
    }
    switch (Cl->getClauseKind()) {
    case CK::If:
      IfConds.push_back("(" + text(cast<OpenACCIfClause>(Cl)->getConditionExpr()) + ")");
      break;
    case CK::Self: {
      const auto *S = cast<OpenACCSelfClause>(Cl);
      IfConds.push_back(S->hasConditionExpr()
                            ? "!(" + text(S->getConditionExpr()) + ")"
                            : std::string("0"));
      break;
    }
    case CK::Async:
    case CK::Wait:
      asyncWait(Cl, Async, TaskwaitBefore, true, Why, Opts.AsyncNowait);
      if (Cl->getClauseKind() == CK::Async && !Opts.AsyncNowait)
        R.Notes.push_back("async: runs synchronously once its queue's earlier "
                          "work is done (--async=nowait defers it)");
      break;
    case CK::NumGangs: {
      auto Es = cast<OpenACCNumGangsClause>(Cl)->getIntExprs();
      if (!Es.empty())
        TeamsCl.push_back("num_teams(" + text(Es[0]) + ")");
      if (Es.size() > 1)
        R.Notes.push_back("num_gangs: only the first dimension is kept");
      break;
    }
    case CK::NumWorkers:
      NumWorkers = text(cast<OpenACCNumWorkersClause>(Cl)->getIntExpr());
      break;
    case CK::VectorLength:
      VectorLength = text(cast<OpenACCVectorLengthClause>(Cl)->getIntExpr());
      break;
    case CK::Default:
      DefaultPresent = cast<OpenACCDefaultClause>(Cl)->getDefaultClauseKind() ==
                       OpenACCDefaultClauseKind::Present;
      R.Notes.push_back(DefaultPresent
                            ? "default(present): arrays the clauses do not name "
                              "are present already and map as present (no copy)"
                            : "default(none) dropped: every map is explicit");
      break;
    case CK::Private:
      for (const Expr *E : varList(Cl))
        if (std::string P = privateItem(E, "private", Why); !P.empty())
          Priv.push_back(P);
      break;
    case CK::FirstPrivate:
      for (const Expr *E : varList(Cl))
        if (std::string P = privateItem(E, "firstprivate", Why); !P.empty())
          FirstPriv.push_back(P);
      break;
    case CK::Reduction: {
      const auto *Red = cast<OpenACCReductionClause>(Cl);
      std::string Op = reductionOperator(Red->getReductionOp()).str();
      for (const Expr *E : Red->getVarList()) {
        Reds.push_back(Op + ": " + text(E));
        Maps.add("tofrom", text(E));
      }
      break;
    }
    case CK::Copy: case CK::PCopy: case CK::PresentOrCopy:
    case CK::CopyIn: case CK::PCopyIn: case CK::PresentOrCopyIn:
    case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
    case CK::Create: case CK::PCreate: case CK::PresentOrCreate:
    case CK::NoCreate: case CK::Present: case CK::DevicePtr: case CK::Attach:
      dataClause(Cl, DataContext::Compute, false, Maps, DevPtrs, R, Why);
      if (const DataClauseRule *Rule =
              findDataClauseRule(Cl->getClauseKind(), DataContext::Compute)) {
        StringRef T = Rule->OmpMapType;
        if (T == "to" || T == "from" || T == "tofrom" || T == "alloc")
          for (const Expr *E : varList(Cl))
            if (const ValueDecl *V = itemDecl(E))
              if (isSection(E) || V->getType()->isConstantArrayType())
                Hoistable.push_back({V, V->getNameAsString(), text(E), T.str()});
      }
      break;
    // Loop clauses of a combined construct: handled with the loop.
    case CK::Gang: case CK::Worker: case CK::Vector: case CK::Seq:
    case CK::Independent: case CK::Auto: case CK::Collapse: case CK::Tile:
      break;
    default:
      Why = "clause '" + clauseText(Cl) + "' is not supported";
      break;
    }
    if (!Why.empty())
      return FailAll(Why);
  }
  if (!NumWorkers.empty() && !VectorLength.empty())
    TeamsCl.push_back("thread_limit((" + NumWorkers + ") * (" + VectorLength + "))");
  else if (!NumWorkers.empty() || !VectorLength.empty())
    TeamsCl.push_back("thread_limit(" + NumWorkers + VectorLength + ")");
  std::string IfClause;
  if (!IfConds.empty())
    IfClause = "if(target: " + llvm::join(IfConds, " && ") + ")";

  const Stmt *Body = assoc(C);
  if (!Body)
    return FailAll("the construct has no associated statement");
  RegionFacts F(Body, Ctx);

  // ---- loop nodes --------------------------------------------------------
  std::vector<LoopNode> Nodes;
  std::map<int, int> NodeOfDir;
  auto MakeNode = [&](int Dir, const Stmt *Loop,
                      llvm::ArrayRef<const OpenACCClause *> Cs,
                      int Parent) -> bool {
    LoopNode N;
    N.Dir = Dir;
    N.For = dyn_cast_or_null<ForStmt>(Loop);
    N.Parent = Parent;
    N.Clauses = Cs;
    if (!N.For) {
      Why = "the loop associated with a loop directive is not a for loop";
      return false;
    }
    ConstructRecord Dummy;
    for (const OpenACCClause *Cl : effectiveClauses(Cs, Dummy)) {
      switch (Cl->getClauseKind()) {
      case CK::Gang: {
        N.Gang = N.ExplicitLevel = true;
        if (cast<OpenACCGangClause>(Cl)->getNumExprs())
          R.Notes.push_back("gang arguments are dropped");
        break;
      }
      case CK::Worker: {
        N.Worker = N.ExplicitLevel = true;
        const auto *W = cast<OpenACCWorkerClause>(Cl);
        if (W->hasIntExpr())
          N.NumThreads = text(W->getIntExpr());
        break;
      }
      case CK::Vector: {
        N.Vector = N.ExplicitLevel = true;
        const auto *V = cast<OpenACCVectorClause>(Cl);
        if (V->hasIntExpr())
          N.SimdLen = text(V->getIntExpr());
        break;
      }
      case CK::Seq: N.Seq = true; break;
      case CK::Auto: N.Auto = true; break;
      case CK::Independent: N.Independent = true; break;
      case CK::Collapse: {
        const auto *Co = cast<OpenACCCollapseClause>(Cl);
        Expr::EvalResult ER;
        if (!Co->getLoopCount()->EvaluateAsInt(ER, Ctx)) {
          Why = "collapse count is not a constant";
          return false;
        }
        N.Collapse = ER.Val.getInt().getZExtValue();
        if (Co->hasForce())
          R.Notes.push_back("collapse(force:...) : force is dropped");
        break;
      }
      case CK::Tile:
        for (const Expr *S : cast<OpenACCTileClause>(Cl)->getSizeExprs()) {
          std::string T = text(S);
          N.TileSizes.push_back(T == "*" ? "32" : T);
        }
        break;
      case CK::Reduction: {
        const auto *Red = cast<OpenACCReductionClause>(Cl);
        std::string Op = reductionOperator(Red->getReductionOp()).str();
        for (const Expr *E : Red->getVarList())
          N.Reductions.push_back(Op + ": " + text(E));
        break;
      }
      case CK::Private:
      case CK::FirstPrivate: {
        bool First = Cl->getClauseKind() == CK::FirstPrivate;
        for (const Expr *E : varList(Cl)) {
          std::string P =
              privateItem(E, First ? "firstprivate" : "private", Why);
          if (P.empty())
            return false;
          (First ? N.FirstPrivate : N.Private).push_back(P);
        }
        break;
      }
      default:
        break;
      }
    }
    Nodes.push_back(N);
    if (Dir >= 0)
      NodeOfDir[Dir] = static_cast<int>(Nodes.size()) - 1;
    return true;
  };
  auto LoopStmtOf = [&](int D) -> const Stmt * {
    if (const auto *L = dyn_cast<OpenACCLoopConstruct>(Dirs[D].S))
      return L->getLoop();
    return nullptr;
  };

  std::vector<const Stmt *> KernelStmts; // kernels: top-level statements
  if (Combined) {
    if (!MakeNode(CI, Body, C.Clauses, -1))
      return FailAll(Why);
    Nodes[0].Reductions.clear(); // the construct's reductions are in Reds
    Nodes[0].Private.clear();
    Nodes[0].FirstPrivate.clear();
  }
  if (C.Kind == DK::Kernels) {
    // Each top-level statement of the region: a loop nest becomes a kernel.
    // Its bare outer loop is a node before the loop directives inside it,
    // which are its descendants (parents come first).
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      KernelStmts.assign(CS->body_begin(), CS->body_end());
    else
      KernelStmts.push_back(Body);
    for (const Stmt *S : KernelStmts)
      if (const auto *For = dyn_cast<ForStmt>(S)) {
        if (!MakeNode(-1, For, {}, -1))
          return FailAll(Why);
      }
  }
  std::vector<int> BareNodes; // the kernels region's bare outer loops
  for (size_t K = 0; K < Nodes.size(); ++K)
    if (Nodes[K].Dir < 0)
      BareNodes.push_back(static_cast<int>(K));
  for (int D : Desc) {
    const Directive &DD = Dirs[D];
    if (DD.Kind != DK::Loop)
      continue;
    int Parent = Combined ? 0 : -1;
    bool InLoopDir = false;
    for (int P = DD.Parent; P >= 0 && P != CI; P = Dirs[P].Parent)
      if (Dirs[P].Kind == DK::Loop) {
        Parent = NodeOfDir.count(P) ? NodeOfDir[P] : -1;
        InLoopDir = true;
        break;
      }
    if (!InLoopDir)
      for (int B : BareNodes)
        if (within(DD.S, Nodes[B].For))
          Parent = B;
    if (!MakeNode(D, LoopStmtOf(D), DD.Clauses, Parent))
      return FailAll(Why);
  }

  // ---- scalars a kernels loop writes --------------------------------------
  // In a kernels region a scalar is shared (OpenACC's default is copy): a
  // partitioned loop that writes one declared outside it must reduce it,
  // leave a flag shared, or keep a temporary private (its last value too
  // when the host reads it after the construct). Why not, else empty.
  auto KernelScalars = [&](LoopNode &N) -> std::string {
    RegionFacts LF(N.For, Ctx);
    std::set<std::string> Named;
    for (const auto *L : {&N.Reductions, &N.AutoReductions, &Reds})
      for (const std::string &X : *L)
        Named.insert(StringRef(X).split(':').second.trim().str());
    Named.insert(N.Private.begin(), N.Private.end());
    Named.insert(N.FirstPrivate.begin(), N.FirstPrivate.end());
    for (const ValueDecl *V : LF.externalVars()) {
      QualType T = V->getType().getNonReferenceType();
      if (!T->isScalarType() || T->isPointerType() || !LF.isWritten(V) ||
          Explicit.count(V) || Named.count(LF.nameOf(V)) ||
          llvm::any_of(LF.loops(), [&](const CanonicalLoop &L) { return L.IV == V; }))
        continue;
      std::string Name = LF.nameOf(V);
      std::string Where = "loop at line " +
                          std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc()));
      ScalarUse U = classifyScalar(N.For->getBody(), V, Ctx);
      switch (U.Role) {
      case ScalarRole::Reduction:
        N.AutoReductions.push_back(U.Op + ": " + Name);
        R.Notes.push_back(Where + ": '" + Name + "' is a reduction (" + U.Op + ")");
        break;
      case ScalarRole::SharedFlag:
        N.SharedFlags.push_back(Name);
        R.Notes.push_back(Where + ": '" + Name + "' is only set to one constant: "
                          "shared, copied back, not privatized");
        break;
      case ScalarRole::Private:
        if (!mayBeReadAfter(C.S, V, C.Fn, Ctx))
          break; // a temporary of each iteration: private, as NeededPrivates says
        if (!N.OwnKernel)
          return Where + ": '" + Name + "' is a temporary of each iteration "
                 "whose value is read after the construct; only a loop that "
                 "is a kernel of its own can give it its last value";
        N.LastPrivates.push_back(Name);
        R.Notes.push_back(Where + ": '" + Name + "' is read after the "
                          "construct: lastprivate (the last iteration's value)");
        break;
      case ScalarRole::Other:
        return Where + ": " + U.Why + " (in a kernels region every iteration "
               "shares it)";
      }
    }
    return "";
  };

  // ---- decide which loops are parallel -------------------------------------
  for (LoopNode &N : Nodes) {
    N.OwnKernel = (Combined && N.Dir == CI) ||
                  (C.Kind == DK::Kernels && N.Parent < 0);
    bool Test = false;
    if (Serial) {
      N.Partitioned = false;
      if (N.Gang || N.Worker || N.Vector)
        N.Decision = "serial construct: the loop runs sequentially";
    } else if (N.Seq) {
      N.Partitioned = false;
    } else if (N.Auto || (Kernels && !N.Independent && !N.ExplicitLevel)) {
      Test = true;
    } else {
      N.Partitioned = true;
    }
    if (Test) {
      RegionFacts LF(N.For, Ctx);
      ParallelResult PR = LF.testParallel(N.For);
      // Collapsed loops must be parallel too.
      const ForStmt *Inner = N.For;
      for (unsigned K = 1; PR.Parallel && K < N.Collapse; ++K) {
        const Stmt *B = Inner->getBody();
        if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
          B = CS->body_front();
        if (const auto *L = dyn_cast<OpenACCLoopConstruct>(B))
          B = L->getLoop();
        Inner = dyn_cast<ForStmt>(B);
        if (!Inner) {
          PR.Parallel = false;
          PR.Why = "the collapsed loops are not perfectly nested";
          break;
        }
        RegionFacts IF(Inner, Ctx);
        ParallelResult IPR = IF.testParallel(Inner);
        if (!IPR.Parallel)
          PR = IPR;
      }
      N.Partitioned = PR.Parallel;
      // Reductions the test found, less those the directive already names.
      for (const std::string &AR : PR.Reductions) {
        std::string Var = StringRef(AR).split(':').second.trim().str();
        bool Named = false;
        for (const std::vector<std::string> *L : {&Reds, &N.Reductions})
          for (const std::string &X : *L)
            Named |= StringRef(X).split(':').second.trim() == Var;
        if (!Named)
          N.AutoReductions.push_back(AR);
      }
      PresumedLoc P = SM.getPresumedLoc(N.For->getBeginLoc());
      std::string Where = "loop at line " + std::to_string(P.getLine());
      N.Decision = PR.Parallel
                       ? Where + ": the dependence test proves it parallel"
                       : Where + ": kept sequential: " + PR.Why;
    }
    if (Kernels && N.Partitioned) {
      if (std::string W = KernelScalars(N); !W.empty()) {
        if (!Test)
          return FailAll(W);
        N.Partitioned = false;
        N.Decision = "kept sequential: " + W;
      }
    }
    if (!N.Decision.empty())
      R.Notes.push_back(N.Decision);
  }
  // ---- assign levels, outermost first --------------------------------------
  for (size_t K = 0; K < Nodes.size(); ++K) {
    LoopNode &N = Nodes[K];
    if (!N.Partitioned)
      continue;
    bool AncGang = false, AncThread = false;
    for (int P = N.Parent; P >= 0; P = Nodes[P].Parent) {
      AncGang |= Nodes[P].IsGang;
      AncThread |= Nodes[P].IsThread;
    }
    bool PartDesc = false;
    for (size_t J = K + 1; J < Nodes.size(); ++J)
      for (int P = Nodes[J].Parent; P >= 0; P = Nodes[P].Parent)
        if (P == static_cast<int>(K) && Nodes[J].Partitioned)
          PartDesc = true;
    if (N.ExplicitLevel) {
      N.IsGang = N.Gang;
      N.IsThread = N.Worker || (N.Vector && !AncThread);
      N.IsSimd = N.Vector && !N.IsThread;
      if (N.Worker && N.Vector)
        N.IsSimd = true;
    } else {
      N.IsGang = !AncGang;
      N.IsThread = !AncThread && (!N.IsGang || !PartDesc);
      N.IsSimd = !N.IsGang && !N.IsThread;
    }
    // The loop that is a kernel of its own (a combined construct's, a loop
    // nest of a kernels region) with worker or vector but no gang level:
    // OpenMP has no 'target teams parallel for'. Its iterations are spread
    // over the teams too, each run once, as the loop means.
    if (N.OwnKernel && !N.IsGang) {
      N.IsGang = true;
      N.IsThread = !N.IsSimd || N.Worker;
      R.Notes.push_back("loop at line " +
                        std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc())) +
                        ": no gang level; it is distributed over the teams too");
    }
    // A kernel nest in kernels with no enclosing parallel loop is the kernel.
  }

  // ---- reductions reach the partitioned loops inside -----------------------
  // A reduction named on an outer loop (or on the construct) whose variable
  // an inner partitioned loop updates too: that loop's threads share the
  // outer level's copy, so the inner loop reduces as well.
  auto RedVar = [](const std::string &Red) {
    return StringRef(Red).split(':').second.trim().str();
  };
  auto Updates = [&](const LoopNode &N, const std::string &Var) {
    RegionFacts LF(N.For, Ctx);
    for (const ValueDecl *V : LF.externalVars())
      if (LF.nameOf(V) == Var && LF.isWritten(V))
        return true;
    return false;
  };
  auto Inherit = [&](int From, const std::string &Red) {
    for (size_t J = 0; J < Nodes.size(); ++J) {
      LoopNode &In = Nodes[J];
      bool Below = From < 0;
      for (int P = In.Parent; P >= 0 && !Below; P = Nodes[P].Parent)
        Below = P == From;
      if (!Below || !In.Partitioned || static_cast<int>(J) == From)
        continue;
      std::string Var = RedVar(Red);
      bool Named = false;
      for (const auto *L : {&In.Reductions, &In.AutoReductions, &In.Inherited})
        for (const std::string &X : *L)
          Named |= RedVar(X) == Var;
      if (Named || !Updates(In, Var))
        continue;
      In.Inherited.push_back(Red);
      R.Notes.push_back("loop at line " +
                        std::to_string(SM.getPresumedLineNumber(In.For->getBeginLoc())) +
                        " updates '" + Var + "' of an enclosing reduction: reduction(" +
                        Red + ") there too");
    }
  };
  for (size_t K = 0; K < Nodes.size(); ++K)
    for (const auto *L : {&Nodes[K].Reductions, &Nodes[K].AutoReductions})
      for (const std::string &Red : std::vector<std::string>(*L))
        Inherit(static_cast<int>(K), Red);
  for (const std::string &Red : Reds)
    Inherit(Combined ? 0 : -1, Red);

  // ---- private scalars that loops need -------------------------------------
  // Inner loop variables and plainly assigned scalars declared outside a
  // partitioned loop would be shared by its threads.
  auto NeededPrivates = [&](const Stmt *LoopBody, const ForStmt *Assoc,
                            unsigned Collapse) {
    std::set<std::string> Names;
    RegionFacts LF(LoopBody, Ctx);
    llvm::DenseSet<const VarDecl *> Assocs;
    const ForStmt *L = Assoc;
    for (unsigned K = 0; L && K < Collapse; ++K) {
      for (const CanonicalLoop &CL : LF.loops())
        if (CL.For == L)
          Assocs.insert(CL.IV);
      const Stmt *B = L->getBody();
      if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
        B = CS->body_front();
      if (const auto *LC = dyn_cast<OpenACCLoopConstruct>(B))
        B = LC->getLoop();
      L = dyn_cast<ForStmt>(B);
    }
    for (const CanonicalLoop &CL : LF.loops())
      if (!Assocs.count(CL.IV) && llvm::is_contained(LF.externalVars(), CL.IV))
        Names.insert(CL.IV->getNameAsString());
    // Scalars assigned with '=' (not op=) and declared outside.
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *B = dyn_cast<BinaryOperator>(S))
        if (B->getOpcode() == BO_Assign)
          if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
            if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
              if (VD->getType()->isScalarType() && !VD->getType()->isPointerType() &&
                  llvm::is_contained(LF.externalVars(), VD) && !Assocs.count(VD) &&
                  !Explicit.count(VD))
                Names.insert(VD->getNameAsString());
      for (const Stmt *Ch : S->children())
        Walk(Ch);
    };
    Walk(LoopBody);
    return Names;
  };

  // ---- implicit data --------------------------------------------------------
  llvm::DenseSet<const ValueDecl *> Present, DevPtrEncl;
  std::set<std::string> PresentPaths;
  enclosingData(CI, Present, DevPtrEncl, &PresentPaths);
  llvm::DenseSet<const ValueDecl *> NodeIVs;
  std::set<std::string> NodeClauseNames;
  for (const LoopNode &N : Nodes) {
    for (const std::string &S : N.Reductions)
      NodeClauseNames.insert(StringRef(S).split(':').second.trim().str());
    for (const std::string &S : N.Private)
      NodeClauseNames.insert(S);
  }
  // Hoisted reductions: a gang-partitioned loop's reduction variables are
  // reduced across teams too, and must be mapped back.
  std::vector<std::string> TeamsReds;
  for (const LoopNode &N : Nodes)
    if (N.Dir != CI && N.IsGang && N.Parent < 0 && !Combined)
      for (const std::string &S : N.Reductions) {
        TeamsReds.push_back(S);
        Maps.add("tofrom", StringRef(S).split(':').second.trim().str());
      }
  std::vector<std::string> KernelScalarMaps; // kernels: written scalars
  for (const ValueDecl *V : F.externalVars()) {
    if (!isa<VarDecl>(V) && !isa<FieldDecl>(V))
      continue;
    if (const MemberUses *U = F.memberUses(V);
        U && (U->ThroughPointer || !U->Paths.empty())) {
      std::string MWhy = memberMaps(F, V, *U, Explicit.count(V), ExplicitPaths,
                                    Present.count(V), PresentPaths,
                                    DefaultPresent, Maps, R);
      if (!MWhy.empty())
        return FailAll(MWhy);
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
      unsigned Depth = 0;
      for (const Access &A : F.accesses())
        if (A.Base == V)
          Depth = std::max<unsigned>(Depth, A.Indices.size());
      QualType ET = T;
      for (unsigned K = 0; K + 1 < Depth; ++K) {
        if (const auto *P = ET->getAs<PointerType>())
          ET = P->getPointeeType();
        else if (const ArrayType *A = Ctx.getAsArrayType(ET))
          ET = A->getElementType();
        else
          break;
        if (ET->isPointerType())
          return FailAll("'" + Name + "' ('" + T.getAsString() +
                         "') is indexed through pointers: an implicit map "
                         "copies only the pointers, not the data they point "
                         "to (no deep copy); use one contiguous array or map "
                         "each row");
      }
      // The least map type: an array the region never writes goes in only.
      std::string Type = F.isWritten(V) ? "tofrom" : "to";
      if (T->isConstantArrayType()) {
        Maps.add(Type, Name);
        Hoistable.push_back({V, Name, Name, Type});
        continue;
      }
      if (T->isArrayType() && !T->isConstantArrayType())
        return FailAll("'" + Name + "' is an array of unknown size");
      SectionResult S = F.inferSection(V);
      if (!S.ok())
        return FailAll("no array section can be inferred for '" + Name +
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

  // ---- render ---------------------------------------------------------------
  EditSet E(SM);
  auto RenderLoop = [&](const LoopNode &N, std::vector<std::string> &Cl)
      -> std::string {
    std::string D;
    // OpenMP compilers refuse a reduction on a 'loop' bound to teams (a
    // loop directive of its own in a target teams region): such a loop
    // takes the distribute form.
    bool LoopForm = Opts.Style == LoopStyle::Loop;
    if (LoopForm && N.IsGang && !N.OwnKernel &&
        (!N.Reductions.empty() || !N.AutoReductions.empty() || !N.Inherited.empty())) {
      LoopForm = false;
      R.Notes.push_back("loop at line " +
                        std::to_string(SM.getPresumedLineNumber(N.For->getBeginLoc())) +
                        ": a reduction on a loop bound to teams is refused by "
                        "OpenMP compilers in the loop form; it takes the "
                        "distribute form");
    }
    if (LoopForm) {
      D = "loop";
    } else {
      std::vector<std::string> Parts;
      if (N.IsGang)
        Parts.push_back("distribute");
      if (N.IsThread)
        Parts.push_back("parallel for");
      if (N.IsSimd)
        Parts.push_back("simd");
      D = llvm::join(Parts, " ");
    }
    unsigned Collapse = N.TileSizes.empty() ? N.Collapse : N.TileSizes.size();
    if (Collapse > 1)
      Cl.push_back("collapse(" + std::to_string(Collapse) + ")");
    std::set<std::string> Privs(N.Private.begin(), N.Private.end());
    for (const std::string &P :
         NeededPrivates(N.For->getBody(), N.For, Collapse))
      if (!NodeClauseNames.count(P) || Privs.count(P))
        Privs.insert(P);
    for (const std::string &Red : N.Reductions)
      Privs.erase(StringRef(Red).split(':').second.trim().str());
    for (const std::string &Red : N.AutoReductions)
      Privs.erase(StringRef(Red).split(':').second.trim().str());
    for (const std::string &Red : N.Inherited)
      Privs.erase(RedVar(Red));
    for (const auto *L : {&N.SharedFlags, &N.LastPrivates})
      for (const std::string &X : *L)
        Privs.erase(X);
    if (!Privs.empty())
      Cl.push_back("private(" + llvm::join(Privs, ", ") + ")");
    if (!N.LastPrivates.empty())
      Cl.push_back("lastprivate(" + llvm::join(N.LastPrivates, ", ") + ")");
    if (!N.FirstPrivate.empty())
      Cl.push_back("firstprivate(" + llvm::join(N.FirstPrivate, ", ") + ")");
    if (!LoopForm) {
      if (N.IsThread && !N.NumThreads.empty())
        Cl.push_back("num_threads(" + N.NumThreads + ")");
      else if (N.IsThread && !N.SimdLen.empty() && !N.Worker)
        Cl.push_back("num_threads(" + N.SimdLen + ")");
      if (N.IsSimd && !N.SimdLen.empty() && !N.IsThread)
        Cl.push_back("simdlen(" + N.SimdLen + ")");
    }
    bool ReductionHere = N.IsThread || N.IsSimd || LoopForm;
    if (ReductionHere || N.Dir == CI)
      for (const std::string &Red : N.Reductions)
        Cl.push_back("reduction(" + Red + ")");
    if (ReductionHere)
      for (const std::string &Red : N.Inherited)
        Cl.push_back("reduction(" + Red + ")");
    for (const std::string &Red : N.AutoReductions) {
      Cl.push_back("reduction(" + Red + ")");
    }
    return D;
  };
  auto TileLine = [&](const LoopNode &N) {
    return "#pragma omp tile sizes(" + llvm::join(N.TileSizes, ", ") + ")";
  };
  std::vector<std::string> Emitted;
  auto ReplaceDir = [&](int D, const std::string &Line,
                        const LoopNode *N) {
    std::string T = Line;
    if (N && !N->TileSizes.empty())
      T += "\n" + E.indentOf(Dirs[D].Loc) + TileLine(*N);
    E.replace(Dirs[D].Text, T);
    Emitted.push_back(T);
  };
  auto LoopRecord = [&](int D, const std::string &Emit, bool Removed) {
    if (D == CI)
      return;
    ConstructRecord LR = newRecord(D);
    LR.Translated = true;
    if (Removed)
      LR.Notes.push_back("directive removed: the loop runs sequentially");
    else
      LR.Emitted.push_back(Emit);
    Out.Records.push_back(LR);
  };
  // Teams-level private: loop variables of loops outside partitioned ones.
  std::set<std::string> TeamPrivs;
  if (!Combined || !Nodes[0].Partitioned)
    for (const std::string &P :
         NeededPrivates(Body, Combined ? Nodes[0].For : nullptr, 1))
      TeamPrivs.insert(P);
  for (const std::string &P : Priv)
    TeamPrivs.insert(P);
  for (const std::string &Red : Reds)
    TeamPrivs.erase(StringRef(Red).split(':').second.trim().str());
  for (const std::string &Red : TeamsReds)
    TeamPrivs.erase(StringRef(Red).split(':').second.trim().str());
  // A kernels region's scalars are shared and copied back: outside its
  // partitioned loops one thread writes them.
  if (Kernels)
    for (const std::string &S : KernelScalarMaps)
      TeamPrivs.erase(S);

  auto ConstructClauses = [&](bool Teams) {
    std::vector<std::string> Cl;
    if (!IfClause.empty())
      Cl.push_back(IfClause);
    if (Teams)
      Cl.insert(Cl.end(), TeamsCl.begin(), TeamsCl.end());
    Maps.renderInto(Cl);
    if (!DevPtrs.empty())
      Cl.push_back("is_device_ptr(" + llvm::join(DevPtrs, ", ") + ")");
    if (!TeamPrivs.empty())
      Cl.push_back("private(" + llvm::join(TeamPrivs, ", ") + ")");
    if (!FirstPriv.empty())
      Cl.push_back("firstprivate(" + llvm::join(FirstPriv, ", ") + ")");
    // A plain target runs one thread: its variables are mapped tofrom and
    // need no reduction (OpenMP accepts none there).
    if (Teams) {
      for (const std::string &Red : Reds)
        Cl.push_back("reduction(" + Red + ")");
      for (const std::string &Red : TeamsReds)
        Cl.push_back("reduction(" + Red + ")");
    }
    Cl.insert(Cl.end(), Async.begin(), Async.end());
    return Cl;
  };
  bool AnyPartitioned = llvm::any_of(Nodes, [](const LoopNode &N) {
    return N.Partitioned;
  });

  if (C.Kind == DK::KernelsLoop) {
    // Scalars the loop writes are copied back (kernels' default is copy).
    for (const std::string &Red : Nodes[0].AutoReductions)
      Maps.add("tofrom", StringRef(Red).split(':').second.trim().str());
    for (const std::string &S : KernelScalarMaps)
      Maps.add("tofrom", S);
  }
  // A kernels loop nest that nothing partitions runs on one GPU thread: a
  // performance defect the user must see without --explain.
  auto OneThread = [&](const LoopNode &N) {
    StringRef Why(N.Decision);
    size_t At = Why.find("kept sequential: ");
    Why = At == StringRef::npos ? StringRef() : Why.substr(At + 17);
    R.Warnings.push_back(
        "loop at line " +
        std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(N.For->getBeginLoc()))) +
        " runs on one GPU thread" + (Why.empty() ? "" : ": " + Why.str()) +
        (Why.contains("independent")
             ? ""
             : "; if its iterations are independent, say so (loop independent)"));
  };
  if (C.Kind != DK::Kernels) {
    std::string Line;
    const LoopNode *Tiled = nullptr;
    if (Combined && Nodes[0].Partitioned) {
      std::vector<std::string> LoopCl;
      std::string LD = RenderLoop(Nodes[0], LoopCl);
      std::vector<std::string> Cl = ConstructClauses(true);
      // The construct-level private list already holds the loop's own.
      Cl.insert(Cl.end(), LoopCl.begin(), LoopCl.end());
      Line = omp("target teams " + LD, Cl);
      Tiled = &Nodes[0];
    } else if (Combined) {
      // A sequential loop: one team, or a plain target when nothing inside
      // is partitioned.
      bool Inner = false;
      for (size_t K = 1; K < Nodes.size(); ++K)
        Inner |= Nodes[K].Partitioned;
      std::vector<std::string> Cl = ConstructClauses(Inner);
      Line = Inner ? omp("target teams num_teams(1)", Cl) : omp("target", Cl);
      if (Kernels && !Inner)
        OneThread(Nodes[0]);
    } else if (Serial) {
      Line = omp("target", ConstructClauses(false));
    } else {
      Line = omp("target teams", ConstructClauses(true));
    }
    if (TaskwaitBefore)
      Line = "#pragma omp taskwait\n" + E.indentOf(C.Loc) + Line;
    ReplaceDir(CI, Line, Tiled);
    for (size_t K = Combined ? 1 : 0; K < Nodes.size(); ++K) {
      const LoopNode &N = Nodes[K];
      if (!N.Partitioned) {
        E.removeDirective(Dirs[N.Dir].Text);
        LoopRecord(N.Dir, "", true);
        continue;
      }
      std::vector<std::string> Cl;
      std::string LD = RenderLoop(N, Cl);
      std::string L = omp(LD, Cl);
      ReplaceDir(N.Dir, L, &N);
      LoopRecord(N.Dir, L, false);
    }
  } else {
    // kernels: a data region around kernels, one per loop nest.
    if (!Async.empty() && KernelStmts.size() > 1)
      return FailAll("async on a kernels region with several statements is "
                     "not translated");
    std::vector<std::string> DataCl;
    if (!IfClause.empty())
      DataCl.push_back("if(" + llvm::join(IfConds, " && ") + ")");
    Maps.renderInto(DataCl);
    bool SingleLoop = KernelStmts.size() == 1 && isa<ForStmt>(KernelStmts[0]);
    if (SingleLoop) {
      // kernels + one loop: a combined kernel, no data region needed (the
      // kernel, placed at the loop, takes the region's maps).
      E.removeDirective(C.Text);
    } else if (Maps.empty()) {
      E.removeDirective(C.Text);
      R.Notes.push_back("no data to move for the whole region: the kernels "
                        "directive is removed");
    } else {
      std::string Line = omp("target data", DataCl);
      if (TaskwaitBefore)
        Line = "#pragma omp taskwait\n" + E.indentOf(C.Loc) + Line;
      E.replace(C.Text, Line);
      Emitted.push_back(Line);
    }
    auto KernelClauses = [&](const Stmt *S, bool Teams,
                             const std::vector<std::string> &Reductions = {}) {
      std::vector<std::string> Cl;
      if (!IfClause.empty())
        Cl.push_back(IfClause);
      if (Teams)
        Cl.insert(Cl.end(), TeamsCl.begin(), TeamsCl.end());
      RegionFacts SF(S, Ctx);
      std::vector<std::string> Written;
      for (const std::string &N : KernelScalarMaps)
        for (const ValueDecl *V : SF.externalVars())
          if (SF.nameOf(V) == N && SF.isWritten(V))
            Written.push_back(N);
      MapList M;
      if (SingleLoop)
        M = Maps;
      for (const std::string &W : Written)
        M.add("tofrom", W);
      // Reduction variables come back to the host.
      for (const std::string &Red : Reductions)
        M.add("tofrom", StringRef(Red).split(':').second.trim().str());
      M.renderInto(Cl);
      std::vector<std::string> DP;
      for (const std::string &D : DevPtrs)
        for (const ValueDecl *V : SF.externalVars())
          if (SF.nameOf(V) == D)
            DP.push_back(D);
      if (!DP.empty())
        Cl.push_back("is_device_ptr(" + llvm::join(DP, ", ") + ")");
      if (SingleLoop)
        Cl.insert(Cl.end(), Async.begin(), Async.end());
      return Cl;
    };
    // Nodes at kernel top level, by statement.
    for (const Stmt *S : KernelStmts) {
      const Stmt *Loop = S;
      int Dir = -1;
      if (const auto *LC = dyn_cast<OpenACCLoopConstruct>(S)) {
        Loop = LC->getLoop();
        for (size_t D = 0; D < Dirs.size(); ++D)
          if (Dirs[D].S == LC)
            Dir = static_cast<int>(D);
      }
      int NodeIdx = -1;
      for (size_t K = 0; K < Nodes.size(); ++K)
        if (Nodes[K].For == Loop && Nodes[K].Parent < 0)
          NodeIdx = static_cast<int>(K);
      if (NodeIdx < 0) {
        // A statement that is not a loop nest.
        if (isa<NullStmt>(S))
          continue;
        RegionFacts SF(S, Ctx);
        if (SF.accesses().empty() && !SF.hasCallsOrEscapes())
          continue; // scalar-only code stays on the host
        if (isa<DeclStmt>(S))
          return FailAll("a declaration in the kernels region reads device "
                         "data; move it out of the region");
        std::string L = omp("target", KernelClauses(S, false));
        E.insertLinesBefore(S->getBeginLoc(), {L});
        Emitted.push_back(L);
        R.Notes.push_back("statement at line " +
                          std::to_string(SM.getPresumedLineNumber(S->getBeginLoc())) +
                          " runs in a single-thread target");
        continue;
      }
      const LoopNode &N = Nodes[NodeIdx];
      bool Inner = false;
      for (size_t K = 0; K < Nodes.size(); ++K)
        for (int P = Nodes[K].Parent; P >= 0; P = Nodes[P].Parent)
          if (P == NodeIdx && Nodes[K].Partitioned)
            Inner = true;
      std::string L;
      if (N.Partitioned) {
        std::vector<std::string> Cl = KernelClauses(S, true, N.AutoReductions);
        std::vector<std::string> LoopCl;
        std::string LD = RenderLoop(N, LoopCl);
        Cl.insert(Cl.end(), LoopCl.begin(), LoopCl.end());
        L = omp("target teams " + LD, Cl);
      } else {
        std::vector<std::string> Cl = KernelClauses(S, Inner);
        L = omp(Inner ? "target teams num_teams(1)" : "target", Cl);
        if (!Inner)
          OneThread(N);
      }
      if (Dir >= 0) {
        std::string T = L;
        if (N.Partitioned && !N.TileSizes.empty())
          T += "\n" + E.indentOf(Dirs[Dir].Loc) + TileLine(N);
        E.replace(Dirs[Dir].Text, T);
        LoopRecord(Dir, T, false);
      } else {
        std::vector<std::string> Lines = {L};
        if (N.Partitioned && !N.TileSizes.empty())
          Lines.push_back(TileLine(N));
        E.insertLinesBefore(S->getBeginLoc(), Lines);
      }
      Emitted.push_back(L);
    }
    // Loop directives below the nests' outer loops.
    for (size_t K = 0; K < Nodes.size(); ++K) {
      const LoopNode &N = Nodes[K];
      if (N.Parent < 0 || N.Dir < 0)
        continue;
      if (!N.Partitioned) {
        E.removeDirective(Dirs[N.Dir].Text);
        LoopRecord(N.Dir, "", true);
        continue;
      }
      std::vector<std::string> Cl;
      std::string LD = RenderLoop(N, Cl);
      std::string L = omp(LD, Cl);
      ReplaceDir(N.Dir, L, &N);
      LoopRecord(N.Dir, L, false);
    }
    (void)AnyPartitioned;
  }
  // Other directives inside the region: atomic, cache.
  for (int D : Desc) {
    const Directive &DD = Dirs[D];
    if (DD.Kind == DK::Loop)
      continue;
    ConstructRecord DR = newRecord(D);
    if (DD.Kind == DK::Atomic) {
      if (!DD.Clauses.empty())
        return FailAll("atomic with an if clause has no OpenMP equivalent");
      std::string L = atomicDirective(DD);
      E.replace(DD.Text, L);
      DR.Emitted.push_back(L);
      DR.Translated = true;
    } else if (DD.Kind == DK::Cache) {
      E.removeDirective(DD.Text);
      DR.Notes.push_back("cache dropped: OpenMP has no cache directive");
      DR.Translated = true;
    } else {
      return FailAll("directive '" + DR.Kind + "' inside a compute construct "
                     "is not supported");
    }
    Out.Records.push_back(DR);
  }
  if (!Async.empty())
    noteQueueUse(C.Loc);
  R.Emitted = Emitted;
  KernelRecs.push_back({C.S, C.Fn, Hoistable, !Async.empty()});
  // Data reached through structure members (s.x may be any array's data):
  // data placement cannot tell what the kernel touches.
  if (!Maps.Roots.empty())
    MemberKernels.push_back(C.S);
  succeed(R, E);
}

// ============================================================================
// Data constructs
// ============================================================================

void FilePlanner::planData(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  MapList Maps;
  std::vector<std::string> DevPtrs, Cl, Async;
  bool TaskwaitBefore = false;
  std::string Why;
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::If:
      Cl.push_back("if(" + text(cast<OpenACCIfClause>(C)->getConditionExpr()) + ")");
      break;
    case CK::Async:
      R.Notes.push_back("async on a data construct dropped: its transfers are "
                        "synchronous");
      break;
    case CK::Wait:
      asyncWait(C, Async, TaskwaitBefore, false, Why);
      if (!Async.empty()) {
        Async.clear();
        TaskwaitBefore = true;
      }
      break;
    case CK::Default:
      R.Notes.push_back("default(...) dropped");
      break;
    default:
      dataClause(C, DataContext::Data, false, Maps, DevPtrs, R, Why);
    }
    if (!Why.empty())
      return fail(R, Why);
  }
  if (!DevPtrs.empty())
    R.Notes.push_back("deviceptr(" + llvm::join(DevPtrs, ", ") +
                      ") becomes is_device_ptr on the compute constructs inside");
  EditSet E(SM);
  std::string Pre = TaskwaitBefore ? "#pragma omp taskwait\n" + E.indentOf(D.Loc) : "";
  if (Maps.empty()) {
    if (TaskwaitBefore) {
      E.replace(D.Text, "#pragma omp taskwait");
      R.Emitted.push_back("#pragma omp taskwait");
    } else {
      E.removeDirective(D.Text);
    }
    R.Notes.push_back("no data to map: the directive is removed, its block stays");
    return succeed(R, E);
  }
  if (llvm::any_of(D.Clauses, [](const OpenACCClause *C) {
        return llvm::any_of(varList(C), [](const Expr *X) {
          std::optional<MemberPath> MP = memberPathOf(X);
          return MP && MP->ThroughPointer;
        });
      })) {
    // gcc 12 crashes on a target data construct that maps a member
    // section through a pointer (p->x[0:n]); enter and exit data around
    // the block are the same region when nothing leaves it early.
    const Stmt *Block = assoc(D);
    std::string Leaves = leavesEarly(Block);
    if (!Leaves.empty())
      return fail(R, "a member section through a pointer in a data construct "
                     "becomes enter and exit data (gcc 12 fails to compile "
                     "it in target data), but " + Leaves);
    auto [EnterMaps, ExitMaps] = enterExitOf(Maps);
    std::vector<std::string> EnterCl = Cl, ExitCl = Cl;
    EnterMaps.renderInto(EnterCl);
    ExitMaps.renderInto(ExitCl);
    std::string L = Pre + omp("target enter data", EnterCl);
    std::string X = omp("target exit data", ExitCl);
    E.replace(D.Text, L);
    E.insertLinesAfter(lastLoc(Block), {X}, E.indentOf(D.Loc));
    R.Emitted.push_back(L);
    R.Emitted.push_back(X);
    R.Notes.push_back("a member section through a pointer: the data region "
                      "becomes enter data before its block and exit data "
                      "after it (gcc 12 fails to compile it in target data)");
    return succeed(R, E);
  }
  Maps.renderInto(Cl);
  std::string L = Pre + omp("target data", Cl);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

/// Why control may leave Block other than at its end (a return, goto,
/// throw, or a break or continue of a loop around it); empty if it cannot.
std::string FilePlanner::leavesEarly(const Stmt *Block) const {
  if (!isa<CompoundStmt>(Block) || !endsItsLine(Block))
    return "its block is not a { } compound statement ending its line";
  std::string Why;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool InLoop) {
    if (!S || !Why.empty())
      return;
    if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
        isa<CXXThrowExpr>(S) ||
        (!InLoop && (isa<BreakStmt>(S) || isa<ContinueStmt>(S)))) {
      Why = "its block can be left early (line " +
            std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(S->getBeginLoc()))) +
            ")";
      return;
    }
    if (isa<LambdaExpr>(S))
      return;
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<CXXForRangeStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    for (const Stmt *C : S->children()) {
      // A switch takes its breaks but not its continues.
      if (Switch && !InLoop) {
        std::function<void(const Stmt *)> Cont = [&](const Stmt *X) {
          if (!X || !Why.empty())
            return;
          if (isa<ContinueStmt>(X))
            Why = "its block can be left early (a continue)";
          if (isa<ForStmt>(X) || isa<WhileStmt>(X) || isa<DoStmt>(X) ||
              isa<CXXForRangeStmt>(X))
            return;
          for (const Stmt *Y : X->children())
            Cont(Y);
        };
        Cont(C);
      }
      Walk(C, InLoop || Loop || Switch);
    }
  };
  Walk(Block, false);
  return Why;
}

/// A target data region's maps as the enter data before it and the exit
/// data after it: to and tofrom go in, tofrom and from come out, the rest
/// is allocated and released.
std::pair<MapList, MapList> FilePlanner::enterExitOf(const MapList &Maps) {
  MapList In, Out;
  for (bool RootPass : {true, false})
    for (const auto &[T, Items] : Maps.Groups)
      for (const std::string &I : Items) {
        if (Maps.Roots.count(I) != RootPass)
          continue;
        StringRef Ty = StringRef(T);
        bool Always = Ty.consume_front("always, ");
        std::string EnterT = (Ty == "to" || Ty == "tofrom") ? "to" : "alloc";
        std::string ExitT = (Ty == "from" || Ty == "tofrom") ? "from" : "release";
        if (Always && EnterT == "to")
          EnterT = "always, to";
        if (Always && ExitT == "from")
          ExitT = "always, from";
        if (RootPass) {
          In.addRoot(EnterT, I);
          Out.addRoot(ExitT, I);
        } else {
          In.add(EnterT, I);
          Out.add(ExitT, I);
        }
      }
  return {In, Out};
}

void FilePlanner::planEnterExit(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  bool Enter = D.Kind == DK::EnterData;
  bool Finalize = llvm::any_of(D.Clauses, [](const OpenACCClause *C) {
    return C->getClauseKind() == CK::Finalize;
  });
  MapList Maps;
  std::vector<std::string> DevPtrs, Cl, Async;
  bool TaskwaitBefore = false;
  std::string Why;
  std::vector<std::string> FinalFrom; // copyout with finalize
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::If:
      Cl.push_back("if(" + text(cast<OpenACCIfClause>(C)->getConditionExpr()) + ")");
      break;
    case CK::Async:
    case CK::Wait:
      asyncWait(C, Async, TaskwaitBefore, true, Why, /*Deferred=*/false);
      if (C->getClauseKind() == CK::Async)
        R.Notes.push_back("async data directive: runs synchronously once its "
                          "queue's earlier work is done");
      break;
    case CK::Finalize:
      break;
    case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
      if (!Enter && Finalize) {
        // map(from:) would only decrement the count: copy, then delete.
        for (const Expr *X : varList(C)) {
          if (std::string W = deepSectionWhy(X); !W.empty())
            return fail(R, W);
          FinalFrom.push_back(text(X));
          if (!memberCompanion(X, "delete", true, Maps, Why))
            return fail(R, Why);
          Maps.add("delete", text(X));
        }
        break;
      }
      [[fallthrough]];
    default:
      dataClause(C, Enter ? DataContext::EnterData : DataContext::ExitData,
                 Finalize, Maps, DevPtrs, R, Why);
    }
    if (!Why.empty())
      return fail(R, Why);
  }
  EditSet E(SM);
  if (Maps.empty()) {
    E.removeDirective(D.Text);
    R.Notes.push_back("nothing to map: directive removed");
    return succeed(R, E);
  }
  std::vector<std::string> MotionCl = Cl; // if(...), for the update
  Maps.renderInto(Cl);
  Cl.insert(Cl.end(), Async.begin(), Async.end());
  std::string L = omp(Enter ? "target enter data" : "target exit data", Cl);
  if (!FinalFrom.empty()) {
    MotionCl.insert(MotionCl.begin(), "from(" + llvm::join(FinalFrom, ", ") + ")");
    MotionCl.insert(MotionCl.end(), Async.begin(), Async.end());
    L = omp("target update", MotionCl) + "\n" + E.indentOf(D.Loc) + L;
  }
  if (TaskwaitBefore)
    L = "#pragma omp taskwait\n" + E.indentOf(D.Loc) + L;
  if (!Async.empty())
    noteQueueUse(D.Loc);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

void FilePlanner::planUpdate(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  std::vector<std::string> To, From, Cl, Async;
  bool TaskwaitBefore = false;
  std::string Why;
  // An update names data: a pointer without a section would update the
  // pointer variable, not what it points to.
  auto Item = [&](const Expr *E) {
    const ValueDecl *V = itemDecl(E);
    if (!V || !V->getType()->isPointerType() || isSection(E))
      return text(E);
    std::string Declared = declaredSection(V);
    if (Declared.empty())
      Why = "'" + text(E) + "' is a pointer without a section: write the "
            "section to update the data it points to";
    return Declared;
  };
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    for (const Expr *E : varList(C))
      if (Why.empty())
        Why = deepSectionWhy(E);
    if (!Why.empty())
      return fail(R, Why);
    switch (C->getClauseKind()) {
    case CK::Self:
    case CK::Host:
      for (const Expr *E : varList(C))
        From.push_back(Item(E));
      break;
    case CK::Device:
      for (const Expr *E : varList(C))
        To.push_back(Item(E));
      break;
    case CK::If:
      Cl.push_back("if(" + text(cast<OpenACCIfClause>(C)->getConditionExpr()) + ")");
      break;
    case CK::IfPresent:
      R.Notes.push_back("if_present dropped: target update skips absent data");
      break;
    case CK::Async:
    case CK::Wait:
      asyncWait(C, Async, TaskwaitBefore, true, Why, /*Deferred=*/false);
      if (C->getClauseKind() == CK::Async)
        R.Notes.push_back("async update: runs synchronously once its queue's "
                          "earlier work is done");
      break;
    default:
      Why = "clause '" + clauseText(C) + "' is not supported on update";
    }
    if (!Why.empty())
      return fail(R, Why);
  }
  std::vector<std::string> Motion;
  if (!To.empty())
    Motion.push_back("to(" + llvm::join(To, ", ") + ")");
  if (!From.empty())
    Motion.push_back("from(" + llvm::join(From, ", ") + ")");
  Motion.insert(Motion.end(), Cl.begin(), Cl.end());
  Motion.insert(Motion.end(), Async.begin(), Async.end());
  EditSet E(SM);
  std::string L = omp("target update", Motion);
  if (TaskwaitBefore)
    L = "#pragma omp taskwait\n" + E.indentOf(D.Loc) + L;
  if (!Async.empty())
    noteQueueUse(D.Loc);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

void FilePlanner::planHostData(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  std::vector<std::string> Ptr, Addr, Cl;
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::UseDevice:
      for (const Expr *E : varList(C)) {
        const ValueDecl *V = itemDecl(E);
        (V && V->getType()->isPointerType() ? Ptr : Addr).push_back(text(E));
      }
      break;
    case CK::If:
      Cl.push_back("if(" + text(cast<OpenACCIfClause>(C)->getConditionExpr()) + ")");
      break;
    case CK::IfPresent:
      R.Notes.push_back("if_present dropped");
      break;
    default:
      return fail(R, "clause '" + clauseText(C) + "' is not supported on host_data");
    }
  }
  if (!Ptr.empty())
    Cl.insert(Cl.begin(), "use_device_ptr(" + llvm::join(Ptr, ", ") + ")");
  if (!Addr.empty())
    Cl.insert(Cl.begin(), "use_device_addr(" + llvm::join(Addr, ", ") + ")");
  EditSet E(SM);
  std::string L = omp("target data", Cl);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

void FilePlanner::planAtomic(int I) {
  // An atomic outside any compute construct runs on the host: same text.
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  if (!D.Clauses.empty())
    return fail(R, "atomic with an if clause has no OpenMP equivalent");
  EditSet E(SM);
  std::string L = atomicDirective(D);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

void FilePlanner::planSimple(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  switch (D.Kind) {
  case DK::Wait: {
    for (const OpenACCClause *C : D.Clauses)
      if (C->getClauseKind() == CK::Async)
        R.Notes.push_back("wait async: the wait is synchronous");
    std::string L = "#pragma omp taskwait";
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    if (const auto *W = dyn_cast<OpenACCWaitConstruct>(D.S))
      if (!W->getQueueIdExprs().empty())
        R.Notes.push_back("waits for every queue, not only the ones named");
    break;
  }
  case DK::Cache:
    E.removeDirective(D.Text);
    R.Notes.push_back("cache dropped: OpenMP has no cache directive");
    break;
  case DK::Init:
  case DK::Shutdown:
    E.removeDirective(D.Text);
    R.Notes.push_back(R.Kind + " dropped: OpenMP initialises devices lazily");
    break;
  case DK::Set: {
    std::string Cond;
    std::vector<std::string> Stmts;
    for (const OpenACCClause *C : D.Clauses) {
      if (const auto *N = dyn_cast<OpenACCDeviceNumClause>(C)) {
        Stmts.push_back("omp_set_default_device(" + text(N->getIntExpr()) + ");");
      } else if (const auto *Q = dyn_cast<OpenACCDefaultAsyncClause>(C)) {
        Stmts.push_back(std::string(DefaultAsyncVar) + " = (" +
                        text(Q->getIntExpr()) + ");");
        noteQueueUse(D.Loc);
        R.Notes.push_back("default_async: the default queue is a variable of "
                          "this file (static int " +
                          std::string(DefaultAsyncVar) +
                          "); a default set in another file is not seen here");
      } else if (const auto *If = dyn_cast<OpenACCIfClause>(C)) {
        Cond = text(If->getConditionExpr());
      } else {
        R.Notes.push_back("'" + clauseText(C) + "' dropped");
      }
    }
    if (Stmts.empty()) {
      E.removeDirective(D.Text);
      break;
    }
    std::string L = llvm::join(Stmts, " ");
    if (!Cond.empty())
      L = "if (" + Cond + ") " + (Stmts.size() > 1 ? "{ " + L + " }" : L);
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    break;
  }
  default:
    return fail(R, "directive not supported here");
  }
  succeed(R, E);
}

void FilePlanner::planDeclare(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  auto BaseName = [&](const Expr *X) {
    const ValueDecl *V = itemDecl(X);
    return V ? V->getNameAsString() : text(X);
  };
  if (!D.Fn) {
    std::vector<std::string> To, Link;
    for (const OpenACCClause *C : D.Clauses) {
      for (const Expr *X : varList(C)) {
        if (const ValueDecl *V = itemDecl(X))
          GlobalDeclared.insert(V);
        (C->getClauseKind() == CK::Link ? Link : To).push_back(BaseName(X));
      }
      if (C->getClauseKind() == CK::CopyOut || C->getClauseKind() == CK::Copy)
        R.Notes.push_back("a global's device copy is not copied back at exit; "
                          "use target update from");
    }
    std::vector<std::string> Lines;
    if (!To.empty())
      Lines.push_back("#pragma omp declare target(" + llvm::join(To, ", ") + ")");
    if (!Link.empty())
      Lines.push_back("#pragma omp declare target link(" + llvm::join(Link, ", ") + ")");
    std::string L = llvm::join(Lines, "\n" + E.indentOf(D.Loc));
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    return succeed(R, E);
  }
  // In a function: the data lives until the function returns.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(D.Fn->getBody());
  bool Direct = false, Returns = false;
  if (Body)
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *X : DS->decls())
          Direct |= X == D.D;
  std::function<void(const Stmt *)> FindReturn = [&](const Stmt *S) {
    if (!S)
      return;
    if (isa<ReturnStmt>(S))
      Returns = true;
    for (const Stmt *C : S->children())
      FindReturn(C);
  };
  FindReturn(Body);
  if (!Direct || Returns)
    return fail(R, "declare in a nested block or in a function with return "
                   "statements is not translated");
  MapList In, OutMaps;
  for (const OpenACCClause *C : D.Clauses) {
    for (const Expr *X : varList(C)) {
      std::string T = text(X);
      if (std::string W = deepSectionWhy(X); !W.empty())
        return fail(R, W);
      switch (C->getClauseKind()) {
      case CK::Copy: case CK::PCopy: case CK::PresentOrCopy:
        In.add("to", T); OutMaps.add("from", T); break;
      case CK::CopyIn: case CK::PCopyIn: case CK::PresentOrCopyIn:
        In.add("to", T); OutMaps.add("release", T); break;
      case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
        In.add("alloc", T); OutMaps.add("from", T); break;
      case CK::Create: case CK::PCreate: case CK::PresentOrCreate:
      case CK::DeviceResident:
        In.add("alloc", T); OutMaps.add("release", T); break;
      case CK::Present:
        break;
      default:
        return fail(R, "clause '" + clauseText(C) + "' of a local declare is not supported");
      }
    }
  }
  if (In.empty()) {
    E.removeDirective(D.Text);
    return succeed(R, E);
  }
  std::vector<std::string> ICl, OCl;
  In.renderInto(ICl);
  OutMaps.renderInto(OCl);
  std::string L1 = omp("target enter data", ICl), L2 = omp("target exit data", OCl);
  E.replace(D.Text, L1);
  E.insertLinesBefore(Body->getRBracLoc(), {"  " + L2});
  R.Emitted = {L1, L2};
  succeed(R, E);
}

void FilePlanner::planRoutine(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  for (const OpenACCClause *C : D.Clauses) {
    switch (C->getClauseKind()) {
    case CK::NoHost:
      R.Notes.push_back("nohost dropped: OpenMP compiles every target region "
                        "for the host too (fallback), so the function needs a "
                        "host version");
      break;
    case CK::Bind:
      return fail(R, "bind(...) has no portable OpenMP equivalent (declare "
                     "variant needs a per-device implementation)");
    case CK::Gang: case CK::Worker: case CK::Vector: case CK::Seq:
      R.Notes.push_back("'" + clauseText(C) + "' dropped: OpenMP chooses the "
                        "parallelism inside declare target functions");
      break;
    default:
      break;
    }
  }
  if (!D.RoutineFn)
    return fail(R, "the routine's function is not known");
  EditSet E(SM);
  if (isa_and_nonnull<OpenACCRoutineDecl>(D.D)) {
    std::string L =
        "#pragma omp declare target(" + D.RoutineFn->getNameAsString() + ")";
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    return succeed(R, E);
  }
  // Before a declaration: begin/end around it.
  const Decl *Whole = D.RoutineFn;
  if (const FunctionTemplateDecl *T = D.RoutineFn->getDescribedFunctionTemplate())
    Whole = T;
  SourceLocation End = SM.getExpansionLoc(Whole->getEndLoc());
  std::string L = "#pragma omp declare target";
  E.replace(D.Text, L);
  E.insertLinesAfter(End, {"#pragma omp end declare target"},
                     E.indentOf(Whole->getBeginLoc()));
  R.Emitted = {L, "#pragma omp end declare target"};
  succeed(R, E);
}

void FilePlanner::planOrphanLoop(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  E.removeDirective(D.Text);
  R.Notes.push_back("orphaned loop (outside a compute construct, e.g. in a "
                    "routine): the loop runs sequentially in the calling thread");
  succeed(R, E);
}

// ============================================================================
// Runtime API and preprocessor
// ============================================================================

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      walk(FD->getBody());
    return true;
  }
  void walk(const Stmt *S) {
    if (!S || !Seen.insert(S).second)
      return;
    // Calls that are whole statements (their value unused).
    auto NoteStmt = [&](const Stmt *Child) {
      if (const auto *C = dyn_cast_or_null<CallExpr>(Child))
        StatementCalls.insert(C);
    };
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Ch : CS->body())
        NoteStmt(Ch);
    else if (const auto *If = dyn_cast<IfStmt>(S)) {
      NoteStmt(If->getThen());
      NoteStmt(If->getElse());
    } else if (const auto *F = dyn_cast<ForStmt>(S))
      NoteStmt(F->getBody());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      NoteStmt(W->getBody());
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee())
        if (F->getName().starts_with("acc_"))
          Calls.push_back(C);
    // acc_get_device_type() == acc_device_host (either side): the
    // comparison has an OpenMP form, the call alone has none.
    if (const auto *B = dyn_cast<BinaryOperator>(S);
        B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE))
      for (auto [X, Y] : {std::pair(B->getLHS(), B->getRHS()),
                          std::pair(B->getRHS(), B->getLHS())}) {
        const auto *C = dyn_cast<CallExpr>(X->IgnoreParenImpCasts());
        const auto *D = dyn_cast<DeclRefExpr>(Y->IgnoreParenImpCasts());
        if (C && D && C->getDirectCallee() &&
            C->getDirectCallee()->getName() == "acc_get_device_type" &&
            isa<EnumConstantDecl>(D->getDecl()) &&
            D->getDecl()->getName().starts_with("acc_device_"))
          Compared[C] = {B, D->getDecl()->getName().str()};
      }
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      walk(L->getBody());
      return;
    }
    for (const Stmt *Ch : S->children())
      walk(Ch);
  }
  SourceManager &SM;
  llvm::DenseSet<const Stmt *> Seen;
  std::vector<const CallExpr *> Calls;
  llvm::DenseSet<const CallExpr *> StatementCalls;
  std::map<const CallExpr *, std::pair<const BinaryOperator *, std::string>> Compared;
};

ConstructRecord FilePlanner::callRecord(const CallExpr *C) const {
  ConstructRecord R;
  R.Kind = "runtime call";
  R.Loc = SM.getExpansionLoc(C->getBeginLoc());
  PresumedLoc P = SM.getPresumedLoc(R.Loc);
  R.Line = P.getLine();
  R.Column = P.getColumn();
  R.Original = text(C);
  return R;
}

/// A runtime call that another one's rewrite takes care of: translated,
/// with no edit of its own.
void FilePlanner::absorb(const CallExpr *C, const std::vector<std::string> &Notes) {
  if (!Absorbed.insert(C).second)
    return;
  ConstructRecord R = callRecord(C);
  R.Notes = Notes;
  EditSet None(SM);
  succeed(R, None);
}

/// Whether an argument that a rewrite drops may go unevaluated: nothing in
/// it writes memory or calls anything but OpenACC's queries.
bool FilePlanner::droppable(const Expr *A) const {
  static const llvm::StringSet<> Queries = {
      "acc_get_device_type", "acc_get_device_num", "acc_get_num_devices",
      "acc_get_default_async", "acc_on_device", "acc_is_present"};
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Ok = false;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
      Ok = false;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (!C->getDirectCallee() || !Queries.count(C->getDirectCallee()->getName()))
        Ok = false;
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(A);
  return Ok;
}

/// The text of A (an argument of the runtime call Outer) with the runtime
/// calls directly inside it rewritten; a call that has no OpenMP form stays
/// as written and is reported.
std::string FilePlanner::spliced(const Expr *A, const CallExpr *Outer) {
  CharSourceRange AR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(A->getSourceRange()), SM, Ctx.getLangOpts());
  std::string T = text(A);
  if (AR.isInvalid())
    return T;
  unsigned AB = SM.getFileOffset(AR.getBegin()), AE = SM.getFileOffset(AR.getEnd());
  auto RangeOf = [&](const Expr *E) -> std::pair<unsigned, unsigned> {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
    if (R.isInvalid())
      return {0, 0};
    return {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())};
  };
  std::vector<const CallExpr *> Inner;
  for (const CallExpr *I : RuntimeCalls) {
    auto [B, E] = RangeOf(I);
    if (I != Outer && E > B && B >= AB && E <= AE)
      Inner.push_back(I);
  }
  // Directly inside: within no other of them.
  std::vector<std::pair<std::pair<unsigned, unsigned>, std::string>> Reps;
  for (const CallExpr *I : Inner) {
    auto [B, E] = RangeOf(I);
    if (llvm::any_of(Inner, [&](const CallExpr *J) {
          auto [JB, JE] = RangeOf(J);
          return J != I && JB <= B && E <= JE;
        }))
      continue;
    std::string Why;
    std::string Name = Outer->getDirectCallee()->getNameAsString();
    if (std::optional<CallRewrite> W = exprRewrite(I, Why)) {
      auto [RB, RE] = std::pair<unsigned, unsigned>{
          SM.getFileOffset(W->Range.getBegin()), SM.getFileOffset(W->Range.getEnd())};
      if (RB < AB || RE > AE) { // a comparison around the argument
        Why = "its comparison is not inside the argument of " + Name;
      } else {
        W->Notes.insert(W->Notes.begin(),
                        "rewritten inside the call to " + Name + ": " + W->Text);
        absorb(I, W->Notes);
        Reps.push_back({{RB, RE}, W->Text});
        continue;
      }
    }
    // No OpenMP form: it stays, with what is inside it rewritten.
    Absorbed.insert(I);
    fail(callRecord(I), Why);
    std::string Callee = I->getDirectCallee()->getNameAsString();
    std::vector<std::string> As;
    for (const Expr *X : I->arguments())
      As.push_back(spliced(X, I));
    Reps.push_back({{B, E}, Callee + "(" + llvm::join(As, ", ") + ")"});
  }
  llvm::sort(Reps, [](const auto &X, const auto &Y) { return X.first.first > Y.first.first; });
  for (const auto &[Rg, Rep] : Reps)
    T.replace(Rg.first - AB, Rg.second - Rg.first, Rep);
  return T;
}

/// The OpenMP expression for a runtime call (or, for acc_get_device_type()
/// compared with a device type, for the comparison), with the calls inside
/// its arguments rewritten or dropped with them; std::nullopt and Why when
/// it has none. Nothing is recorded unless it succeeds.
std::optional<FilePlanner::CallRewrite>
FilePlanner::exprRewrite(const CallExpr *C, std::string &Why) {
  std::string Name = C->getDirectCallee()->getNameAsString();
  if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID()) {
    Why = "call to " + Name + " inside a macro is not rewritten";
    return std::nullopt;
  }
  CallRewrite W;
  W.Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(C->getSourceRange()), SM, Ctx.getLangOpts());
  if (Name == "acc_on_device") {
    Expr::EvalResult ER;
    if (C->getNumArgs() == 1 && C->getArg(0)->EvaluateAsInt(ER, Ctx)) {
      int64_t V = ER.Val.getInt().getExtValue();
      if (V == 2)
        W.Text = "omp_is_initial_device()";
      else if (V == 4 || V == 5 || V == 1)
        W.Text = "(!omp_is_initial_device())";
    }
    if (W.Text.empty()) {
      Why = "acc_on_device with this argument has no OpenMP equivalent";
      return std::nullopt;
    }
    return W;
  }
  if (Name == "acc_get_device_type" && DeviceTypeTests.count(C)) {
    auto [B, Type] = DeviceTypeTests[C];
    bool Eq = B->getOpcode() == BO_EQ;
    W.Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(B->getSourceRange()), SM, Ctx.getLangOpts());
    if (W.Range.isInvalid()) {
      Why = "the comparison of acc_get_device_type() comes from a macro";
      return std::nullopt;
    }
    if (Type == "acc_device_none") {
      W.Text = Eq ? "0" : "1";
      W.Notes.push_back("OpenACC returns acc_device_none only while no device "
                        "type is selected; OpenMP always has a default device");
    } else {
      bool Host = Type == "acc_device_host";
      W.Text = std::string("(omp_get_default_device() ") +
               ((Host == Eq) ? "==" : "!=") + " omp_get_initial_device())";
      if (Type == "acc_device_nvidia" || Type == "acc_device_radeon")
        W.Notes.push_back("OpenMP does not tell a device's vendor: " + Type +
                          " reads as any device that is not the host");
    }
    return W;
  }
  const RuntimeApiRule *Rule = findRuntimeApiRule(Name);
  if (!Rule || !*Rule->Replacement) {
    Why = Name + " has no OpenMP equivalent" +
          (Rule && *Rule->Note ? std::string(": ") + Rule->Note : "");
    return std::nullopt;
  }
  // The arguments the template drops are not evaluated.
  StringRef T(Rule->Replacement);
  for (unsigned K = 0; K < C->getNumArgs(); ++K)
    if (!T.contains("$" + std::to_string(K + 1)) && !droppable(C->getArg(K))) {
      Why = "the OpenMP form of " + Name + " drops its argument '" +
            text(C->getArg(K)) + "', which has side effects";
      return std::nullopt;
    }
  std::vector<std::string> Probe(C->getNumArgs());
  if (!expandRuntimeTemplate(Rule->Replacement, Probe)) {
    Why = "unexpected number of arguments to " + Name;
    return std::nullopt;
  }
  // It succeeds: rewrite what the kept arguments call, drop the rest.
  std::vector<std::string> Args;
  for (unsigned K = 0; K < C->getNumArgs(); ++K) {
    if (T.contains("$" + std::to_string(K + 1))) {
      Args.push_back(spliced(C->getArg(K), C));
      continue;
    }
    Args.push_back("");
    for (const CallExpr *I : RuntimeCalls)
      if (I != C && within(I, C->getArg(K)))
        absorb(I, {"dropped with the argument of " + Name +
                   " that its OpenMP form does not use"});
  }
  W.Text = *expandRuntimeTemplate(Rule->Replacement, Args);
  if (*Rule->Note)
    W.Notes.push_back(Rule->Note);
  if (T.contains(DefaultAsyncVar))
    noteQueueUse(SM.getExpansionLoc(C->getBeginLoc()));
  return W;
}

void FilePlanner::planRuntimeCalls() {
  bool Rewrote = false;
  for (const CallExpr *C : RuntimeCalls) {
    if (Absorbed.count(C))
      continue; // recorded with the call around it
    ConstructRecord R = callRecord(C);
    std::string Name = C->getDirectCallee()->getNameAsString();
    if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID()) {
      fail(R, "call to " + Name + " inside a macro is not rewritten");
      continue;
    }
    // A call in a directive's clause: the directive's own rewrite copies
    // the clause text, and two edits of one range cannot both apply.
    if (llvm::any_of(Dirs, [&](const Directive &D) {
          return D.Text.isValid() &&
                 !SM.isBeforeInTranslationUnit(R.Loc, D.Text.getBegin()) &&
                 SM.isBeforeInTranslationUnit(R.Loc, D.Text.getEnd());
        })) {
      fail(R, "call to " + Name + " inside a directive is not rewritten; "
                                  "assign its value to a variable before the "
                                  "directive");
      continue;
    }
    if (const RuntimeDirectiveRule *DR = findRuntimeDirectiveRule(Name)) {
      // A directive in place of the call statement.
      if (!StatementCalls.count(C)) {
        fail(R, Name + " is used as a value; OpenMP expresses it only as a "
                       "directive, which must stand as a statement");
        continue;
      }
      auto Arg = [&](unsigned K) { return spliced(C->getArg(K - 1), C); };
      if ((DR->PtrArg && DR->PtrArg > C->getNumArgs()) ||
          (DR->BytesArg && DR->BytesArg > C->getNumArgs()) ||
          (DR->AsyncArg && DR->AsyncArg > C->getNumArgs())) {
        fail(R, "unexpected number of arguments to " + Name);
        continue;
      }
      EditSet E(SM);
      std::string Indent = E.indentOf(C->getBeginLoc());
      std::string Sec = "omp_migrate_p_[0:(" +
                        (DR->BytesArg ? Arg(DR->BytesArg) : std::string("0")) + ")]";
      std::string Async;
      if (DR->AsyncArg) {
        NeedQueues = true;
        noteQueueUse(SM.getExpansionLoc(C->getBeginLoc()));
        // Synchronous, after the queue's earlier work: a nowait task would
        // read the block's pointer after the block is gone.
        Async = " depend(inout: omp_migrate_async_[(" +
                queueValue(C->getArg(DR->AsyncArg - 1)) + ") & 63])";
        R.Notes.push_back(Name + " runs synchronously once its queue's earlier "
                                 "work is done");
      }
      auto Expand = [&](StringRef T) {
        std::string O;
        for (size_t K = 0; K < T.size(); ++K) {
          if (T.substr(K).starts_with("$S")) {
            O += Sec;
            ++K;
          } else {
            O += T[K];
          }
        }
        return O;
      };
      std::string Block = "{ /* omp-migrate: " + Name + " */\n";
      if (DR->PtrArg)
        Block += Indent + "  char *omp_migrate_p_ = (char *)(" + Arg(DR->PtrArg) + ");\n";
      Block += Indent + "  #pragma omp " + Expand(DR->Directive) +
               (*DR->Directive2 ? "" : Async) + "\n";
      if (*DR->Directive2)
        Block += Indent + "  #pragma omp " + Expand(DR->Directive2) + Async + "\n";
      Block += Indent + "}";
      // Replace the call and its ';'.
      SourceLocation AfterSemi = Lexer::findLocationAfterToken(
          SM.getExpansionLoc(C->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(),
          /*SkipTrailingWhitespaceAndNewLine=*/false);
      if (AfterSemi.isInvalid()) {
        fail(R, "no ';' after the call to " + Name);
        continue;
      }
      E.replace(CharSourceRange::getCharRange(SM.getExpansionLoc(C->getBeginLoc()),
                                              AfterSemi),
                Block);
      R.Emitted.push_back(Block);
      R.Notes.push_back("the call statement became a directive block");
      Rewrote = true;
      succeed(R, E);
      continue;
    }
    std::string Why;
    std::optional<CallRewrite> W = exprRewrite(C, Why);
    if (!W) {
      fail(R, Why);
      continue;
    }
    Rewrote = true;
    R.Notes.insert(R.Notes.end(), W->Notes.begin(), W->Notes.end());
    EditSet E(SM);
    E.replace(W->Range, W->Text);
    R.Emitted.push_back(W->Text);
    succeed(R, E);
  }
  findOpenACCLeft();
  // omp_* calls need omp.h; openacc.h may have come through another header,
  // or stays (names without an OpenMP form are left).
  if (Rewrote && !PP.IncludesOmpH &&
      (PP.OpenACCIncludes.empty() || !OpenACCLeft.empty())) {
    EditSet E(SM);
    SourceLocation At = PP.FirstInclude.isValid()
                            ? PP.FirstInclude
                            : SM.getLocForStartOfFile(SM.getMainFileID());
    E.insertLinesBefore(At, {"#include <omp.h>"});
    Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
  }
}

/// The OpenACC names (declared in openacc.h: routines, acc_device_t, its
/// constants) that the main file still spells where no edit replaced them.
void FilePlanner::findOpenACCLeft() {
  FileID Main = SM.getMainFileID();
  std::set<std::string> Seen;
  auto Note = [&](const NamedDecl *D, SourceLocation L) {
    if (!D || L.isInvalid())
      return;
    SourceLocation DL = SM.getSpellingLoc(D->getLocation());
    if (llvm::sys::path::filename(SM.getFilename(DL)) != "openacc.h")
      return;
    SourceLocation SL = SM.getSpellingLoc(L);
    if (SM.getFileID(SL) != Main)
      return;
    unsigned Off = SM.getFileOffset(SL);
    for (const Edit &E : Out.Edits)
      if (E.Length && Off >= E.Offset && Off < E.Offset + E.Length)
        return;
    std::string Item = D->getNameAsString() + " (line " +
                       std::to_string(SM.getSpellingLineNumber(SL)) + ")";
    if (Seen.insert(D->getNameAsString()).second)
      OpenACCLeft.push_back(Item);
  };
  struct V : RecursiveASTVisitor<V> {
    std::function<void(const NamedDecl *, SourceLocation)> Note;
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      Note(E->getDecl(), E->getLocation());
      return true;
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      Note(TL.getTypePtr()->getDecl(), TL.getNameLoc());
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc TL) {
      Note(TL.getDecl(), TL.getNameLoc());
      return true;
    }
  } Vis;
  Vis.Note = Note;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Vis.TraverseDecl(D);
}

void FilePlanner::planPreprocessor() {
  for (const CharSourceRange &Rg : PP.OpenACCIncludes) {
    ConstructRecord R;
    R.Kind = "include";
    R.Loc = Rg.getBegin();
    R.Line = SM.getPresumedLineNumber(Rg.getBegin());
    R.Column = SM.getPresumedColumnNumber(Rg.getBegin());
    R.Original = Lexer::getSourceText(Rg, SM, Ctx.getLangOpts()).str();
    if (!OpenACCLeft.empty()) {
      // Replaced by <omp.h>, the names left would be undeclared.
      fail(R, "kept: the file still uses OpenACC names that have no OpenMP "
              "form here: " + llvm::join(OpenACCLeft, ", ") +
              " (gcc provides openacc.h, clang does not)");
      continue;
    }
    EditSet E(SM);
    E.replace(Rg, "<omp.h>");
    R.Emitted.push_back("<omp.h>");
    succeed(R, E);
  }
  for (const CharSourceRange &Rg : PP.OpenACCMacroRefs) {
    ConstructRecord R;
    R.Kind = "_OPENACC";
    R.Loc = Rg.getBegin();
    R.Line = SM.getPresumedLineNumber(Rg.getBegin());
    R.Column = SM.getPresumedColumnNumber(Rg.getBegin());
    R.Original = "_OPENACC";
    EditSet E(SM);
    E.replace(Rg, "_OPENMP");
    R.Emitted.push_back("_OPENMP");
    succeed(R, E);
  }
}

void FilePlanner::insertQueueDecl() {
  if ((!NeedQueues && !NeedDefaultAsync) || FirstQueueUse.isInvalid())
    return;
  // Before the top-level declaration that holds the first use.
  const Decl *Top = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange SR = D->getSourceRange();
    if (SM.isInMainFile(SM.getExpansionLoc(SR.getBegin())) &&
        !SM.isBeforeInTranslationUnit(FirstQueueUse, SM.getExpansionLoc(SR.getBegin())) &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(SR.getEnd()), FirstQueueUse)) {
      Top = D;
      break;
    }
  }
  if (!Top)
    return;
  SourceLocation At = SM.getExpansionLoc(Top->getBeginLoc());
  // Outside any #if block (the V&V suite wraps each test in #ifndef T<n>):
  // the declarations must exist whichever way the condition goes.
  FileID Main = SM.getMainFileID();
  unsigned Off = SM.getFileOffset(At);
  unsigned Moved = outsideConditionals(
      topLevelConditionals(SM, Main, Ctx.getLangOpts()), Off);
  if (Moved != Off)
    At = SM.getComposedLoc(Main, Moved);
  std::vector<std::string> Lines;
  if (NeedQueues)
    Lines.push_back("static char omp_migrate_async_[64]; /* omp-migrate: one "
                    "dependence object per OpenACC async queue */");
  if (NeedDefaultAsync)
    Lines.push_back("static int " + std::string(DefaultAsyncVar) +
                    " = 0; /* omp-migrate: the default async queue, "
                    "per file */");
  EditSet E(SM);
  E.insertLinesBefore(At, Lines);
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
}


// ============================================================================
// Data hoisting: one target data region around a host loop that runs kernels
// ============================================================================

void FilePlanner::collectOpenMPKernels() {
  OpenMPFacts F = collectOpenMPFacts(Ctx);
  for (const OMPExecutableDirective *O : F.Others)
    OmpOthers.push_back(O);
  for (const OmpKernel &K : F.Kernels) {
    std::vector<HoistItem> Items;
    for (const OmpMapItem &I : K.Items)
      Items.push_back({I.V, I.V->getNameAsString(), I.Text, I.MapType, I.Lo, I.Hi});
    KernelRecs.push_back({K.S, K.Fn, Items, K.Async});
    OmpKernelStmts.insert(K.S);
    if (K.MemberData)
      MemberKernels.push_back(K.S);
    if (!K.Skipped.empty())
      OmpSkippedItems[K.S] = K.Skipped;
  }
}

/// Whether Text names the identifier Name (not as part of a longer one).
static bool mentionsIdentifier(StringRef Text, StringRef Name) {
  auto IsId = [](char Ch) { return isalnum(static_cast<unsigned char>(Ch)) || Ch == '_'; };
  for (size_t P = Text.find(Name); P != StringRef::npos; P = Text.find(Name, P + 1)) {
    bool Left = P == 0 || !IsId(Text[P - 1]);
    bool Right = P + Name.size() >= Text.size() || !IsId(Text[P + Name.size()]);
    if (Left && Right)
      return true;
  }
  return false;
}

/// Widens Section (with inclusive bounds Lo..Hi, when known) of array Name
/// to cover Other as well (bounds OLo..OHi); false when the two cannot be
/// ordered. Equal sections are left as they are.
static bool widenSection(std::string &Section, std::optional<Poly> &Lo,
                         std::optional<Poly> &Hi, const std::string &Name,
                         const std::string &Other, const std::optional<Poly> &OLo,
                         const std::optional<Poly> &OHi) {
  if (Section == Other)
    return true;
  if (!Lo || !Hi || !OLo || !OHi)
    return false;
  std::optional<std::pair<Poly, Poly>> U = unionRange(*Lo, *Hi, *OLo, *OHi);
  if (!U)
    return false;
  Lo = U->first;
  Hi = U->second;
  Section = sectionText(Name, *Lo, *Hi);
  return true;
}

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

void FilePlanner::planCallSummaries() {
  // Names of the variables a function declares (parameters included).
  auto DeclaredNames = [](const FunctionDecl *F) {
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
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(F->getBody());
    return Names;
  };

  const std::map<std::string, const VarDecl *> &GlobalVars = globalVars();
  std::map<const FunctionDecl *, std::map<const VarDecl *, GlobalNeed>> GlobalSummaries;

  // Summaries, per function (canonical declaration): what its kernels, and
  // the summarized functions it calls, need of its pointer parameters and of
  // global arrays, in its own parameters' names.
  std::map<const FunctionDecl *, std::map<unsigned, ParamNeed>> Summaries;

  // The items a call to a summarized function needs, in the caller's terms
  // (GNames: the names the caller declares); nullopt if the callee has no
  // summary or the call cannot be put in the caller's terms.
  auto CallItems = [&](const CallExpr *CE, const std::set<std::string> &GNames)
      -> std::optional<std::vector<HoistItem>> {
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
    std::vector<HoistItem> Items;
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
  };

  // The functions of this file that may run device code, in the order of
  // the file: those a summary is tried for.
  std::vector<const FunctionDecl *> Candidates;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody() || F->isVariadic() ||
        F->isDependentContext() || isa<CXXMethodDecl>(F) ||
        !SM.isInMainFile(SM.getExpansionLoc(F->getBeginLoc())) ||
        !callGraph().mayRunDeviceCode(F))
      continue;
    Candidates.push_back(F);
  }
  std::set<const FunctionDecl *> Undecided;
  for (const FunctionDecl *F : Candidates)
    Undecided.insert(F->getCanonicalDecl());

  // Tries to summarize F from its own kernels and its calls to summarized
  // functions. Retry: it failed only for want of a callee's summary that a
  // later round may supply.
  auto Summarize = [&](const FunctionDecl *F, bool &Retry) {
    Retry = false;
    bool Ok = true;
    const FunctionDecl *FC = F->getCanonicalDecl();
    // Only translated compute constructs (and their loops): other
    // directives move data of their own.
    for (const Directive &D : Dirs) {
      if (!D.Fn || D.Fn->getCanonicalDecl() != FC)
        continue;
      if (isComputeKind(D.Kind))
        Ok &= !FailedConstructs.count(D.S);
      else
        Ok &= D.Kind == DK::Loop || D.Kind == DK::Atomic || D.Kind == DK::Cache;
    }
    for (const Stmt *O : OmpOthers)
      Ok &= !within(O, F->getBody());
    for (const Stmt *K : MemberKernels)
      Ok &= !within(K, F->getBody());
    if (!Ok)
      return false;
    std::map<const ParmVarDecl *, unsigned> Index;
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      Index[F->getParamDecl(I)] = I;
    std::map<unsigned, ParamNeed> Needs;
    std::map<const VarDecl *, GlobalNeed> GNeeds;
    auto Add = [&](const HoistItem &H) {
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
    };
    for (const KernelRecord &K : KernelRecs) {
      if (!K.Fn || K.Fn->getCanonicalDecl() != FC)
        continue;
      Ok &= !K.Async;
      for (const HoistItem &H : K.Items)
        Add(H);
    }
    // Its calls: to summarized functions (their needs become F's), to
    // library functions (host code), or to nothing else.
    std::set<std::string> Declared = DeclaredNames(F);
    llvm::DenseSet<const Stmt *> SumCalls;
    std::function<void(const Stmt *)> FindCalls = [&](const Stmt *S) {
      if (!S || isa<OpenACCConstructStmt>(S) || OmpKernelStmts.count(S) || isa<LambdaExpr>(S))
        return;
      for (const Stmt *C : S->children())
        FindCalls(C);
      const auto *CE = dyn_cast<CallExpr>(S);
      if (!CE)
        return;
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (isLibraryFunction(Callee, SM))
        return;
      if (std::optional<std::vector<HoistItem>> Items = CallItems(CE, Declared)) {
        SumCalls.insert(CE);
        for (const HoistItem &H : *Items)
          Add(H);
        return;
      }
      if (Callee && Callee->getCanonicalDecl() != FC &&
          Undecided.count(Callee->getCanonicalDecl()))
        Retry = true;
      Ok = false;
    };
    FindCalls(F->getBody());
    if (!Ok || (Needs.empty() && GNeeds.empty()))
      return false;
    // The parameters must not be used by the host outside the kernels and
    // the summarized calls (not even passed on otherwise), and the bounds
    // must name only parameters the function does not change, or names it
    // does not declare (macros, constants).
    RegionFacts BF(F->getBody(), Ctx);
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
    for (const Poly *X : Bounds)
      for (const std::string &Sym : X->symbols()) {
        if (Sym.empty() || Sym[0] == '@')
          Ok = false;
        else if (ParamNames.count(Sym)) {
          for (const ParmVarDecl *P : F->parameters())
            if (P->getNameAsString() == Sym &&
                (BF.isWritten(P) || BF.isAddressTaken(P) ||
                 !P->getType()->isIntegerType()))
              Ok = false;
        } else if (Declared.count(Sym)) {
          Ok = false; // a local of the callee
        } else if (auto It = GlobalVars.find(Sym); It != GlobalVars.end()) {
          // A global size: one the callee does not change.
          if (BF.isWritten(It->second) || BF.isAddressTaken(It->second) ||
              !It->second->getType()->isIntegerType())
            Ok = false;
        }
      }
    // Nor may its host code touch global arrays, which the caller's regions
    // may hold on the device.
    std::function<void(const Stmt *)> HostUses = [&](const Stmt *S) {
      if (!S || !Ok || isa<OpenACCConstructStmt>(S) || OmpKernelStmts.count(S) ||
          SumCalls.count(S))
        return;
      if (const auto *R = dyn_cast<DeclRefExpr>(S)) {
        if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
          if (Index.count(P) && Needs.count(Index[P]))
            Ok = false;
        if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
          if (VD->hasGlobalStorage() && (VD->getType()->isPointerType() ||
                                         VD->getType()->isArrayType()))
            Ok = false;
      }
      for (const Stmt *C : S->children())
        HostUses(C);
    };
    HostUses(F->getBody());
    if (!Ok)
      return false;
    Summaries[FC] = std::move(Needs);
    GlobalSummaries[FC] = std::move(GNeeds);
    return true;
  };

  // Rounds until nothing changes: a function is summarized once its callees
  // are. A function in a cycle of calls (recursion) never is: its calls stay
  // host code to its callers, which then keep their kernels' maps.
  for (bool Progress = true; Progress && !Undecided.empty();) {
    Progress = false;
    for (const FunctionDecl *F : Candidates) {
      if (!Undecided.count(F->getCanonicalDecl()))
        continue;
      bool Retry = false;
      if (Summarize(F, Retry) || !Retry) {
        Undecided.erase(F->getCanonicalDecl());
        Progress = true;
      }
    }
  }
  if (Summaries.empty())
    return;

  // Call sites in host code: each call becomes a kernel of its caller.
  std::function<void(const Stmt *, const FunctionDecl *, const std::set<std::string> &)>
      Calls = [&](const Stmt *S, const FunctionDecl *G, const std::set<std::string> &GNames) {
    if (!S || isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S) ||
        isa<LambdaExpr>(S))
      return;
    for (const Stmt *C : S->children())
      Calls(C, G, GNames);
    const auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (!F || F->getCanonicalDecl() == G->getCanonicalDecl())
      return;
    if (std::optional<std::vector<HoistItem>> Items = CallItems(CE, GNames)) {
      KernelRecs.push_back({CE, G, std::move(*Items), false});
      SummarizedCalls.insert(CE);
    }
  };
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *G = dyn_cast<FunctionDecl>(D);
    if (!G || !G->doesThisDeclarationHaveABody() || G->isDependentContext() ||
        !SM.isInMainFile(SM.getExpansionLoc(G->getBeginLoc())))
      continue;
    Calls(G->getBody(), G, DeclaredNames(G));
  }
}

void FilePlanner::planHoisting() {
  std::set<const FunctionDecl *> Fns = kernelFunctions();
  for (const FunctionDecl *Fn : Fns) {
    std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
      // Loops inside kernels, or inside host OpenMP constructs, are not
      // host loops a data region may enclose.
      if (const Stmt *Body = S ? userDataBody(S) : nullptr)
        return Visit(Body); // a data region of the input: completed inside
      if (!S || isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S) ||
          isa<LambdaExpr>(S) || InRun.count(S))
        return;
      if (hostLoopRunningKernels(S, Fn)) {
        if (tryHoist(S, Fn)) {
          HoistedLoops.insert(S);
          return;
        }
        if (!HoistWhy.empty()) {
          ConstructRecord D = loopRecord("data placement", S);
          D.Translated = true;
          D.Notes.push_back("no data region around this loop: " + HoistWhy +
                            "; its kernels keep their own maps");
          Out.Decisions.push_back(std::move(D));
        }
      }
      for (const Stmt *C : S->children())
        Visit(C);
    };
    Visit(Fn->getBody());
  }
}

static const ValueDecl *canonicalDecl(const ValueDecl *V) {
  if (const auto *VD = dyn_cast_or_null<VarDecl>(V))
    return VD->getCanonicalDecl();
  return V;
}

const Stmt *FilePlanner::userDataBody(const Stmt *S) const {
  if (const auto *D = dyn_cast<OpenACCDataConstruct>(S))
    return FailedConstructs.count(D) ? nullptr : D->getStructuredBlock();
  if (const auto *D = dyn_cast<OMPTargetDataDirective>(S))
    return Opts.OptimizeOpenMP && D->hasAssociatedStmt() ? D->getStructuredBlock()
                                                         : nullptr;
  return nullptr;
}

/// The variables (canonical declarations) an OpenACC directive's clauses
/// name.
static void accClauseVars(llvm::ArrayRef<const OpenACCClause *> Clauses,
                          std::set<const ValueDecl *> &Out) {
  for (const OpenACCClause *C : Clauses)
    for (const Expr *E : varList(C))
      if (const ValueDecl *V = itemDecl(E))
        Out.insert(canonicalDecl(V));
}

/// The variables (canonical declarations) an OpenMP directive's clauses
/// name: its map clauses only, or all of them.
static void ompClauseVars(const OMPExecutableDirective *D, bool MapsOnly,
                          std::set<const ValueDecl *> &Out) {
  for (const OMPClause *C : D->clauses())
    if (!MapsOnly || isa<OMPMapClause>(C))
      for (const Stmt *X : C->children())
        if (const auto *E = dyn_cast_or_null<Expr>(X))
          if (const ValueDecl *V = itemDecl(E))
            Out.insert(canonicalDecl(V));
}

std::set<const ValueDecl *>
FilePlanner::userMappedAround(const Stmt *L, const FunctionDecl *Fn) const {
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

/// The element count of V's one allocation in Fn (`V = malloc(K *
/// sizeof(T))`, `calloc(K, sizeof(T))`, `new T[K]`), when V is assigned
/// nothing else outside L and K does not change in L.
static std::optional<Poly> allocationLength(const ValueDecl *V,
                                            const FunctionDecl *Fn,
                                            const Stmt *L, const RegionFacts &LF) {
  QualType Elem = V->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Inside = [&](const Stmt *S) {
    SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
    return !SM.isBeforeInTranslationUnit(B, SM.getExpansionLoc(L->getBeginLoc())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L->getEndLoc()), B);
  };
  auto IsSizeofElem = [&](const Expr *E) {
    const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
    return U && U->getKind() == UETT_SizeOf &&
           Ctx.hasSameType(U->getTypeOfArgument().getCanonicalType().getUnqualifiedType(),
                           Elem);
  };
  std::vector<const Expr *> Sources;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->getOpcode() == BO_Assign)
        if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
          if (D->getDecl() == V && !(Inside(B) && isa<DeclRefExpr>(
                                         B->getRHS()->IgnoreParenImpCasts())))
            Sources.push_back(B->getRHS());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D == V && cast<VarDecl>(D)->getInit())
          Sources.push_back(cast<VarDecl>(D)->getInit());
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  if (Sources.size() != 1)
    return std::nullopt;
  const Expr *E = Sources[0]->IgnoreParenCasts();
  const Expr *Count = nullptr;
  if (const auto *N = dyn_cast<CXXNewExpr>(E)) {
    if (N->isArray() && N->getArraySize() &&
        Ctx.hasSameType(N->getAllocatedType().getCanonicalType().getUnqualifiedType(), Elem))
      Count = *N->getArraySize();
  } else if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = C->getDirectCallee();
    StringRef Name = F ? F->getName() : "";
    // malloc(a * b * sizeof(T) * c): the factors other than sizeof(T).
    const Expr *Bytes = nullptr;
    if (Name == "malloc" && C->getNumArgs() == 1)
      Bytes = C->getArg(0);
    else if (Name == "calloc" && C->getNumArgs() == 2 && IsSizeofElem(C->getArg(1)))
      return LF.toPoly(C->getArg(0));
    if (!Bytes)
      return std::nullopt;
    std::vector<const Expr *> Factors;
    std::function<void(const Expr *)> Flatten = [&](const Expr *X) {
      X = X->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<BinaryOperator>(X); M && M->getOpcode() == BO_Mul) {
        Flatten(M->getLHS());
        Flatten(M->getRHS());
        return;
      }
      Factors.push_back(X);
    };
    Flatten(Bytes);
    auto It = llvm::find_if(Factors, IsSizeofElem);
    if (It == Factors.end())
      return std::nullopt;
    Factors.erase(It);
    Poly Product = Poly::constant(1);
    for (const Expr *F : Factors) {
      std::optional<Poly> P = LF.toPoly(F);
      if (!P)
        return std::nullopt;
      Product = Product * *P;
    }
    return Product;
  }
  if (!Count)
    return std::nullopt;
  return LF.toPoly(Count);
}

bool FilePlanner::tryHoist(const Stmt *L, const FunctionDecl *Fn,
                           const CompoundStmt *Run, bool AllOrNothing) {
  HoistWhy.clear();
  auto No = [&](std::string Why) {
    HoistWhy = std::move(Why);
    return false;
  };
  // Every directive inside must be a translated compute construct (or its
  // loops, atomics, caches): other data directives would interact.
  for (size_t I = 0; I < Dirs.size(); ++I) {
    const Directive &D = Dirs[I];
    if (!D.S || D.Fn != Fn || !within(D.S, L))
      continue;
    if (isComputeKind(D.Kind)) {
      if (FailedConstructs.count(D.S))
        return No("a construct inside is left untranslated (line " +
                  std::to_string(SM.getPresumedLineNumber(D.Loc)) + ")");
      continue;
    }
    if (D.Kind != DK::Loop && D.Kind != DK::Atomic && D.Kind != DK::Cache)
      return No("it holds an OpenACC '" + directiveName(D.Kind).str() +
                "' directive (line " +
                std::to_string(SM.getPresumedLineNumber(D.Loc)) + ")");
  }
  // Nor any OpenMP directive of the input other than its kernels (a data
  // region or update of its own, host parallelism around host accesses).
  for (const Stmt *O : OmpOthers)
    if (within(O, L))
      return No("it holds an OpenMP directive of the input other than a "
                "kernel (line " +
                std::to_string(SM.getPresumedLineNumber(
                    SM.getExpansionLoc(O->getBeginLoc()))) + ")");
  for (const Stmt *K : MemberKernels)
    if (within(K, L))
      return No("a kernel inside maps sections of structure members (line " +
                std::to_string(SM.getPresumedLineNumber(
                    SM.getExpansionLoc(K->getBeginLoc()))) +
                "), whose data may be any array's");
  // Parents of the loop's host code, and no goto or throw out of it. A
  // return is followed: the region becomes enter/exit data, with the exit
  // also before each return.
  llvm::DenseMap<const Stmt *, const Stmt *> Parent;
  bool Jumps = false;
  std::vector<const ReturnStmt *> Returns;
  unsigned InLambda = 0;
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const CallExpr *> HostCalls;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S))
      Jumps = true;
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (InLambda || RS->getBeginLoc().isMacroID())
        Jumps = true;
      else
        Returns.push_back(RS);
    }
    struct LambdaScope {
      unsigned &N;
      bool On;
      ~LambdaScope() { N -= On; }
    } Scope{InLambda, isa<LambdaExpr>(S) || isa<BlockExpr>(S)};
    InLambda += Scope.On;
    if (isa<OpenACCConstructStmt>(S) || OmpKernelStmts.count(S) ||
        SummarizedCalls.count(S))
      return; // kernels: their maps are their own
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      Refs.push_back(DR);
    if (const auto *CE = dyn_cast<CallExpr>(S))
      HostCalls.push_back(CE);
    for (const Stmt *C : S->children()) {
      if (!C)
        continue;
      Parent[C] = S;
      Walk(C);
    }
  };
  Walk(L);
  // A call to a function of this file that runs kernels or moves data (and
  // is not summarized as a kernel) would find the arrays present and work on
  // the device copies, which the updates around a host call then overwrite:
  // no region around such a loop.
  for (const CallExpr *CE : HostCalls)
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition();
          Def && callGraph().mayRunDeviceCode(Def))
        return No("'" + F->getNameAsString() + "' runs device code of its own "
                  "and is not summarized (it would work on the region's "
                  "device copies)");
  if (Jumps)
    return No("a goto, throw or return in a lambda or macro leaves it");
  if (Run && !Returns.empty())
    return false;
  const auto *LP = dyn_cast_or_null<CompoundStmt>(
      [&]() -> const Stmt * {
        // The loop must be a statement of a block to take a directive.
        const Stmt *Body = Fn->getBody();
        std::function<const Stmt *(const Stmt *)> Find =
            [&](const Stmt *S) -> const Stmt * {
          if (!S)
            return nullptr;
          // An OpenMP directive's block lies under captured statements,
          // which do not list it among their children.
          if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
            if (!D->hasAssociatedStmt())
              return nullptr;
            const Stmt *Raw = D->getRawStmt();
            return Raw == L ? S : Find(Raw);
          }
          for (const Stmt *C : S->children()) {
            if (C == L)
              return S;
            if (const Stmt *R = Find(C))
              return R;
          }
          return nullptr;
        };
        return Find(Body);
      }());
  if (Run)
    LP = Run;
  if (!LP)
    return No("it is not a statement of a block ({ ... }), where a "
              "directive could go before it");

  // Candidates: the arrays the kernels map, one section each.
  struct Cand {
    std::string Name, Section, Type;
    bool Ok = true;
    std::set<std::string> Types;
    std::optional<Poly> Lo, Hi;
    bool FullExtent = false; ///< mapped on its whole allocation
    bool UserMapped = false; ///< an enclosing data region of the input maps it
    std::string Why;         ///< why not Ok (the first reason)
    void reject(std::string W) {
      Ok = false;
      if (Why.empty())
        Why = std::move(W);
    }
  };
  std::map<const ValueDecl *, Cand> Cands;
  std::vector<const ValueDecl *> Order;
  for (const KernelRecord &K : KernelRecs) {
    if (K.Fn != Fn || !within(K.S, L))
      continue;
    if (K.Async)
      return No("a kernel inside is asynchronous (async, nowait or depend)");
    for (const HoistItem &H : K.Items) {
      Cand Fresh{H.Name, H.Section, H.Type};
      Fresh.Lo = H.Lo;
      Fresh.Hi = H.Hi;
      auto [It, New] = Cands.insert({H.V, Fresh});
      Cand &C = It->second;
      if (New) {
        Order.push_back(H.V);
      } else if (!widenSection(C.Section, C.Lo, C.Hi, C.Name, H.Section, H.Lo, H.Hi)) {
        // Different sections whose bounds cannot be ordered: no union.
        C.reject("its kernels' sections cannot be ordered into one"); // per kernel
      }
      C.Types.insert(H.Type);
    }
  }
  // Arrays a data region of the input around L maps are that region's: its
  // clauses are kept as written, and no region or update of ours is added
  // for them. The others complete it.
  std::set<const ValueDecl *> UserMapped = userMappedAround(L, Fn);
  for (auto &[V, C] : Cands)
    if (UserMapped.count(canonicalDecl(V))) {
      C.reject("mapped by a data region of the input around it");
      C.UserMapped = true;
    }
  // Host calls other than to library functions (declared in system headers,
  // other than the OpenACC and OpenMP runtimes). A function of this file is
  // host code, but the globals it uses must stay on the host, and no
  // section's bounds may name one of them (the call could change it). A
  // function the analysis cannot see (defined elsewhere, called through a
  // pointer, or reached from one of this file's) may run kernels of its own
  // on what it is given or on globals: arrays passed to it, global arrays,
  // and sections bounded by globals stay with their kernels.
  auto BoundsName = [](const std::string &Section, StringRef Name) {
    StringRef Sec(Section);
    size_t Br = Sec.find('[');
    return Br != StringRef::npos && mentionsIdentifier(Sec.substr(Br), Name);
  };
  bool UnknownCall = false;
  std::string UnknownName; // the first such call, for the report
  // Global arrays a host function of this file uses: the call is a host
  // access of the whole mapped section (and a write if the function may
  // write its elements).
  struct CallUse {
    const CallExpr *Call;
    const ValueDecl *V;
    bool Writes;
  };
  std::vector<CallUse> CallUses;
  for (const CallExpr *CE : HostCalls) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (F && isLibraryFunction(F, SM))
      continue;
    if (F && F->getDefinition()) {
      std::set<const VarDecl *> Assigned = callGraph().globalsAssigned(F);
      std::set<const VarDecl *> Written = callGraph().globalsWritten(F);
      for (const VarDecl *G : callGraph().globalsUsed(F))
        for (auto &[V, C] : Cands) {
          if (BoundsName(C.Section, G->getName())) {
            if (Assigned.count(G))
              C.reject("'" + F->getNameAsString() + "' may change '" +
                       G->getNameAsString() + "', which bounds its section");
            continue;
          }
          const auto *VD = dyn_cast<VarDecl>(V);
          if (!VD || VD->getCanonicalDecl() != G)
            continue;
          if (Assigned.count(G) || !(VD->getType()->isPointerType() || VD->getType()->isArrayType()))
            C.reject("'" + F->getNameAsString() +
                     "' may change the pointer itself");
          else
            CallUses.push_back({CE, V, Written.count(G) > 0});
        }
      if (!callGraph().callsUnknown(F))
        continue;
    }
    std::string CalleeName =
        !F ? "a call through a pointer"
        : F->getDefinition()
            ? "'" + F->getNameAsString() + "' (it calls functions the analysis cannot see)"
            : "'" + F->getNameAsString() + "' (defined in another file)";
    if (!UnknownCall)
      UnknownName = CalleeName;
    UnknownCall = true;
    std::function<void(const Stmt *)> Passed = [&](const Stmt *X) {
      if (!X)
        return;
      if (const auto *DR = dyn_cast<DeclRefExpr>(X))
        if (auto It = Cands.find(DR->getDecl()); It != Cands.end())
          It->second.reject("passed to " + CalleeName +
                            ", which may run kernels on it");
      for (const Stmt *C : X->children())
        Passed(C);
    };
    for (const Expr *A : CE->arguments())
      Passed(A);
  }
  if (UnknownCall)
    for (auto &[V, C] : Cands) {
      if (const auto *VD = dyn_cast<VarDecl>(V); VD && VD->hasGlobalStorage())
        C.reject("a global, and " + UnknownName + " may run kernels on it");
      for (const auto &[Name, G] : globalVars())
        if (BoundsName(C.Section, Name))
          C.reject("its section names the global '" + Name + "', which " +
                   UnknownName + " may change");
    }

  // The section must not change inside the loop.
  RegionFacts LF(L, Ctx);
  for (auto &[V, C] : Cands) {
    if (LF.isDeclaredInside(V))
      C.reject("declared inside, not in scope where the region starts");
    StringRef Sec(C.Section);
    size_t Br = Sec.find('[');
    StringRef Bounds = Br == StringRef::npos ? StringRef() : Sec.substr(Br);
    for (const ValueDecl *W : LF.changedOrLocalVars()) {
      if (W == V)
        continue; // the pointer itself may be swapped
      // Identifier match inside the brackets.
      if (mentionsIdentifier(Bounds, W->getNameAsString()))
        C.reject("its section names '" + W->getNameAsString() +
                 "', which changes inside");
    }
  }

  // Where the allocation is in sight, map the whole of it: any valid host
  // access then lies inside, so updates need no clipping.
  for (auto &[V, C] : Cands) {
    if (!C.Ok || !V->getType()->isPointerType())
      continue;
    if (std::optional<Poly> Len = allocationLength(V, Fn, L, LF)) {
      C.Lo = Poly::constant(0);
      C.Hi = *Len - Poly::constant(1);
      C.Section = sectionText(C.Name, *C.Lo, *C.Hi);
      C.FullExtent = true;
    }
  }
  // A one-dimensional array of constant size mapped whole: the same holds,
  // and an update moves only what the host touches.
  for (auto &[V, C] : Cands) {
    const auto *AT = Ctx.getAsConstantArrayType(V->getType());
    if (!C.Ok || !AT || AT->getElementType()->isArrayType() || C.Section != C.Name)
      continue;
    C.Lo = Poly::constant(0);
    C.Hi = Poly::constant(static_cast<int64_t>(AT->getSize().getZExtValue()) - 1);
    C.FullExtent = true;
  }

  // Host uses of the candidates inside the loop.
  // The statement to put updates around: a statement of a block, or the
  // single-statement branch of an if (which then gets braces), so a guarded
  // host access moves data only when the guard holds.
  std::set<const Stmt *> NeedsBraces;
  // An access inside a host loop nested in L moves data around the
  // outermost such loop, once, with the section of the whole loop (not once
  // per host iteration).
  auto StmtOf = [&](const Stmt *S) -> const Stmt * {
    const Stmt *Anchor = S;
    for (const Stmt *P = Parent.lookup(S); P && P != L; P = Parent.lookup(P)) {
      if (!isa<ForStmt>(P) && !isa<WhileStmt>(P) && !isa<DoStmt>(P))
        continue;
      // Not around a loop that runs kernels: they must see the updates.
      if (llvm::any_of(KernelRecs, [&](const KernelRecord &K) {
            return K.Fn == Fn && within(K.S, P);
          }))
        break;
      Anchor = P;
    }
    S = Anchor;
    for (const Stmt *P = Parent.lookup(S); P; S = P, P = Parent.lookup(P)) {
      if (isa<CompoundStmt>(P))
        return S;
      if (const auto *If = dyn_cast<IfStmt>(P))
        if ((S == If->getThen() || S == If->getElse()) && isa<Expr>(S)) {
          NeedsBraces.insert(S);
          return S;
        }
    }
    return nullptr;
  };
  std::map<const Stmt *, std::set<const ValueDecl *>> Uses; // statement -> arrays
  std::vector<std::pair<const ValueDecl *, const ValueDecl *>> Swaps;
  std::set<const ValueDecl *> NotCopied;
  for (const DeclRefExpr *R : Refs) {
    const ValueDecl *V = R->getDecl();
    // Pointer assignments between variables: a swap.
    const Stmt *P = Parent.lookup(R);
    while (P && isa<ImplicitCastExpr>(P))
      P = Parent.lookup(P);
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P);
        DS && V->getType()->isPointerType()) {
      // `T *tmp = u;`: a pointer copy.
      bool Copy = false;
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (VD->getInit() && VD->getInit()->IgnoreParenImpCasts() == R) {
            Swaps.push_back({VD, V});
            Copy = true;
          }
      if (Copy)
        continue;
    }
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->getOpcode() == BO_Assign && V->getType()->isPointerType()) {
      const auto *LD = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
      const auto *RD = dyn_cast<DeclRefExpr>(B->getRHS()->IgnoreParenImpCasts());
      if (LD && RD) {
        if (LD == R || RD == R) {
          if (LD == R)
            Swaps.push_back({LD->getDecl(), RD->getDecl()});
          continue;
        }
      }
    }
    if (!Cands.count(V)) {
      NotCopied.insert(V); // a use of a variable no kernel maps, not a pointer copy
      continue;
    }
    // The pointer itself changes in a way we cannot follow: its address
    // escapes (a callee may redirect it) or it is assigned something other
    // than another pointer variable.
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
        U && U->getOpcode() == UO_AddrOf)
      return No("the address of '" + V->getNameAsString() + "' is taken");
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->isAssignmentOp() &&
        B->getLHS()->IgnoreParenImpCasts() == R)
      return No("'" + V->getNameAsString() +
                "' is assigned something other than another pointer");
    const Stmt *S = StmtOf(R);
    if (!S || S == L)
      return No("'" + V->getNameAsString() +
                "' is used in the loop's own header: no place for an update");
    // Its value stored into another pointer (`q = a + 1`, `T *q = a`): an
    // alias the analysis does not follow.
    for (const Stmt *X = R, *Up = Parent.lookup(R); Up && X != S;
         X = Up, Up = Parent.lookup(Up)) {
      if (const auto *B = dyn_cast<BinaryOperator>(Up))
        if (B->isAssignmentOp() && B->getRHS() == X &&
            B->getLHS()->getType()->isPointerType())
          return No("'" + V->getNameAsString() +
                    "' is copied into another pointer (an alias)");
      if (const auto *DS = dyn_cast<DeclStmt>(Up))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getInit() == X && VD->getType()->isPointerType())
              return No("'" + V->getNameAsString() +
                        "' is copied into another pointer (an alias)");
    }
    Uses[S].insert(V);
  }
  std::map<const Stmt *, std::set<const ValueDecl *>> ViaCall, WrittenViaCall;
  for (const CallUse &U : CallUses) {
    if (!Cands[U.V].Ok)
      continue;
    const Stmt *S = StmtOf(U.Call);
    if (!S || S == L)
      return No("a call in the loop's own header uses '" +
                U.V->getNameAsString() + "': no place for an update");
    Uses[S].insert(U.V);
    ViaCall[S].insert(U.V);
    if (U.Writes)
      WrittenViaCall[S].insert(U.V);
  }
  // Pointer copies tie variables into groups: buffers that trade places
  // must all be mapped, with one extent (the union of their sections); the
  // other members must be temporaries, never subscripted.
  std::map<const ValueDecl *, const ValueDecl *> Leader;
  std::function<const ValueDecl *(const ValueDecl *)> Find =
      [&](const ValueDecl *X) -> const ValueDecl * {
    auto It = Leader.find(X);
    if (It == Leader.end() || It->second == X)
      return Leader[X] = X;
    return It->second = Find(It->second);
  };
  for (const auto &Pr : Swaps)
    Leader[Find(Pr.first)] = Find(Pr.second);
  std::map<const ValueDecl *, std::vector<const ValueDecl *>> Groups;
  for (const auto &Pr : Leader)
    Groups[Find(Pr.first)].push_back(Pr.first);
  // Pointers that trade places inside L: target exit data would find the
  // buffer under the pointer's value at the exit, not the one mapped at the
  // entry (a target data region remembers that one).
  std::set<const ValueDecl *> Swapped;
  for (const auto &G : Groups)
    if (G.second.size() > 1)
      Swapped.insert(G.second.begin(), G.second.end());
  for (auto &G : Groups) {
    std::vector<const ValueDecl *> Members = G.second;
    std::optional<Poly> Lo, Hi;
    bool Any = false;
    for (const ValueDecl *X : Members) {
      if (!Cands.count(X)) {
        // A pointer no kernel maps may only carry buffers between the
        // others: any other use in L (a subscript, a call it is passed to)
        // would see a buffer the region holds on the device.
        if (NotCopied.count(X) ||
            llvm::any_of(LF.accesses(),
                         [&](const Access &Acc) { return Acc.Base == X; }))
          return No("'" + X->getNameAsString() + "' trades buffers with "
                    "arrays of the kernels but is used otherwise");
        continue;
      }
      Cand &C = Cands[X];
      if (!C.Ok || !C.Lo || !C.Hi)
        return No("'" + X->getNameAsString() + "' trades buffers with others "
                  "but " + (C.Ok ? std::string("has no known extent") : C.Why));
      if (!Any) {
        Lo = C.Lo;
        Hi = C.Hi;
        Any = true;
        continue;
      }
      std::optional<std::pair<Poly, Poly>> U = unionRange(*Lo, *Hi, *C.Lo, *C.Hi);
      if (!U)
        return No("the sections of pointers that trade buffers ('" +
                  X->getNameAsString() + "') cannot be ordered into one");
      Lo = U->first;
      Hi = U->second;
    }
    for (const ValueDecl *X : Members)
      if (Cands.count(X)) {
        Cand &C = Cands[X];
        C.Lo = Lo;
        C.Hi = Hi;
        C.Section = sectionText(C.Name, *Lo, *Hi);
        for (const ValueDecl *Y : Members)
          if (Cands.count(Y))
            C.Types.insert(Cands[Y].Types.begin(), Cands[Y].Types.end());
      }
  }
  // Region map type from the kernels' types.
  for (auto &[V, C] : Cands) {
    auto All = [&C = C](std::initializer_list<const char *> Allowed) {
      for (const std::string &T : C.Types)
        if (llvm::none_of(Allowed, [&](const char *A) { return T == A; }))
          return false;
      return true;
    };
    C.Type = All({"to"}) ? "to" : All({"alloc"}) ? "alloc"
             : All({"from", "alloc"}) ? "from" : "tofrom";
  }

  // An array the host never reads after the loop (a local that is only
  // freed later) needs no copy-out; swap partners share their fate.
  std::vector<std::string> FinalFetch; // target update from at region end
  std::set<const ValueDecl *> DeviceOnly;
  std::set<const ValueDecl *> SplitGroups;
  auto DeadAfter = [&](const ValueDecl *V) {
    const auto *VD = dyn_cast<VarDecl>(V);
    if (!VD || !VD->isLocalVarDecl())
      return false;
    bool Dead = true;
    std::function<void(const Stmt *, const Stmt *)> Scan =
        [&](const Stmt *S, const Stmt *Par) {
      if (!S || !Dead)
        return;
      if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V &&
                                                     !within(D, L)) {
        bool After = SM.isBeforeInTranslationUnit(
            SM.getExpansionLoc(L->getEndLoc()), SM.getExpansionLoc(D->getBeginLoc()));
        const auto *Call = dyn_cast_or_null<CallExpr>(Par);
        bool Freed = Call && Call->getDirectCallee() &&
                     Call->getDirectCallee()->getName() == "free";
        // Before the loop, any use that does not copy the pointer away
        // (into a variable or a call) is harmless; after it, only free.
        bool Copied = isa_and_nonnull<CallExpr>(Par) || isa_and_nonnull<DeclStmt>(Par) ||
                      isa_and_nonnull<ReturnStmt>(Par);
        if (const auto *B = dyn_cast_or_null<BinaryOperator>(Par))
          Copied |= B->isAssignmentOp() && B->getRHS()->IgnoreParenImpCasts() == D;
        if (!(Freed || (!After && !Copied)))
          Dead = false;
      }
      const Stmt *NextPar = isa<ImplicitCastExpr>(S) || isa<ParenExpr>(S) ? Par : S;
      for (const Stmt *C : S->children())
        Scan(C, NextPar);
    };
    Scan(Fn->getBody(), nullptr);
    return Dead;
  };
  {
    std::map<const ValueDecl *, bool> Live;
    std::set<const ValueDecl *> HostUsed; // read or written by the host in the loop
    for (const auto &U : Uses)
      HostUsed.insert(U.second.begin(), U.second.end());
    for (auto &[V, C] : Cands)
      Live[V] = HostUsed.count(V) || !DeadAfter(V);
    // A swapped group the host does not touch in the loop, with only some
    // names read after it: no copy-out, but a target update of the live
    // names at the end of the region (it fetches whichever buffer they then
    // point to; the map's copy-out would use the address of region entry).
    for (auto &G : Groups) {
      std::vector<const ValueDecl *> LiveNames;
      bool AnyDead = false, Eligible = true;
      std::string GroupType;
      for (const ValueDecl *X : G.second) {
        if (!Cands.count(X)) {
          Eligible &= LF.isDeclaredInside(X); // a temporary of the swap
          continue;
        }
        Eligible &= !HostUsed.count(X) && Cands[X].Ok;
        if (Live[X])
          LiveNames.push_back(X);
        else
          AnyDead = true;
        GroupType = Cands[X].Type;
      }
      if (!Eligible || !AnyDead || LiveNames.empty() ||
          (GroupType != "tofrom" && GroupType != "from"))
        continue;
      std::optional<std::pair<Poly, Poly>> WB =
          kernelWriteBox(L, Fn, G.second, LF);
      if (!WB && GroupType != "tofrom")
        continue; // `from`: elements no kernel writes are not on the device
      std::vector<std::string> Items;
      for (const ValueDecl *X : LiveNames) {
        const Cand &C = Cands[X];
        std::string Item = C.Section;
        if (WB && C.Lo && C.Hi) {
          // Only the written part, when it lies inside the mapped extent (as
          // the kernels' own maps do, an empty range is not checked for).
          std::optional<bool> In1 = Poly::geq(WB->first, *C.Lo);
          std::optional<bool> In2 = Poly::geq(*C.Hi, WB->second);
          if (In1 && *In1 && In2 && *In2)
            Item = sectionText(C.Name, WB->first, WB->second);
        }
        Items.push_back(Item);
      }
      FinalFetch.insert(FinalFetch.end(), Items.begin(), Items.end());
      for (const ValueDecl *X : G.second)
        if (Cands.count(X))
          Live[X] = false;
      SplitGroups.insert(G.first);
    }
    for (auto &G : Groups) {
      if (SplitGroups.count(G.first))
        continue;
      bool Any = false;
      for (const ValueDecl *X : G.second)
        Any |= !Cands.count(X) || Live[X];
      for (const ValueDecl *X : G.second)
        if (Cands.count(X))
          Live[X] = Any;
    }
    for (auto &[V, C] : Cands)
      if (!Live[V] && C.Ok) {
        if (C.Type == "tofrom")
          C.Type = "to";
        else if (C.Type == "from")
          C.Type = "alloc";
      }
    // Dead after the loop, untouched by the host inside it, and written by
    // a kernel before any kernel reads it in each iteration: device only.
    std::vector<const ValueDecl *> Temps;
    for (auto &[V, C] : Cands)
      if (!Live[V] && C.Ok && C.Type == "to" && !Leader.count(V))
        Temps.push_back(V);
    for (const ValueDecl *V : deviceOnlyArrays(L, Fn, Temps, LF)) {
      Cands[V].Type = "alloc";
      DeviceOnly.insert(V);
    }
    // A run of statements runs its first kernel exactly once: an array read
    // after it whose initial contents no kernel needs, and which that kernel
    // overwrites whole (the mapped extent), only comes back (from).
    if (Run) {
      std::vector<const ValueDecl *> Outs;
      std::map<const ValueDecl *, std::pair<Poly, Poly>> Extent;
      for (auto &[V, C] : Cands)
        if (Live[V] && !HostUsed.count(V) && C.Ok && C.Type == "tofrom" &&
            !Leader.count(V) && C.Lo && C.Hi) {
          Outs.push_back(V);
          Extent[V] = {*C.Lo, *C.Hi};
        }
      for (const ValueDecl *V : deviceOnlyArrays(L, Fn, Outs, LF, &Extent)) {
        Cands[V].Type = "from";
        DeviceOnly.insert(V);
      }
    }
  }

  std::vector<const ValueDecl *> Hoisted;
  size_t Wanted = 0; // what the region should hold: all but the input's own
  for (const ValueDecl *V : Order) {
    Wanted += !Cands[V].UserMapped;
    if (Cands[V].Ok)
      Hoisted.push_back(V);
  }
  if (Wanted == 0)
    return false; // nothing that is not the input's own: nothing to report
  if (Hoisted.empty() || (AllOrNothing && Hoisted.size() != Wanted)) {
    std::vector<std::string> Whys;
    for (const ValueDecl *V : Order)
      if (!Cands[V].Ok && !Cands[V].UserMapped)
        Whys.push_back(Cands[V].Name + ": " + Cands[V].Why);
    return No(llvm::join(Whys, "; "));
  }

  EditSet E(SM);
  ConstructRecord R = loopRecord("data region", L);
  if (Run)
    R.Original = "(statements at lines " + std::to_string(R.Line) + "-" +
                 std::to_string(SM.getPresumedLineNumber(
                     SM.getExpansionLoc(L->getEndLoc()))) + ")";
  const char *Whole = Run ? " for the whole run of statements" : " for the whole loop";
  MapList M;
  for (const ValueDecl *V : Hoisted) {
    const Cand &C = Cands[V];
    M.add(C.Type, C.Section);
    QualType T = V->getType();
    QualType Elem = T->isPointerType() ? T->getPointeeType()
                    : T->isArrayType() ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                                       : T;
    StringRef Sec(C.Section);
    std::string Len = Sec.contains(':') ? Sec.rsplit(':').second.drop_back().str() : "";
    std::string Bytes = Len.empty() ? "sizeof(" + C.Name + ")"
                                    : "(" + Len + ")*sizeof(" + Elem.getAsString() + ")";
    std::string Moves = C.Type == "tofrom" ? "in once and out once"
                        : C.Type == "to" ? "in once" : C.Type == "from" ? "out once"
                                         : "never (device only)";
    R.Notes.push_back(C.Section + ": " + Bytes + " bytes, moved " + Moves +
                      Whole);
    if (DeviceOnly.count(V) && C.Type == "alloc")
      R.Notes.push_back(C.Section + ": created on the device (alloc): every "
                        "element a kernel reads is written earlier in the same " +
                        std::string(Run ? "run" : "iteration") +
                        ", and the host never reads it");
    else if (DeviceOnly.count(V))
      R.Notes.push_back(C.Section + ": not copied in (from): the first kernel "
                        "overwrites it whole before any kernel reads it");
  }
  for (const ValueDecl *V : Order)
    if (Cands[V].UserMapped)
      R.Notes.push_back(Cands[V].Name + ": mapped by a data region of the input "
                        "around this one, left to it");
  for (const auto &[K, Items] : OmpSkippedItems)
    if (within(K, L))
      for (const std::string &Item : Items)
        R.Notes.push_back("'" + Item + "' stays with its kernel's own map "
                          "(always/present modifier or a form not followed)");
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  std::string Line = omp("target data", Cl);
  if (!Run && !FinalFetch.empty() && !endsItsLine(L))
    return No("code follows the loop on its line: no place for the update "
              "after it");
  if (!Returns.empty()) {
    // At a return the exit copies out what the device holds: the host must
    // not hold newer data there, so no return inside a host statement that
    // writes a hoisted array (its update to comes after the statement).
    if (!FinalFetch.empty() || !endsItsLine(L))
      return No("a return leaves it, and the region would need a copy-out "
                "after the loop that the return skips, or code follows it");
    for (const ReturnStmt *RS : Returns)
      for (const auto &[S, Vs] : Uses) {
        if (!within(RS, S))
          continue;
        RegionFacts SF(S, Ctx);
        for (const ValueDecl *V : Vs)
          if (Cands[V].Ok && (SF.isWritten(V) || SF.isAddressTaken(V)))
            return No("a return inside a host statement that writes '" +
                      V->getNameAsString() + "' (its update comes after it)");
      }
  }
  std::string ExitLine;
  if ((Run || !Returns.empty()) &&
      llvm::any_of(Hoisted, [&](const ValueDecl *V) { return Swapped.count(V) > 0; }))
    return No("pointers trade buffers in it and a return leaves it (an exit "
              "data would find the buffer under the pointer then)");
  if (Run || !Returns.empty()) {
    // enter/exit data rather than a block, which would end the scope of
    // declarations in the run, or which a return could not leave.
    MapList In, Out;
    for (const ValueDecl *V : Hoisted) {
      const Cand &C = Cands[V];
      In.add(C.Type == "tofrom" || C.Type == "to" ? "to" : "alloc", C.Section);
      Out.add(C.Type == "tofrom" || C.Type == "from" ? "from" : "release", C.Section);
    }
    std::vector<std::string> InCl, OutCl;
    In.renderInto(InCl);
    Out.renderInto(OutCl);
    Line = omp("target enter data", InCl);
    ExitLine = omp("target exit data", OutCl);
    if (Run && !endsItsLine(Run->body_back()))
      return false;
  }
  // Lines before and after statement S; S gets braces when it is not a
  // statement of a block (an if's branch, a labelled statement).
  auto Around = [&](const Stmt *S, const std::string &Before, const std::string &After) {
    if (isa_and_nonnull<CompoundStmt>(Parent.lookup(S))) {
      if (!Before.empty())
        E.insertLinesBefore(S->getBeginLoc(), {Before});
      if (After.empty())
        return true;
      if (endsItsLine(S)) {
        E.insertLinesAfter(SM.getExpansionLoc(S->getEndLoc()), {After},
                           E.indentOf(S->getBeginLoc()));
        return true;
      }
      // Code follows S on its line (the `}` of `{ a[k] = x; }`): the line
      // goes right after S, inside whatever encloses it.
      SourceLocation End = lastLoc(S);
      SourceLocation Past = Lexer::findLocationAfterToken(
          End, tok::semi, SM, Ctx.getLangOpts(), /*SkipTrailingWhitespaceAndNewLine=*/false);
      if (Past.isInvalid())
        Past = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
      if (Past.isInvalid())
        return false;
      E.insertLinesAt(Past, {After}, E.indentOf(S->getBeginLoc()) + "  ");
      return true;
    }
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        SM.getExpansionLoc(S->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(),
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (AfterSemi.isInvalid())
      return false;
    std::string In = E.indentOf(S->getBeginLoc());
    std::string Open = "{\n";
    if (!Before.empty())
      Open += In + "  " + Before + "\n";
    Open += In + "  ";
    std::string Close = "\n";
    if (!After.empty())
      Close += In + "  " + After + "\n";
    Close += In + "}";
    SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
    E.replace(CharSourceRange::getCharRange(B, B), Open);
    E.replace(CharSourceRange::getCharRange(AfterSemi, AfterSemi), Close,
              /*Closes=*/true);
    return true;
  };
  if (Run || !Returns.empty()) {
    E.insertLinesBefore(L->getBeginLoc(), {Line});
    R.Emitted.push_back(Line);
  } else if (FinalFetch.empty()) {
    E.insertLinesBefore(L->getBeginLoc(), {Line});
    R.Emitted.push_back(Line);
  } else {
    // The region becomes a block: the loop, then the fetch of the live names.
    std::string Fetch =
        omp("target update", {"from(" + llvm::join(FinalFetch, ", ") + ")"});
    E.insertLinesBefore(L->getBeginLoc(), {Line, "{"});
    E.insertLinesAfter(lastLoc(L), {Fetch, "}"},
                       E.indentOf(L->getBeginLoc()));
    R.Emitted.push_back(Line);
    R.Emitted.push_back(Fetch);
    for (const std::string &F : FinalFetch)
      R.Notes.push_back(F + ": copied out once after the loop (target update "
                        "from, the buffer the pointer then holds); the other "
                        "buffer of the swap stays on the device");
  }
  // Updates around host statements that touch hoisted arrays, in program
  // order: a fetch that, on every path here, the host already made since
  // the last kernel that writes the array (the dataflow of HostCopies over
  // the function's CFG) is not repeated.
  std::vector<std::pair<const Stmt *, std::set<const ValueDecl *>>> UsesInOrder(
      Uses.begin(), Uses.end());
  std::stable_sort(UsesInOrder.begin(), UsesInOrder.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.first->getBeginLoc()),
                                        SM.getExpansionLoc(B.first->getBeginLoc()));
  });
  CopyEvents Events;
  if (Run)
    Events.Region.assign(Run->body_begin(), Run->body_end());
  else
    Events.Region = {L};
  for (const KernelRecord *K : kernelsIn(L, Fn)) {
    CopyEvents::Kernel EK;
    EK.S = K->S;
    // A summarized call runs host code too, which may change what a
    // fetched section's bounds name.
    EK.WritesAny = isa<CallExpr>(K->S);
    for (const HoistItem &H : K->Items)
      if (H.Type != "to")
        EK.Writes.insert(H.V);
    Events.Kernels.push_back(std::move(EK));
  }
  Events.MayRunKernels = [&](const FunctionDecl *F) { return !isLibraryFunction(F, SM); };
  Events.Depends = [](const std::string &Item, const ValueDecl *V, const ValueDecl *D,
                      bool Whole) {
    return D == V ? Whole : mentionsIdentifier(Item, D->getName());
  };
  for (auto &Use : UsesInOrder) {
    const Stmt *S = Use.first;
    const std::set<const ValueDecl *> &Vs = Use.second;
    RegionFacts SF(S, Ctx);
    std::vector<std::string> From, To;
    std::vector<const ValueDecl *> FromVars;
    for (const ValueDecl *V : Vs) {
      const Cand &C = Cands[V];
      if (!C.Ok || C.Type == "alloc")
        continue;
      SectionResult Sec = SF.inferSection(V);
      // Only what the region maps can be updated: clip to its extent (an
      // update of a partly mapped section does nothing at all). A call that
      // uses the array may touch any of it.
      bool Called = ViaCall.count(S) && ViaCall[S].count(V);
      if (Called)
        Sec = SectionResult{"", "used by a call", "", std::nullopt, std::nullopt};
      std::string Item = C.Section;
      // One element is either mapped or not (never partly): an update of
      // one the region does not hold assigns nothing (OpenMP 5.0, target
      // update: "no assignment occurs"), and then the host's copy is the
      // current one. So a single element needs no clipping.
      bool OneElement = Sec.ok() && Sec.Lo && Sec.Hi && *Sec.Lo == *Sec.Hi;
      if (Sec.ok() && C.FullExtent) {
        Item = Sec.Item; // inside the allocation, so inside the region
      } else if (Sec.ok() && C.Lo && C.Hi) {
        auto Common = intersectRange(*Sec.Lo, *Sec.Hi, *C.Lo, *C.Hi);
        if (Common && !*Common)
          continue; // the host touches only elements the device never has
        if (Common)
          Item = sectionText(C.Name, (*Common)->first, (*Common)->second);
        else if (OneElement)
          Item = Sec.Item;
      } else if (OneElement) {
        Item = Sec.Item;
      }
      bool Writes = SF.isWritten(V) || SF.isAddressTaken(V) ||
                    (WrittenViaCall.count(S) && WrittenViaCall[S].count(V));
      // An update to wider than what the host writes (its section could
      // not be clipped to the region's) sends elements the host did not
      // write: the host must hold their current values, so a dense write
      // of its own section does not spare the fetch.
      bool Widened = Sec.ok() && Item != Sec.Item;
      if ((C.Type == "tofrom" || C.Type == "from") &&
          (Called ||
           !skipFetch(S, V, SF, Sec, Item, C.Section, Events, Fn,
                      !(Writes && Widened)))) {
        From.push_back(Item);
        FromVars.push_back(V);
      }
      if (Writes && (C.Type == "tofrom" || C.Type == "to"))
        To.push_back(Item);
    }
    std::string FromLine = From.empty() ? ""
        : omp("target update", {"from(" + llvm::join(From, ", ") + ")"});
    std::string ToLine = To.empty() ? ""
        : omp("target update", {"to(" + llvm::join(To, ", ") + ")"});
    if (!FromLine.empty())
      R.Emitted.push_back(FromLine);
    if (!ToLine.empty())
      R.Emitted.push_back(ToLine);
    if (FromLine.empty() && ToLine.empty())
      continue;
    // The fetches, for the statements after: made right before S.
    auto Record = [&](const Stmt *At) {
      for (size_t I = 0; I < From.size(); ++I)
        Events.Fetches.push_back({At, FromVars[I], From[I]});
    };
    if (NeedsBraces.count(S)) {
      if (Around(S, FromLine, ToLine)) {
        Record(S);
        continue;
      }
      // No ';' to anchor the braces: fall back to the enclosing statement.
      const Stmt *Up = Parent.lookup(S);
      while (Up && !isa<CompoundStmt>(Parent.lookup(Up)))
        Up = Parent.lookup(Up);
      if (!Up)
        return false;
      S = Up;
    }
    if (!Around(S, FromLine, ToLine))
      return false;
    Record(S);
  }
  if (!Returns.empty()) {
    E.insertLinesAfter(lastLoc(L), {ExitLine}, E.indentOf(L->getBeginLoc()));
    R.Emitted.push_back(ExitLine);
    for (const ReturnStmt *RS : Returns) {
      if (!Around(RS, ExitLine, ""))
        return false;
      R.Notes.push_back("the return at line " +
                        std::to_string(SM.getPresumedLineNumber(
                            SM.getExpansionLoc(RS->getBeginLoc()))) +
                        " leaves the loop: target exit data before it too");
    }
  }
  if (Run) {
    std::vector<std::string> After;
    if (!FinalFetch.empty())
      After.push_back(omp("target update", {"from(" + llvm::join(FinalFetch, ", ") + ")"}));
    After.push_back(ExitLine);
    E.insertLinesAfter(lastLoc(Run->body_back()), After,
                       E.indentOf(L->getBeginLoc()));
    R.Emitted.insert(R.Emitted.end(), After.begin(), After.end());
  }
  R.Translated = true;
  succeed(R, E);
  return true;
}

// ============================================================================
// Data hoisting refinements: device-only temporaries, the live half of a
// swapped pair, dense host overwrites, repeated fetches
// ============================================================================

namespace {
/// An access as a set of elements, comparable across regions: its one
/// subscript and the ranges of the loops around it, each loop variable
/// renamed by depth ("@#0" is the outermost).
struct Footprint {
  Poly Index;
  std::vector<std::pair<Poly, Poly>> Ranges;   ///< inclusive, outer first
  std::optional<std::pair<Poly, Poly>> Box;    ///< lowest and highest element
  bool Dense = false; ///< every element of Box is accessed
  bool sameElements(const Footprint &O) const {
    return Index == O.Index && Ranges == O.Ranges;
  }
};

bool mentionsLoopVar(const Poly &P) {
  for (const auto &[M, K] : P.terms())
    for (const std::string &S : M)
      if (!S.empty() && S[0] == '@')
        return true;
  return false;
}

std::optional<Footprint> footprintOf(const RegionFacts &F, const Access &A) {
  if (A.Indices.size() != 1)
    return std::nullopt;
  std::optional<Poly> P = F.toPoly(A.Indices[0]);
  if (!P)
    return std::nullopt;
  auto Depth = [](size_t D) { return "@#" + std::to_string(D); };
  bool Ok = true;
  auto Rename = [&](Poly Q) {
    for (size_t D = 0; D < A.Loops.size(); ++D) {
      const std::string &From = F.loops()[A.Loops[D]].Symbol;
      if (!Q.mentions(From))
        continue;
      if (!Q.coefficientOf(From)) {
        Ok = false; // not linear in it
        continue;
      }
      Q = Q.substitute(From, Poly::symbol(Depth(D)));
    }
    return Q;
  };
  Footprint FP;
  FP.Index = Rename(*P);
  for (int LI : A.Loops)
    FP.Ranges.push_back({Rename(F.loops()[LI].Min), Rename(F.loops()[LI].Max)});
  if (!Ok)
    return std::nullopt;
  // Bounding box: each loop variable at the end of its range that makes the
  // subscript smallest / largest, innermost first.
  Poly Lo = FP.Index, Hi = FP.Index;
  for (size_t D = FP.Ranges.size(); D-- > 0;) {
    for (Poly *Q : {&Lo, &Hi}) {
      if (!Q->mentions(Depth(D)))
        continue;
      std::optional<Poly> C = Q->coefficientOf(Depth(D));
      std::optional<bool> NonNeg;
      if (C && !mentionsLoopVar(*C))
        NonNeg = Poly::geq(*C, Poly::constant(0));
      if (!NonNeg)
        return FP;
      bool WantMin = Q == &Lo;
      *Q = Q->substitute(Depth(D), WantMin == *NonNeg ? FP.Ranges[D].first
                                                      : FP.Ranges[D].second);
    }
  }
  if (mentionsLoopVar(Lo) || mentionsLoopVar(Hi))
    return FP;
  FP.Box = std::make_pair(Lo, Hi);
  // Dense: rectangular, non-empty loop ranges, and the loop variables the
  // subscript uses have strides 1, len(inner), len(inner)*len(next), ...
  for (const auto &[Min, Max] : FP.Ranges) {
    std::optional<bool> NonEmpty = Poly::geq(Max, Min);
    if (mentionsLoopVar(Min) || mentionsLoopVar(Max) || !NonEmpty || !*NonEmpty)
      return FP;
  }
  Poly Stride = Poly::constant(1);
  for (size_t D = FP.Ranges.size(); D-- > 0;) {
    if (!FP.Index.mentions(Depth(D)))
      continue;
    std::optional<Poly> C = FP.Index.coefficientOf(Depth(D));
    if (!C || *C != Stride)
      return FP;
    Stride = Stride * (FP.Ranges[D].second - FP.Ranges[D].first + Poly::constant(1));
  }
  FP.Dense = true;
  return FP;
}

/// Whether a polynomial names one of the variables (atoms are source text:
/// an identifier match inside them).
bool mentionsAnyVar(const Poly &P, const std::vector<const ValueDecl *> &Vars) {
  for (const auto &[M, K] : P.terms())
    for (const std::string &S : M) {
      if (S.empty() || S[0] == '@')
        continue;
      for (const ValueDecl *V : Vars)
        if (mentionsIdentifier(S, V->getNameAsString()))
          return true;
    }
  return false;
}

bool footprintMentions(const Footprint &FP, const std::vector<const ValueDecl *> &Vars) {
  if (mentionsAnyVar(FP.Index, Vars))
    return true;
  for (const auto &[Min, Max] : FP.Ranges)
    if (mentionsAnyVar(Min, Vars) || mentionsAnyVar(Max, Vars))
      return true;
  return false;
}

/// `X = e` (not `X op= e`, not `++X`): the old value is not read.
const BinaryOperator *plainAssignOf(const ParentMap &PM, const Expr *X) {
  const Stmt *P = PM.getParentIgnoreParens(const_cast<Expr *>(X));
  const auto *B = dyn_cast_or_null<BinaryOperator>(P);
  if (B && B->getOpcode() == BO_Assign && B->getLHS()->IgnoreParens() == X)
    return B;
  return nullptr;
}

/// Whether S runs whenever Root runs, once per iteration of the canonical
/// loops of F around it: only blocks, canonical loops (S in their body) and
/// OpenACC loop directives lie between.
bool unconditionalIn(const ParentMap &PM, const Stmt *S, const Stmt *Root,
                     const RegionFacts &F) {
  for (const Stmt *Cur = S; Cur != Root;) {
    const Stmt *P = PM.getParent(const_cast<Stmt *>(Cur));
    if (!P)
      return false;
    if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (For->getBody() != Cur ||
          llvm::none_of(F.loops(), [&](const CanonicalLoop &L) { return L.For == For; }))
        return false;
    } else if (!isa<CompoundStmt>(P) && !isa<OpenACCLoopConstruct>(P) &&
               !isa<AttributedStmt>(P) && !isa<OMPLoopDirective>(P) &&
               !isa<CapturedStmt>(P)) {
      // (An OpenMP loop directive of --optimize-data input runs every
      // iteration of its loop, whatever its clauses.)
      return false;
    }
    Cur = P;
  }
  return true;
}

/// Any statement that leaves a block early, or a label to jump into one.
bool hasJumpsOrLabels(const Stmt *S) {
  if (!S)
    return false;
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
      isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S) ||
      isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasJumpsOrLabels(C))
      return true;
  return false;
}
} // namespace

const Stmt *FilePlanner::kernelBody(const Stmt *K) const {
  // An OpenMP kernel of the input (--optimize-data): its associated code.
  if (OmpKernelStmts.count(K)) {
    const auto *D = cast<OMPExecutableDirective>(K);
    return D->hasAssociatedStmt() ? D->getRawStmt() : nullptr;
  }
  for (const Directive &D : Dirs)
    if (D.S == K)
      return assoc(D);
  return nullptr; // a summarized call: its kernels are not in sight
}

bool FilePlanner::kernelHasIfClause(const Stmt *K) const {
  if (OmpKernelStmts.count(K))
    return cast<OMPExecutableDirective>(K)->hasClausesOfKind<OMPIfClause>();
  for (const Directive &D : Dirs)
    if (D.S == K)
      return llvm::any_of(D.Clauses, [](const OpenACCClause *C) {
        return C->getClauseKind() == CK::If || C->getClauseKind() == CK::Self;
      });
  return true;
}

std::vector<const FilePlanner::KernelRecord *>
FilePlanner::kernelsIn(const Stmt *L, const FunctionDecl *Fn) const {
  std::vector<const KernelRecord *> Ks;
  for (const KernelRecord &K : KernelRecs)
    if (K.Fn == Fn && within(K.S, L))
      Ks.push_back(&K);
  std::stable_sort(Ks.begin(), Ks.end(), [&](const KernelRecord *A, const KernelRecord *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->S->getBeginLoc()),
                                        SM.getExpansionLoc(B->S->getBeginLoc()));
  });
  return Ks;
}

/// The arrays among Vs that the region can create on the device without
/// copying them in (map alloc). In program order inside L, the first kernel
/// that touches V must run in every iteration (a statement of L's body) and
/// write, by plain unconditional assignments, every element that it and the
/// later kernels of L read from V: it reads its own element only after
/// writing it; a later kernel reads the same elements (the same subscript
/// over the same loop ranges) or a part of a dense write. The caller has
/// checked that the host neither touches V inside L nor reads it after L.
std::set<const ValueDecl *>
FilePlanner::deviceOnlyArrays(
    const Stmt *L, const FunctionDecl *Fn, const std::vector<const ValueDecl *> &Vs,
    const RegionFacts &LF,
    const std::map<const ValueDecl *, std::pair<Poly, Poly>> *Cover) const {
  std::set<const ValueDecl *> Result;
  std::vector<const KernelRecord *> Ks = kernelsIn(L, Fn);
  ParentMap LPM(const_cast<Stmt *>(L));
  const Stmt *LBody = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(L))
    LBody = W->getBody();
  else if (const auto *F = dyn_cast<ForStmt>(L))
    LBody = F->getBody();
  else if (const auto *D = dyn_cast<DoStmt>(L))
    LBody = D->getBody();
  else if (isa<CompoundStmt>(L))
    LBody = L; // a run of statements
  std::vector<const ValueDecl *> Changed = LF.changedOrLocalVars();
  for (const ValueDecl *V : Vs) {
    bool Ok = true;
    const KernelRecord *First = nullptr;
    std::vector<Footprint> Writes; // unconditional plain writes of the first
    for (const KernelRecord *K : Ks) {
      const Stmt *Body = kernelBody(K->S);
      if (!Body) {
        Ok = false;
        break;
      }
      auto KF = std::make_unique<RegionFacts>(Body, Ctx);
      if (!llvm::is_contained(KF->externalVars(), V))
        continue;
      if (KF->isAddressTaken(V) || kernelHasIfClause(K->S)) {
        Ok = false;
        break;
      }
      ParentMap PM(const_cast<Stmt *>(Body));
      if (!First) {
        // It runs in every iteration: only blocks between it and the body.
        const Stmt *Cur = K->S;
        while (Cur != LBody) {
          const Stmt *P = LPM.getParent(const_cast<Stmt *>(Cur));
          if (!P || !isa<CompoundStmt>(P)) {
            Ok = false;
            break;
          }
          Cur = P;
        }
        if (!Ok || !LBody || hasJumpsOrLabels(Body))
          break;
        First = K;
        std::vector<const Access *> UncondWrites;
        for (const Access &A : KF->accesses())
          if (A.Base == V && A.Expr && plainAssignOf(PM, A.Expr) &&
              unconditionalIn(PM, plainAssignOf(PM, A.Expr), Body, *KF)) {
            std::optional<Footprint> FP = footprintOf(*KF, A);
            if (!FP || footprintMentions(*FP, Changed))
              continue;
            Writes.push_back(*FP);
            UncondWrites.push_back(&A);
          }
        // Its own reads: the element it has just written, in a later
        // statement of the same block.
        for (const Access &X : KF->accesses()) {
          if (X.Base != V || (X.Expr && plainAssignOf(PM, X.Expr)))
            continue;
          bool Covered = false;
          for (const Access *W : UncondWrites) {
            if (!X.Expr || W->Loops != X.Loops || X.Indices.size() != 1)
              continue;
            std::optional<Poly> PX = KF->toPoly(X.Indices[0]);
            std::optional<Poly> PW = KF->toPoly(W->Indices[0]);
            if (!PX || !PW || *PX != *PW)
              continue;
            const BinaryOperator *B = plainAssignOf(PM, W->Expr);
            const auto *Block = dyn_cast_or_null<CompoundStmt>(
                PM.getParent(const_cast<BinaryOperator *>(B)));
            if (!Block)
              continue;
            const Stmt *C = X.Expr;
            while (C && PM.getParent(const_cast<Stmt *>(C)) != Block)
              C = PM.getParent(const_cast<Stmt *>(C));
            if (C && C != B &&
                SM.isBeforeInTranslationUnit(SM.getExpansionLoc(B->getEndLoc()),
                                             SM.getExpansionLoc(C->getBeginLoc())))
              Covered = true;
          }
          if (!Covered) {
            Ok = false;
            break;
          }
        }
        if (!Ok)
          break;
        continue;
      }
      // A later kernel: each read lies in what the first one wrote.
      for (const Access &X : KF->accesses()) {
        if (X.Base != V || (X.Expr && plainAssignOf(PM, X.Expr)))
          continue;
        std::optional<Footprint> FX = footprintOf(*KF, X);
        bool Covered = false;
        if (FX && !footprintMentions(*FX, Changed))
          for (const Footprint &W : Writes) {
            if (W.sameElements(*FX)) {
              Covered = true;
            } else if (W.Dense && W.Box && FX->Box) {
              std::optional<bool> A = Poly::geq(FX->Box->first, W.Box->first);
              std::optional<bool> B = Poly::geq(W.Box->second, FX->Box->second);
              Covered = A && *A && B && *B;
            }
            if (Covered)
              break;
          }
        if (!Covered) {
          Ok = false;
          break;
        }
      }
      if (!Ok)
        break;
    }
    // With Cover: one dense write of the first kernel spans V's extent.
    if (Ok && First && Cover) {
      auto It = Cover->find(V);
      bool Spans = false;
      for (const Footprint &W : Writes)
        if (It != Cover->end() && W.Dense && W.Box) {
          std::optional<bool> A = Poly::geq(It->second.first, W.Box->first);
          std::optional<bool> B = Poly::geq(W.Box->second, It->second.second);
          Spans |= A && *A && B && *B;
        }
      Ok = Spans;
    }
    if (Ok && First)
      Result.insert(V);
  }
  return Result;
}

/// The smallest range holding every element the kernels of L write through
/// any of Vs (a pointer swap moves those names between buffers), when all
/// those writes have bounds that are known and fixed in L.
std::optional<std::pair<Poly, Poly>>
FilePlanner::kernelWriteBox(const Stmt *L, const FunctionDecl *Fn,
                            const std::vector<const ValueDecl *> &Vs,
                            const RegionFacts &LF) const {
  std::optional<std::pair<Poly, Poly>> Box;
  std::vector<const ValueDecl *> Changed = LF.changedOrLocalVars();
  for (const KernelRecord *K : kernelsIn(L, Fn)) {
    const Stmt *Body = kernelBody(K->S);
    if (!Body)
      return std::nullopt;
    RegionFacts KF(Body, Ctx);
    for (const ValueDecl *V : Vs)
      if (KF.isAddressTaken(V))
        return std::nullopt;
    for (const Access &A : KF.accesses()) {
      if (!A.IsWrite || !llvm::is_contained(Vs, A.Base))
        continue;
      std::optional<Footprint> FP = footprintOf(KF, A);
      if (!FP || !FP->Box || mentionsAnyVar(FP->Box->first, Changed) ||
          mentionsAnyVar(FP->Box->second, Changed))
        return std::nullopt;
      if (!Box) {
        Box = FP->Box;
        continue;
      }
      Box = unionRange(Box->first, Box->second, FP->Box->first, FP->Box->second);
      if (!Box)
        return std::nullopt;
    }
  }
  return Box;
}

/// Whether the host statement S overwrites every element of V's section Sec
/// without reading any: all its accesses to V are plain assignments, one of
/// them unconditional and dense over a range that holds Sec, and nothing in
/// S (a jump, a call) can stop it early or look at V before it is written.
bool FilePlanner::denseOverwrite(const Stmt *S, const ValueDecl *V,
                                 const RegionFacts &SF,
                                 const SectionResult &Sec) const {
  if (!Sec.ok() || !Sec.Lo || !Sec.Hi || SF.isAddressTaken(V) ||
      SF.hasCallsOrEscapes() || hasJumpsOrLabels(S))
    return false;
  ParentMap PM(const_cast<Stmt *>(S));
  bool Dense = false;
  for (const Access &A : SF.accesses()) {
    if (A.Base != V)
      continue;
    const BinaryOperator *B = A.Expr ? plainAssignOf(PM, A.Expr) : nullptr;
    if (!B)
      return false; // a read, or op=, ++, --
    if (Dense || !unconditionalIn(PM, B, S, SF))
      continue;
    std::optional<Footprint> FP = footprintOf(SF, A);
    if (!FP || !FP->Dense || !FP->Box)
      continue;
    std::optional<bool> Lo = Poly::geq(*Sec.Lo, FP->Box->first);
    std::optional<bool> Hi = Poly::geq(FP->Box->second, *Sec.Hi);
    Dense = Lo && *Lo && Hi && *Hi;
  }
  return Dense;
}

/// The last source location of S and everything in it (an OpenACC
/// construct's own end is that of its directive, not of its statement).
SourceLocation FilePlanner::lastLoc(const Stmt *S) const {
  return lastLocation(S, SM);
}

/// Whether nothing but blanks, a ';' and a // comment follows statement L on
/// the line where it ends (lines can then be added after it).
bool FilePlanner::endsItsLine(const Stmt *L) const {
  SourceLocation End = lastLoc(L);
  End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  if (End.isInvalid())
    return false;
  StringRef Buf = SM.getBufferData(SM.getFileID(End));
  StringRef Rest = Buf.substr(SM.getFileOffset(End));
  Rest = Rest.take_until([](char Ch) { return Ch == '\n'; }).ltrim(" \t");
  if (Rest.starts_with(";")) // the statement's own, or an empty one
    Rest = Rest.drop_front().ltrim(" \t");
  return Rest.empty() || Rest.starts_with("//") || Rest == "\r";
}

/// A host statement needs no fetch of Item before it when it overwrites the
/// whole section without reading it, or when on every path into it the
/// host fetched Item (or the region's whole section) and nothing since
/// could have changed the device copy or what the item's text names.
bool FilePlanner::skipFetch(const Stmt *S, const ValueDecl *V,
                            const RegionFacts &SF, const SectionResult &Sec,
                            const std::string &Item, const std::string &Whole,
                            const CopyEvents &Events, const FunctionDecl *Fn,
                            bool AllowDense) {
  if (AllowDense && denseOverwrite(S, V, SF, Sec))
    return true;
  return flowOf(Fn).currentOnEntry(Events, S, V, {Item, Whole});
}

/// Kernels in straight-line code: one region around each maximal run of
/// statements of a block that holds two or more kernels sharing an array.
/// A run ends at a statement with another OpenACC directive, a jump or a
/// label, or a hoisted loop; it starts and ends with a statement that holds
/// a kernel. Phases (before loops are hoisted): only runs whose kernels lie
/// in two or more of its statements, one of them a loop (the phases of a
/// program: set-up kernels, an iteration loop, a last kernel), so the data
/// stays on the device from the first phase to the last; a loop of a run
/// that cannot have one gets its own region afterwards.
void FilePlanner::planStraightLineRuns(bool Phases) {
  std::set<const FunctionDecl *> Fns = kernelFunctions();
  for (const FunctionDecl *Fn : Fns) {
    auto KernelsOf = [&](const Stmt *S) {
      std::vector<const KernelRecord *> Ks;
      for (const KernelRecord &K : KernelRecs)
        if (K.Fn == Fn && within(K.S, S))
          Ks.push_back(&K);
      return Ks;
    };
    auto Barrier = [&](const Stmt *S) {
      if (HoistedLoops.count(S) || InRun.count(S) || hasJumpsOrLabels(S))
        return true;
      for (const Directive &D : Dirs)
        if (D.S && D.Fn == Fn && within(D.S, S) && !isComputeKind(D.Kind) &&
            D.Kind != DK::Loop && D.Kind != DK::Atomic && D.Kind != DK::Cache)
          return true;
      if (llvm::any_of(OmpOthers, [&](const Stmt *O) { return within(O, S); }) ||
          llvm::any_of(MemberKernels, [&](const Stmt *K) { return within(K, S); }))
        return true;
      return llvm::any_of(HoistedLoops, [&](const Stmt *H) { return within(H, S); });
    };
    auto TryRun = [&](const CompoundStmt *Block, size_t B, size_t E) {
      // Trim to the statements holding kernels at both ends.
      std::vector<Stmt *> Body(Block->body_begin() + B, Block->body_begin() + E);
      while (!Body.empty() && KernelsOf(Body.front()).empty())
        Body.erase(Body.begin());
      while (!Body.empty() && KernelsOf(Body.back()).empty())
        Body.pop_back();
      std::vector<const KernelRecord *> Ks;
      for (const Stmt *S : Body)
        for (const KernelRecord *K : KernelsOf(S))
          Ks.push_back(K);
      if (Phases) {
        std::function<bool(const Stmt *)> HasLoop = [&](const Stmt *X) {
          if (!X || isa<OpenACCConstructStmt>(X) || isa<OMPExecutableDirective>(X))
            return false;
          return hostLoopRunningKernels(X, Fn) || llvm::any_of(X->children(), HasLoop);
        };
        unsigned Holders = 0;
        bool Loop = false;
        for (const Stmt *S : Body)
          if (!KernelsOf(S).empty()) {
            ++Holders;
            Loop |= HasLoop(S);
          }
        if (Holders < 2 || !Loop)
          return;
      }
      bool Shared = false;
      for (size_t I = 0; I < Ks.size() && !Shared; ++I)
        for (size_t J = I + 1; J < Ks.size() && !Shared; ++J)
          for (const HoistItem &A : Ks[I]->Items)
            for (const HoistItem &C : Ks[J]->Items)
              Shared |= A.V == C.V && A.V->getType()->isPointerType();
      if (!Shared)
        return;
      auto *Run = CompoundStmt::Create(Ctx, Body, FPOptionsOverride(),
                                       Body.front()->getBeginLoc(),
                                       Body.back()->getEndLoc());
      // A region over phases must keep every array the loops' own regions
      // would: else those regions do better.
      if (tryHoist(Run, Fn, Run, /*AllOrNothing=*/Phases))
        InRun.insert(Body.begin(), Body.end());
    };
    std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
      if (const Stmt *Body = S ? userDataBody(S) : nullptr)
        return Visit(Body);
      if (!S || isa<OpenACCConstructStmt>(S) || isa<OMPExecutableDirective>(S) ||
          isa<LambdaExpr>(S) || HoistedLoops.count(S) || InRun.count(S))
        return;
      if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
        size_t Start = 0, I = 0, N = Block->size();
        for (; I < N; ++I)
          if (Barrier(Block->body_begin()[I])) {
            TryRun(Block, Start, I);
            Start = I + 1;
          }
        TryRun(Block, Start, N);
      }
      for (const Stmt *C : S->children())
        Visit(C);
    };
    Visit(Fn->getBody());
  }
}

FilePlan FilePlanner::run() {
  // Runtime calls first: whether the file sets or reads the default async
  // queue decides how every async without an argument is rendered.
  CallFinder CF(SM);
  CF.TraverseDecl(Ctx.getTranslationUnitDecl());
  RuntimeCalls = CF.Calls;
  StatementCalls = CF.StatementCalls;
  DeviceTypeTests = CF.Compared;
  for (const CallExpr *C : RuntimeCalls)
    if (const RuntimeApiRule *Rule =
            findRuntimeApiRule(C->getDirectCallee()->getName()))
      NeedDefaultAsync |= StringRef(Rule->Replacement).contains(DefaultAsyncVar);
  for (const Directive &D : Dirs)
    if (D.Kind == DK::Set)
      for (const OpenACCClause *C : D.Clauses)
        NeedDefaultAsync |= C->getClauseKind() == CK::DefaultAsync;
  // Global declares first: later compute constructs see their variables.
  for (size_t I = 0; I < Dirs.size(); ++I)
    if (Dirs[I].Kind == DK::Declare && !Dirs[I].Fn)
      for (const OpenACCClause *C : Dirs[I].Clauses)
        for (const Expr *X : varList(C))
          if (const ValueDecl *V = itemDecl(X))
            GlobalDeclared.insert(V);
  for (size_t K = 0; K < Dirs.size(); ++K) {
    int I = static_cast<int>(K);
    if (Handled[I])
      continue;
    size_t Before = Out.Records.size();
    switch (Dirs[I].Kind) {
    case DK::Parallel: case DK::Serial: case DK::Kernels:
    case DK::ParallelLoop: case DK::SerialLoop: case DK::KernelsLoop:
      planCompute(I);
      break;
    case DK::Data: planData(I); break;
    case DK::EnterData: case DK::ExitData: planEnterExit(I); break;
    case DK::Update: planUpdate(I); break;
    case DK::HostData: planHostData(I); break;
    case DK::Atomic: planAtomic(I); break;
    case DK::Declare: planDeclare(I); break;
    case DK::Routine: planRoutine(I); break;
    case DK::Loop: planOrphanLoop(I); break;
    default: planSimple(I); break;
    }
    // What was not translated is not emitted: no later decision may rely
    // on it (a data region's arrays are not present inside it).
    if (Dirs[I].S && Out.Records.size() > Before && !Out.Records[Before].Translated)
      FailedConstructs.insert(Dirs[I].S);
  }
  if (Opts.OptimizeOpenMP)
    collectOpenMPKernels();
  if (Opts.Data == DataPlacement::Hoist) {
    planCallSummaries();
    planStraightLineRuns(/*Phases=*/true);
    planHoisting();
    planStraightLineRuns(/*Phases=*/false);
  }
  planRuntimeCalls();
  planPreprocessor();
  insertQueueDecl();
  auto ByPlace = [](const ConstructRecord &A, const ConstructRecord &B) {
    return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
  };
  std::stable_sort(Out.Records.begin(), Out.Records.end(), ByPlace);
  std::stable_sort(Out.Decisions.begin(), Out.Decisions.end(), ByPlace);
  return Out;
}

} // namespace

FilePlan planFile(ASTContext &Ctx, const std::vector<Directive> &Dirs,
                  const PPFacts &PP, const PlanOptions &Opts) {
  return FilePlanner(Ctx, Dirs, PP, Opts).run();
}

} // namespace ompm
