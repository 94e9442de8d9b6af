//===- AtomicFormsTest.cpp - The atomic form of a critical's body ---------===//
#include "Facts/AtomicForms.h"
#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

/// The form of the first critical of a function body Body (globals
/// `double s, m, a[9]; long c;`, the locals of the body private): "form x"
/// or "none: why".
std::string shape(llvm::StringRef Body) {
  std::string Code = ("double s, m, a[9]; long c;\nvoid f(int i) {\n" + Body + "\n}\n").str();
  std::unique_ptr<ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  struct Find : RecursiveASTVisitor<Find> {
    const OMPCriticalDirective *D = nullptr;
    bool VisitOMPCriticalDirective(OMPCriticalDirective *C) {
      D = D ? D : C;
      return true;
    }
  } F;
  F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  ShapeReader R(AST->getASTContext(), [](const ValueDecl *V) {
    const auto *VD = dyn_cast<VarDecl>(V);
    return VD && VD->hasLocalStorage();
  });
  CriticalShape S = R.read(F.D->getRawStmt());
  if (S.Form == CriticalForm::None)
    return "none: " + S.Why;
  bool P = false;
  return std::string(formName(S.Form)) + " " + rootOf(S.X, P)->getNameAsString() +
         (S.Guard ? " guarded" : "") + (S.Op.empty() ? "" : " " + S.Op);
}

} // namespace

TEST(AtomicForms, EachForm) {
  EXPECT_EQ(shape("#pragma omp critical\n c++;"), "update c +");
  EXPECT_EQ(shape("#pragma omp critical\n s = a[i] / s;"), "update s /");
  EXPECT_EQ(shape("long v;\n#pragma omp critical\n v = c;"), "read c");
  EXPECT_EQ(shape("#pragma omp critical\n c = 4;"), "write c");
  EXPECT_EQ(shape("long v;\n#pragma omp critical\n { v = c; c *= 2; }"), "capture c *");
  EXPECT_EQ(shape("long v;\n#pragma omp critical\n { c -= 1; v = c; }"), "capture c -");
  EXPECT_EQ(shape("#pragma omp critical\n if (a[i] < m) m = a[i];"), "compare m min");
  EXPECT_EQ(shape("#pragma omp critical\n m = a[i] > m ? a[i] : m;"), "compare m max");
  EXPECT_EQ(shape("#pragma omp critical\n if (a[i] > 0) c += 2;"), "update c guarded +");
  // >= picks what > picks for integers only.
  EXPECT_EQ(shape("long k = i;\n#pragma omp critical\n if (k >= c) c = k;"), "compare c max");
  // For a double it is a write of m under a condition that reads m, which
  // lib/Facts/Criticals refuses (the condition uses x).
  EXPECT_EQ(shape("#pragma omp critical\n if (a[i] >= m) m = a[i];"), "write m guarded");
  EXPECT_EQ(shape("#pragma omp critical\n if (a[i] > 0) { s = 1; c = 2; }"),
            "none: it updates 's' and 'c' together (line 4): an invariant the lock keeps");
  EXPECT_EQ(shape("#pragma omp critical\n { s += 1; c += 1; }"),
            "none: it updates 's' and 'c' together (line 4): an invariant the lock keeps");
}
