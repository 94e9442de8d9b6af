//===- AllocationsTest.cpp - Pointers proved to reach distinct objects ----===//
#include "Facts/Allocations.h"
#include "ParseCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace ompm;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// Check on the AllocationFacts of Code and its variables A and B and
/// function Fn; false if the code does not parse or lacks one.
bool withFacts(llvm::StringRef Code, llvm::StringRef Fn, llvm::StringRef A,
               llvm::StringRef B,
               llvm::function_ref<bool(const AllocationFacts &, const VarDecl *,
                                       const VarDecl *, const FunctionDecl *)>
                   Check) {
  std::string Full = "#include <stdlib.h>\n" + Code.str();
  std::unique_ptr<ASTUnit> AST = parseCode(Full, {});
  if (!AST)
    return false;
  ASTContext &Ctx = AST->getASTContext();
  auto F = match(functionDecl(hasName(Fn), isDefinition()).bind("f"), Ctx);
  auto VA = match(varDecl(hasName(A)).bind("v"), Ctx);
  auto VB = match(varDecl(hasName(B)).bind("v"), Ctx);
  EXPECT_FALSE(F.empty() || VA.empty() || VB.empty());
  if (F.empty() || VA.empty() || VB.empty())
    return false;
  AllocationFacts Facts(Ctx);
  return Check(Facts, VA[0].getNodeAs<VarDecl>("v"), VB[0].getNodeAs<VarDecl>("v"),
               F[0].getNodeAs<FunctionDecl>("f"));
}

/// Whether the variables A and B of function Fn are proved distinct.
bool distinct(llvm::StringRef Code, llvm::StringRef Fn, llvm::StringRef A,
              llvm::StringRef B) {
  return withFacts(Code, Fn, A, B,
                   [](const AllocationFacts &Facts, const VarDecl *X, const VarDecl *Y,
                      const FunctionDecl *G) { return Facts.distinct(X, Y, G); });
}

/// The relation Which ("same object", "same or distinct") between the
/// variables A and B of function Fn.
bool related(llvm::StringRef Which, llvm::StringRef Code, llvm::StringRef Fn,
             llvm::StringRef A, llvm::StringRef B) {
  return withFacts(Code, Fn, A, B,
                   [&](const AllocationFacts &Facts, const VarDecl *X, const VarDecl *Y,
                       const FunctionDecl *G) {
                     return Which == "same object" ? Facts.sameObject(X, Y, G)
                                                   : Facts.sameOrDistinct(X, Y, G);
                   });
}

const char *Kernel = "static void k(int n, double *x, double *y) {\n"
                     "  for (int i = 0; i < n; i++) x[i] = y[i];\n"
                     "}\n";

} // namespace

TEST(Allocations, DeclaredArraysAndAllocations) {
  EXPECT_TRUE(distinct("double a[9], b[9];\nvoid f(void) {}\n", "f", "a", "b"));
  EXPECT_TRUE(distinct("void f(int n) {\n"
                       "  double *p = malloc(n * 8), *q = calloc(n, 8);\n}\n",
                       "f", "p", "q"));
  // A copy, an offset of one object, a second definition, an escape.
  EXPECT_FALSE(distinct("void f(int n) {\n  double *p = malloc(n), *q = p;\n}\n", "f", "p",
                        "q"));
  EXPECT_FALSE(distinct("double a[9];\nvoid f(void) {\n  double *p = a, *q = &a[4];\n}\n",
                        "f", "p", "q"));
  EXPECT_FALSE(distinct("double a[9], b[9];\nvoid f(int c) {\n"
                        "  double *p = a, *q = b;\n  if (c) q = a;\n}\n",
                        "f", "p", "q"));
  EXPECT_FALSE(distinct("void g(double **);\nvoid f(int n) {\n"
                        "  double *p = malloc(n), *q = malloc(n);\n  g(&q);\n}\n",
                        "f", "p", "q"));
  // Moving a pointer within its object keeps it there.
  EXPECT_TRUE(distinct("double a[9], b[9];\nvoid f(void) {\n"
                       "  double *p = a, *q = b;\n  q += 2;\n}\n",
                       "f", "p", "q"));
  // An element that is a pointer may be anything.
  EXPECT_FALSE(distinct("void f(double **m) {\n  double *p = m[0], *q = m[1];\n}\n", "f",
                        "p", "q"));
}

