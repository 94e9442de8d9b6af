//===- GlobalScalarsTest.cpp - Liveness of file-scope scalars across functions ===//
#include "Analysis/GlobalScalars.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace ompm;

namespace {

struct Unit {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<CallSites> Sites;
  std::unique_ptr<GlobalScalarLiveness> G;
  explicit Unit(llvm::StringRef Code) : AST(parseCode(Code, {})) {
    Sites = std::make_unique<CallSites>(AST->getASTContext());
    G = std::make_unique<GlobalScalarLiveness>(AST->getASTContext(), *Sites);
  }
  const FunctionDecl *fn(llvm::StringRef Name) const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *F = dyn_cast<FunctionDecl>(D);
          F && F->getName() == Name && F->doesThisDeclarationHaveABody())
        return F;
    return nullptr;
  }
  const VarDecl *var(llvm::StringRef Name) const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
        return V;
    return nullptr;
  }
};

// NPB BT's shape: scratch globals every function assigns before reading.
const char *Scratch = "static double t, u;\n"
                      "static double a[8];\n"
                      "static void lhs(void) {\n"
                      "  for (int i = 0; i < 8; i++) { t = a[i]; a[i] = t * t; }\n"
                      "}\n"
                      "static void rhs(void) {\n"
                      "  t = 2; a[0] = t; u = u + 1;\n"
                      "}\n"
                      "static void solve(void) { lhs(); rhs(); }\n"
                      "int main(void) {\n"
                      "  for (int s = 0; s < 3; s++) solve();\n"
                      "  return (int)a[1];\n"
                      "}\n";

} // namespace

TEST(GlobalScalarsTest, ScratchValuesAreDeadAfterTheirFunctions) {
  Unit X(Scratch);
  const VarDecl *T = X.var("t"), *U = X.var("u");
  ASSERT_TRUE(X.G->tracked(T));
  EXPECT_FALSE(X.G->readsBeforeAssigning(X.fn("lhs"), T));
  EXPECT_FALSE(X.G->readsBeforeAssigning(X.fn("rhs"), T));
  EXPECT_FALSE(X.G->readsBeforeAssigning(X.fn("solve"), T));
  EXPECT_FALSE(X.G->liveAtExit(X.fn("lhs"), T));
  EXPECT_FALSE(X.G->liveAtExit(X.fn("solve"), T));
  // u accumulates across calls: rhs reads it first, and solve runs again.
  EXPECT_TRUE(X.G->readsBeforeAssigning(X.fn("rhs"), U));
  EXPECT_TRUE(X.G->liveAtExit(X.fn("lhs"), U));
  // The liveness of a loop of lhs asks the same.
  const FunctionDecl *L = X.fn("lhs");
  const Stmt *Loop = *cast<CompoundStmt>(L->getBody())->body_begin();
  EXPECT_FALSE(Liveness(L, X.AST->getASTContext(), X.G.get())
                   .mayBeReadAfter(Loop, T));
  EXPECT_TRUE(Liveness(L, X.AST->getASTContext()).mayBeReadAfter(Loop, T));
}

TEST(GlobalScalarsTest, AReadAfterTheCallKeepsItLive) {
  Unit X("static double t;\n"
         "static void f(void) { t = 1; }\n"
         "int printf(const char *, ...);\n"
         "int main(void) { f(); printf(\"%f\\n\", t); return 0; }\n");
  EXPECT_TRUE(X.G->liveAtExit(X.fn("f"), X.var("t")));
}

TEST(GlobalScalarsTest, WhatItCannotSeeIsLive) {
  // External linkage, the address taken, volatile, an array: not followed.
  Unit X("double e; static double p, v2; static volatile double v; static double arr[2];\n"
         "static double *q = &p;\n"
         "static void f(void) { e = 1; p = 1; v = 1; arr[0] = 1; }\n"
         "int main(void) { f(); return 0; }\n");
  for (const char *N : {"e", "p", "v", "arr"})
    EXPECT_FALSE(X.G->tracked(X.var(N))) << N;
  EXPECT_TRUE(X.G->tracked(X.var("v2")));
  // A function of external linkage may be called from another file.
  Unit Y("static double t;\n"
         "void f(void) { t = 1; }\n");
  EXPECT_TRUE(Y.G->liveAtExit(Y.fn("f"), Y.var("t")));
}

TEST(GlobalScalarsTest, ACallbackMayReadItAnywhere) {
  // g's address is taken: a call into code the file does not hold (here
  // the unknown h) may come back into g, which reads t.
  Unit X("static double t;\n"
         "void h(void (*)(void));\n"
         "static void g(void) { t = t + 1; }\n"
         "static void f(void) { t = 1; }\n"
         "int main(void) { f(); h(g); return 0; }\n");
  EXPECT_TRUE(X.G->liveAtExit(X.fn("f"), X.var("t")));
}

TEST(GlobalScalarsTest, RecursionIsAnsweredMay) {
  Unit X("static double t;\n"
         "static void r(int n) { if (n > 0) r(n - 1); t = 1; }\n"
         "static void f(void) { t = 1; }\n"
         "int main(void) { f(); r(3); return 0; }\n");
  // r calls itself before assigning t: may read it.
  EXPECT_TRUE(X.G->readsBeforeAssigning(X.fn("r"), X.var("t")));
  EXPECT_TRUE(X.G->liveAtExit(X.fn("f"), X.var("t")));
}

TEST(GlobalScalarsTest, ReadsInsideDirectivesCount) {
  // A read of t inside an OpenACC or OpenMP construct of another function.
  for (const char *Dir : {"#pragma acc parallel loop\n", "#pragma omp parallel for\n"}) {
    std::string Code = std::string("static double t; static double a[8];\n"
                                   "static void f(void) { t = 1; }\n"
                                   "static void g(void) {\n") +
                       Dir +
                       "  for (int i = 0; i < 8; i++) a[i] = t;\n"
                       "}\n"
                       "int main(void) { f(); g(); return 0; }\n";
    auto AST = parseCode(Code, {"-fopenacc", "-fopenmp"});
    CallSites S(AST->getASTContext());
    GlobalScalarLiveness G(AST->getASTContext(), S);
    const FunctionDecl *F = nullptr, *Gf = nullptr;
    const VarDecl *T = nullptr;
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls()) {
      if (const auto *Fn = dyn_cast<FunctionDecl>(D)) {
        if (Fn->getName() == "f")
          F = Fn;
        if (Fn->getName() == "g")
          Gf = Fn;
      }
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == "t")
        T = V;
    }
    EXPECT_TRUE(G.readsBeforeAssigning(Gf, T)) << Dir;
    EXPECT_TRUE(G.liveAtExit(F, T)) << Dir;
  }
}

TEST(GlobalScalarsTest, AnotherFileMayCallBackByName) {
  // other() is defined in another file, which may call step(), external,
  // which reads t first: t is live after f. printf, a library's, cannot.
  const char *Tail = "static double t;\n"
                     "void other(void);\n"
                     "int printf(const char *, ...);\n"
                     "static void f(void) { t = 1; }\n";
  Unit X(std::string(Tail) + "void step(void) { t = t + 1; }\n"
                             "int main(void) { f(); other(); return 0; }\n");
  EXPECT_TRUE(X.G->liveAtExit(X.fn("f"), X.var("t")));
  Unit Y(std::string(Tail) + "void step(void) { t = 2; t = t + 1; }\n"
                             "int main(void) { f(); other(); return 0; }\n");
  EXPECT_FALSE(Y.G->liveAtExit(Y.fn("f"), Y.var("t")));
}
