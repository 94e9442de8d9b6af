#include "Driver/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The driver's self-check off for one scope (translations whose planner
/// details a test checks although the self-check rejects them).
struct SelfCheckOff {
  SelfCheckOff() { setSelfCheckEnabled(false); }
  ~SelfCheckOff() { setSelfCheckEnabled(true); }
};

std::string lines(int From, int To, std::initializer_list<std::pair<int, const char *>> Changed = {},
                  int Deleted = 0) {
  std::string S;
  for (int I = From; I <= To; ++I) {
    if (I == Deleted)
      continue;
    std::string L = "l" + std::to_string(I);
    for (const auto &[N, Text] : Changed)
      if (N == I)
        L = Text;
    S += L + "\n";
  }
  return S;
}

} // namespace

TEST(DriverTest, TranslatesSaxpy) {
  const char *Code =
      "void saxpy(int n, float a, float *restrict x, float *restrict y) {\n"
      "  #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n"
      "  for (int i = 0; i < n; i++)\n"
      "    y[i] = a * x[i] + y[i];\n"
      "}\n";
  FileResult R = translateCode(Code, "saxpy.c", {"-std=c11"}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Error, "");
  EXPECT_EQ(R.Path, "saxpy.c");
  EXPECT_EQ(R.Original, Code);
  EXPECT_EQ(R.Translated,
            "void saxpy(int n, float a, float *restrict x, float *restrict y) {\n"
            "  #pragma omp target teams distribute parallel for map(to: x[0:n]) "
            "map(tofrom: y[0:n])\n"
            "  for (int i = 0; i < n; i++)\n"
            "    y[i] = a * x[i] + y[i];\n"
            "}\n");
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  EXPECT_EQ(R.Plan.untranslated(), 0u);
  const ConstructRecord &C = R.Plan.Records[0];
  EXPECT_EQ(C.Kind, "parallel loop");
  EXPECT_EQ(C.Line, 2u);
  EXPECT_EQ(C.Column, 3u);
  EXPECT_TRUE(C.Translated);
  EXPECT_EQ(C.Original, "#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])");
  EXPECT_EQ(C.Emitted, std::vector<std::string>{
                           "#pragma omp target teams distribute parallel for "
                           "map(to: x[0:n]) map(tofrom: y[0:n])"});
}

// KernelCriticals (the clang-tidy check omp-migrate-critical) converts the
// criticals of the input's target kernels as --optimize-data does, without
// its data placement: no region around the host loop.
TEST(DriverTest, KernelCriticalsWithoutDataPlacement) {
  const char *Code =
      "double total;\n"
      "void f(int n, int steps, const double *a) {\n"
      "  for (int t = 0; t < steps; t++) {\n"
      "    #pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: total)\n"
      "    for (int i = 0; i < n; i++) {\n"
      "      #pragma omp critical\n"
      "      total += a[i];\n"
      "    }\n"
      "  }\n"
      "}\n";
  PlanOptions O;
  O.KernelCriticals = true;
  FileResult R = translateCode(Code, "k.c", {}, O);
  ASSERT_TRUE(R.Parsed) << R.Error;
  std::string Expected = Code;
  Expected.replace(Expected.find("#pragma omp critical"), 20, "#pragma omp atomic update");
  EXPECT_EQ(R.Translated, Expected);
  ASSERT_EQ(R.Plan.Criticals.size(), 1u);
  EXPECT_TRUE(R.Plan.Criticals[0].Converted);
  // --optimize-data converts it too, and places the data around the loop.
  O.KernelCriticals = false;
  O.OptimizeOpenMP = true;
  FileResult D = translateCode(Code, "k.c", {}, O);
  ASSERT_TRUE(D.Parsed) << D.Error;
  EXPECT_NE(D.Translated.find("#pragma omp atomic update"), std::string::npos);
  EXPECT_NE(D.Translated.find("#pragma omp target data"), std::string::npos);
  // Neither: the critical stays.
  O.OptimizeOpenMP = false;
  FileResult N = translateCode(Code, "k.c", {}, O);
  ASSERT_TRUE(N.Parsed) << N.Error;
  EXPECT_EQ(N.Translated, Code);
}

