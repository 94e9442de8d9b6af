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

Parsed parse(llvm::StringRef Code) {
  Parsed P;
  P.AST = parseCode(Code);
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
  auto Names = [](const std::set<const clang::VarDecl *> &S) {
    std::string Out;
    for (const clang::VarDecl *V : S)
      Out += V->getNameAsString();
    std::sort(Out.begin(), Out.end());
    return Out;
  };
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

} // namespace
