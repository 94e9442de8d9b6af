#include "Edit/Edits.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// A main file and helpers to address it by offset or by substring.
struct File {
  File(llvm::StringRef Code) : Code(Code.str()), SMF("t.c", this->Code) {}
  clang::SourceManager &sm() { return SMF.get(); }
  clang::SourceLocation at(unsigned Offset) {
    return sm().getLocForStartOfFile(sm().getMainFileID()).getLocWithOffset(Offset);
  }
  clang::SourceLocation at(llvm::StringRef Needle) {
    size_t O = Code.find(Needle.str());
    EXPECT_NE(O, std::string::npos) << Needle.str();
    return at(static_cast<unsigned>(O));
  }
  clang::CharSourceRange range(llvm::StringRef Needle) {
    size_t O = Code.find(Needle.str());
    EXPECT_NE(O, std::string::npos) << Needle.str();
    return clang::CharSourceRange::getCharRange(
        at(static_cast<unsigned>(O)),
        at(static_cast<unsigned>(O + Needle.size())));
  }
  std::string apply(const std::vector<Edit> &Edits) {
    auto Reps = toReplacements("t.c", Edits);
    if (!Reps)
      return "<error: " + llvm::toString(Reps.takeError()) + ">";
    auto Out = clang::tooling::applyAllReplacements(Code, *Reps);
    if (!Out)
      return "<error: " + llvm::toString(Out.takeError()) + ">";
    return *Out;
  }
  std::string Code;
  clang::SourceManagerForFile SMF;
};

} // namespace

TEST(EditsTest, ReplaceARange) {
  File F("int x = 1;\n");
  EditSet E(F.sm());
  E.replace(F.range("1"), "42");
  ASSERT_EQ(E.edits().size(), 1u);
  EXPECT_EQ(E.edits()[0].Offset, 8u);
  EXPECT_EQ(E.edits()[0].Length, 1u);
  EXPECT_EQ(E.edits()[0].Text, "42");
  EXPECT_EQ(F.apply(E.edits()), "int x = 42;\n");
}

TEST(EditsTest, IndentOfALine) {
  File F("void f() {\n    x = 1;\n\tif (y) z();\n}\n");
  EditSet E(F.sm());
  EXPECT_EQ(E.indentOf(F.at("x = 1")), "    ");
  EXPECT_EQ(E.indentOf(F.at("1;")), "    ");
  EXPECT_EQ(E.indentOf(F.at("z()")), "\t");
  EXPECT_EQ(E.indentOf(F.at("void")), "");
  EXPECT_TRUE(E.edits().empty());
}

TEST(EditsTest, InsertLinesBeforeIndentsLikeTheTargetLine) {
  File F("void f() {\n    for (;;) {}\n}\n");
  EditSet E(F.sm());
  E.insertLinesBefore(F.at("for"), {"#pragma omp a", "#pragma omp b"});
  ASSERT_EQ(E.edits().size(), 1u);
  EXPECT_EQ(E.edits()[0].Offset, 11u); // the start of the line
  EXPECT_EQ(E.edits()[0].Length, 0u);
  EXPECT_EQ(F.apply(E.edits()),
            "void f() {\n    #pragma omp a\n    #pragma omp b\n    for (;;) {}\n}\n");
}

TEST(EditsTest, InsertLinesBeforeCodeInTheMiddleOfALine) {
  File F("  { x = 1; }\n");
  EditSet E(F.sm());
  E.insertLinesBefore(F.at("x = 1"), {"#pragma omp atomic write"});
  EXPECT_EQ(F.apply(E.edits()),
            "  {\n    #pragma omp atomic write\n    x = 1; }\n");
}

TEST(EditsTest, InsertLinesAtTheEndOfAStatementInTheMiddleOfALine) {
  File F("  if (c) { x = 1; }\n");
  EditSet E(F.sm());
  E.insertLinesAt(F.at("}"), {"#pragma omp target update to(x)"}, "    ");
  EXPECT_EQ(F.apply(E.edits()),
            "  if (c) { x = 1;\n    #pragma omp target update to(x)\n  }\n");
}

TEST(EditsTest, InsertLinesBeforeTheFirstLine) {
  File F("int x;\n");
  EditSet E(F.sm());
  E.insertLinesBefore(F.at("int"), {"static char q[64];"});
  EXPECT_EQ(F.apply(E.edits()), "static char q[64];\nint x;\n");
}

