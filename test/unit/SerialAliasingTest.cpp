//===- SerialAliasingTest.cpp - Pointers of a serial loop that may overlap -===//
#include "Facts/SerialAliasing.h"
#include "LoopFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The pairs of the first loop of f, as "w/o" names.
std::vector<std::string> pairs(llvm::StringRef Code) {
  Fixture X = parse(Code);
  if (!X.Loop)
    return {"no loop"};
  RegionFacts F(X.Loop, X.ctx());
  AllocationFacts Allocs(X.ctx());
  std::vector<std::string> Out;
  for (const PointerPair &P : aliasPairs(F, Allocs, X.F))
    Out.push_back(F.nameOf(P.first) + "/" + F.nameOf(P.second));
  return Out;
}

} // namespace

TEST(SerialAliasing, PairsThatMayOverlap) {
  // Two plain pointer parameters of a function others may call.
  EXPECT_EQ(pairs("void f(int n, double *d, const double *s) {\n"
                  "  for (int i = 0; i < n; i++) d[i] = s[i];\n}\n"),
            std::vector<std::string>{"d/s"});
  // restrict, or two declared arrays: none.
  EXPECT_EQ(pairs("void f(int n, double *restrict d, const double *s) {\n"
                  "  for (int i = 0; i < n; i++) d[i] = s[i];\n}\n"),
            std::vector<std::string>{});
  EXPECT_EQ(pairs("double a[9], b[9];\nvoid f(void) {\n"
                  "  for (int i = 0; i < 9; i++) a[i] = b[i];\n}\n"),
            std::vector<std::string>{});
  // Both written: the pair once.
  EXPECT_EQ(pairs("void f(int n, double *d, double *s) {\n"
                  "  for (int i = 0; i < n; i++) { d[i] = 1; s[i] = 2; }\n}\n"),
            std::vector<std::string>{"d/s"});
  // A static function called with one array twice, used at one subscript:
  // the same address or distinct, no pair; at two subscripts, a pair.
  EXPECT_EQ(pairs("static void f(int n, double *d, const double *s) {\n"
                  "  for (int i = 0; i < n; i++) d[i] = s[i] * 3;\n}\n"
                  "double w[9];\nvoid m(void) { f(9, w, w); }\n"),
            std::vector<std::string>{});
  EXPECT_EQ(pairs("static void f(int n, double *d, const double *s) {\n"
                  "  for (int i = 1; i < n; i++) d[i] = s[i - 1];\n}\n"
                  "double w[9];\nvoid m(void) { f(9, w, w); }\n"),
            std::vector<std::string>{"d/s"});
}

TEST(SerialAliasing, HostCopyOfAVersionedLoop) {
  // Parsed with -fopenmp, as --offload=serial parses.
  std::unique_ptr<clang::ASTUnit> AST = parseCode("void f(int n, double *d, const double *s) {\n"
                    "  if (d + n <= s) {\n"
                    "    #pragma omp target teams distribute parallel for\n"
                    "    for (int i = 0; i < n; i++) d[i] = s[i];\n"
                    "  } else\n"
                    "  for (int i = 0; i < n; i++) d[i] = s[i];\n"
                    "  for (int i = 0; i < n; i++) d[i] = 0;\n"
                    "}\n", {"-fopenacc", "-fopenmp"});
  ASSERT_TRUE(AST);
  const clang::FunctionDecl *Fn = nullptr;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D); FD && FD->getName() == "f")
      Fn = FD;
  ASSERT_TRUE(Fn);
  clang::ParentMap PM(Fn->getBody());
  std::vector<bool> Copies;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S)
      return;
    if (const auto *For = llvm::dyn_cast<clang::ForStmt>(S))
      Copies.push_back(hostCopyOfVersionedLoop(For, PM));
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  // The host copy and the loop after it (the offloaded copy is inside the
  // directive's captured statement, which children() does not enter).
  EXPECT_EQ(Copies, (std::vector<bool>{true, false}));
}
