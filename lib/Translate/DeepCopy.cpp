//===- DeepCopy.cpp - Sections through pointer arrays ----------------------===//
//
// A two-level section through a pointer array (a[0:n][0:m] with double **a
// or double *a[N]) as OpenMP: the pointer array's map, then host loops that
// enter, exit or update the rows through a local copy of each row's pointer,
// and, on entry, point the device's slot at the row (Clauses.h, DeepItem).
//
//===----------------------------------------------------------------------===//
#include "Translate/Clauses.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

bool ClauseStep::deepItem(const Expr *E, DeepItem &D, std::string &Why) const {
  Why = deepSectionWhy(E);
  if (Why.empty())
    return false;
  const auto *Row = dyn_cast<ArraySectionExpr>(E->IgnoreParenImpCasts());
  const auto *Ptr = Row ? dyn_cast<ArraySectionExpr>(
                              Row->getBase()->IgnoreParenImpCasts())
                        : nullptr;
  const auto *Ref = Ptr ? dyn_cast<DeclRefExpr>(Ptr->getBase()->IgnoreParenImpCasts())
                        : nullptr;
  if (!Ref) {
    Why += " (OpenMP deep copies here are translated only for a variable "
           "with two sections, a[lo:n][lo2:m])";
    return true;
  }
  auto Paren = [&](const Expr *B) {
    return standsAlone(B) ? text(B) : "(" + text(B) + ")";
  };
  std::string Name = text(Ref);
  D.Item = text(E);
  if (!Row->getLength()) {
    Why = "'" + text(E) + "': a row section without a length cannot be "
          "mapped; write [lo:length]";
    return true;
  }
  const Expr *Lo = Ptr->getLowerBound();
  D.Lo = Lo ? Paren(Lo) : "0";
  if (Ptr->getLength()) {
    D.Len = Paren(Ptr->getLength());
    D.Ptrs = text(Ptr);
  } else if (const ConstantArrayType *A = Ctx.getAsConstantArrayType(
                 Ref->getDecl()->getType().getNonReferenceType());
             A && !Lo) {
    D.Len = std::to_string(A->getZExtSize());
    D.Ptrs = Name + "[0:" + D.Len + "]";
  } else {
    Why = "'" + text(E) + "': the pointer array's section has no length; "
          "write [lo:length]";
    return true;
  }
  const Expr *Lo2 = Row->getLowerBound();
  D.Section = "[" + (Lo2 ? text(Lo2) : std::string("0")) + ":" +
              text(Row->getLength()) + "]";
  D.Row = Name + "[omp_migrate_i_]" + D.Section;
  D.Local = "omp_migrate_" + Name + "_";
  if (Ctx.getLangOpts().CPlusPlus) {
    D.RowType = "auto ";
  } else {
    QualType T = Ref->getDecl()->getType().getNonReferenceType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType();
    D.RowType = T.getAsString(Ctx.getPrintingPolicy());
    if (!StringRef(D.RowType).ends_with("*"))
      D.RowType += " ";
  }
  Why.clear();
  return true;
}

