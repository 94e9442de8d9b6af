//===- CriticalsTest.cpp - Which critical sections can become atomics -----===//
#include "Facts/Criticals.h"
#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

/// The first parallel for of Code, its criticals analysed: "form" or
/// "keep: why" for each, in source order.
std::vector<std::string> forms(llvm::StringRef Code, bool ArrayReductions = false,
                               bool TeamHistograms = false) {
  std::unique_ptr<ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  struct Find : RecursiveASTVisitor<Find> {
    const OMPParallelForDirective *D = nullptr;
    bool VisitOMPParallelForDirective(OMPParallelForDirective *P) {
      if (!D)
        D = P;
      return true;
    }
  } F;
  F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  if (!F.D)
    return {"no parallel for"};
  std::set<const ValueDecl *> Private;
  for (const Expr *C : F.D->counters())
    Private.insert(cast<DeclRefExpr>(C->IgnoreParenImpCasts())->getDecl());
  CriticalOptions O;
  O.ArrayReductions = ArrayReductions;
  O.TeamHistograms = TeamHistograms;
  std::vector<std::string> Out;
  for (const CriticalFact &C : analyzeCriticals(F.D, {F.D}, Private, AST->getASTContext(), O))
    Out.push_back(C.Form == CriticalForm::None ? "keep: " + C.Why
                  : C.Clause.empty()           ? std::string(formName(C.Form))
                                               : std::string(formName(C.Form)) + " " + C.Clause);
  return Out;
}

std::string loop(llvm::StringRef Body, llvm::StringRef Decls = "") {
  return ("double a[100], s, m; long c, h[8]; int k[100];\n" + Decls +
          "\nvoid f(void) {\n  #pragma omp parallel for\n  for (int i = 0; i < 100; i++) {\n" +
          Body + "\n  }\n}\n")
      .str();
}

} // namespace

TEST(Criticals, AtomicForms) {
  // A sum or a product of one loop: its reduction (`x -= e` sums too).
  EXPECT_EQ(forms(loop("#pragma omp critical\n c++;")),
            std::vector<std::string>{"reduction +: c"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n { s += a[i]; }")),
            std::vector<std::string>{"reduction +: s"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n s -= a[i];\n#pragma omp critical\n s = s + 1;")),
            (std::vector<std::string>{"reduction +: s", "reduction +: s"}));
  EXPECT_EQ(forms(loop("#pragma omp critical\n s = a[i] * s;")),
            std::vector<std::string>{"reduction *: s"});
  // x on the right of a minus, a sum and a product of one variable, a
  // sum also read in the loop under an atomic: atomic updates.
  EXPECT_EQ(forms(loop("#pragma omp critical\n s = a[i] * 2 - s;")),
            std::vector<std::string>{"update"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n s += a[i];\n#pragma omp critical\n s *= 2;")),
            (std::vector<std::string>{"update", "update"}));
  EXPECT_EQ(forms(loop("double v;\n#pragma omp critical\n s += a[i];\n"
                       "#pragma omp critical\n v = s;\n a[i] = v;")),
            (std::vector<std::string>{"update", "read"}));
  EXPECT_EQ(forms(loop("long v;\n#pragma omp critical\n v = c++;\n a[i] = v;")),
            std::vector<std::string>{"capture"});
  EXPECT_EQ(forms(loop("long v;\n#pragma omp critical\n { c += 2; v = c; }\n a[i] = v;")),
            std::vector<std::string>{"capture"});
  EXPECT_EQ(forms(loop("long v;\n#pragma omp critical\n v = c;\n a[i] = v;")),
            std::vector<std::string>{"read"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n c = 3;")), std::vector<std::string>{"write"});
  // A max of one loop: a reduction; min and max of one variable: compares.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] > m) m = a[i];")),
            std::vector<std::string>{"reduction max: m"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] > m) m = a[i];\n"
                       "#pragma omp critical\n if (a[i] < m) m = a[i];")),
            (std::vector<std::string>{"compare", "compare"}));
}

TEST(Criticals, Histograms) {
  const std::string H = loop("#pragma omp critical\n h[k[i] % 8]++;\n"
                             "#pragma omp atomic\n h[k[i] % 4] += 2;");
  EXPECT_EQ(forms(H), std::vector<std::string>{"update"}); // the atomic stays
  EXPECT_EQ(forms(H, true),
            (std::vector<std::string>{"array-reduction +: h", "array-reduction +: h"}));
  // Also read: no array reduction.
  EXPECT_EQ(forms(loop("#pragma omp critical\n h[k[i] % 8]++;\n a[i] = h[0];"), true),
            std::vector<std::string>{"keep: 'h' is read at line 8 outside the critical"});
  // --team-histograms: the same histograms, a copy per team (no clause);
  // under a condition, or two-dimensional, the array's own atomics.
  EXPECT_EQ(forms(H, false, true),
            (std::vector<std::string>{"team-histogram", "team-histogram"}));
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (k[i] > 0) h[k[i] % 8]++;"), false, true),
            std::vector<std::string>{"update"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n g[k[i] % 2][0]++;", "long g[2][2];"), false,
                  true),
            std::vector<std::string>{"update"});
}