TEST(Allocations, ParametersThroughTheCallsOfAStaticFunction) {
  std::string K = Kernel;
  EXPECT_TRUE(distinct(K + "double a[9], b[9];\nvoid f(void) { k(9, a, b); }\n", "k", "x", "y"));
  EXPECT_TRUE(distinct(K + "void f(int n) {\n  double *p = malloc(n), *q = malloc(n);\n"
                           "  k(n, p, q);\n  k(n, q, p);\n}\n",
                       "k", "x", "y"));
  // One call with the same array, or two parts of one.
  EXPECT_FALSE(distinct(K + "double a[9], b[9];\nvoid f(void) { k(9, a, b); k(9, a, a); }\n",
                        "k", "x", "y"));
  EXPECT_FALSE(distinct(K + "double a[18];\nvoid f(void) { k(9, a, a + 9); }\n", "k", "x", "y"));
  // Through a caller's parameters, themselves distinct at its calls.
  EXPECT_TRUE(distinct(K + "static void g(double *u, double *v) { k(9, u, v); }\n"
                           "double a[9], b[9];\nvoid f(void) { g(a, b); }\n",
                       "k", "x", "y"));
  // A function other files may call, or whose address is taken; a
  // parameter the function points elsewhere.
  EXPECT_FALSE(distinct("void k(int n, double *x, double *y) { x[0] = y[0]; }\n"
                        "double a[9], b[9];\nvoid f(void) { k(9, a, b); }\n",
                        "k", "x", "y"));
  EXPECT_FALSE(distinct(K + "double a[9], b[9];\nvoid (*fp)(int, double *, double *) = k;\n"
                            "void f(void) { k(9, a, b); }\n",
                        "k", "x", "y"));
  EXPECT_FALSE(distinct("static void k(double *x, double *y) { x = y; x[0] = 1; }\n"
                        "double a[9], b[9];\nvoid f(void) { k(a, b); }\n",
                        "k", "x", "y"));
  // A static function nobody calls.
  EXPECT_FALSE(distinct(K, "k", "x", "y"));
}

TEST(Allocations, WhatAFunctionCreatesIsNoneOfWhatItWasPassed) {
  EXPECT_TRUE(distinct("void f(int n, double *x) {\n  double *p = malloc(n);\n}\n", "f", "x",
                       "p"));
  EXPECT_TRUE(distinct("void f(int n, double *x) {\n  double t[64];\n}\n", "f", "x", "t"));
  // A static array of the function is one object for every call.
  EXPECT_FALSE(distinct("void f(int n, double *x) {\n  static double t[64];\n}\n", "f", "x",
                        "t"));
}

TEST(Allocations, SameObjectAndSameOrDistinct) {
  // A local pointer into an array is that array's memory.
  EXPECT_TRUE(related("same object", "double h[9];\nvoid f(void) {\n  double *p = h + 1;\n}\n",
                      "f", "p", "h"));
  EXPECT_FALSE(related("same object", "double h[9], g[9];\nvoid f(void) {\n  double *p = g;\n}\n",
                       "f", "p", "h"));
  // Parameters of a static function: one variable for both at every call,
  // or distinct arrays.
  const char *Scale = "static void s(int n, double *d, const double *e) {\n"
                      "  for (int i = 0; i < n; i++) d[i] = e[i];\n}\n";
  EXPECT_TRUE(related("same or distinct",
                      std::string(Scale) + "double a[9], b[9];\n"
                                           "void m(void) {\n  s(9, a, a);\n  s(9, a, b);\n}\n",
                      "s", "d", "e"));
  // Offset by one: neither.
  EXPECT_FALSE(related("same or distinct",
                       std::string(Scale) + "double a[9];\nvoid m(void) {\n  s(8, a, a + 1);\n}\n",
                       "s", "d", "e"));
  // A function other files may call: unknown.
  EXPECT_FALSE(related("same or distinct",
                       "void s(int n, double *d, double *e) {\n  d[0] = e[0];\n}\n"
                       "double a[9];\nvoid m(void) {\n  s(9, a, a);\n}\n",
                       "s", "d", "e"));
  // A parameter moved in the function is no longer what it was passed.
  EXPECT_FALSE(related("same or distinct",
                       "static void s(int n, double *d, double *e) {\n  e++;\n  d[0] = e[0];\n}\n"
                       "double a[9];\nvoid m(void) {\n  s(9, a, a);\n}\n",
                       "s", "d", "e"));
}