std::vector<std::string> ClauseStep::deepRows(DeepStep Step,
                                              const std::vector<std::string> &Extra,
                                              const Directive &Dir) const {
  std::string Indent = firstColumnIndent(Dir), In = Indent + "  ";
  std::vector<std::string> Lines;
  auto Directive = [&](const std::string &Name, std::vector<std::string> Cl) {
    Cl.insert(Cl.end(), Extra.begin(), Extra.end());
    Lines.push_back(In + ompLine(Name, Cl));
  };
  // One loop for the items that share a first dimension, in their order.
  std::vector<std::pair<std::string, std::string>> Dims;
  for (const DeepItem &D : Deeps)
    if (!llvm::is_contained(Dims, std::make_pair(D.Lo, D.Len)))
      Dims.push_back({D.Lo, D.Len});
  for (const auto &[Lo, Len] : Dims) {
    std::vector<const DeepItem *> Items;
    for (const DeepItem &D : Deeps)
      if (D.Lo == Lo && D.Len == Len)
        Items.push_back(&D);
    std::string Bound = Lo == "0" ? Len : Lo + " + " + Len;
    Lines.push_back(Indent + "for (long omp_migrate_i_ = " + Lo +
                    "; omp_migrate_i_ < " + Bound + "; ++omp_migrate_i_) {");
    // a[omp_migrate_i_], the row's pointer.
    auto SlotOf = [](const DeepItem *D) {
      return D->Row.substr(0, D->Row.size() - D->Section.size());
    };
    for (const DeepItem *D : Items)
      Lines.push_back(In + D->RowType + D->Local + " = " + SlotOf(D) + ";");
    MapList Maps, Slots;
    std::vector<std::string> Updates, Sets, Uses;
    for (const DeepItem *D : Items) {
      if (Step == DeepStep::Update)
        break;
      StringRef Ty = D->Type;
      bool Always = Ty.consume_front("always, ");
      bool ToIn = Ty == "to" || Ty == "tofrom", Out = Ty == "from" || Ty == "tofrom";
      std::string Row = D->Local + D->Section;
      if (Step == DeepStep::Enter) {
        Maps.add(ToIn ? (Always ? "always, to" : "to") : "alloc", Row);
        std::string Slot = SlotOf(D);
        Slots.add("alloc", Slot.substr(0, Slot.size() - 1) + ":1]");
        Slots.add("alloc", Row);
        Sets.push_back(Slot + " = " + D->Local + ";");
      } else if (Out && D->Finalize) {
        // map(from:) with finalize would only decrement the count.
        Updates.push_back(Row);
        Maps.add("delete", Row);
      } else {
        Maps.add(Out ? (Always ? "always, from" : "from")
                     : (D->Finalize || Ty == "delete") ? "delete" : "release",
                 Row);
      }
      if (Step == DeepStep::Exit)
        Uses.push_back("(void)" + D->Local + ";");
    }
    std::vector<std::string> Cl;
    if (!Updates.empty())
      Directive("target update", {"from(" + llvm::join(Updates, ", ") + ")"});
    if (Step == DeepStep::Update) {
      std::vector<std::string> To, From;
      for (const DeepItem *D : Items) {
        (D->Type == "to" ? To : From).push_back(D->Local + D->Section);
        Uses.push_back("(void)" + D->Local + ";");
      }
      if (!To.empty())
        Cl.push_back("to(" + llvm::join(To, ", ") + ")");
      if (!From.empty())
        Cl.push_back("from(" + llvm::join(From, ", ") + ")");
      Directive("target update", Cl);
    } else {
      Maps.renderInto(Cl);
      Directive(Step == DeepStep::Enter ? "target enter data" : "target exit data",
                Cl);
    }
    if (Step == DeepStep::Enter) {
      // The device's slot gets the row's device address.
      std::vector<std::string> SCl;
      Slots.renderInto(SCl);
      Directive("target", SCl);
      Lines.push_back(In + (Sets.size() == 1 ? Sets[0]
                                             : "{ " + llvm::join(Sets, " ") + " }"));
    } else if (!Uses.empty()) {
      // Only the directive uses the local copy (gcc 12 warns it unused).
      Lines.push_back(In + llvm::join(Uses, " "));
    }
    Lines.push_back(Indent + "}");
  }
  return Lines;
}

std::string ClauseStep::deepPointers(bool Exit,
                                     const std::vector<std::string> &Extra) const {
  MapList Maps;
  for (const DeepItem &D : Deeps)
    Maps.add(!Exit ? "to" : (D.Finalize || D.Type == "delete") ? "delete" : "release",
             D.Ptrs);
  std::vector<std::string> Cl;
  Maps.renderInto(Cl);
  Cl.insert(Cl.end(), Extra.begin(), Extra.end());
  return ompLine(Exit ? "target exit data" : "target enter data", Cl);
}

std::pair<std::vector<std::string>, std::vector<std::string>>
ClauseStep::deepAround(const std::vector<std::string> &Extra,
                       const Directive &D) const {
  std::string Indent = firstColumnIndent(D);
  std::vector<std::string> In = {Indent + deepPointers(false, Extra)};
  for (std::string &L : deepRows(DeepStep::Enter, Extra, D))
    In.push_back(std::move(L));
  std::vector<std::string> Out = deepRows(DeepStep::Exit, Extra, D);
  Out.push_back(Indent + deepPointers(true, Extra));
  return {In, Out};
}

} // namespace ompm
