//===- KernelDataTest.cpp - The map of an array a generated kernel uses ---===//
#include "LoopFixture.h"
#include "Translate/KernelData.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The map clauses of the loop's pointer or array parameters (and g), or
/// the reason one cannot be mapped.
std::string maps(llvm::StringRef Code, bool Deref = true) {
  Fixture X = parse(Code);
  RegionFacts F(X.Loop, X.ctx());
  MapList Maps;
  std::vector<KernelItem> Items;
  std::vector<std::string> Notes;
  for (const clang::ValueDecl *V : F.externalVars()) {
    clang::QualType T = V->getType();
    if (!T->isPointerType() && !T->isArrayType())
      continue;
    if (std::string Why = mapArrayOf(F, V, X.Loop, Deref, Maps, Items, Notes); !Why.empty())
      return Why;
  }
  std::vector<std::string> Cl;
  Maps.renderInto(Cl);
  return llvm::join(Cl, " ");
}

} // namespace

TEST(KernelData, SectionsWholeArraysAndDereferences) {
  EXPECT_EQ(maps("double g[8];\nvoid f(int n, double *a, const double *b) {\n"
                 "  for (int i = 1; i < n; i++) a[i] = b[i - 1] + g[i % 8];\n}\n"),
            "map(tofrom: a[1:(n > 1) * (n - 1)]) map(to: b[0:(n > 1) * (n - 1)], g)");
  // *s: one element; without Deref, no section.
  EXPECT_EQ(maps("void f(int n, double *s, const double *b) {\n"
                 "  for (int i = 0; i < n; i++) *s += b[i];\n}\n"),
            "map(tofrom: s[0:1]) map(to: b[0:n])");
  EXPECT_NE(maps("void f(int n, double *s, const double *b) {\n"
                 "  for (int i = 0; i < n; i++) *s += b[i];\n}\n",
                 /*Deref=*/false)
                .find("no array section can be inferred for 's'"),
            std::string::npos);
  EXPECT_EQ(maps("void f(int n, double **a) {\n"
                 "  for (int i = 0; i < n; i++) a[i][0] = 1;\n}\n"),
            "'a' is indexed through pointers (no deep copy)");
}

TEST(KernelData, NestVariables) {
  Fixture X = parse("void f(int n, double *a) {\n  int j;\n"
                    "  for (int i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n"
                    "      for (int k = 0; k < n; k++) a[i] += k;\n}\n");
  RegionFacts F(X.Loop, X.ctx());
  auto Names = [&](unsigned N) {
    std::set<std::string> S;
    for (const clang::ValueDecl *V : nestVariables(F, X.Loop, N))
      S.insert(V->getNameAsString());
    return S;
  };
  EXPECT_EQ(Names(1), (std::set<std::string>{"i"}));
  EXPECT_EQ(Names(2), (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(Names(3), (std::set<std::string>{"i", "j", "k"}));
}