TEST(Criticals, ArgMaxAndArgMin) {
  // Integers of at most 32 bits, with a tie rule or `>` (`<`) alone: one
  // packed key's max reduction.
  const char *Decls = "int v[100], vb, vat; short sv[100], sb; unsigned ub; long long wb;";
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i] > vb || (v[i] == vb && i < vat)) "
                       "{ vb = v[i]; vat = i; }", Decls)),
            std::vector<std::string>{"arg-reduction"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n { if (sb > sv[i]) { vat = i; sb = sv[i]; } }",
                       Decls)),
            std::vector<std::string>{"arg-reduction"});
  // A double, a 64-bit index, `>=` alone: no packed key; the value's own
  // reduction and a second pass that finds the index.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] > m) { m = a[i]; c = i; }")),
            std::vector<std::string>{"arg-reduction max: m"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i] > vb) { vb = v[i]; c = i; }", Decls)),
            std::vector<std::string>{"arg-reduction max: vb"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i] >= vb) { vb = v[i]; vat = i; }", Decls)),
            std::vector<std::string>{"arg-reduction max: vb"});
  // ... unless the value is computed in floating point or reads what the
  // loop writes: a second pass could not find it again.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] * 2 > m) { m = a[i] * 2; c = i; }")),
            std::vector<std::string>{
                "keep: 'm' and 'c' are an arg-max, but 'm' is a 'double': only integers of at "
                "most 32 bits pack with the index into one 64-bit reduction key; and a second "
                "pass would compute 'a[i] * 2' again, and a floating value computed twice may "
                "differ (a fused multiply-add in one kernel and not in the other)"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] > m) { m = a[i]; c = i; }\n a[i] = 0;")),
            std::vector<std::string>{
                "keep: 'm' and 'c' are an arg-max, but 'm' is a 'double': only integers of at "
                "most 32 bits pack with the index into one 64-bit reduction key; and a second "
                "pass would read 'a' again, which the loop writes"});
  // An index narrower than the loop's variable.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i] > vb) { vb = v[i]; sat = i; }",
                       std::string(Decls) + " short sat;")),
            std::vector<std::string>{"keep: 'vb' and 'sat' are an arg-max, but the index 'sat' "
                                     "(short) cannot hold every value of the loop's 'i' (int)"});
  // The index read outside the critical; the value compared read from
  // what the region writes.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i] > vb) { vb = v[i]; vat = i; }\n "
                       "k[i] = vat;", Decls)),
            std::vector<std::string>{"keep: 'vat' is read at line 8 outside the critical"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (v[i + 1] > vb) { vb = v[i + 1]; vat = i; }\n "
                       "v[i] = 0;", Decls)),
            std::vector<std::string>{
                "keep: it reads 'v', which the region writes: the lock keeps the two together"});
}

