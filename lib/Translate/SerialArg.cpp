//===- SerialArg.cpp - The second pass of an arg-max or arg-min -----------===//
//
// A loop `if (a[i] > best) { best = a[i]; at = i; }` is offloaded with
// `reduction(max: best) private(at)`; the index is then found by a second
// kernel after it (lib/Translate/ArgPass.cpp, which arg-max criticals of
// CPU OpenMP loops share). A value read after the loop that only some
// iterations set (`if (c) last = e;`) gets a second kernel of its own
// here: the last iteration where c holds, and e there. Names of the
// function's own, declared at its top (C89 allows nothing else).
//
//===----------------------------------------------------------------------===//
#include "Translate/Serial.h"
#include "Translate/ArgPass.h"
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
  ArgPassWriter W(*this, L.Fn);
  std::string Why;
  std::string Header = W.header(For, Why);
  if (Header.empty())
    return Why;
  const RegionFacts &F = *L.Facts;
  const CanonicalLoop *CL = F.loopOf(For);
  const VarDecl *IV = CL ? CL->IV : nullptr;
  bool Up = !CL || CL->Step > 0; // the iterations in increasing order of the variable
  if (!IV)
    return "the loop's header is not on one line: no second pass copies it";
  PrintingPolicy PP(Ctx.getLangOpts());
  for (const ConditionalLast &C : L.ConditionalLasts) {
    std::string Name = C.Var->getNameAsString();
    if (W.fromMacro(C.Cond) || W.fromMacro(C.Value))
      return "the condition or the value of '" + Name + "' comes from a macro";
    MapList Maps;
    if (std::string Why = W.mapsOf(C.Cond, Items, Maps); !Why.empty())
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
      if (std::string Why = W.mapsOf(C.Value, Items, VMaps); !Why.empty())
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
    ArgPassText T;
    if (std::string Why = W.write(A, For, *CL, Items, T); !Why.empty())
      return Why;
    ArgDecls.insert(ArgDecls.end(), T.Decls.begin(), T.Decls.end());
    ArgBefore.insert(ArgBefore.end(), T.Before.begin(), T.Before.end());
    ArgAfter.insert(ArgAfter.end(), T.After.begin(), T.After.end());
    R.Notes.push_back(T.Note);
  }
  return "";
}

} // namespace ompm
