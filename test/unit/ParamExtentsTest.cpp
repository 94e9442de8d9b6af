//===- ParamExtentsTest.cpp - Analysis/ParamExtents -----------------------===//
#include "Analysis/ParamExtents.h"
#include "ParseCode.h"

using namespace clang;

namespace ompm {
namespace {

/// The extent of parameter Param of function Fn in Code, -1 when none.
int64_t extentOf(llvm::StringRef Code, llvm::StringRef Fn, llvm::StringRef Param) {
  auto AST = parseCode(Code, {"-std=c99"});
  ASTContext &Ctx = AST->getASTContext();
  CallSites Sites(Ctx);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getName() == Fn && F->hasBody())
      for (const ParmVarDecl *P : F->parameters())
        if (P->getName() == Param) {
          std::optional<uint64_t> N = extentAtCallSites(P, Sites, Ctx);
          return N ? static_cast<int64_t>(*N) : -1;
        }
  ADD_FAILURE() << "no " << Param.str();
  return -2;
}

const char *Code = "static double a[100], b[100], c[50];\n"
                   "static void one(double *x) { x[0] = 1; }\n"
                   "static void offset(double *x) { x[0] = 1; }\n"
                   "static void two(double *x) { x[0] = 1; }\n"
                   "static void moved(double *x) { x++; x[0] = 1; }\n"
                   "static void inner(const double *y) { }\n"
                   "static void outer(double *x) { inner(x); }\n"
                   "void open(double *x) { x[0] = 1; }\n"
                   "static void typed(int *x) { x[0] = 1; }\n"
                   "static void cast(double *x) { x[0] = 1; }\n"
                   "static void rows(double (*r)[10]) { r[0][0] = 1; }\n"
                   "static double m[20][10];\n"
                   "void f(void) {\n"
                   "  int t[100];\n"
                   "  one(a); one(b);\n"
                   "  offset(&a[4]); offset(b + 4); offset(&c[-46 + 50 - 0]);\n"
                   "  two(a); two(c);\n"
                   "  moved(a);\n"
                   "  outer(a); outer(b);\n"
                   "  open(a);\n"
                   "  typed(t);\n"
                   "  cast((double *)t);\n"
                   "  rows(m); rows(&m[2]);\n"
                   "}\n";

TEST(ParamExtentsTest, OneExtentAtEveryCall) {
  EXPECT_EQ(extentOf(Code, "one", "x"), 100);
  // 96 elements from a[4] and from b + 4; c[4] leaves 46: not one extent.
  EXPECT_EQ(extentOf(Code, "offset", "x"), -1);
  EXPECT_EQ(extentOf(Code, "two", "x"), -1);    // 100 and 50
  EXPECT_EQ(extentOf(Code, "moved", "x"), -1);  // the function moves it
  EXPECT_EQ(extentOf(Code, "inner", "y"), 100); // through outer's x
  EXPECT_EQ(extentOf(Code, "open", "x"), -1);   // external: calls not all in sight
  EXPECT_EQ(extentOf(Code, "typed", "x"), 100); // a local array of ints
  EXPECT_EQ(extentOf(Code, "cast", "x"), -1);   // an explicit cast: not followed
  EXPECT_EQ(extentOf(Code, "rows", "r"), -1);   // 20 rows and 18
}

TEST(ParamExtentsTest, OffsetsAndRows) {
  const char *C = "static double a[100];\n"
                  "static double m[20][10];\n"
                  "static void offset(double *x) { x[0] = 1; }\n"
                  "static void rows(double (*r)[10]) { r[0][0] = 1; }\n"
                  "void f(void) { offset(&a[4]); offset(a + 4); rows(m); rows(&m[0]); }\n";
  EXPECT_EQ(extentOf(C, "offset", "x"), 96);
  EXPECT_EQ(extentOf(C, "rows", "r"), 20);
}

} // namespace
} // namespace ompm
