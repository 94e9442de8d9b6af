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

/// The line of Loc, 0 when it is invalid.
unsigned line(clang::ASTContext &Ctx, clang::SourceLocation Loc) {
  return Loc.isValid() ? Ctx.getSourceManager().getSpellingLineNumber(Loc) : 0;
}

/// Why no place is found for Name's link directive in Code ("" if one is).
std::string whyNot(llvm::StringRef Code, llvm::StringRef Name) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {});
  clang::ASTContext &Ctx = AST->getASTContext();
  LinkPoints L(Ctx);
  std::string Why;
  return L.pointFor(var(Ctx, Name), Why).isInvalid() ? Why : "";
}

} // namespace

TEST(LinkPoints, AfterTheDeclarationGroup) {
  std::unique_ptr<clang::ASTUnit> AST =
      parseCode("static double ce[5];\n"
                "static double a[3],\n"
                "  b[4]; // scratch\n"
                "static void init(void) { ce[0] = 1; }\n"
                "static double g(int i) { return ce[i % 5] * a[0] * b[0]; }\n"
                "int main(void) { init(); return (int)g(1); }\n",
                {});
  clang::ASTContext &Ctx = AST->getASTContext();
  LinkPoints L(Ctx);
  std::string Why;
  EXPECT_EQ(line(Ctx, L.pointFor(var(Ctx, "ce"), Why)), 1u);
  EXPECT_EQ(line(Ctx, L.pointFor(var(Ctx, "a"), Why)), 3u); // the group's `;`
  EXPECT_EQ(line(Ctx, L.pointFor(var(Ctx, "b"), Why)), 3u);
  EXPECT_EQ(Why, "");
}

TEST(LinkPoints, NoneWhereNoLineFits) {
  const char *Code = "static double ce[5];\nstatic double *p = &ce[0];\n"
                     "static double t[2]; static double g(int i) { return t[i % 2]; }\n"
                     "int main(void) { return (int)(g(0) + *p); }\n";
  EXPECT_EQ(whyNot(Code, "ce"), "no place for 'declare target link' of 'ce': its first use is "
                                "not in a function");
  EXPECT_EQ(whyNot(Code, "t"), "no place for 'declare target link' of 't': code follows its "
                               "declaration on its line");
  EXPECT_EQ(whyNot("extern double x[4];\n"
                   "static double g(int i) { return x[i % 4]; }\n"
                   "double x[4];\n"
                   "int main(void) { return (int)g(0); }\n",
                   "x"),
            "no place for 'declare target link' of 'x': 'g' uses it before the end of its last "
            "declaration, or on that line");
}
