#include "Driver/Configurations.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

// Lines 1-7 of a file: a directive active under -DGPU (line 3), one under
// its #else (line 5).
const char *Text = "void f(void) {\n"      // 0
                   "#ifdef GPU\n"          // 15
                   "#pragma acc wait\n"    // 26
                   "#else\n"               // 43
                   "#pragma acc update\n"  // 49
                   "#endif\n"              // 68
                   "}\n";                  // 75

FileResult result(const std::string &Macros) {
  FileResult R;
  R.Path = "f.c";
  R.Parsed = true;
  R.Original = Text;
  R.Translated = Text;
  R.Macros = Macros;
  return R;
}

ConstructRecord record(unsigned Line, std::string Kind, bool Translated,
                       std::vector<std::string> Emitted = {}) {
  ConstructRecord C;
  C.Line = Line;
  C.Column = 1;
  C.Kind = std::move(Kind);
  C.Translated = Translated;
  C.Emitted = std::move(Emitted);
  C.Original = "#pragma acc " + C.Kind;
  return C;
}

/// Under -DGPU: line 3 translated, the #else branch (43-75) skipped.
FileResult gpu() {
  FileResult R = result("-DGPU");
  R.Plan.Edits.push_back(Edit{26, 16, "#pragma omp taskwait"});
  R.Plan.Records.push_back(record(3, "wait", true, {"#pragma omp taskwait"}));
  ConstructRecord In = record(5, "update", false);
  In.Inactive = true;
  In.Reason = "in an inactive branch";
  R.Plan.Records.push_back(In);
  R.Skipped = {{43, 75}};
  return R;
}

/// Without it: line 5 translated, the #ifdef branch (15-49) skipped.
FileResult cpu() {
  FileResult R = result("");
  R.Plan.Edits.push_back(Edit{49, 18, "#pragma omp target update"});
  ConstructRecord In = record(3, "wait", false);
  In.Inactive = true;
  In.Reason = "in an inactive branch";
  R.Plan.Records.push_back(In);
  R.Plan.Records.push_back(record(5, "update", true, {"#pragma omp target update"}));
  R.Skipped = {{15, 49}};
  return R;
}

} // namespace

TEST(ConfigurationsTest, OneResultIsItself) {
  FileResult M = mergeConfigurations({gpu()});
  EXPECT_EQ(M.Commands, 1u);
  EXPECT_EQ(M.Plan.Records.size(), 2u);
}

TEST(ConfigurationsTest, IdenticalResultsGiveEachEditOnce) {
  FileResult A = gpu();
  A.Translated = "translated";
  FileResult M = mergeConfigurations({A, gpu()});
  EXPECT_EQ(M.Commands, 2u);
  EXPECT_TRUE(M.Conflicts.empty());
  ASSERT_EQ(M.Plan.Edits.size(), 1u);
  EXPECT_EQ(M.Translated, "void f(void) {\n#ifdef GPU\n#pragma omp taskwait\n#else\n"
                          "#pragma acc update\n#endif\n}\n");
  ASSERT_EQ(M.Plan.Records.size(), 2u);
  EXPECT_TRUE(M.Plan.Records[0].Translated);
  EXPECT_TRUE(M.Plan.Records[1].Inactive);
}

TEST(ConfigurationsTest, EditsOfBranchesTheOtherCommandSkipsMerge) {
  FileResult M = mergeConfigurations({gpu(), cpu()});
  EXPECT_TRUE(M.Conflicts.empty());
  EXPECT_EQ(M.Translated, "void f(void) {\n#ifdef GPU\n#pragma omp taskwait\n#else\n"
                          "#pragma omp target update\n#endif\n}\n");
  EXPECT_EQ(M.Plan.Edits.size(), 2u);
  // Each directive once, with the record of the command that sees it.
  ASSERT_EQ(M.Plan.Records.size(), 2u);
  EXPECT_TRUE(M.Plan.Records[0].Translated);
  EXPECT_EQ(M.Plan.Records[0].Kind, "wait");
  EXPECT_TRUE(M.Plan.Records[1].Translated);
  EXPECT_EQ(M.Plan.Records[1].Kind, "update");
  EXPECT_FALSE(M.Plan.Records[1].Inactive);
}

TEST(ConfigurationsTest, ADirectiveNoCommandSeesStaysReported) {
  FileResult A = gpu(), B = gpu();
  B.Macros = "-DGPU -DX";
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Plan.Records.size(), 2u);
  EXPECT_TRUE(M.Plan.Records[1].Inactive);
  EXPECT_FALSE(M.Plan.Records[1].Translated);
}

TEST(ConfigurationsTest, AnEditInCodeTheOtherCommandCompilesConflicts) {
  FileResult A = gpu(), B = cpu();
  // -DGPU also inserts a line before the function, which the other command
  // compiles without it.
  A.Plan.Edits.push_back(Edit{0, 0, "static char q[64];\n"});
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Conflicts.size(), 1u);
  EXPECT_EQ(M.Conflicts[0].Line, 1u);
  EXPECT_EQ(M.Conflicts[0].Column, 1u);
  EXPECT_EQ(M.Conflicts[0].Reason,
            "only '-DGPU' edits this place ('static char q[64];'); the command "
            "without -D or -U flags compiles it too and does not");
  // Left intact.
  EXPECT_EQ(M.Translated, Text);
  EXPECT_TRUE(M.Plan.Edits.empty());
  for (const ConstructRecord &C : M.Plan.Records) {
    EXPECT_FALSE(C.Translated);
    EXPECT_TRUE(C.Emitted.empty());
  }
  EXPECT_EQ(M.Plan.Records[0].Reason,
            "left intact: the translations of the file's compile commands "
            "conflict (line 1)");
}

