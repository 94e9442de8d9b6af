//===- DeviceCallsTest.cpp - Whether a loop's callees can run on a GPU ----===//
#include "Facts/DeviceCalls.h"
#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// callsWhy of the body of function f, and the file's functions it needs.
std::string why(llvm::StringRef Code, std::vector<std::string> *Needed = nullptr) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {});
  const clang::FunctionDecl *F = nullptr;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
        FD && FD->getName() == "f" && FD->hasBody())
      F = FD;
  std::vector<const clang::FunctionDecl *> N;
  std::string W = callsWhy(F->getBody(), AST->getSourceManager(), N);
  if (Needed)
    for (const clang::FunctionDecl *D : N)
      Needed->push_back(D->getNameAsString());
  return W;
}

/// callsWhy of the body of function f with FollowPointers; with Globals,
/// also the names of the globals its callees read.
std::string followWhy(llvm::StringRef Code, std::vector<std::string> *Globals = nullptr) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {});
  const clang::FunctionDecl *F = nullptr;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D); FD && FD->getName() == "f")
      F = FD;
  std::vector<const clang::FunctionDecl *> N;
  std::vector<const clang::VarDecl *> G;
  std::string W = callsWhy(F->getBody(), AST->getSourceManager(), N, /*FollowPointers=*/true,
                           Globals ? &G : nullptr);
  for (const clang::VarDecl *V : G)
    Globals->push_back(V->getNameAsString());
  return W;
}

} // namespace

TEST(DeviceCalls, PureLibraryAndScalarFunctionsOfTheFile) {
  std::vector<std::string> Needed;
  EXPECT_EQ(why("#include <math.h>\nstatic double sq(double x) { return x * x; }\n"
                "void f(double *a) { for (int i = 0; i < 9; i++) a[i] = sqrt(sq(a[i])); }\n",
                &Needed),
            "");
  EXPECT_EQ(Needed, std::vector<std::string>{"sq"});
  EXPECT_EQ(why("#include <stdio.h>\nvoid f(void) { printf(\"x\"); }\n"),
            "the loop calls 'printf', which is not a pure function of the C library");
  EXPECT_EQ(why("int g;\nstatic int h(int x) { return x + g; }\nvoid f(int *a) { a[0] = h(1); }\n"),
            "the loop calls 'h', which uses 'g', not a variable of its own");
  EXPECT_EQ(why("int e(int);\nvoid f(int *a) { a[0] = e(1); }\n"),
            "the loop calls 'e', whose definition is not in the file");
}

TEST(DeviceCalls, PointerParametersFollowedOnlyWhenAsked) {
  const char *Code = "static void sub(double a[5][5], double *v) {\n"
                     "  for (int m = 0; m < 5; m++) v[m] -= a[m][0];\n"
                     "}\n"
                     "void f(double (*l)[5][5], double (*r)[5]) {\n"
                     "  for (int i = 0; i < 9; i++) sub(l[i], &r[i][0]);\n"
                     "}\n";
  EXPECT_EQ(why(Code), "the loop calls 'sub', which takes 'a' that is not a scalar (what it "
                       "reaches is not followed)");
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {});
  const clang::FunctionDecl *F = nullptr, *Sub = nullptr;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      (FD->getName() == "f" ? F : Sub) = FD;
  std::vector<const clang::FunctionDecl *> N;
  EXPECT_EQ(callsWhy(F->getBody(), AST->getSourceManager(), N, /*FollowPointers=*/true), "");
  ASSERT_EQ(N.size(), 1u);
  EXPECT_EQ(N[0], Sub);
  EXPECT_EQ(writtenPointerParams(Sub), std::vector<unsigned>{1});
  EXPECT_TRUE(followedPointerParam(Sub->getParamDecl(0)));
}

