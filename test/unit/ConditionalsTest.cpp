#include "Facts/Conditionals.h"
#include "clang/Basic/SourceManager.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The top-level blocks of Code.
std::vector<ConditionalBlock> topBlocks(llvm::StringRef Code) {
  clang::SourceManagerForFile SMF("t.c", Code);
  clang::SourceManager &SM = SMF.get();
  clang::LangOptions LO;
  return topLevelConditionals(SM, SM.getMainFileID(), LO);
}

/// "begin-end" offsets of the top-level blocks of Code, comma separated.
std::string blocks(llvm::StringRef Code) {
  std::string S;
  for (const ConditionalBlock &B : topBlocks(Code))
    S += (S.empty() ? "" : ",") + std::to_string(B.Begin) + "-" +
         std::to_string(B.End);
  return S;
}

/// The text of each top-level block of Code, '|' separated.
std::string blockTexts(llvm::StringRef Code) {
  std::string S;
  for (const ConditionalBlock &B : topBlocks(Code))
    S += (S.empty() ? "" : "|") + Code.slice(B.Begin, B.End).str();
  return S;
}

} // namespace

TEST(ConditionalsTest, FindsTopLevelBlocksWithNestingAndElse) {
  llvm::StringRef Code = "#include <x.h>\n"
                         "#ifndef T1\n"
                         "int a;\n"
                         "#  if defined(X)\n"
                         "int b;\n"
                         "#  else\n"
                         "int c;\n"
                         "#  endif\n"
                         "#endif\n"
                         "int d;\n"
                         "  #ifdef T2\n"
                         "int e;\n"
                         "#elif Y\n"
                         "int f;\n"
                         "#endif /* T2 */\n";
  EXPECT_EQ(blockTexts(Code),
            "#ifndef T1\nint a;\n#  if defined(X)\nint b;\n#  else\nint c;\n"
            "#  endif\n#endif|#ifdef T2\nint e;\n#elif Y\nint f;\n#endif");
  EXPECT_EQ(blocks(Code), "15-87,97-135");
}

TEST(ConditionalsTest, IgnoresHashesInCommentsStringsAndMidLine) {
  llvm::StringRef Code = "// #if A\n"
                         "/* #ifdef B\n"
                         "#endif */\n"
                         "const char *s = \"\\n#if C\";\n"
                         "int x = 1; # if D\n"
                         "#define M \\\n"
                         "#if E\n"
                         "int y;\n";
  EXPECT_EQ(blocks(Code), "");
}

TEST(ConditionalsTest, UnbalancedDirectives) {
  // An #endif without an #if is ignored; an #if without an #endif runs to
  // the end of the file.
  llvm::StringRef Code = "#endif\n#if 1\nint a;\n";
  EXPECT_EQ(blocks(Code), "7-20");
  EXPECT_EQ(blocks(""), "");
  EXPECT_EQ(blocks("#"), "");
  EXPECT_EQ(blocks("#if X\n#endif"), "0-12");
}

TEST(ConditionalsTest, OutsideConditionalsMovesToTheOpeningLine) {
  std::vector<ConditionalBlock> Bs = {{10, 50}, {60, 90}};
  EXPECT_EQ(outsideConditionals(Bs, 5), 5u);
  EXPECT_EQ(outsideConditionals(Bs, 10), 10u);
  EXPECT_EQ(outsideConditionals(Bs, 30), 10u);
  EXPECT_EQ(outsideConditionals(Bs, 50), 50u);
  EXPECT_EQ(outsideConditionals(Bs, 89), 60u);
  EXPECT_EQ(outsideConditionals({}, 7), 7u);
}
