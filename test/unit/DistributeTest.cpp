//===- DistributeTest.cpp - Loops written as two, then planned again ------===//
#include "Driver/Distribute.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
const char *const Input = "void f(void) {\n"         // 0..15
                          "  for (i = 0; i < m; i++) {\n" // 15..42
                          "    t[i] = 0;\n"
                          "    for (j = 0; j < n; j++)\n"
                          "      y[j] += t[i];\n"
                          "  }\n"
                          "}\n";

LoopSplit split() {
  std::string In = Input;
  LoopSplit S;
  S.Begin = In.find("  for (i");
  S.At = In.find("    for (j");
  S.End = In.find("  }\n") + 3;
  S.Line = 2;
  S.TailLine = 4;
  S.Text = "  }\n#line 2\n  for (i = 0; i < m; i++) {\n#line 4\n";
  return S;
}
} // namespace

TEST(DistributeTest, SplitText) {
  EXPECT_EQ(splitText(Input, {split()}), "void f(void) {\n"
                                         "  for (i = 0; i < m; i++) {\n"
                                         "    t[i] = 0;\n"
                                         "  }\n"
                                         "#line 2\n"
                                         "  for (i = 0; i < m; i++) {\n"
                                         "#line 4\n"
                                         "    for (j = 0; j < n; j++)\n"
                                         "      y[j] += t[i];\n"
                                         "  }\n"
                                         "}\n");
}

TEST(DistributeTest, ThePlanOfTheSplitTextMadeTheInputs) {
  std::string In = Input;
  LoopSplit S = split();
  std::string Split = splitText(In, {S});
  FileResult R;
  R.Path = "/x/a.c";
  R.Parsed = true;
  R.Original = Split;
  // The second loop offloaded with the tail's header in its place; the
  // first loop offloaded; a line after the function.
  Edit First{static_cast<unsigned>(Split.find("  for (i")), 0, "  #pragma first\n"};
  size_t Second = Split.find("  for (i", Split.find("#line 2"));
  Edit Pragma{static_cast<unsigned>(Second), 0, "  #pragma second\n"};
  Edit Swap1{static_cast<unsigned>(Second + 2), 23, "for (j = 0; j < n; j++)"};
  size_t Tail = Split.find("for (j");
  Edit Swap2{static_cast<unsigned>(Tail), 23, "for (i = 0; i < m; i++)"};
  Edit After{static_cast<unsigned>(Split.size()), 0, "// end\n"};
  R.Plan.Edits = {First, Pragma, Swap1, Swap2, After};
  auto Text = applyEdits(R.Path, Split, R.Plan.Edits);
  ASSERT_TRUE(static_cast<bool>(Text));
  R.Translated = *Text;
  LoopRecord Tl;
  Tl.Line = 4;
  Tl.Offloaded = true;
  Tl.InterchangedWith = 2;
  Tl.Fix = {Pragma, Swap1, Swap2};
  R.Plan.Loops = {Tl};
  ASSERT_TRUE(adoptSplitPlan(R, In, {S}));
  EXPECT_EQ(R.Original, In);
  EXPECT_EQ(R.Translated, "void f(void) {\n"
                          "  #pragma first\n"
                          "  for (i = 0; i < m; i++) {\n"
                          "    t[i] = 0;\n"
                          "  }\n"
                          "  #pragma second\n"
                          "  for (j = 0; j < n; j++) {\n"
                          "    for (i = 0; i < m; i++)\n"
                          "      y[j] += t[i];\n"
                          "  }\n"
                          "}\n"
                          "// end\n");
  // One edit for the loop (from its line's start to its `}`), the one
  // after it moved back by the split's length.
  ASSERT_EQ(R.Plan.Edits.size(), 2u);
  EXPECT_EQ(R.Plan.Edits[0].Offset, S.Begin);
  EXPECT_EQ(R.Plan.Edits[0].Length, S.End - S.Begin);
  EXPECT_EQ(R.Plan.Edits[1].Offset, In.size());
  // The tail's fix-it, on its own, writes the split too (without the
  // first loop's directive).
  ASSERT_EQ(R.Plan.Loops[0].Fix.size(), 1u);
  auto Alone = applyEdits(R.Path, In, R.Plan.Loops[0].Fix);
  ASSERT_TRUE(static_cast<bool>(Alone));
  EXPECT_EQ(Alone->find("#pragma first"), std::string::npos);
  EXPECT_NE(Alone->find("  }\n  #pragma second\n  for (j = 0; j < n; j++) {\n"),
            std::string::npos);
}

TEST(DistributeTest, PlansNotKept) {
  std::string In = Input;
  LoopSplit S = split();
  FileResult R;
  R.Path = "/x/a.c";
  R.Parsed = true;
  R.Original = splitText(In, {S});
  R.Translated = R.Original;
  // The second loop not offloaded as the exchanged nest.
  EXPECT_FALSE(adoptSplitPlan(R, In, {S}));
  LoopRecord Tl;
  Tl.Line = 4;
  Tl.Offloaded = true;
  Tl.InterchangedWith = 2;
  R.Plan.Loops = {Tl};
  // An edit across the loop's start.
  R.Plan.Edits = {Edit{static_cast<unsigned>(S.Begin - 2), 4, "xx"}};
  EXPECT_FALSE(adoptSplitPlan(R, In, {S}));
  // The input has #line of its own.
  R.Plan.Edits.clear();
  EXPECT_FALSE(adoptSplitPlan(R, "#line 7\n" + In, {S}));
  // A self-check finding.
  R.SelfCheck.push_back(SelfCheckFailure());
  EXPECT_FALSE(adoptSplitPlan(R, In, {S}));
  R.SelfCheck.clear();
  EXPECT_TRUE(adoptSplitPlan(R, In, {S}));
}

TEST(DistributeTest, SkippedRangesOfTheSecondOfTwoLoops) {
  // Two loops split: a range the preprocessor skipped after both maps back
  // by both splits' lengths; one inside the second loop (in the split
  // text's offsets, past the first split) keeps the first plan.
  std::string In = std::string(Input) + Input;
  LoopSplit S1 = split(), S2 = split();
  unsigned Half = std::string(Input).size();
  S2.Begin += Half;
  S2.End += Half;
  S2.At += Half;
  S2.Line += 7;
  S2.TailLine += 7;
  S2.Text = "  }\n#line 9\n  for (i = 0; i < m; i++) {\n#line 11\n";
  std::string Split = splitText(In, {S1, S2});
  auto Plan = [&](std::pair<unsigned, unsigned> Skipped) {
    FileResult R;
    R.Path = "/x/a.c";
    R.Parsed = true;
    R.Original = Split;
    R.Translated = Split;
    for (const LoopSplit &S : {S1, S2}) {
      LoopRecord Tl;
      Tl.Line = S.TailLine;
      Tl.Offloaded = true;
      Tl.InterchangedWith = S.Line;
      R.Plan.Loops.push_back(Tl);
    }
    R.Skipped = {Skipped};
    bool Kept = adoptSplitPlan(R, In, {S1, S2});
    return std::make_pair(Kept, R.Skipped);
  };
  unsigned End = Split.size();
  auto After = Plan({End - 2, End - 1});
  EXPECT_TRUE(After.first);
  EXPECT_EQ(After.second.front(), std::make_pair(unsigned(In.size() - 2), unsigned(In.size() - 1)));
  // Inside the second loop's tail, in the split text.
  unsigned InTail = Split.find("y[j]", Split.find("#line 11"));
  EXPECT_FALSE(Plan({InTail, InTail + 4}).first);
}
