#include "Facts/CallGraph.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *fn(llvm::StringRef Name) const {
    for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
        if (F->getName() == Name)
          return F;
    return nullptr;
  }
};

/// The variables' names, one letter each, sorted: "gh".
std::string Names(const std::set<const clang::VarDecl *> &S) {
  std::string Out;
  for (const clang::VarDecl *V : S)
    Out += V->getNameAsString();
  std::sort(Out.begin(), Out.end());
  return Out;
}

Parsed parse(llvm::StringRef Code, std::vector<std::string> Flags = {"-fopenacc"},
             llvm::StringRef File = "t.c") {
  Parsed P;
  P.AST = parseCode(Code, Flags, File);
  return P;
}

const char *Code = R"(
  #include <string.h>
  double g[8], h[8];
  void elsewhere(double *);
  static void kernel(double *a, int n) {
  #pragma acc parallel loop
    for (int i = 0; i < n; i++) a[i] = 0;
  }
  static void wraps(double *a) { kernel(a, 4); }
  static void host(void) { g[0] = 1; memset(h, 0, sizeof h); }
  static void outer(void) { host(); }
  static void unknown(double *a) { elsewhere(a); }
  static void rec(int k) { if (k) rec(k - 1); else h[1] = 2; }
  static void through(void (*f)(double *)) { f(g); }
)";

TEST(CallGraph, DeviceCodeClosesOverCalls) {
  Parsed P = parse(Code);
  CallGraphFacts CG(P.AST->getASTContext());
  EXPECT_TRUE(CG.mayRunDeviceCode(P.fn("kernel")));
  EXPECT_TRUE(CG.mayRunDeviceCode(P.fn("wraps")));
  EXPECT_FALSE(CG.mayRunDeviceCode(P.fn("host")));
  EXPECT_FALSE(CG.mayRunDeviceCode(P.fn("outer")));
  EXPECT_FALSE(CG.mayRunDeviceCode(P.fn("elsewhere"))); // not defined here
}

TEST(CallGraph, GlobalsAndUnknownCalls) {
  Parsed P = parse(Code);
  CallGraphFacts CG(P.AST->getASTContext());
  EXPECT_EQ(Names(CG.globalsUsed(P.fn("outer"))), "gh");
  EXPECT_EQ(Names(CG.globalsUsed(P.fn("rec"))), "h");
  EXPECT_EQ(Names(CG.globalsUsed(P.fn("kernel"))), "");
  EXPECT_FALSE(CG.callsUnknown(P.fn("outer"))); // memset is a library function
  EXPECT_TRUE(CG.callsUnknown(P.fn("unknown")));
  EXPECT_TRUE(CG.callsUnknown(P.fn("through"))); // through a pointer
  EXPECT_FALSE(CG.callsUnknown(P.fn("rec")));
  ASSERT_NE(P.fn("memset"), nullptr);
  EXPECT_TRUE(isLibraryFunction(P.fn("memset"), P.AST->getSourceManager()));
  EXPECT_FALSE(isLibraryFunction(P.fn("elsewhere"), P.AST->getSourceManager()));
}

TEST(CallGraph, WritesToGlobals) {
  Parsed P = parse(R"(
    #include <stdio.h>
    #include <string.h>
    double *u, *v, *w, *x, *y, *z, m[4][4];
    int n, k;
    static double reads(void) { double s = 0; for (int i = 0; i < n; i++) s += u[i] + *(v + i); return s; }
    static void prints(void) { printf("%f %f\n", u[0], m[1][2]); }
    static void writes(void) { v[1] = 2; *(w + 3) += 1; m[2][3]++; }
    static void moves(void) { u = v; k = 1; }
    static void aliases(void) { double *p = x; p[0] = 1; }
    static void passes(void) { memset(y, 0, 8); }
    static void takes(void) { double *r = &z[2]; *r = 1; }
    static void outer(void) { reads(); writes(); }
  )");
  CallGraphFacts CG(P.AST->getASTContext());
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("reads"))), "");
  EXPECT_EQ(Names(CG.globalsAssigned(P.fn("reads"))), "");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("prints"))), "");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("writes"))), "mvw");
  EXPECT_EQ(Names(CG.globalsAssigned(P.fn("writes"))), "");
  EXPECT_EQ(Names(CG.globalsAssigned(P.fn("moves"))), "ku");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("moves"))), "v"); // its value copied
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("aliases"))), "x");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("passes"))), "y");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("takes"))), "z");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("outer"))), "mvw");
}

TEST(CallGraph, WritesThroughReferenceParameters) {
  Parsed P = parse(R"(
    double g[4], *p;
    int n;
    void set(double &x, int &k);
    void keep(const double &x, int k);
    static void refs() { set(g[1], n); }
    static void ptr() { set(*p, n); }
    static void reads() { keep(g[2], n); }
  )", {"-fopenacc", "-xc++"}, "t.cpp");
  CallGraphFacts CG(P.AST->getASTContext());
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("refs"))), "g");
  EXPECT_EQ(Names(CG.globalsAssigned(P.fn("refs"))), "n");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("ptr"))), "p");
  EXPECT_EQ(Names(CG.globalsWritten(P.fn("reads"))), ""); // a const reference
  EXPECT_EQ(Names(CG.globalsAssigned(P.fn("reads"))), "");
}

} // namespace
