//===- CallSitesTest.cpp - The calls of each function of a translation unit ===//
#include "Analysis/CallSites.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace ompm;

namespace {

const FunctionDecl *function(ASTContext &Ctx, llvm::StringRef Name) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getName() == Name)
      return F;
  return nullptr;
}

} // namespace

TEST(CallSitesTest, EachCallOnceWithItsCaller) {
  // The call under three nested OpenACC constructs: Clang 22's visitor
  // reaches it 2^3 times, the walk once.
  auto AST = parseCode("static void g(double *a) { a[0] += 1; }\n"
                       "static void h(void) {}\n"
                       "void f(double *a) {\n"
                       "  #pragma acc parallel\n"
                       "  #pragma acc loop seq\n"
                       "  for (int i = 0; i < 2; i++)\n"
                       "    #pragma acc loop seq\n"
                       "    for (int j = 0; j < 2; j++)\n"
                       "      g(a);\n"
                       "  h();\n"
                       "  h();\n"
                       "}\n");
  ASTContext &Ctx = AST->getASTContext();
  CallSites S(Ctx);
  const std::vector<CallSites::Call> *G = S.callsOfOnlyCalled(function(Ctx, "g"));
  ASSERT_NE(G, nullptr);
  ASSERT_EQ(G->size(), 1u);
  EXPECT_EQ((*G)[0].Caller, function(Ctx, "f"));
  const std::vector<CallSites::Call> *H = S.callsOfOnlyCalled(function(Ctx, "h"));
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->size(), 2u);
  // f is external: other files may call it.
  EXPECT_EQ(S.callsOfOnlyCalled(function(Ctx, "f")), nullptr);
  EXPECT_FALSE(S.anyAddressTaken());
}

TEST(CallSitesTest, AFunctionWhoseAddressIsTakenHasNoCompleteList) {
  auto AST = parseCode("static int g(void) { return 1; }\n"
                       "int (*p)(void) = g;\n"
                       "int f(void) { return g(); }\n");
  ASTContext &Ctx = AST->getASTContext();
  CallSites S(Ctx);
  EXPECT_EQ(S.callsOfOnlyCalled(function(Ctx, "g")), nullptr);
  EXPECT_TRUE(S.called(function(Ctx, "g")));
  EXPECT_TRUE(S.anyAddressTaken());
}
