#include "Driver/Driver.h"
#include "Driver/PreprocessorFacts.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// A directory of headers for one test, removed after it.
class HeaderDir {
public:
  HeaderDir() { llvm::sys::fs::createUniqueDirectory("ompm-pp", Path); }
  ~HeaderDir() { llvm::sys::fs::remove_directories(Path); }
  std::string add(const std::string &Name, const std::string &Text) {
    llvm::SmallString<128> File(Path);
    llvm::sys::path::append(File, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << Text;
    return std::string(File);
  }
  std::string flag() const { return "-I" + std::string(Path); }
  llvm::SmallString<128> Path;
};

std::vector<const ConstructRecord *> untranslated(const FileResult &R) {
  std::vector<const ConstructRecord *> Out;
  for (const ConstructRecord &C : R.Plan.Records)
    if (!C.Translated)
      Out.push_back(&C);
  return Out;
}

} // namespace

TEST(PreprocessorFactsTest, DirectiveKinds) {
  EXPECT_EQ(accDirectiveKind("parallel", "loop"), "parallel loop");
  EXPECT_EQ(accDirectiveKind("kernels", "copy"), "kernels");
  EXPECT_EQ(accDirectiveKind("enter", "data"), "enter data");
  EXPECT_EQ(accDirectiveKind("update", ""), "update");
  EXPECT_EQ(accDirectiveKind("", ""), "acc");
}

