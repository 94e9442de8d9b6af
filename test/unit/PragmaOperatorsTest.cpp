//===- PragmaOperatorsTest.cpp - Directives written as _Pragma("acc ...") --===//
#include "Edit/PragmaOperators.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace ompm;

// Three operators on one line: each literal's edit is found among the
// others (by position) and becomes its `"omp ..."`; an edit elsewhere on
// the line is left as it is; a translation that is not one directive is
// refused, naming its directive.
TEST(PragmaOperatorsTest, EachLiteralGetsItsOwnEdit) {
  auto AST = parseCode("void f(int n, double *a) { "
                       "_Pragma(\"acc parallel loop\") for (int i = 0; i < n; i++) a[i] = 1; "
                       "_Pragma(\"acc parallel loop\") for (int i = 0; i < n; i++) a[i] += 2; "
                       "_Pragma(\"acc parallel loop\") for (int i = 0; i < n; i++) a[i] += 3; }\n");
  const SourceManager &SM = AST->getASTContext().getSourceManager();
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 3u);
  auto EditOf = [&](const Directive &D, std::string Text) {
    Edit E;
    E.Offset = SM.getFileOffset(D.Text.getBegin());
    E.Length = SM.getFileOffset(D.Text.getEnd()) - E.Offset;
    E.Text = std::move(Text);
    return E;
  };
  std::vector<Edit> Edits;
  for (int K = 2; K >= 0; --K) // in any order
    Edits.push_back(EditOf(Ds[K], "#pragma omp target teams loop map(tofrom: a[0:" +
                                      std::to_string(K) + "])"));
  Edit Other;
  Other.Offset = SM.getFileOffset(Ds[1].Text.getEnd()) + 5; // after the literal
  Other.Text = "/* x */";
  Edits.push_back(Other);
  std::string Why;
  EXPECT_EQ(rewritePragmaOperators(SM, Ds, Edits, Why), -1) << Why;
  ASSERT_EQ(Edits.size(), 4u);
  for (int K = 0; K < 3; ++K) {
    EXPECT_EQ(Edits[2 - K].Text,
              "\"omp target teams loop map(tofrom: a[0:" + std::to_string(K) + "])\"");
    EXPECT_EQ(Edits[2 - K].Offset, SM.getFileOffset(Ds[K].Text.getBegin()));
  }
  EXPECT_EQ(Edits[3].Text, "/* x */");

  std::vector<Edit> Two = {EditOf(Ds[1], "#pragma omp target\n#pragma omp loop")};
  EXPECT_EQ(rewritePragmaOperators(SM, Ds, Two, Why), 1);
  EXPECT_NE(Why.find("not one OpenMP directive"), std::string::npos) << Why;
}
