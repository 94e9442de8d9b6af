//===- CriticalRewriteTest.cpp - Critical sections rewritten as atomics ---===//
#include "PlanFixture.h"
#include "Translate/Criticals.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

const OMPExecutableDirective *firstTarget(ASTContext &Ctx) {
  struct Find : RecursiveASTVisitor<Find> {
    const OMPExecutableDirective *D = nullptr;
    bool VisitOMPTargetTeamsDistributeParallelForDirective(
        OMPTargetTeamsDistributeParallelForDirective *P) {
      D = D ? D : P;
      return true;
    }
  } F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.D;
}

} // namespace

TEST(CriticalRewrite, PragmaRangeAndEdits) {
  PlanFixture X("double s, m, a[9];\nvoid f(void) {\n"
                "  #pragma omp target teams distribute parallel for map(tofrom: s, m)\n"
                "  for (int i = 0; i < 9; i++) {\n"
                "    #pragma omp critical // sum\n"
                "    {\n      s += a[i];\n    }\n"
                "    #pragma   omp critical (mx)\n"
                "    if (a[i] > m) m = a[i];\n"
                "  }\n}\n",
                PlanOptions(), {"-fopenmp"});
  const OMPExecutableDirective *K = firstTarget(X.ctx());
  ASSERT_TRUE(K);
  CharSourceRange P = ompPragmaRange(K, X.ctx());
  EXPECT_EQ(Lexer::getSourceText(P, X.ctx().getSourceManager(), X.ctx().getLangOpts()),
            "#pragma omp target teams distribute parallel for map(tofrom: s, m)");
  CriticalOptions O;
  O.Reductions = false;
  std::vector<CriticalFact> Facts = analyzeCriticals(K, {}, {}, X.ctx(), O);
  ASSERT_EQ(Facts.size(), 2u);
  CriticalRewriter R(X.ctx(), X.Out);
  EditSet E(X.ctx().getSourceManager());
  R.rewrite(Facts, E);
  X.Out.Edits = E.edits();
  EXPECT_EQ(X.result(),
            "double s, m, a[9];\nvoid f(void) {\n"
            "  #pragma omp target teams distribute parallel for map(tofrom: s, m)\n"
            "  for (int i = 0; i < 9; i++) {\n"
            "    #pragma omp atomic update // sum\n"
            "    s += a[i];\n"
            "    #pragma omp atomic compare\n"
            "    if (a[i] > m) { m = a[i]; }\n"
            "  }\n}\n");
  ASSERT_EQ(X.Out.Criticals.size(), 2u);
  EXPECT_EQ(X.Out.Criticals[1].Name, "mx");
  EXPECT_EQ(X.Out.Criticals[1].Directive, "#pragma omp atomic compare");
  ASSERT_EQ(X.Out.Decisions.size(), 2u);
  EXPECT_EQ(X.Out.Decisions[0].Notes,
            std::vector<std::string>{"critical converted to atomic update"});
}