TEST(ConfigurationsTest, DifferentEditsAtOnePlaceConflict) {
  FileResult A = result("-DA"), B = result("-DB");
  A.Plan.Edits.push_back(Edit{75, 0, "// a\n"});
  B.Plan.Edits.push_back(Edit{75, 0, "// b\n"});
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Conflicts.size(), 1u);
  EXPECT_EQ(M.Conflicts[0].Line, 7u);
  EXPECT_EQ(M.Conflicts[0].Reason,
            "the compile commands '-DA' and '-DB' edit this place differently "
            "('// a' and '// b')");
  EXPECT_EQ(M.Translated, Text);
}

TEST(ConfigurationsTest, OverlappingEditsConflict) {
  FileResult A = result("-DA"), B = result("-DB");
  A.Plan.Edits.push_back(Edit{26, 16, "#pragma omp taskwait"});
  B.Plan.Edits.push_back(Edit{30, 2, "xx"});
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Conflicts.size(), 1u);
  EXPECT_EQ(M.Conflicts[0].Line, 3u);
}

TEST(ConfigurationsTest, TranslatedUnderOneCommandOnlyConflicts) {
  FileResult A = result("-DA"), B = result("-DB");
  A.Plan.Records.push_back(record(3, "wait", true, {"#pragma omp taskwait"}));
  A.Plan.Edits.push_back(Edit{26, 16, "#pragma omp taskwait"});
  ConstructRecord No = record(3, "wait", false);
  No.Reason = "no reason";
  B.Plan.Records.push_back(No);
  FileResult M = mergeConfigurations({B, A});
  ASSERT_EQ(M.Conflicts.size(), 1u);
  EXPECT_EQ(M.Conflicts[0].Line, 3u);
  EXPECT_EQ(M.Conflicts[0].Reason,
            "'wait' is translated under '-DA' but not under '-DB' (no reason)");
  EXPECT_EQ(M.Translated, Text);
}

TEST(ConfigurationsTest, TranslatedDifferentlyConflicts) {
  FileResult A = result("-DA"), B = result("-DB");
  A.Plan.Records.push_back(record(3, "wait", true, {"#pragma omp taskwait"}));
  B.Plan.Records.push_back(record(3, "wait", true, {"#pragma omp taskwait nowait"}));
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Conflicts.size(), 1u);
  EXPECT_EQ(M.Conflicts[0].Reason,
            "'wait' is translated differently under '-DA' ('#pragma omp taskwait') "
            "and '-DB' ('#pragma omp taskwait nowait')");
}

TEST(ConfigurationsTest, WarningsOfOneRecordAreJoined) {
  FileResult A = gpu(), B = gpu();
  A.Plan.Records[0].Warnings = {"w1"};
  B.Plan.Records[0].Warnings = {"w1", "w2"};
  FileResult M = mergeConfigurations({A, B});
  EXPECT_EQ(M.Plan.Records[0].Warnings, (std::vector<std::string>{"w1", "w2"}));
}

TEST(ConfigurationsTest, AFileWithErrorsIsSkipped) {
  FileResult Bad = result("-DB");
  Bad.Parsed = false;
  Bad.Error = "the file has compile errors; it is skipped";
  FileResult M = mergeConfigurations({gpu(), Bad});
  EXPECT_FALSE(M.Parsed);
  EXPECT_EQ(M.Error, "the file has compile errors; it is skipped");
  EXPECT_EQ(M.Commands, 2u);
}

TEST(ConfigurationsTest, HeaderRecordsAndMainRecordsKeepTheirOrder) {
  FileResult A = gpu(), B = cpu();
  ConstructRecord H = record(9, "routine", false);
  H.File = "inc/h.h";
  A.Plan.Records.insert(A.Plan.Records.begin(), H);
  FileResult M = mergeConfigurations({A, B});
  ASSERT_EQ(M.Plan.Records.size(), 3u);
  EXPECT_EQ(M.Plan.Records[0].Line, 3u);
  EXPECT_EQ(M.Plan.Records[1].Line, 5u);
  EXPECT_EQ(M.Plan.Records[2].File, "inc/h.h");
}

TEST(ConfigurationsTest, MergeByFileGroupsInOrderOfFirstAppearance) {
  FileResult A = gpu(), B = cpu(), Other = result("");
  Other.Path = "g.c";
  std::vector<FileResult> Out = mergeByFile({A, Other, B});
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Path, "f.c");
  EXPECT_EQ(Out[0].Commands, 2u);
  EXPECT_EQ(Out[1].Path, "g.c");
  EXPECT_EQ(Out[1].Commands, 1u);
}