TEST(DriverTest, LoopStyleLoop) {
  const char *Code =
      "void saxpy(int n, float a, float *restrict x, float *restrict y) {\n"
      "  #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n"
      "  for (int i = 0; i < n; i++)\n"
      "    y[i] = a * x[i] + y[i];\n"
      "}\n";
  PlanOptions O;
  O.Style = LoopStyle::Loop;
  FileResult R = translateCode(Code, "saxpy.c", {}, O);
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated,
            "void saxpy(int n, float a, float *restrict x, float *restrict y) {\n"
            "  #pragma omp target teams loop map(to: x[0:n]) map(tofrom: y[0:n])\n"
            "  for (int i = 0; i < n; i++)\n"
            "    y[i] = a * x[i] + y[i];\n"
            "}\n");
}

TEST(DriverTest, CountsRecordsOfSeveralConstructs) {
  const char *Code = "#include <openacc.h>\n"
                     "void f(int n, float *a) {\n"
                     "  #pragma acc data copy(a[0:n])\n"
                     "  {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++) a[i] += 1;\n"
                     "  }\n"
                     "  acc_hostptr(a);\n"
                     "}\n";
  // acc_hostptr has no OpenMP form: reported, and the
  // file keeps its #include <openacc.h> (reported too), which OpenMP
  // compilers without openacc.h cannot find. The self-check warns, and the
  // file is written (it once replaced the include, leaving an undeclared
  // function: an internal error).
  FileResult R = translateCode(Code, "f.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_TRUE(R.SelfCheck.empty());
  ASSERT_EQ(R.SelfCheckWarnings.size(), 2u);
  EXPECT_NE(R.SelfCheckWarnings[0].What.find("'openacc.h' file not found"), std::string::npos)
      << R.SelfCheckWarnings[0].What;
  EXPECT_EQ(R.SelfCheckWarnings[1].AccRoutine, "acc_hostptr");
  ASSERT_EQ(R.Plan.Records.size(), 4u);
  EXPECT_EQ(R.Plan.untranslated(), 2u);
  std::vector<std::string> Kinds;
  for (const ConstructRecord &C : R.Plan.Records)
    Kinds.push_back(C.Kind);
  EXPECT_EQ(Kinds, (std::vector<std::string>{"include", "data", "parallel loop",
                                             "runtime call"}));
  EXPECT_EQ(R.Translated, "#include <openacc.h>\n"
                          "void f(int n, float *a) {\n"
                          "  #pragma omp target data map(tofrom: a[0:n])\n"
                          "  {\n"
                          "    #pragma omp target teams distribute parallel for\n"
                          "    for (int i = 0; i < n; i++) a[i] += 1;\n"
                          "  }\n"
                          "  acc_hostptr(a);\n"
                          "}\n");
}

TEST(DriverTest, RoutineWithBindIsLeftIntact) {
  const char *Code = "#pragma acc routine seq bind(sq_dev)\n"
                     "float sq(float x) { return x * x; }\n";
  FileResult R = translateCode(Code, "r.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated, Code);
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  const ConstructRecord &C = R.Plan.Records[0];
  EXPECT_EQ(C.Kind, "routine");
  EXPECT_FALSE(C.Translated);
  EXPECT_EQ(C.Reason, "bind(...) has no portable OpenMP equivalent (declare "
                      "variant needs a per-device implementation)");
  EXPECT_TRUE(C.Emitted.empty());
  EXPECT_EQ(R.Plan.untranslated(), 1u);
}

TEST(DriverTest, DirectiveOnTheLastLineWithoutNewline) {
  // Regression: the directive's last token was lost when no newline
  // followed it, leaving " seq" behind the rewritten text.
  const char *Code = "void z(void) {}\n#pragma acc routine(z) seq";
  FileResult R = translateCode(Code, "z.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated, "void z(void) {}\n#pragma omp declare target(z)");
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  EXPECT_EQ(R.Plan.Records[0].Original, "#pragma acc routine(z) seq");
}

TEST(DriverTest, CompileErrorsSkipTheFile) {
  FileResult R = translateCode("int bad( {\n", "bad.c", {}, PlanOptions());
  EXPECT_FALSE(R.Parsed);
  EXPECT_EQ(R.Error, "the file has compile errors; it is skipped");
  EXPECT_EQ(R.Translated, "");
  EXPECT_TRUE(R.Plan.Records.empty());
}

TEST(DriverTest, FileWithoutOpenACCIsUnchanged) {
  const char *Code = "int add(int a, int b) { return a + b; }\n";
  FileResult R = translateCode(Code, "p.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated, Code);
  EXPECT_TRUE(R.Plan.Records.empty());
  EXPECT_TRUE(R.Plan.Edits.empty());
}

TEST(DriverTest, UnifiedDiffOfOneChangedLine) {
  EXPECT_EQ(unifiedDiff("f.c", "a\nb\nc\n", "a\nB\nc\n"),
            "--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
}

TEST(DriverTest, UnifiedDiffOfEqualTextsIsEmpty) {
  EXPECT_EQ(unifiedDiff("f.c", "a\nb\n", "a\nb\n"), "");
  EXPECT_EQ(unifiedDiff("f.c", "", ""), "");
}

TEST(DriverTest, UnifiedDiffSeparatesDistantHunks) {
  // Changes at lines 2, 10 (deleted) and 18, seven unchanged lines apart.
  std::string A = lines(1, 20);
  std::string B = lines(1, 20, {{2, "L2"}, {18, "L18"}}, 10);
  EXPECT_EQ(unifiedDiff("g.c", A, B), "--- a/g.c\n+++ b/g.c\n"
                                      "@@ -1,5 +1,5 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n"
                                      "@@ -7,7 +7,6 @@\n l7\n l8\n l9\n-l10\n l11\n l12\n l13\n"
                                      "@@ -15,6 +14,6 @@\n l15\n l16\n l17\n-l18\n+L18\n l19\n l20\n");
}

TEST(DriverTest, UnifiedDiffJoinsHunksSixLinesApart) {
  std::string A = lines(1, 20);
  std::string B = lines(1, 20, {{2, "L2"}, {9, "L9"}});
  EXPECT_EQ(unifiedDiff("g.c", A, B),
            "--- a/g.c\n+++ b/g.c\n@@ -1,12 +1,12 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n"
            " l6\n l7\n l8\n-l9\n+L9\n l10\n l11\n l12\n");
}

TEST(DriverTest, UnifiedDiffMarksMissingFinalNewline) {
  EXPECT_EQ(unifiedDiff("h.c", "a\nb", "a\nc"),
            "--- a/h.c\n+++ b/h.c\n@@ -1,2 +1,2 @@\n a\n-b\n"
            "\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
}

TEST(DriverTest, UnifiedDiffOfAnAppendedLine) {
  EXPECT_EQ(unifiedDiff("e.c", "x\ny\n", "x\ny\nz\n"),
            "--- a/e.c\n+++ b/e.c\n@@ -1,2 +1,3 @@\n x\n y\n+z\n");
  EXPECT_EQ(unifiedDiff("e.c", "", "z\n"),
            "--- a/e.c\n+++ b/e.c\n@@ -0,0 +1,1 @@\n+z\n");
}

TEST(DriverTest, BuiltinHeaderDeclaresTheRuntime) {
  llvm::StringRef H = builtinOpenACCHeader();
  EXPECT_NE(H.find("acc_get_num_devices"), llvm::StringRef::npos);
  EXPECT_NE(H.find("acc_device_nvidia"), llvm::StringRef::npos);
  EXPECT_NE(H.find("acc_malloc"), llvm::StringRef::npos);
  EXPECT_NE(H.find("#define OMP_MIGRATE_OPENACC_H"), llvm::StringRef::npos);
}

TEST(DriverTest, BuiltinHeaderIsUsedForParsing) {
  // No system openacc.h is needed: the bundled one declares the routines.
  const char *Code = "#include <openacc.h>\n"
                     "int devs(void) { return acc_get_num_devices(acc_device_nvidia); }\n";
  FileResult R = translateCode(Code, "d.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated, "#include <omp.h>\n"
                          "int devs(void) { return omp_get_num_devices(); }\n");
}

namespace {

ConstructRecord translatedRecord(unsigned Line, const char *Kind) {
  ConstructRecord C;
  C.Kind = Kind;
  C.Line = Line;
  C.Column = 3;
  C.Original = std::string("#pragma acc ") + Kind;
  C.Emitted = {"#pragma omp target"};
  C.Translated = true;
  return C;
}

std::string jsonText(llvm::json::Object O) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::json::Value(std::move(O));
  return S;
}

} // namespace

TEST(DriverTest, WarningsOfTranslatedConstructsArePrintedAndCounted) {
  // The planner fills Warnings; here they are filled by hand.
  FileResult R;
  R.Path = "/work/k.c";
  R.Shown = "k.c"; // as the user named it
  R.Parsed = true;
  R.Original = "int a[9], b[9];\nvoid f(void) {\n  int i;\n  #pragma acc kernels loop\n"
               "  for (i = 0; i < 9; ++i) a[i] = b[i];\n\n\n\n  #pragma acc parallel\n"
               "  {}\n\n  #pragma acc serial\n  {}\n}\n";
  R.Plan.Records = {translatedRecord(4, "kernels loop"), translatedRecord(9, "parallel"),
                    translatedRecord(12, "serial")};
  R.Plan.Records[0].Warnings = {"loop at line 5 runs on one GPU thread: 'a' and 'b' may alias"};
  R.Plan.Records[2].Warnings = {"first", "second"};
  std::string Err;
  llvm::raw_string_ostream OS(Err);
  int Status = 0;
  llvm::json::Object J = reportFile(R, {}, OS, Status);
  EXPECT_EQ(Status, 0); // warnings do not change the exit status
  // As Clang prints its own diagnostics: the source line and a caret.
  EXPECT_EQ(Err, "k.c:4:3: warning: loop at line 5 runs on one GPU thread: 'a' and "
                 "'b' may alias [omp-migrate]\n"
                 "    4 |   #pragma acc kernels loop\n"
                 "      |   ^\n"
                 "k.c:12:3: warning: first [omp-migrate]\n"
                 "   12 |   #pragma acc serial\n"
                 "      |   ^\n"
                 "k.c:12:3: warning: second [omp-migrate]\n" // same place: no line
                 "omp-migrate: k.c: 3 of 3 constructs translated, 3 warnings\n");
  EXPECT_EQ(J.getString("file"), "/work/k.c"); // the report has the path
  EXPECT_EQ(J.getInteger("warnings"), 3);
  const llvm::json::Array *Cons = J.getArray("constructs");
  ASSERT_TRUE(Cons);
  ASSERT_EQ(Cons->size(), 3u);
  const llvm::json::Array *W0 = (*Cons)[0].getAsObject()->getArray("warnings");
  ASSERT_TRUE(W0);
  ASSERT_EQ(W0->size(), 1u);
  EXPECT_EQ((*W0)[0].getAsString(),
            "loop at line 5 runs on one GPU thread: 'a' and 'b' may alias");
  // Constructs without warnings have no such field.
  EXPECT_EQ((*Cons)[1].getAsObject()->get("warnings"), nullptr);
  // One warning: singular.
  R.Plan.Records[2].Warnings.clear();
  Err.clear();
  reportFile(R, {}, OS, Status);
  EXPECT_NE(Err.find("3 of 3 constructs translated, 1 warning\n"), std::string::npos);
}

TEST(DriverTest, RecordsOfHeadersAndInactiveBranchesInTheReport) {
  FileResult R;
  R.Path = "m.c";
  R.Parsed = true;
  R.Original = "int x;\n#if 0\n\n\n  #pragma acc wait\n#endif\n";
  ConstructRecord In = translatedRecord(5, "wait");
  In.Translated = false;
  In.Emitted.clear();
  In.Inactive = true;
  In.Reason = "in an inactive branch: '#if 0' is always false; change the "
              "condition to translate it";
  ConstructRecord H = translatedRecord(2, "routine");
  H.Translated = false;
  H.Emitted.clear();
  H.File = "inc/h.h";
  H.Reason = "OpenACC in an included header is not translated yet";
  R.Plan.Records = {translatedRecord(3, "parallel"), In, H};
  std::string Err;
  llvm::raw_string_ostream OS(Err);
  int Status = 0;
  llvm::json::Object J = reportFile(R, {}, OS, Status);
  EXPECT_EQ(Status, 1);
  // The header cannot be read (it does not exist): its place, no line.
  EXPECT_EQ(Err, "m.c:5:3: warning: 'wait' not translated: in an inactive branch: "
                 "'#if 0' is always false; change the condition to translate it "
                 "[omp-migrate]\n"
                 "    5 |   #pragma acc wait\n"
                 "      |   ^\n"
                 "inc/h.h:2:3: warning: 'routine' not translated: OpenACC in an "
                 "included header is not translated yet [omp-migrate]\n"
                 "omp-migrate: m.c: 1 of 3 constructs translated\n");
  std::string Text = jsonText(std::move(J));
  EXPECT_NE(Text.find("\"inactive\":true"), std::string::npos);
  EXPECT_NE(Text.find("\"file\":\"inc/h.h\""), std::string::npos);
  EXPECT_EQ(Text.find("\"warnings\""), std::string::npos);
}

TEST(DriverTest, ConflictsLeaveTheFileIntact) {
  FileResult R;
  R.Path = "c.c";
  R.Parsed = true;
  R.Commands = 2;
  ConstructRecord C;
  C.Line = 7;
  C.Column = 1;
  C.Reason = "the compile commands '-DA' and '-DB' edit this place differently";
  R.Conflicts = {C};
  std::string Err;
  llvm::raw_string_ostream OS(Err);
  int Status = 0;
  llvm::json::Object J = reportFile(R, {}, OS, Status);
  EXPECT_EQ(Status, 1);
  EXPECT_EQ(Err, "c.c:7:1: warning: the compile commands '-DA' and '-DB' edit this "
                 "place differently; the file is left intact [omp-migrate]\n"
                 "omp-migrate: c.c: 0 of 0 constructs translated; left intact: its 2 "
                 "compile commands conflict\n");
  EXPECT_EQ(J.getInteger("compile_commands"), 2);
  ASSERT_TRUE(J.getArray("conflicts"));
  EXPECT_EQ(J.getArray("conflicts")->size(), 1u);
}

TEST(DriverTest, AHeaderIsReportedOncePerRun) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompm-run", Dir));
  auto Write = [&](const char *Name, const char *Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  };
  Write("h.h", "#pragma acc routine seq\nfloat h(float);\n");
  std::string A = Write("a.c", "#include \"h.h\"\nint a;\n");
  std::string B = Write("b.c", "#include \"h.h\"\nint b;\n");
  clang::tooling::FixedCompilationDatabase DB(Dir, {});
  DriverOptions Opts;
  Opts.Mode = OutputMode::None;
  Opts.HeaderFilter = "no-such-header"; // the header is not translated
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  // a.c named twice, b.c once: the header's directive is one record.
  EXPECT_EQ(runDriver(DB, {A, B, A}, Opts, OS, ES), 1);
  size_t First = Err.find("h.h:1:1: warning: 'routine' not translated");
  ASSERT_NE(First, std::string::npos) << Err;
  EXPECT_EQ(Err.find("h.h:1:1: warning", First + 1), std::string::npos) << Err;
  EXPECT_NE(Err.find("a.c: 0 of 1 constructs translated"), std::string::npos) << Err;
  EXPECT_EQ(Err.find("b.c: "), std::string::npos) << Err; // nothing to count
  // A header of the project (below the files' directory) is translated on
  // its own, once; the files that include it report nothing of it.
  Opts.HeaderFilter.clear();
  Err.clear();
  EXPECT_EQ(runDriver(DB, {A, B, A}, Opts, OS, ES), 0) << Err;
  EXPECT_EQ(Err, "omp-migrate: " + std::string(Dir) +
                     "/h.h: 1 of 1 constructs translated\n"
                     "omp-migrate: 3 files: 1 of 1 constructs translated, 0 "
                     "reported; 0 skipped for errors\n");
  llvm::sys::fs::remove_directories(Dir);
}
