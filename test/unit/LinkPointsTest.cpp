//===- LinkPointsTest.cpp - Where `declare target link` of a global goes ---===//
#include "Translate/LinkPoints.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

const clang::VarDecl *var(clang::ASTContext &Ctx, llvm::StringRef Name) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D); V && V->getName() == Name)
      return V;
  return nullptr;
}

} // namespace

TEST(LinkPoints, BeforeTheFunctionThatUsesItFirst) {
  std::unique_ptr<clang::ASTUnit> AST =
      parseCode("static double ce[5];\nstatic int n0;\n"
                "static void init(void) { ce[0] = 1; }\n"
                "static double g(int i) { return ce[i % 5] * n0; }\n"
                "int main(void) { init(); n0 = 2; return (int)g(1); }\n",
                {});
  clang::ASTContext &Ctx = AST->getASTContext();
  LinkPoints L(Ctx);
  std::string Why;
  const clang::FunctionDecl *At = L.pointFor(var(Ctx, "ce"), Why);
  ASSERT_TRUE(At);
  EXPECT_EQ(At->getName(), "init"); // a host use counts
  At = L.pointFor(var(Ctx, "n0"), Why);
  ASSERT_TRUE(At);
  EXPECT_EQ(At->getName(), "g");
  EXPECT_EQ(Why, "");
}

TEST(LinkPoints, NoneWhenFirstUsedOutsideAFunction) {
  std::unique_ptr<clang::ASTUnit> AST =
      parseCode("static double ce[5];\nstatic double *p = &ce[0];\n"
                "static double t[2]; static double g(int i) { return t[i % 2]; }\n"
                "int main(void) { return (int)(g(0) + *p); }\n",
                {});
  clang::ASTContext &Ctx = AST->getASTContext();
  LinkPoints L(Ctx);
  std::string Why;
  EXPECT_FALSE(L.pointFor(var(Ctx, "ce"), Why));
  EXPECT_EQ(Why, "no place for 'declare target link' of 'ce': its first use is not in a "
                 "function");
  EXPECT_FALSE(L.pointFor(var(Ctx, "t"), Why));
  EXPECT_EQ(Why, "no place for 'declare target link' of 't': it is declared after, or on "
                 "the line of, 'g', which uses it first");
}
