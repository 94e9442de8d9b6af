//===- ArgCriticalTest.cpp - Translate/ArgCritical -------------------------===//
#include "ParseCode.h"
#include "Translate/Criticals.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

/// The variable Name of the translation unit.
const VarDecl *var(ASTContext &Ctx, llvm::StringRef Name) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
      return V;
  return nullptr;
}

} // namespace

TEST(ArgCritical, TieRuleToTheHighestIndexOfAMinimum) {
  // An arg-min of shorts: the value's order reversed (2^32 - 1 - order),
  // the index's kept (the highest wins); the key starts from the pair
  // before the loop and is unpacked into both after it.
  std::unique_ptr<ASTUnit> AST = parseCode("short lo; int at;", {});
  ASSERT_TRUE(AST);
  ArgReduction A;
  A.Value = var(AST->getASTContext(), "lo");
  A.Index = var(AST->getASTContext(), "at");
  A.Max = false;
  A.TieRule = true;
  A.Last = true;
  ArgCriticalText T = argCriticalText(A, "s[i]", "i", "k", "it", AST->getASTContext());
  EXPECT_EQ(T.Before,
            (std::vector<std::string>{
                "{", "  unsigned long long k = ((4294967295ULL - (unsigned long long)((long "
                     "long)(lo) + 32768LL)) << 32 | (unsigned long long)((long long)(at) + "
                     "2147483648LL));"}));
  EXPECT_EQ(T.Body, "{ unsigned long long it = ((4294967295ULL - (unsigned long long)((long "
                    "long)(s[i]) + 32768LL)) << 32 | (unsigned long long)((long long)(i) + "
                    "2147483648LL)); if (it > k) k = it; }");
  EXPECT_EQ(T.After,
            (std::vector<std::string>{
                "  lo = (short)((long long)(4294967295ULL - (k >> 32)) - 32768LL);",
                "  at = (int)((long long)(k & 4294967295ULL) - 2147483648LL);", "}"}));
}

TEST(ArgCritical, StrictMaximumKeepsTheIndexUnlessTheValueRose) {
  // `>` alone: the key starts from the value with the lowest index order
  // (0), the lowest index of the maximum wins, and the host keeps the
  // index when the value did not rise. Unsigned: no offset.
  std::unique_ptr<ASTUnit> AST = parseCode("unsigned top; unsigned short at;", {});
  ASSERT_TRUE(AST);
  ArgReduction A;
  A.Value = var(AST->getASTContext(), "top");
  A.Index = var(AST->getASTContext(), "at");
  ArgCriticalText T = argCriticalText(A, "u[i]", "i", "k", "it", AST->getASTContext());
  EXPECT_EQ(T.Before[1], "  unsigned long long k = ((unsigned long long)((long long)(top)) << 32);");
  EXPECT_EQ(T.After,
            (std::vector<std::string>{
                "  if ((k >> 32) != (unsigned long long)((long long)(top))) {",
                "    top = (unsigned int)((long long)(k >> 32));",
                "    at = (unsigned short)((long long)(4294967295ULL - (k & 4294967295ULL)));",
                "  }", "}"}));
}