TEST(DeviceCalls, WhatAFollowedPointerMayBe) {
  auto Why = [](llvm::StringRef Code) { return followWhy(Code); };
  // Only subscripted: not offset, not dereferenced, not stored.
  EXPECT_EQ(Why("static void g(double *p) { *p = 1; }\n"
                "void f(double *a) { for (int i = 0; i < 9; i++) g(&a[i]); }\n"),
            "the loop calls 'g', which uses its pointer 'p' other than through subscripts");
  EXPECT_EQ(Why("static void g(double *p) { p[1] = 1; }\n"
                "void f(double *a) { for (int i = 0; i < 9; i++) g(a + i); }\n"),
            "the loop passes 'p' of 'g' something other than a variable, a row or an "
            "element's address");
  // Pointers to pointers are not followed.
  EXPECT_EQ(Why("static void g(double **p) { p[0][0] = 1; }\n"
                "void f(double **a) { for (int i = 0; i < 9; i++) g(a); }\n"),
            "the loop calls 'g', which takes 'p' that is not a scalar (what it reaches is not "
            "followed)");
  // A global the callee reads: not its own, unless the caller takes Globals.
  EXPECT_EQ(Why("double ce[5];\nstatic void g(double *p) { p[0] = ce[0]; }\n"
                "void f(double *a) { for (int i = 0; i < 9; i++) g(&a[i]); }\n"),
            "the loop calls 'g', which uses 'ce', not a variable of its own");
}

TEST(DeviceCalls, GlobalsReadOnTheDevice) {
  // callsWhy with Globals: the globals read, or why not.
  auto Globals = [](llvm::StringRef Code, std::vector<std::string> &Names) {
    return followWhy(Code, &Names);
  };
  std::vector<std::string> Names;
  // Through subscripts that reach an element, and a scalar, in a callee's
  // callee too.
  EXPECT_EQ(Globals("static double ce[5][13];\nstatic int n0;\n"
                    "static double c(int m) { return ce[m][1] / n0; }\n"
                    "static double g(int i) { return ce[i % 5][0] + c(i % 5); }\n"
                    "void f(double *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "");
  EXPECT_EQ(Names, (std::vector<std::string>{"ce", "n0"}));
  Names.clear();
  EXPECT_EQ(Globals("static int count;\nstatic int g(int i) { count++; return i; }\n"
                    "void f(int *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "the loop calls 'g', which writes 'count', not a variable of its own");
  EXPECT_EQ(Globals("static double t[4];\nstatic double g(int i) { t[i % 4] = i; return 0; }\n"
                    "void f(double *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "the loop calls 'g', which writes 't', not a variable of its own");
  EXPECT_EQ(Globals("static double t[4];\nstatic double h(double *p) { return p[0]; }\n"
                    "static double g(int i) { return h(t); }\n"
                    "void f(double *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "the loop calls 'g', which uses 't', not a variable of its own (a global array is "
            "read only through subscripts that reach an element)");
  EXPECT_EQ(Globals("static volatile int v;\nstatic int g(int i) { return i + v; }\n"
                    "void f(int *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "the loop calls 'g', which uses 'v', a global that is not of arithmetic elements, "
            "or volatile");
  EXPECT_EQ(Globals("extern double x[4];\nstatic double g(int i) { return x[i % 4]; }\n"
                    "void f(double *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n",
                    Names),
            "the loop calls 'g', which uses 'x', a global defined in another file (its "
            "definition would not be declare target)");
  // Without Globals, the rule of old.
  std::vector<std::string> Needed;
  EXPECT_EQ(why("static int n0;\nstatic int g(int i) { return i + n0; }\n"
                "void f(int *a) { for (int i = 0; i < 9; i++) a[i] = g(i); }\n", &Needed),
            "the loop calls 'g', which uses 'n0', not a variable of its own");
}

TEST(DeviceCalls, UsesGlobalsFollowsCalls) {
  std::unique_ptr<clang::ASTUnit> AST =
      parseCode("static int n0;\nstatic int c(int i) { return i + n0; }\n"
                "static int g(int i) { return c(i) * 2; }\n"
                "static int h(int i) { int k = i; return k; }\n", {});
  std::map<std::string, const clang::FunctionDecl *> Fs;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      Fs[FD->getNameAsString()] = FD;
  EXPECT_TRUE(usesGlobals(Fs["c"]));
  EXPECT_TRUE(usesGlobals(Fs["g"]));
  EXPECT_FALSE(usesGlobals(Fs["h"]));
}