TEST(EditsTest, InsertLinesAfter) {
  File F("  {\n    x = 1;\n  }\n");
  EditSet E(F.sm());
  E.insertLinesAfter(F.at("x = 1"), {"#pragma omp taskwait"}, "    ");
  EXPECT_EQ(F.apply(E.edits()),
            "  {\n    x = 1;\n    #pragma omp taskwait\n  }\n");

  // On the last line without a newline, a newline is added first.
  File G("int x;");
  EditSet EG(G.sm());
  EG.insertLinesAfter(G.at("x"), {"int y;"}, "");
  EXPECT_EQ(G.apply(EG.edits()), "int x;\nint y;\n");
}

TEST(EditsTest, RemoveDirectiveAloneOnItsLineRemovesTheLine) {
  File F("void f() {\n  #pragma acc loop seq\n  for (;;) {}\n}\n");
  EditSet E(F.sm());
  E.removeDirective(F.range("#pragma acc loop seq"));
  ASSERT_EQ(E.edits().size(), 1u);
  EXPECT_EQ(E.edits()[0].Offset, 11u);
  EXPECT_EQ(E.edits()[0].Length, 23u);
  EXPECT_EQ(F.apply(E.edits()), "void f() {\n  for (;;) {}\n}\n");
}

TEST(EditsTest, RemoveDirectiveWithTrailingBlanksAndCR) {
  File F("a;\n  #pragma acc cache(x)  \t\r\nb;\n");
  EditSet E(F.sm());
  E.removeDirective(F.range("#pragma acc cache(x)"));
  EXPECT_EQ(F.apply(E.edits()), "a;\nb;\n");
}

TEST(EditsTest, RemoveDirectiveOnTheLastLineWithoutNewline) {
  File F("a;\n#pragma acc wait");
  EditSet E(F.sm());
  E.removeDirective(F.range("#pragma acc wait"));
  EXPECT_EQ(F.apply(E.edits()), "a;\n");
}

TEST(EditsTest, RemoveDirectiveKeepsATrailingComment) {
  File F("void f() {\n  #pragma acc loop seq // keep me\n  for (;;) {}\n}\n");
  EditSet E(F.sm());
  E.removeDirective(F.range("#pragma acc loop seq"));
  ASSERT_EQ(E.edits().size(), 1u);
  EXPECT_EQ(E.edits()[0].Length, 20u);
  EXPECT_EQ(F.apply(E.edits()),
            "void f() {\n   // keep me\n  for (;;) {}\n}\n");
}

TEST(EditsTest, AppendAndClear) {
  File F("abc\n");
  EditSet A(F.sm()), B(F.sm());
  A.replace(F.range("a"), "A");
  B.replace(F.range("c"), "C");
  A.append(B);
  ASSERT_EQ(A.edits().size(), 2u);
  EXPECT_EQ(F.apply(A.edits()), "AbC\n");
  A.clear();
  EXPECT_TRUE(A.edits().empty());
}

TEST(EditsTest, ToReplacementsSortsByOffset) {
  File F("0123456789");
  std::vector<Edit> Edits = {{7, 1, "h"}, {2, 0, "<"}, {4, 2, ""}};
  auto Reps = toReplacements("t.c", Edits);
  ASSERT_TRUE(static_cast<bool>(Reps)) << llvm::toString(Reps.takeError());
  ASSERT_EQ(Reps->size(), 3u);
  std::vector<unsigned> Offsets;
  for (const clang::tooling::Replacement &R : *Reps) {
    Offsets.push_back(R.getOffset());
    EXPECT_EQ(R.getFilePath(), "t.c");
  }
  EXPECT_EQ(Offsets, (std::vector<unsigned>{2, 4, 7}));
  EXPECT_EQ(F.apply(Edits), "01<236h89");
}

