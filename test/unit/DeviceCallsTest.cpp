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