TEST(Criticals, Refusals) {
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] > m) { m = a[i]; s = a[i] * 2; }")),
            std::vector<std::string>{
                "keep: it updates 'm' and 's' together (line 7): an invariant the lock keeps"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n s += a[i];\n a[i] = s;")),
            std::vector<std::string>{"keep: 's' is read at line 8 outside the critical"});
  EXPECT_EQ(forms(loop("#pragma omp critical (x)\n s += 1;\n#pragma omp critical (y)\n s += 2;")),
            (std::vector<std::string>{
                "keep: 's' is also used under critical(y) at line 9, a different lock",
                "keep: 's' is also used under critical(x) at line 7, a different lock"}));
  EXPECT_EQ(forms(loop("#pragma omp critical\n s += g();", "double g(void);")),
            std::vector<std::string>{"keep: the expression 'g()' would leave the lock: it "
                                     "calls 'g', which may have side effects"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n s += s * 2;")),
            std::vector<std::string>{"keep: the expression 's * 2' uses 's' too"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n c += 1;\n bump();",
                       "void bump(void) { c++; }")),
            std::vector<std::string>{"keep: 'bump' (called at line 8) uses 'c'"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n c += 1;\n ext();", "void ext(void);")),
            std::vector<std::string>{"keep: it calls 'ext' (line 8), which may use 'c'"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n { c++; s++; }")),
            std::vector<std::string>{
                "keep: it updates 'c' and 's' together (line 7): an invariant the lock keeps"});
  // The same name, one that stays: both stay.
  EXPECT_EQ(forms(loop("#pragma omp critical\n c += 1;\n#pragma omp critical\n { c += 2; s = c; }")),
            (std::vector<std::string>{
                "keep: 'c' is also used at line 8 under a critical of the same name that stays",
                "keep: it updates 'c' and 's' together (line 9): an invariant the lock keeps"}));
}

TEST(Criticals, TheIterationsOwnElements) {
  // b[i] is written by its iteration alone: the critical's read of it does
  // not need the lock.
  EXPECT_EQ(forms(loop("a[i] = k[i] * 2;\n#pragma omp critical\n s += a[i];")),
            std::vector<std::string>{"reduction +: s"});
  // Through another subscript, another iteration's element: it does.
  EXPECT_EQ(forms(loop("a[i] = k[i] * 2;\n#pragma omp critical\n s += a[99 - i];")),
            std::vector<std::string>{
                "keep: it reads 'a', which the region writes: the lock keeps the two together"});
}

TEST(Criticals, CollapsedIterationsShareTheOuterElement) {
  EXPECT_EQ(forms("double a[10], s;\nvoid f(void) {\n  #pragma omp parallel for collapse(2)\n"
                  "  for (int i = 0; i < 10; i++)\n    for (int j = 0; j < 10; j++) {\n"
                  "      a[i] = j;\n      #pragma omp critical\n      s += a[i];\n    }\n}\n"),
            std::vector<std::string>{
                "keep: it reads 'a', which the region writes: the lock keeps the two together"});
}

TEST(Criticals, ACheckThenActStays) {
  // For doubles >= is no atomic compare: a write under a condition that
  // reads the variable, a check-then-act the lock keeps.
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (a[i] >= m) m = a[i];")),
            std::vector<std::string>{"keep: the expression 'a[i] >= m' uses 'm' too"});
  EXPECT_EQ(forms(loop("#pragma omp critical\n if (c < 10) c++;")),
            std::vector<std::string>{"keep: the expression 'c < 10' uses 'c' too"});
}

namespace {
/// "form" or "keep: why" for each orphaned critical of Code, in order.
std::vector<std::string> orphans(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  std::vector<std::string> Out;
  for (const CriticalFact &F : analyzeOrphanedCriticals(AST->getASTContext()))
    Out.push_back(F.Form == CriticalForm::None ? "keep: " + F.Why : formName(F.Form));
  return Out;
}
} // namespace

TEST(Criticals, OrphanedCriticals) {
  // A static counter a called function updates: an atomic; an external
  // one, or one another critical also updates, stays; a critical inside a
  // construct is not orphaned.
  EXPECT_EQ(orphans("static long n;\nvoid f(int k) {\n#pragma omp critical\n  n += k;\n}\n"
                    "long g(void) { return n; }\n"),
            std::vector<std::string>{"update"});
  EXPECT_EQ(orphans("long n;\nvoid f(int k) {\n#pragma omp critical\n  n += k;\n}\n"),
            std::vector<std::string>{"keep: 'n' may be used by another file, under a lock "
                                     "this critical shares"});
  EXPECT_EQ(orphans("static long n;\nvoid f(int k) {\n#pragma omp critical\n  n += k;\n}\n"
                    "void g(void) {\n#pragma omp parallel\n  {\n#pragma omp critical\n"
                    "    n++;\n  }\n}\n"),
            std::vector<std::string>{"keep: 'n' is also used under another critical, whose "
                                     "lock this one shares"});
  EXPECT_EQ(orphans("static long n; static int m;\nvoid f(int k) {\n#pragma omp critical\n"
                    "  n += k * m;\n}\n"),
            std::vector<std::string>{"keep: it reads 'm', which the lock may keep still for it"});
  // Two of one name that both convert.
  EXPECT_EQ(orphans("static long n;\nvoid f(int k) {\n#pragma omp critical(c)\n  n += k;\n}\n"
                    "void g(void) {\n#pragma omp critical(c)\n  n--;\n}\n"),
            (std::vector<std::string>{"update", "update"}));
}
