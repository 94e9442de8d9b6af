//===- SectionsTest.cpp - Sections a data region maps ---------------------===//
#include "LoopFixture.h"
#include "Placement/Sections.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(SectionsTest, WidenSection) {
  std::string S = "a[0:n]";
  std::optional<Poly> Lo = Poly::constant(0), Hi = Poly::symbol("n") - Poly::constant(1);
  EXPECT_TRUE(widenSection(S, Lo, Hi, "a", "a[1:n]", Poly::constant(1), Poly::symbol("n")));
  EXPECT_EQ(S, "a[0:n + 1]");
  std::optional<Poly> None;
  EXPECT_FALSE(widenSection(S, Lo, Hi, "a", "a[k:1]", None, None));
  EXPECT_TRUE(widenSection(S, None, None, "a", "a[0:n + 1]", None, None)); // equal text
}

TEST(SectionsTest, AllocationLength) {
  Fixture X = parse("#include <stdlib.h>\n"
                    "void f(int n, int m) {\n"
                    "  double *a = malloc(n * m * sizeof(double));\n"
                    "  double *b = calloc(n, sizeof(double));\n"
                    "  for (int i = 0; i < n; i++)\n"
                    "    a[i] = b[i];\n"
                    "  free(a);\n"
                    "  free(b);\n"
                    "}\n");
  RegionFacts LF(X.Loop, X.ctx());
  std::vector<std::string> Lens;
  for (const clang::ValueDecl *V : LF.externalVars())
    if (V->getType()->isPointerType())
      if (std::optional<Poly> L = allocationLength(V, X.F, X.Loop, LF))
        Lens.push_back(V->getNameAsString() + ":" + sectionText("x", Poly::constant(0), *L - Poly::constant(1)));
  EXPECT_EQ(Lens, (std::vector<std::string>{"a:x[0:m*n]", "b:x[0:n]"}));
}
