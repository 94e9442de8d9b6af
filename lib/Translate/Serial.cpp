//===- Serial.cpp - Serial loops proved parallel, offloaded ---------------===//
#include "Translate/Serial.h"
#include "Facts/Regions.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

std::string SerialTranslator::offload(const SerialLoop &L, std::string &Line,
                                      std::vector<KernelItem> &Items,
                                      ConstructRecord &R, LoopRecord &LR) {
  RegionFacts F(L.For, Ctx);
  // The loop variables of the collapsed loops are private to OpenMP.
  std::set<const ValueDecl *> Associated;
  const ForStmt *Cur = L.For;
  for (unsigned K = 0; Cur && K < L.Collapse; ++K) {
    for (const CanonicalLoop &CL : F.loops())
      if (CL.For == Cur)
        Associated.insert(CL.IV);
    const Stmt *B = Cur->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(B); CS && CS->size() == 1)
      B = CS->body_front();
    Cur = dyn_cast<ForStmt>(B);
  }
  std::set<std::string> Reduced, Flags(L.Flags.begin(), L.Flags.end());
  for (const std::string &Red : L.Reductions)
    Reduced.insert(StringRef(Red).split(':').second.trim().str());
  MapList Maps;
  std::vector<std::string> Private;
  for (const ValueDecl *V : F.externalVars()) {
    const auto *VD = dyn_cast<VarDecl>(V);
    if (!VD)
      return "'" + F.nameOf(V) + "' is not a variable (a member of this): not offloaded yet";
    std::string Name = F.nameOf(V);
    QualType T = V->getType().getNonReferenceType();
    if (T->isPointerType() || T->isArrayType()) {
      if (F.indexedThroughPointers(V))
        return "'" + Name + "' is indexed through pointers (no deep copy)";
      std::string Type = F.isWritten(V) ? "tofrom" : "to";
      if (T->isConstantArrayType()) {
        Maps.add(Type, Name);
        Items.push_back({V, Name, Name, Type});
        continue;
      }
      if (T->isArrayType())
        return "'" + Name + "' is an array of unknown size";
      SectionResult S = F.inferSection(V);
      if (!S.ok())
        return "no array section can be inferred for '" + Name + "': " + S.Why;
      Maps.add(Type, S.Item);
      Items.push_back({V, Name, S.Item, Type, S.Lo, S.Hi});
      R.Notes.push_back("'" + Name + "' mapped as " + S.Item +
                        (Type == "to" ? " (read only: map(to:))" : ""));
      continue;
    }
    if (!F.isWritten(V) || Associated.count(V))
      continue; // read only: firstprivate by default
    if (Reduced.count(Name) || Flags.count(Name)) {
      Maps.add("tofrom", Name);
      continue;
    }
    Private.push_back(Name); // a temporary of each iteration (SerialLoops)
  }
  LR.Collapse = L.Collapse;
  LR.Private = Private;
  LR.Reductions = L.Reductions;
  std::vector<std::string> Cl;
  if (L.Collapse > 1)
    Cl.push_back("collapse(" + std::to_string(L.Collapse) + ")");
  Maps.renderInto(Cl);
  if (!Private.empty())
    Cl.push_back("private(" + llvm::join(Private, ", ") + ")");
  for (const std::string &Red : L.Reductions)
    Cl.push_back("reduction(" + Red + ")");
  Line = omp("target teams distribute parallel for", Cl);
  // Atomic updates and flag writes: a directive line before each.
  for (const auto &[Exprs, Kind] :
       {std::make_pair(&L.AtomicUpdates, "update"), std::make_pair(&L.AtomicWrites, "write")})
    for (const Expr *X : *Exprs) {
      Atomics.insertLinesBefore(SM.getExpansionLoc(X->getBeginLoc()),
                                {std::string("#pragma omp atomic ") + Kind});
      LR.Atomics.push_back(std::string(Kind) + ": " + text(X));
      R.Notes.push_back("atomic " + std::string(Kind) + " of " + text(X) +
                        (Exprs == &L.AtomicWrites ? " (a flag)" : ""));
    }
  return "";
}

