//===- AstQueriesTest.cpp - Analysis/AstQueries ---------------------------===//
#include "Analysis/AstQueries.h"
#include "ParseCode.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ompm {
namespace {

TEST(AstQueriesTest, ArithmeticElements) {
  auto AST = parseCode("struct P { double x; };\n"
                       "double a[2][3][5]; int b[7]; struct P c[4]; double d; extern float e[];\n",
                       {"-std=c99"});
  ASTContext &Ctx = AST->getASTContext();
  std::map<std::string, uint64_t> N;
  std::map<std::string, std::string> Elem;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      QualType E;
      N[V->getNameAsString()] = arithmeticElements(V->getType(), Ctx, &E);
      Elem[V->getNameAsString()] = E.getAsString();
    }
  EXPECT_EQ(N["a"], 30u);
  EXPECT_EQ(Elem["a"], "double");
  EXPECT_EQ(N["b"], 7u);
  EXPECT_EQ(N["c"], 0u); // structures
  EXPECT_EQ(N["d"], 0u); // no array
  EXPECT_EQ(N["e"], 0u); // no constant size
}

TEST(AstQueriesTest, WrittenLValue) {
  auto AST = parseCode("void f(int *p, int x) { x = 1; x += 2; x++; --x; p = &x; x == 1; -x; }\n",
                       {"-std=c99"});
  ASTContext &Ctx = AST->getASTContext();
  std::vector<std::string> Out;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->hasBody())
      for (const Stmt *S : cast<CompoundStmt>(F->getBody())->body()) {
        const Expr *X = writtenLValue(S);
        // p = &x: the assignment changes p (its operand &x is asked apart).
        Out.push_back(X ? cast<DeclRefExpr>(X->IgnoreParenImpCasts())->getDecl()->getNameAsString()
                        : "-");
      }
  EXPECT_EQ(Out, (std::vector<std::string>{"x", "x", "x", "x", "p", "-", "-"}));
}

TEST(AstQueriesTest, InSystemHeader) {
  // Line markers with flag 3 put code in a system header, as the
  // preprocessor's output does; a macro of it expanded in the file is the
  // file's.
  auto AST = parseCode("# 1 \"sys.h\" 1 3\n"
                       "static inline int lib(void) { return 1; }\n"
                       "#define MAKE(n) int n(void) { return 2; }\n"
                       "# 4 \"input.c\" 2\n"
                       "int own(void) { return lib(); }\n"
                       "MAKE(made)\n",
                       {"-std=c99"});
  std::map<std::string, bool> In;
  for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      In[F->getNameAsString()] = inSystemHeader(F);
  EXPECT_EQ(In.size(), 3u);
  EXPECT_TRUE(In["lib"]);
  EXPECT_FALSE(In["own"]);
  EXPECT_FALSE(In["made"]);
}

} // namespace
} // namespace ompm
