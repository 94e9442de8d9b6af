//===- DataConstructs.cpp - data, enter/exit data, update, host_data ------------===//
#include "Translate/DataConstructs.h"
#include "Facts/Members.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

void DataConstructTranslator::planData(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  MapList Maps;
  std::vector<std::string> DevPtrs, Cl, Async;
  bool TaskwaitBefore = false;
  std::string Why, IfCond;
  Zeros.clear();
  Deeps.clear();
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::If:
      IfCond = text(cast<OpenACCIfClause>(C)->getConditionExpr());
      Cl.push_back("if(" + IfCond + ")");
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
  if (!Zeros.empty()) {
    // Zeroed data: allocated (and zeroed) before the region, released after.
    const Stmt *Block = assoc(D);
    std::string ZWhy = zeroPlaceWhy(D.S);
    if (ZWhy.empty())
      if (std::string Leaves = leavesEarly(Block); !Leaves.empty())
        ZWhy = "the zero modifier: the data is released after the block, but " +
               Leaves;
    if (!ZWhy.empty())
      return fail(R, ZWhy);
    for (const std::string &Z : zeroEntries(IfCond, D)) {
      Pre += Z + "\n" + E.indentOf(D.Loc);
      noteHelpers(Z, D.Loc);
    }
    std::string X = zeroExit(Maps, IfCond);
    E.insertLinesAfter(lastLoc(Block), {X}, E.indentOf(D.Loc));
    R.Emitted.push_back(X);
  }
  if (!Deeps.empty()) {
    // Deep copies: pointer arrays and rows enter before the region and
    // leave after it.
    const Stmt *Block = assoc(D);
    std::string DWhy = inBlock(D.S) ? leavesEarly(Block)
                                    : "the construct is not a statement of "
                                      "a { } block";
    if (!DWhy.empty())
      return fail(R, "a deep copy: the rows enter before the region and "
                     "leave after it, but " + DWhy);
    std::vector<std::string> Extra;
    if (!IfCond.empty())
      Extra.push_back("if(" + IfCond + ")");
    auto [In, Out] = deepAround(Extra, D);
    for (const std::string &L : In)
      Pre += L + "\n" + E.indentOf(D.Loc);
    E.insertLinesAfter(lastLoc(Block), Out, E.indentOf(D.Loc));
    R.Emitted.insert(R.Emitted.end(), In.begin(), In.end());
    R.Emitted.insert(R.Emitted.end(), Out.begin(), Out.end());
    if (Maps.empty()) {
      E.replace(D.Text, Pre.substr(0, Pre.size() - 1 - E.indentOf(D.Loc).size()));
      R.Notes.push_back("only deep copies: the data construct becomes enter "
                        "data before its block and exit data after it");
      return succeed(R, E);
    }
  }
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

std::string DataConstructTranslator::leavesEarly(const Stmt *Block) const {
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

std::pair<MapList, MapList> DataConstructTranslator::enterExitOf(const MapList &Maps) {
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

void DataConstructTranslator::planEnterExit(int I) {
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
  std::string Why, IfCond;
  std::vector<std::string> FinalFrom; // copyout with finalize
  std::vector<std::string> Attaches;  // attach or detach clauses' pointers
  Zeros.clear();
  Deeps.clear();
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::If:
      IfCond = text(cast<OpenACCIfClause>(C)->getConditionExpr());
      Cl.push_back("if(" + IfCond + ")");
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
    case CK::Attach:
    case CK::Detach:
      // Through the helpers acc_attach/acc_detach use: a zero-length map
      // would count one more reference to the pointee, which a detach by
      // the runtime routine never takes back.
      for (const Expr *X : varList(C)) {
        const ValueDecl *V = itemDecl(X);
        if (!V || !X->getType()->isPointerType() || isSection(X))
          return fail(R, "'" + text(X) + "': only a pointer is attached or "
                         "detached here");
        Attaches.push_back(text(X));
      }
      break;
    case CK::CopyOut: case CK::PCopyOut: case CK::PresentOrCopyOut:
      if (!Enter && Finalize) {
        // map(from:) would only decrement the count: copy, then delete.
        for (const Expr *X : varList(C)) {
          if (DeepItem DI; deepItem(X, DI, Why)) {
            if (!Why.empty())
              return fail(R, Why);
            DI.Type = "from";
            DI.Finalize = true;
            Deeps.push_back(DI);
            continue;
          }
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
  // Deep copies: the pointer arrays enter before their rows and exit after
  // them, the rows in a host loop after (or before) the directive.
  std::string RowsBefore, RowsAfter;
  if (!Deeps.empty()) {
    if (!inBlock(D.S))
      return fail(R, "a deep copy: the directive must be a statement of a "
                     "{ } block (its rows enter or exit in a loop beside it)");
    std::vector<std::string> Extra = Async;
    if (!IfCond.empty())
      Extra.insert(Extra.begin(), "if(" + IfCond + ")");
    for (const DeepItem &DI : Deeps)
      Maps.add(Enter ? "to" : DI.Finalize ? "delete" : "release", DI.Ptrs);
    for (const std::string &L :
         deepRows(Enter ? DeepStep::Enter : DeepStep::Exit, Extra, D))
      (Enter ? RowsAfter : RowsBefore) += L + "\n" + E.indentOf(D.Loc);
    if (Enter)
      RowsAfter = "\n" + E.indentOf(D.Loc) +
                  RowsAfter.substr(0, RowsAfter.size() - 1 - E.indentOf(D.Loc).size());
  }
  if (!Attaches.empty()) {
    if (!Async.empty())
      return fail(R, "attach or detach on an async data directive is not "
                     "translated");
    if (!inBlock(D.S))
      return fail(R, "attach or detach: the directive must be a statement of "
                     "a { } block (the helper calls go beside it)");
    std::string Lines;
    for (const std::string &X : Attaches)
      Lines += (IfCond.empty() ? "" : "if (" + IfCond + ") ") +
               std::string(Enter ? "omp_migrate_attach_" : "omp_migrate_detach_") +
               "((void **)&(" + X + "));\n" + E.indentOf(D.Loc);
    noteHelpers(Lines, D.Loc);
    R.Notes.push_back(std::string(Enter ? "attach" : "detach") +
                      ": through the helper omp_migrate_" +
                      (Enter ? "attach_" : "detach_") + " (docs/mapping.md)");
    if (Enter)
      RowsAfter += "\n" + E.indentOf(D.Loc) +
                   Lines.substr(0, Lines.size() - 1 - E.indentOf(D.Loc).size());
    else
      RowsBefore = Lines + RowsBefore;
  }
  // Zeroed data is entered by the helper, after the queue's earlier work.
  std::vector<std::string> ZeroLines = zeroEntries(IfCond, D);
  if (!ZeroLines.empty() && !Async.empty())
    ZeroLines.insert(ZeroLines.begin(), "#pragma omp taskwait");
  std::string Zeroed;
  for (const std::string &Z : ZeroLines)
    Zeroed += "\n" + E.indentOf(D.Loc) + Z;
  if (!Zeroed.empty())
    noteHelpers(Zeroed, D.Loc);
  if (Maps.empty() && !Zeroed.empty())
    return emitLine(D, Zeroed.substr(1 + E.indentOf(D.Loc).size()),
                    TaskwaitBefore, false, R, E);
  if (Maps.empty() && !Attaches.empty()) {
    // Only helper calls: they take the directive's place.
    std::string L = RowsBefore + RowsAfter;
    L = Enter ? L.substr(1 + E.indentOf(D.Loc).size())
              : L.substr(0, L.size() - 1 - E.indentOf(D.Loc).size());
    return emitLine(D, L, TaskwaitBefore, false, R, E);
  }
  if (Maps.empty()) {
    E.removeDirective(D.Text);
    R.Notes.push_back("nothing to map: directive removed");
    return succeed(R, E);
  }
  std::vector<std::string> MotionCl = Cl; // if(...), for the update
  Maps.renderInto(Cl);
  Cl.insert(Cl.end(), Async.begin(), Async.end());
  std::string L =
      omp(Enter ? "target enter data" : "target exit data", Cl) + Zeroed + RowsAfter;
  if (!FinalFrom.empty()) {
    MotionCl.insert(MotionCl.begin(), "from(" + llvm::join(FinalFrom, ", ") + ")");
    MotionCl.insert(MotionCl.end(), Async.begin(), Async.end());
    L = omp("target update", MotionCl) + "\n" + E.indentOf(D.Loc) + L;
  }
  L = RowsBefore + L;
  emitLine(D, std::move(L), TaskwaitBefore, !Async.empty(), R, E);
}

/// The directive's line in place of D (after a taskwait when a wait
/// without arguments comes first), recorded as translated.
void DataConstructTranslator::emitLine(const Directive &D, std::string L,
                                       bool TaskwaitBefore, bool Async,
                                       ConstructRecord &R, EditSet &E) {
  if (TaskwaitBefore)
    L = "#pragma omp taskwait\n" + E.indentOf(D.Loc) + L;
  if (Async)
    noteQueueUse(D.Loc);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

void DataConstructTranslator::planUpdate(int I) {
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
  Deeps.clear();
  // A deep item's rows are updated in a host loop; its pointer array is
  // left alone (the device's holds device addresses).
  auto Deep = [&](const Expr *E, const char *Type) {
    DeepItem DI;
    if (!deepItem(E, DI, Why))
      return false;
    DI.Type = Type;
    if (Why.empty())
      Deeps.push_back(DI);
    return true;
  };
  for (const OpenACCClause *C : effectiveClauses(D.Clauses, R)) {
    switch (C->getClauseKind()) {
    case CK::Self:
    case CK::Host:
      for (const Expr *E : varList(C))
        if (!Deep(E, "from"))
          From.push_back(Item(E));
      break;
    case CK::Device:
      for (const Expr *E : varList(C))
        if (!Deep(E, "to"))
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
  std::vector<std::string> Extra = Cl;
  Extra.insert(Extra.end(), Async.begin(), Async.end());
  EditSet E(SM);
  std::vector<std::string> Lines;
  if (!Motion.empty()) {
    Motion.insert(Motion.end(), Extra.begin(), Extra.end());
    Lines.push_back(omp("target update", Motion));
  }
  if (!Deeps.empty()) {
    if (!inBlock(D.S))
      return fail(R, "a deep copy: the directive must be a statement of a "
                     "{ } block (its rows are updated in a loop in its place)");
    for (std::string &L : deepRows(DeepStep::Update, Extra, D))
      Lines.push_back(std::move(L));
  }
  if (Lines.empty())
    return fail(R, "update with nothing to update");
  emitLine(D, llvm::join(Lines, "\n" + E.indentOf(D.Loc)), TaskwaitBefore,
           !Async.empty(), R, E);
}

void DataConstructTranslator::planHostData(int I) {
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

} // namespace ompm