void SerialTranslator::run(const std::vector<SerialLoop> &Loops) {
  for (const SerialLoop &L : Loops) {
    ConstructRecord R = loopRecord("serial loop", L.For);
    LoopRecord LR;
    LR.Loc = R.Loc;
    LR.Line = R.Line;
    LR.Column = R.Column;
    auto Keep = [&](const std::string &Why) {
      R.Translated = true; // a decision: nothing to translate
      R.Notes = {"kept on the host: " + Why};
      Out.Decisions.push_back(std::move(R));
      LR = LoopRecord{LR.Line, LR.Column, LR.Loc};
      LR.Reason = Why;
      Out.Loops.push_back(std::move(LR));
    };
    if (!L.Parallel) {
      Keep(L.Why);
      Out.Loops.back().Parallel = L.KeptForProfit;
      continue;
    }
    ParentMap PM(const_cast<Stmt *>(L.Fn->getBody()));
    std::string Line, Why;
    std::vector<KernelItem> Items;
    Atomics.clear();
    // A directive goes before a statement of a block, or before the body
    // of a for loop (`for (...)` then the directive then the loop: the
    // construct is the outer loop's body).
    const Stmt *Parent = PM.getParent(const_cast<ForStmt *>(L.For));
    const auto *ParentFor = dyn_cast_or_null<ForStmt>(Parent);
    if (!isa_and_nonnull<CompoundStmt>(Parent) &&
        !(ParentFor && ParentFor->getBody() == L.For))
      Why = "it is not a statement of a block ({ ... }) or a for loop's body, "
            "where a directive could go before it";
    else
      Why = offload(L, Line, Items, R, LR);
    if (!Why.empty()) {
      Keep(Why);
      continue;
    }
    R.Notes.insert(R.Notes.begin(),
                   "offloaded: the dependence test proves its iterations "
                   "independent" +
                       std::string(L.Collapse > 1 ? " (and those of the " +
                                                        std::to_string(L.Collapse - 1) +
                                                        " loops nested in it: collapsed)"
                                                  : ""));
    EditSet E(SM);
    E.insertLinesBefore(L.For->getBeginLoc(), {Line});
    E.append(Atomics);
    Atomics.clear();
    // The file's functions it calls run on the device too.
    EditSet Declare(SM);
    for (const FunctionDecl *D : L.DeviceFunctions) {
      SourceLocation Begin = SM.getExpansionLoc(D->getSourceRange().getBegin());
      SourceLocation End = SM.getExpansionLoc(D->getSourceRange().getEnd());
      Declare.insertLinesBefore(Begin, {"#pragma omp declare target"});
      Declare.insertLinesAfter(End, {"#pragma omp end declare target"}, "");
      R.Notes.push_back("'" + D->getNameAsString() + "' is called: declare target");
      LR.DeviceFunctions.push_back(D->getNameAsString());
      if (DeclaredTarget.insert(D).second)
        Pending.insert(Pending.end(), Declare.edits().end() - 2, Declare.edits().end());
    }
    Pending.insert(Pending.end(), E.edits().begin(), E.edits().end());
    R.Emitted.push_back(Line);
    LR.Offloaded = true;
    LR.Parallel = true;
    LR.Directive = Line;
    LR.Fix = E.edits();
    LR.Fix.insert(LR.Fix.end(), Declare.edits().begin(), Declare.edits().end());
    Out.Loops.push_back(std::move(LR));
    EditSet None(SM);
    succeed(R, None); // the edit comes with emitEdits()
    Kernel K;
    K.S = L.For;
    K.Fn = L.Fn;
    K.Items = std::move(Items);
    K.Body = L.For;
    Kernels.push_back(std::move(K));
    Offloaded.insert(L.For);
  }
}

} // namespace ompm
