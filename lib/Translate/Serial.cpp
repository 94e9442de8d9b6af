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
                                      ConstructRecord &R) {
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
  std::set<std::string> Reduced;
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
    if (Reduced.count(Name)) {
      Maps.add("tofrom", Name);
      continue;
    }
    Private.push_back(Name); // a temporary of each iteration (SerialLoops)
  }
  std::vector<std::string> Cl;
  if (L.Collapse > 1)
    Cl.push_back("collapse(" + std::to_string(L.Collapse) + ")");
  Maps.renderInto(Cl);
  if (!Private.empty())
    Cl.push_back("private(" + llvm::join(Private, ", ") + ")");
  for (const std::string &Red : L.Reductions)
    Cl.push_back("reduction(" + Red + ")");
  Line = omp("target teams distribute parallel for", Cl);
  return "";
}

void SerialTranslator::run(const std::vector<SerialLoop> &Loops) {
  for (const SerialLoop &L : Loops) {
    ConstructRecord R = loopRecord("serial loop", L.For);
    if (!L.Parallel) {
      R.Translated = true; // a decision: nothing to translate
      R.Notes.push_back("kept on the host: " + L.Why);
      Out.Decisions.push_back(std::move(R));
      continue;
    }
    ParentMap PM(const_cast<Stmt *>(L.Fn->getBody()));
    std::string Line, Why;
    std::vector<KernelItem> Items;
    if (!isa_and_nonnull<CompoundStmt>(PM.getParent(const_cast<ForStmt *>(L.For))))
      Why = "it is not a statement of a block ({ ... }), where a directive "
            "could go before it";
    else
      Why = offload(L, Line, Items, R);
    if (!Why.empty()) {
      R.Translated = true;
      R.Notes = {"kept on the host: " + Why};
      Out.Decisions.push_back(std::move(R));
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
    Pending.insert(Pending.end(), E.edits().begin(), E.edits().end());
    R.Emitted.push_back(Line);
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