TEST(PreprocessorFactsTest, HeaderDirectivesAreReported) {
  HeaderDir D;
  std::string H = D.add("h.h", "#include <openacc.h>\n"
                               "template <typename T> void t(int n, T *x) {\n"
                               "  #pragma acc parallel loop copy(x[0:n])\n"
                               "  for (int i = 0; i < n; i++) x[i] = 0;\n"
                               "}\n"
                               "#pragma acc routine seq\n"
                               "inline float sq(float v) { return v * v; }\n");
  const char *Code = "#include \"h.h\"\n"
                     "void f(int n, float *x) {\n"
                     "  #pragma acc parallel loop copy(x[0:n])\n"
                     "  for (int i = 0; i < n; i++) x[i] = 1;\n"
                     "}\n";
  FileResult R = translateCode(Code, "f.cpp", {D.flag()}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  ASSERT_EQ(R.Plan.Records.size(), 4u);
  EXPECT_TRUE(R.Plan.Records[0].Translated);
  EXPECT_EQ(R.Plan.Records[0].File, "");
  // The header's, in its source order, with the header's place.
  const ConstructRecord &Inc = R.Plan.Records[1];
  EXPECT_EQ(Inc.File, H);
  EXPECT_EQ(Inc.Kind, "include");
  EXPECT_EQ(Inc.Line, 1u);
  EXPECT_EQ(Inc.Column, 10u);
  EXPECT_EQ(Inc.Original, "<openacc.h>");
  EXPECT_EQ(Inc.Reason, "OpenACC in an included header (not rewritten with "
                        "this file); the header is included from f.cpp:1");
  // An uninstantiated template's directive too.
  EXPECT_EQ(R.Plan.Records[2].Kind, "parallel loop");
  EXPECT_EQ(R.Plan.Records[2].Line, 3u);
  EXPECT_EQ(R.Plan.Records[2].Column, 3u);
  EXPECT_EQ(R.Plan.Records[2].Original, "#pragma acc parallel loop copy(x[0:n])");
  EXPECT_EQ(R.Plan.Records[3].Kind, "routine");
  EXPECT_EQ(R.Plan.Records[3].Line, 6u);
  EXPECT_FALSE(R.Plan.Records[3].Inactive);
  EXPECT_EQ(R.Plan.untranslated(), 3u);
}

TEST(PreprocessorFactsTest, SystemHeadersAreNotReported) {
  HeaderDir D;
  D.add("sys.h", "#pragma acc routine seq\nfloat g(float);\n");
  FileResult R = translateCode("#include <sys.h>\nint k;\n", "s.c",
                               {"-isystem", std::string(D.Path)}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_TRUE(R.Plan.Records.empty());
}

TEST(PreprocessorFactsTest, InactiveBranchesSayWhatWouldActivateThem) {
  const char *Code = "void f(int n, float *x) {\n"
                     "#if 0\n"
                     "  #pragma acc wait\n"                     // 3
                     "#endif\n"
                     "#ifdef USE_GPU\n"
                     "  #pragma acc update self(x[0:n])\n"      // 6
                     "#else\n"
                     "  #pragma acc update device(x[0:n])\n"    // 8
                     "#endif\n"
                     "#ifndef NDEBUG\n"
                     "#elif N > 2\n"
                     "  #pragma acc enter data copyin(x[0:n])\n" // 12
                     "#endif\n"
                     "#if defined(A) && B\n"
                     "#if C\n"
                     "_Pragma(\"acc exit data delete(x[0:n])\")\n" // 16
                     "#endif\n"
                     "#endif\n"
                     "}\n";
  FileResult R = translateCode(Code, "f.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  std::vector<const ConstructRecord *> U = untranslated(R);
  ASSERT_EQ(U.size(), 4u);
  for (const ConstructRecord *C : U) {
    EXPECT_TRUE(C->Inactive);
    EXPECT_EQ(C->File, "");
  }
  EXPECT_EQ(U[0]->Line, 3u);
  EXPECT_EQ(U[0]->Column, 3u);
  EXPECT_EQ(U[0]->Kind, "wait");
  EXPECT_EQ(U[0]->Reason, "in an inactive branch: '#if 0' is always false; "
                          "change the condition to translate it");
  EXPECT_EQ(U[1]->Line, 6u);
  EXPECT_EQ(U[1]->Reason, "in an inactive branch: '#ifdef USE_GPU' is false; "
                          "define USE_GPU to translate it");
  EXPECT_EQ(U[2]->Line, 12u);
  EXPECT_EQ(U[2]->Kind, "enter data");
  EXPECT_EQ(U[2]->Reason,
            "in an inactive branch: '#elif N > 2' is not taken because "
            "'#ifndef NDEBUG' is true; define NDEBUG and make 'N > 2' true to "
            "translate it");
  EXPECT_EQ(U[3]->Line, 16u);
  EXPECT_EQ(U[3]->Column, 1u);
  EXPECT_EQ(U[3]->Kind, "exit data");
  EXPECT_EQ(U[3]->Original, "_Pragma(\"acc exit data delete(x[0:n])\")");
  EXPECT_EQ(U[3]->Reason, "in an inactive branch: '#if defined(A) && B' is "
                          "false; make 'defined(A) && B' true to translate it");
  // The #else branch is active: translated.
  EXPECT_EQ(R.Plan.Records.size(), 5u);
  // Under -DUSE_GPU, the #else branch is the inactive one.
  FileResult G = translateCode(Code, "f.c", {"-DUSE_GPU", "-DNDEBUG", "-DN=3"},
                               PlanOptions());
  ASSERT_TRUE(G.Parsed) << G.Error;
  std::vector<const ConstructRecord *> V = untranslated(G);
  ASSERT_EQ(V.size(), 3u);
  EXPECT_EQ(V[1]->Line, 8u);
  EXPECT_EQ(V[1]->Reason, "in an inactive branch: '#else' is not taken because "
                          "'#ifdef USE_GPU' is true; undefine USE_GPU to "
                          "translate it");
}

TEST(PreprocessorFactsTest, InactiveBranchOfAHeader) {
  HeaderDir D;
  std::string H = D.add("g.h", "#ifdef USE_GPU\n#pragma acc routine seq\n#endif\n"
                               "float g(float);\n");
  FileResult R = translateCode("#include \"g.h\"\nint k;\n", "f.c", {D.flag()},
                               PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  const ConstructRecord &C = R.Plan.Records[0];
  EXPECT_EQ(C.File, H);
  EXPECT_EQ(C.Line, 2u);
  EXPECT_TRUE(C.Inactive);
  EXPECT_EQ(C.Reason, "in an inactive branch of an included header: '#ifdef "
                      "USE_GPU' is false (define USE_GPU to activate it); OpenACC "
                      "in an included header (not rewritten with this file)");
}

TEST(PreprocessorFactsTest, ADirectiveTheASTDroppedIsReported) {
  // The directive collector does not look into the methods of a class local
  // to a function; the preprocessor saw the directive, so it is reported.
  const char *Code = "void f(int n, float *x) {\n"
                     "  struct L {\n"
                     "    void g(int n, float *x) {\n"
                     "      #pragma acc parallel loop copy(x[0:n])\n"
                     "      for (int i = 0; i < n; i++) x[i] = 1;\n"
                     "    }\n"
                     "  };\n"
                     "  #pragma acc parallel loop copy(x[0:n])\n"
                     "  for (int i = 0; i < n; i++) x[i] = 2;\n"
                     "}\n";
  FileResult R = translateCode(Code, "l.cpp", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  ASSERT_EQ(R.Plan.Records.size(), 2u);
  const ConstructRecord &C = R.Plan.Records[0];
  EXPECT_EQ(C.Line, 4u);
  EXPECT_EQ(C.Column, 7u);
  EXPECT_FALSE(C.Translated);
  EXPECT_FALSE(C.Inactive);
  EXPECT_EQ(C.Reason, "Clang's AST holds no OpenACC construct for this directive "
                      "(the parse dropped it), so it is not translated; it is "
                      "left intact");
  EXPECT_TRUE(R.Plan.Records[1].Translated);
}

TEST(PreprocessorFactsTest, DirectivesFromMacrosHaveTheirRecordOnce) {
  // The planner has records of _Pragma directives itself: no second one.
  const char *Code = "#define OFF _Pragma(\"acc parallel loop\")\n"
                     "void f(int n, float *x) {\n"
                     "  OFF\n"
                     "  for (int i = 0; i < n; i++) x[i] = 1;\n"
                     "  _Pragma(\"acc parallel loop\")\n"
                     "  for (int i = 0; i < n; i++) x[i] = 2;\n"
                     "}\n";
  FileResult R = translateCode(Code, "m.c", {}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  std::vector<const ConstructRecord *> Loops;
  for (const ConstructRecord &C : R.Plan.Records)
    if (C.Kind == "parallel loop")
      Loops.push_back(&C);
  ASSERT_EQ(Loops.size(), 2u);
  EXPECT_TRUE(Loops[0]->Translated) << Loops[0]->Reason;
  EXPECT_EQ(Loops[0]->Line, 3u);
  EXPECT_EQ(Loops[1]->Line, 5u);
}

TEST(PreprocessorFactsTest, AConstructIncludingOpenACCLeavesTheFileIntact) {
  HeaderDir D;
  D.add("body.inc", "#pragma acc loop\nfor (int i = 0; i < n; i++) x[i] += 1;\n");
  const char *Inside = "void f(int n, float *x) {\n"
                       "#pragma acc data copy(x[0:n])\n"
                       "  {\n"
                       "#pragma acc parallel\n"
                       "    {\n"
                       "#include \"body.inc\"\n"
                       "    }\n"
                       "  }\n"
                       "}\n";
  FileResult R = translateCode(Inside, "f.c", {D.flag()}, PlanOptions());
  ASSERT_TRUE(R.Parsed) << R.Error;
  EXPECT_EQ(R.Translated, Inside);
  EXPECT_TRUE(R.Plan.Edits.empty());
  ASSERT_EQ(R.Plan.Records.size(), 3u);
  // The outermost construct that holds the include gets the reason.
  EXPECT_EQ(R.Plan.Records[0].Kind, "data");
  EXPECT_EQ(R.Plan.Records[0].Reason,
            "the 'data' construct at line 2 includes, at line 6, OpenACC "
            "directives of another file (body.inc:1: 'loop'), which are not "
            "translated with it (a file included inside a construct is not "
            "translated on its own); without them, a translation of the "
            "construct would change what it does");
  EXPECT_EQ(llvm::StringRef(R.Plan.Records[1].Reason).split(':').first,
            "left intact with the whole file");
  EXPECT_EQ(R.Plan.untranslated(), 3u);
  // An include in the function but outside any construct: the construct
  // is translated, the included directive reported.
  const char *Beside = "void f(int n, float *x) {\n"
                       "#pragma acc parallel loop copy(x[0:n])\n"
                       "  for (int i = 0; i < n; i++) x[i] = 0;\n"
                       "#include \"body.inc\"\n"
                       "}\n";
  FileResult B = translateCode(Beside, "g.c", {D.flag()}, PlanOptions());
  ASSERT_TRUE(B.Parsed) << B.Error;
  ASSERT_EQ(B.Plan.Records.size(), 2u);
  EXPECT_TRUE(B.Plan.Records[0].Translated);
  EXPECT_FALSE(B.Plan.Records[1].Translated);
  EXPECT_NE(B.Translated, Beside);
}
