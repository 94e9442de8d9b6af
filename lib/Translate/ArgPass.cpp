//===- ArgPass.cpp - The second pass of an arg-max or arg-min -------------===//
//
// After `reduction(max: best)`: `Found = none; #pragma omp target teams
// distribute parallel for reduction(min: Found) for (<the loop's header>)
// if (<value> == best && i < Found) Found = i;`, then the index takes
// Found. `>` (no tie rule) changes nothing unless the loop raised best: the
// host saves best before the kernel and runs the pass only when it rose;
// `>=` takes the last tie also when nothing exceeds the value before; with
// a tie rule the pass always runs and the index before the loop competes
// when the value did not change. Names of the function's own (freshName).
//
//===----------------------------------------------------------------------===//
#include "Translate/ArgPass.h"
#include "Facts/Regions.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"
#include <functional>

using namespace clang;

namespace ompm {

std::string ArgPassWriter::header(const ForStmt *For, std::string &Why) const {
  SourceLocation LP = For->getLParenLoc(), RP = For->getRParenLoc();
  if (LP.isMacroID() || RP.isMacroID()) {
    Why = "the header of the loop comes from a macro: no second pass can copy it";
    return "";
  }
  std::string Header =
      Lexer::getSourceText(CharSourceRange::getCharRange(LP.getLocWithOffset(1), RP), SM,
                           Ctx.getLangOpts())
          .str();
  if (Header.empty() || Header.find('\n') != std::string::npos) {
    Why = "the loop's header is not on one line: no second pass copies it";
    return "";
  }
  return Header;
}

bool ArgPassWriter::fromMacro(const Expr *E) const {
  return SM.getExpansionLoc(E->getBeginLoc()) != E->getBeginLoc() ||
         SM.getExpansionLoc(E->getEndLoc()) != E->getEndLoc();
}

std::string ArgPassWriter::mapsOf(const Expr *E, const std::vector<KernelItem> &Items,
                                  MapList &Maps) const {
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
}

std::string ArgPassWriter::write(const ArgReduction &A, const ForStmt *For,
                                 const CanonicalLoop &CL, const std::vector<KernelItem> &Items,
                                 ArgPassText &Out) {
  std::string Why;
  std::string Header = header(For, Why);
  if (Header.empty())
    return Why;
  std::string Value = A.Value->getNameAsString(), Index = A.Index->getNameAsString();
  const Expr *E = A.Compared;
  if (fromMacro(E))
    return "the value '" + Value + "' is compared with comes from a macro";
  MapList Maps;
  if (std::string W = mapsOf(E, Items, Maps); !W.empty())
    return W;
  PrintingPolicy PP(Ctx.getLangOpts());
  bool Up = CL.Step > 0; // the iterations in increasing order of the variable
  std::string Found = freshName(Fn, Index + "_" + (A.Last ? "last" : "first"));
  std::string I = CL.IV->getNameAsString(), X = text(E);
  // The first iteration is the smallest index of an increasing loop, the
  // largest of a decreasing one; with a tie rule, the lowest (Last: the
  // highest) index whatever the order.
  bool Smallest = A.TieRule ? !A.Last : Up != A.Last;
  std::string None = Smallest ? "0x7fffffffffffffffLL" : "-0x7fffffffffffffffLL - 1";
  Out.Decls.push_back("long long " + Found + ";");
  std::vector<std::string> Cl;
  Maps.renderInto(Cl);
  Cl.push_back(std::string("reduction(") + (Smallest ? "min" : "max") + ": " + Found + ")");
  std::vector<std::string> Pass = {
      Found + " = " + None + ";",
      omp("target teams distribute parallel for", Cl),
      "for (" + Header + ")",
      "  if (" + X + " == " + Value + " && " + I + (Smallest ? " < " : " > ") + Found + ")",
      "    " + Found + " = " + I + ";"};
  std::string Note = A.what() + ": reduction(" + A.reductionItem() +
                     "), then a second kernel after the loop finds the " +
                     (A.Last ? "last" : "first") + " iteration where " + X + " equals it";
  // The value before the loop, saved on the host: without a tie rule,
  // `>` and `<` change nothing unless the loop raised (lowered) it; with
  // one, the index before competes when the value stayed what it was.
  // `>=` and `<=` take the last tie, also when nothing exceeds it.
  std::string Before;
  if (A.TieRule || !A.Last) {
    Before = freshName(Fn, Value + "_before");
    Out.Decls.push_back(A.Value->getType().getUnqualifiedType().getAsString(PP) + " " + Before +
                        ";");
    Out.Before.push_back(Before + " = " + Value + ";");
  }
  std::string Take = Found + " != " + None;
  if (A.TieRule)
    Take += " && (" + Value + " != " + Before + " || " + Found + (Smallest ? " < " : " > ") +
            Index + ")";
  Out.After.push_back(A.TieRule || A.Last
                          ? std::string("{")
                          : "if (" + Value + (A.Max ? " > " : " < ") + Before + ") {");
  for (const std::string &P : Pass)
    Out.After.push_back("  " + P);
  Out.After.push_back("  if (" + Take + ")");
  Out.After.push_back("    " + Index + " = " + Found + ";");
  Out.After.push_back("}");
  if (A.TieRule)
    Note = A.what() + " with ties to the " + (Smallest ? "lowest" : "highest") + " index: reduction(" +
           A.reductionItem() + "), firstprivate(" + Index + "), then a second kernel after " +
           "the loop finds the " + (Smallest ? "lowest" : "highest") + " index where " + X +
           " equals it (or keeps '" + Index + "' when the value did not change and it is " +
           (Smallest ? "lower" : "higher") + ")";
  else if (!A.Last)
    Note += ", when the loop " + std::string(A.Max ? "raised" : "lowered") + " it";
  Out.Note = Note;
  return "";
}

} // namespace ompm