TEST(EditsTest, ToReplacementsMergesInsertionsAtOneOffsetInOrder) {
  File F("abcdef");
  std::vector<Edit> Edits = {{3, 0, "[1]"}, {1, 0, "^"}, {3, 0, "[2]"},
                             {3, 0, "[3]"}};
  auto Reps = toReplacements("t.c", Edits);
  ASSERT_TRUE(static_cast<bool>(Reps)) << llvm::toString(Reps.takeError());
  ASSERT_EQ(Reps->size(), 2u);
  const clang::tooling::Replacement &Last = *std::prev(Reps->end());
  EXPECT_EQ(Last.getOffset(), 3u);
  EXPECT_EQ(Last.getLength(), 0u);
  EXPECT_EQ(Last.getReplacementText(), "[1][2][3]");
  EXPECT_EQ(F.apply(Edits), "a^bc[1][2][3]def");
}

TEST(EditsTest, ToReplacementsPutsAnInsertionBeforeAReplacementAtItsOffset) {
  File F("abcdef");
  // Replacement planned first, insertion second, and the other way round.
  EXPECT_EQ(F.apply({{2, 2, "XY"}, {2, 0, "<"}}), "ab<XYef");
  EXPECT_EQ(F.apply({{2, 0, "<"}, {2, 2, "XY"}}), "ab<XYef");
  auto Reps = toReplacements("t.c", {{2, 2, "XY"}, {2, 0, "<"}});
  ASSERT_TRUE(static_cast<bool>(Reps));
  ASSERT_EQ(Reps->size(), 1u);
  EXPECT_EQ(Reps->begin()->getOffset(), 2u);
  EXPECT_EQ(Reps->begin()->getLength(), 2u);
  EXPECT_EQ(Reps->begin()->getReplacementText(), "<XY");
}

TEST(EditsTest, ToReplacementsKeepsInsertionOrderAroundAReplacement) {
  // Regression: insertions merged after a replacement came out reversed.
  File F("abcdef");
  EXPECT_EQ(F.apply({{2, 2, "X"}, {2, 0, "A"}, {2, 0, "B"}}), "abABXef");
  EXPECT_EQ(F.apply({{2, 0, "A"}, {2, 2, "X"}, {2, 0, "B"}}), "abABXef");
}

TEST(EditsTest, LinesAfterAStatementPrecedeLinesBeforeTheNextOne) {
  // Regression: a region closing after `a();` and one opening before `b();`
  // share an offset; planned the other way round, the exit landed between
  // the opening directive and its statement.
  File F("  a();\n  b();\n");
  EditSet E(F.sm());
  E.insertLinesBefore(F.at("b();"), {"#pragma omp target data map(to: x)"});
  E.insertLinesAfter(F.at("a();"), {"#pragma omp target exit data map(from: y)"}, "  ");
  EXPECT_EQ(F.apply(E.edits()), "  a();\n"
                                "  #pragma omp target exit data map(from: y)\n"
                                "  #pragma omp target data map(to: x)\n"
                                "  b();\n");
  // A closing replacement goes first too; openings keep their planned order.
  File G("abcdef");
  EXPECT_EQ(G.apply({{3, 0, "(1"}, {3, 0, ")", true}, {3, 0, "(2"}}), "abc)(1(2def");
}

TEST(EditsTest, ToReplacementsAcceptsAdjacentEdits) {
  File F("abcdef");
  EXPECT_EQ(F.apply({{0, 2, "X"}, {2, 2, "Y"}, {4, 0, "|"}}), "XY|ef");
}

TEST(EditsTest, ToReplacementsReportsOverlappingEdits) {
  auto Reps = toReplacements("t.c", {{0, 5, "x"}, {3, 4, "y"}});
  ASSERT_FALSE(static_cast<bool>(Reps));
  EXPECT_EQ(llvm::toString(Reps.takeError()),
            "internal error: overlapping edits at offset 3");
  // Two replacements starting at one offset overlap too.
  auto Same = toReplacements("t.c", {{2, 1, "x"}, {2, 3, "y"}});
  ASSERT_FALSE(static_cast<bool>(Same));
  EXPECT_EQ(llvm::toString(Same.takeError()),
            "internal error: overlapping edits at offset 2");
  // An insertion strictly inside a replaced range overlaps it.
  auto Inside = toReplacements("t.c", {{0, 4, ""}, {2, 0, "z"}});
  ASSERT_FALSE(static_cast<bool>(Inside));
  llvm::consumeError(Inside.takeError());
}

TEST(EditsTest, ToReplacementsOfNothingIsEmpty) {
  auto Reps = toReplacements("t.c", {});
  ASSERT_TRUE(static_cast<bool>(Reps));
  EXPECT_TRUE(Reps->empty());
}
