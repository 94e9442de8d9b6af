//===- AllocationSizesTest.cpp - Facts/AllocationSizes ---------------------===//
#include "Facts/AllocationSizes.h"
#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ompm {
namespace {

/// For each local pointer of f that its last loop uses: the allocation's
/// element count as text, or "none: <why>".
std::map<std::string, std::string> lengths(llvm::StringRef Code) {
  auto AST = parseCode(Code, {"-std=c99"});
  ASTContext &Ctx = AST->getASTContext();
  std::map<std::string, std::string> Out;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || F->getName() != "f" || !F->hasBody())
      continue;
    const ForStmt *Last = nullptr;
    for (const Stmt *S : cast<CompoundStmt>(F->getBody())->body())
      if (const auto *L = dyn_cast<ForStmt>(S))
        Last = L;
    RegionFacts LF(Last, Ctx);
    for (const ValueDecl *V : LF.externalVars())
      if (const auto *VD = dyn_cast<VarDecl>(V); VD && VD->getType()->isPointerType()) {
        std::string Why;
        std::optional<Poly> N = fixedAllocationLength(VD, F, Last, LF, Why);
        Out[VD->getNameAsString()] = N ? sectionText("x", Poly::constant(0), *N - Poly::constant(1))
                                       : "none: " + Why;
      }
  }
  return Out;
}

TEST(AllocationSizesTest, CountsKeptFromTheAllocation) {
  auto L = lengths("typedef unsigned long size_t;\n"
                   "void *malloc(size_t); void *calloc(size_t, size_t);\n"
                   "int g;\n"
                   "void f(int n, int m, int *ix) {\n"
                   "  int k = 2 * m, late = n, twice = 1, i;\n"
                   "  double *a = malloc(n * sizeof(double));\n"
                   "  double *b = calloc(m, sizeof *b);\n"
                   "  float *c = malloc(sizeof(float) * k * 3);\n"
                   "  double *d = malloc(late * sizeof(double));\n"
                   "  double *e = malloc(g * sizeof(double));\n"
                   "  double *h = malloc(n * sizeof(float));\n"
                   "  double *p = malloc(n * sizeof(double));\n"
                   "  double **pp = &p;\n"
                   "  double *q = malloc(n * sizeof(double));\n"
                   "  twice = 2;\n"
                   "  double *t = malloc(twice * sizeof(double));\n"
                   "  late = late + 1;\n"
                   "  q++;\n"
                   "  for (i = 0; i < n; i++)\n"
                   "    a[ix[i]] = b[ix[i]] + c[ix[i]] + d[ix[i]] + e[ix[i]] + h[ix[i]] + p[ix[i]]"
                   " + q[ix[i]] + t[ix[i]];\n"
                   "}\n");
  EXPECT_EQ(L["a"], "x[0:n]");
  EXPECT_EQ(L["b"], "x[0:m]");
  EXPECT_EQ(L["c"], "x[0:3*k]") << "the factors other than sizeof(float)";
  EXPECT_EQ(L["d"], "none: its size reads 'late', which is written more than once");
  EXPECT_EQ(L["e"], "none: its size reads 'g', which is not a local of the function");
  EXPECT_EQ(L["h"], "none: its allocation's element count is not one of sizeof(double)");
  EXPECT_EQ(L["p"], "none: its address is taken");
  EXPECT_EQ(L["q"], "none: it is assigned more than once");
  EXPECT_EQ(L["t"], "none: its size reads 'twice', which is written more than once");
  EXPECT_EQ(L["ix"], "none: it is no automatic pointer of the function");
}

TEST(AllocationSizesTest, WritesInLoopsAndGotos) {
  auto L = lengths("typedef unsigned long size_t; void *malloc(size_t);\n"
                   "void f(int n, int *ix) {\n"
                   "  int m, i, j;\n"
                   "  double *a, *b;\n"
                   "  for (j = 0; j < 2; j++) m = n + j;\n"
                   "  a = malloc(m * sizeof(double));\n"
                   "  b = malloc(n * sizeof(double));\n"
                   "  for (i = 0; i < n; i++)\n"
                   "    b[ix[i]] = a[ix[i]];\n"
                   "}\n");
  EXPECT_EQ(L["a"], "none: its size reads 'm', which is written inside a loop or after the "
                    "allocation");
  EXPECT_EQ(L["b"], "x[0:n]");
  auto G = lengths("typedef unsigned long size_t; void *malloc(size_t);\n"
                   "void f(int n, int *ix) {\n"
                   "  int i;\n"
                   "  double *a = malloc(n * sizeof(double));\n"
                   "  if (n > 5) goto done;\n"
                   "  for (i = 0; i < n; i++)\n"
                   "    a[ix[i]] = 1;\n"
                   "done:;\n"
                   "}\n");
  EXPECT_EQ(G["a"], "none: the function has a goto");
}

} // namespace
} // namespace ompm
