//===- SerialArg.cpp - The second pass of an arg-max or arg-min -----------===//
//
// A loop `if (a[i] > best) { best = a[i]; at = i; }` is offloaded with
// `reduction(max: best) private(at)`; the index is then found by a second
// kernel after it, over the same iterations: the first one whose compared
// value equals the maximum (`>`: ties go to the first index, as the loop
// gives them; `>=`: the last), by a min (max) reduction on the index. With
// `>` the loop changes nothing when no value exceeds best's value before
// it: the host saves that value before the kernel and runs the second pass
// only when the maximum is larger. Names of the function's own, declared at
// its top (C89 allows nothing else).
//
//===----------------------------------------------------------------------===//
#include "Translate/Serial.h"
#include "Facts/Directives.h"
#include "Facts/Regions.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

std::string SerialTranslator::argPass(const SerialLoop &L, const std::vector<KernelItem> &Items,
                                      ConstructRecord &R) {
  if (!LastCopies.empty())
    return "the loop has a second pass and values read after it: not done together";
  const ForStmt *For = L.For;
  SourceLocation LP = For->getLParenLoc(), RP = For->getRParenLoc();
  if (LP.isMacroID() || RP.isMacroID())
    return "the header of the loop comes from a macro: no second pass can copy it";
  std::string Header =
      Lexer::getSourceText(CharSourceRange::getCharRange(LP.getLocWithOffset(1), RP), SM,
                           Ctx.getLangOpts())
          .str();
  const RegionFacts &F = *L.Facts;
  const CanonicalLoop *CL = F.loopOf(For);
  const VarDecl *IV = CL ? CL->IV : nullptr;
  bool Up = !CL || CL->Step > 0; // the iterations in increasing order of the variable
  if (!IV || Header.empty() || Header.find('\n') != std::string::npos)
    return "the loop's header is not on one line: no second pass copies it";
  PrintingPolicy PP(Ctx.getLangOpts());
  auto FromMacro = [&](const Expr *E) {
    return SM.getExpansionLoc(E->getBeginLoc()) != E->getBeginLoc() ||
           SM.getExpansionLoc(E->getEndLoc()) != E->getEndLoc();
  };
  // What an expression reads of the kernel's arrays: their sections, `to`.
  // An array the kernel does not map as an item of its own (a global of a
  // device function's) gets none: the pass would read an unmapped pointer
  // on a GPU. Then the loop stays ("" when all are mapped).
  auto MapsOf = [&](const Expr *E, MapList &Maps) {
    std::string Missing;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
        QualType T = D->getDecl()->getType();
        if (T->isPointerType() || T->isArrayType()) {
          const KernelItem *Found = nullptr;
          for (const KernelItem &I : Items)
            if (I.V == D->getDecl())
              Found = &I;
          if (!Found)
            Missing = D->getDecl()->getNameAsString();
          else if (!Maps.Items.count(Found->Section))
            Maps.add("to", Found->Section);
        }
      }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(E);
    return Missing.empty() ? std::string()
                           : "the second pass reads '" + Missing +
                                 "', which the kernel does not map as an array of its own";
  };
  for (const ConditionalLast &C : L.ConditionalLasts) {
    std::string Name = C.Var->getNameAsString();
    if (FromMacro(C.Cond) || FromMacro(C.Value))
      return "the condition or the value of '" + Name + "' comes from a macro";
    MapList Maps;
    if (std::string Why = MapsOf(C.Cond, Maps); !Why.empty())
      return Why;
    std::string Found = freshName(L.Fn, Name + "_at");
    std::string I = IV->getNameAsString();
    // The last iteration: the largest index of an increasing loop.
    std::string None = Up ? "-0x7fffffffffffffffLL - 1" : "0x7fffffffffffffffLL";
    ArgDecls.push_back("long long " + Found + ";");
    std::vector<std::string> Cl;
    Maps.renderInto(Cl);
    Cl.push_back(std::string("reduction(") + (Up ? "max" : "min") + ": " + Found + ")");
    ArgAfter.push_back(Found + " = " + None + ";");
    ArgAfter.push_back(omp("target teams distribute parallel for", Cl));
    ArgAfter.push_back("for (" + Header + ")");
    ArgAfter.push_back("  if ((" + text(C.Cond) + ") && " + I + (Up ? " > " : " < ") + Found + ")");
    ArgAfter.push_back("    " + Found + " = " + I + ";");
    const auto *Ref = dyn_cast<DeclRefExpr>(C.Value->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == IV) {
      // The value is the iteration's index: the host has it.
      ArgAfter.push_back("if (" + Found + " != " + None + ")");
      ArgAfter.push_back("  " + Name + " = " + Found + ";");
    } else {
      // Evaluated on the device at that iteration, the loop's variable
      // declared again in a block of its own.
      MapList VMaps;
      VMaps.add("tofrom", Name);
      if (std::string Why = MapsOf(C.Value, VMaps); !Why.empty())
        return Why;
      std::vector<std::string> VCl;
      VMaps.renderInto(VCl);
      ArgAfter.push_back("if (" + Found + " != " + None + ") {");
      ArgAfter.push_back("  " + omp("target", VCl));
      ArgAfter.push_back("  {");
      ArgAfter.push_back("    " + IV->getType().getUnqualifiedType().getAsString(PP) + " " + I +
                         " = " + Found + ";");
      ArgAfter.push_back("    " + Name + " = " + text(C.Value) + ";");
      ArgAfter.push_back("  }");
      ArgAfter.push_back("}");
    }
    R.Notes.push_back("'" + Name + "' is read after the loop and only some iterations set "
                      "it: private, then a second kernel after the loop finds the last "
                      "iteration where " + text(C.Cond) + " holds, and the value there");
  }
  for (const ArgReduction &A : L.ArgReductions) {
    std::string Value = A.Value->getNameAsString(), Index = A.Index->getNameAsString();
    const Expr *E = A.Compared;
    if (FromMacro(E))
      return "the value '" + Value + "' is compared with comes from a macro";
    MapList Maps;
    if (std::string Why = MapsOf(E, Maps); !Why.empty())
      return Why;
    std::string Found = freshName(L.Fn, Index + "_" + (A.Last ? "last" : "first"));
    std::string I = IV->getNameAsString(), X = text(E);
    // The first iteration is the smallest index of an increasing loop, the
    // largest of a decreasing one; with a tie rule, the lowest (Last: the
    // highest) index whatever the order.
    bool Smallest = A.TieRule ? !A.Last : Up != A.Last;
    std::string None = Smallest ? "0x7fffffffffffffffLL" : "-0x7fffffffffffffffLL - 1";
    ArgDecls.push_back("long long " + Found + ";");
    std::vector<std::string> Cl;
    Maps.renderInto(Cl);
    Cl.push_back(std::string("reduction(") + (Smallest ? "min" : "max") + ": " + Found + ")");
    std::vector<std::string> Pass = {
        Found + " = " + None + ";",
        omp("target teams distribute parallel for", Cl),
        "for (" + Header + ")",
        "  if (" + X + " == " + Value + " && " + I + (Smallest ? " < " : " > ") + Found + ")",
        "    " + Found + " = " + I + ";"};
    std::string Note = "'" + Value + "' and '" + Index + "' are an arg-" +
                       (A.Max ? "max" : "min") + ": reduction(" + A.reductionItem() +
                       "), then a second kernel after the loop finds the " +
                       (A.Last ? "last" : "first") + " iteration where " + X + " equals it";
    // The value before the loop, saved on the host: without a tie rule,
    // `>` and `<` change nothing unless the loop raised (lowered) it; with
    // one, the index before competes when the value stayed what it was.
    // `>=` and `<=` take the last tie, also when nothing exceeds it.
    std::string Before;
    if (A.TieRule || !A.Last) {
      Before = freshName(L.Fn, Value + "_before");
      ArgDecls.push_back(A.Value->getType().getUnqualifiedType().getAsString(PP) + " " + Before +
                         ";");
      ArgBefore.push_back(Before + " = " + Value + ";");
    }
    std::string Take = Found + " != " + None;
    if (A.TieRule)
      Take += " && (" + Value + " != " + Before + " || " + Found + (Smallest ? " < " : " > ") +
              Index + ")";
    ArgAfter.push_back(A.TieRule || A.Last
                           ? std::string("{")
                           : "if (" + Value + (A.Max ? " > " : " < ") + Before + ") {");
    for (const std::string &P : Pass)
      ArgAfter.push_back("  " + P);
    ArgAfter.push_back("  if (" + Take + ")");
    ArgAfter.push_back("    " + Index + " = " + Found + ";");
    ArgAfter.push_back("}");
    if (A.TieRule)
      Note = "'" + Value + "' and '" + Index + "' are an arg-" + (A.Max ? "max" : "min") +
             " with ties to the " + (Smallest ? "lowest" : "highest") + " index: reduction(" +
             A.reductionItem() + "), firstprivate(" + Index + "), then a second kernel after " +
             "the loop finds the " + (Smallest ? "lowest" : "highest") + " index where " + X +
             " equals it (or keeps '" + Index + "' when the value did not change and it is " +
             (Smallest ? "lower" : "higher") + ")";
    else if (!A.Last)
      Note += ", when the loop " + std::string(A.Max ? "raised" : "lowered") + " it";
    R.Notes.push_back(Note);
  }
  return "";
}

} // namespace ompm
