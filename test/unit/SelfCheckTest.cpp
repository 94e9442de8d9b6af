#include "Verify/SelfCheck.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

const char *const ResourceDir = "-resource-dir=/usr/lib/llvm-22/lib/clang/22";

/// Checks a hand-written translation Out of input In (the two given whole,
/// with the edits between them as replacements), with the input offsets
/// where untranslated constructs start.
std::vector<SelfCheckFailure>
check(llvm::StringRef Out, std::vector<unsigned> Untranslated = {},
      llvm::StringRef File = "t.c", llvm::StringRef In = "",
      clang::tooling::Replacements Reps = {}) {
  // As the driver parses: what gcc accepts is a warning.
  std::vector<std::string> Flags = {ResourceDir,
                                    "-Wno-error=implicit-function-declaration"};
  Flags.push_back(File.ends_with(".cpp") ? "-std=c++17" : "-std=c11");
  std::string Error;
  SelfCheckInput I;
  I.Invocation = openMPInvocationFromFlags(Flags, File, "", &Error);
  EXPECT_TRUE(I.Invocation) << Error;
  I.Translated = Out.str();
  I.Original = In.empty() ? Out.str() : In.str();
  I.Map = OffsetMap(Reps);
  I.Untranslated = std::move(Untranslated);
  // The file need not exist: the translation replaces it.
  return selfCheck(I);
}

std::string str(const std::vector<SelfCheckFailure> &Fs) {
  std::string S;
  for (const SelfCheckFailure &F : Fs)
    S += std::to_string(F.Line) + ":" + std::to_string(F.Column) + " " + F.What + "\n";
  return S;
}

} // namespace

TEST(SelfCheck, OffsetMapThroughReplacementsAndInsertions) {
  // "abcdef" -> "aXYZcd++ef": b replaced by XYZ, ++ inserted before e.
  clang::tooling::Replacements Reps;
  ASSERT_FALSE(Reps.add(clang::tooling::Replacement("f", 1, 1, "XYZ")));
  ASSERT_FALSE(Reps.add(clang::tooling::Replacement("f", 4, 0, "++")));
  ASSERT_EQ(*clang::tooling::applyAllReplacements("abcdef", Reps), "aXYZcd++ef");
  OffsetMap M(Reps);
  EXPECT_EQ(M.toOutput(0), 0u);
  EXPECT_EQ(M.toOutput(1), 1u); // replaced: where its text starts
  EXPECT_EQ(M.toOutput(2), 4u);
  EXPECT_EQ(M.toOutput(4), 8u); // after the insertion
  EXPECT_EQ(M.toOutput(5), 9u);
  bool Written = false;
  EXPECT_EQ(M.toInput(0, &Written), 0u);
  EXPECT_FALSE(Written);
  EXPECT_EQ(M.toInput(3, &Written), 1u);
  EXPECT_TRUE(Written);
  EXPECT_EQ(M.toInput(5, &Written), 3u);
  EXPECT_FALSE(Written);
  EXPECT_EQ(M.toInput(7, &Written), 4u);
  EXPECT_TRUE(Written);
  EXPECT_EQ(M.toInput(8, &Written), 4u);
  EXPECT_FALSE(Written);
  EXPECT_EQ(OffsetMap().toInput(7), 7u);
}

TEST(SelfCheck, CorrectTranslationPasses) {
  EXPECT_EQ(str(check(R"(#include <stdlib.h>
void saxpy(int n, float a, float *x, float *y) {
  #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
)")),
            "");
}

TEST(SelfCheck, ParseErrorsWithOpenMP) {
  EXPECT_EQ(str(check(R"(void f(int n, float *y) {
  #pragma omp target teams distribute parallel for map(tofrom: y[0:n]) collapse(2)
  for (int i = 0; i < n; i++)
    y[i] = 0;
}
)")),
            "4:5 the translation does not compile with -fopenmp: expected 2 "
            "for loops after '#pragma omp target teams distribute parallel "
            "for', but found only 1\n");
}

TEST(SelfCheck, AccCallsAndConstantsLeftInC) {
  EXPECT_EQ(str(check(R"(void f(void) {
  acc_init(acc_device_nvidia);
  acc_shutdown(2);
}
)")),
            "2:12 the translation does not compile with -fopenmp: use of "
            "undeclared identifier 'acc_device_nvidia'\n"
            "2:3 the translation calls 'acc_init', which nothing declares "
            "without openacc.h (only an implicit declaration)\n"
            "3:3 the translation calls 'acc_shutdown', which nothing declares "
            "without openacc.h (only an implicit declaration)\n");
}

TEST(SelfCheck, ImplicitDeclarationsThatAreErrorsAreReportedOnce) {
  SelfCheckInput I;
  I.Invocation = openMPInvocationFromFlags({ResourceDir}, "t.c");
  ASSERT_TRUE(I.Invocation);
  I.Original = I.Translated = "void f(void) { acc_wait_all(); }\n";
  EXPECT_EQ(str(selfCheck(I)),
            "1:16 the translation does not compile with -fopenmp: call to "
            "undeclared function 'acc_wait_all'; ISO C99 and later do not "
            "support implicit function declarations\n");
}

TEST(SelfCheck, AccCallsLeftInCxx) {
  EXPECT_EQ(str(check("void f() { acc_wait_all(); }\n", {}, "t.cpp")),
            "1:12 the translation does not compile with -fopenmp: use of "
            "undeclared identifier 'acc_wait_all'\n");
}

TEST(SelfCheck, NoOpenACCHeaderOnThePath) {
  EXPECT_EQ(str(check("#include <openacc.h>\nint x;\n")),
            "1:10 the translation does not compile with -fopenmp: "
            "'openacc.h' file not found\n");
}

TEST(SelfCheck, InvocationDropsOpenACCAndTheBundledHeaderOnly) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("selfcheck-test", Root));
  auto Dir = [&](const char *Name, const char *Header) {
    llvm::SmallString<128> D(Root);
    llvm::sys::path::append(D, Name);
    EXPECT_FALSE(llvm::sys::fs::create_directory(D));
    llvm::SmallString<128> F(D);
    llvm::sys::path::append(F, "openacc.h");
    std::error_code EC;
    llvm::raw_fd_ostream OS(F, EC);
    OS << Header;
    return std::string(D);
  };
  std::string Bundled = Dir("bundled", "/* the bundled one */\n");
  std::string Own = Dir("own", "/* the project's own */\n");
  auto Inv = openMPInvocationFromFlags(
      {ResourceDir, "-fopenacc", "-idirafter", Bundled, "-I", Own, "-DN=4"}, "t.c",
      "/* the bundled one */\n");
  ASSERT_TRUE(Inv);
  EXPECT_FALSE(Inv->getLangOpts().OpenACC);
  EXPECT_NE(Inv->getLangOpts().OpenMP, 0u);
  std::vector<std::string> Paths;
  for (const auto &E : Inv->getHeaderSearchOpts().UserEntries)
    if (llvm::StringRef(E.Path).starts_with(Root))
      Paths.push_back(E.Path);
  EXPECT_EQ(Paths, std::vector<std::string>{Own});
  bool HasN = false;
  for (const auto &M : Inv->getPreprocessorOpts().Macros)
    HasN |= M.first == "N=4";
  EXPECT_TRUE(HasN);
  llvm::sys::fs::remove_directories(Root);
}

TEST(SelfCheck, UnmappedPointer) {
  // The directive was written by the translation (an edit replaced the
  // input's OpenACC directive), and maps the struct but not m.x's data.
  std::string In = R"(struct M { double *x; int n; };
void f(struct M m) {
  #pragma acc parallel loop copy(m)
  for (int i = 0; i < m.n; i++)
    m.x[i] = 0;
}
)";
  const char *Acc = "#pragma acc parallel loop copy(m)";
  const char *Omp = "#pragma omp target teams distribute parallel for map(tofrom: m)";
  clang::tooling::Replacements Reps;
  ASSERT_FALSE(Reps.add(clang::tooling::Replacement(
      "t.c", llvm::StringRef(In).find(Acc), strlen(Acc), Omp)));
  std::string Out = *clang::tooling::applyAllReplacements(In, Reps);
  EXPECT_EQ(str(check(Out, {}, "t.c", In, Reps)),
            "5:5 'm.x' is dereferenced in the 'target teams distribute "
            "parallel for' construct at line 3 of the translation, but "
            "neither that construct, an enclosing target data region nor an "
            "earlier target enter data maps what it points to\n");
  // The same construct in the input, left as it is: the user's own.
  EXPECT_EQ(str(check(Out)), "");
}

TEST(SelfCheck, OpenACCPragmasLeftOnlyWhereReportedUntranslated) {
  const char *Out = R"(#define LOOP _Pragma("acc parallel loop")
void f(int n, float *x) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++) x[i] = 0;
  LOOP
  for (int i = 0; i < n; i++) x[i] = 0;
#if 0
#pragma acc kernels
#endif
}
)";
  unsigned Hash = llvm::StringRef(Out).find("#pragma acc");
  unsigned Macro = llvm::StringRef(Out).find("  LOOP") + 2;
  EXPECT_EQ(str(check(Out, {})),
            "3:1 '#pragma acc parallel loop' is left in the translation, but "
            "its construct is not reported as untranslated\n"
            "5:3 an OpenACC _Pragma, from 'LOOP', is left in the translation, "
            "but its construct is not reported as untranslated\n");
  EXPECT_EQ(str(check(Out, {Hash})),
            "5:3 an OpenACC _Pragma, from 'LOOP', is left in the translation, "
            "but its construct is not reported as untranslated\n");
  // Both reported: nothing left unexplained (the inactive block is not
  // compiled, and the planner never sees it).
  EXPECT_EQ(str(check(Out, {Hash, Macro})), "");
}

TEST(SelfCheck, OpenACCPragmaWrittenByAnEdit) {
  const char *In = "void f(void) {\n}\n";
  clang::tooling::Replacements Reps;
  ASSERT_FALSE(Reps.add(clang::tooling::Replacement("t.c", 15, 0, "#pragma acc wait\n")));
  std::string Out = *clang::tooling::applyAllReplacements(In, Reps);
  // Even at an offset where an untranslated construct starts in the input.
  EXPECT_EQ(str(check(Out, {15}, "t.c", In, Reps)),
            "2:1 the translation writes an OpenACC directive: '#pragma acc wait'\n");
}

TEST(SelfCheck, FailuresKnowTheirInputLine) {
  const char *In = "void f(int n, float *y) {\n"
                   "#pragma acc parallel loop\n"
                   "  for (int i = 0; i < n; i++) y[i] = 0;\n"
                   "}\n";
  clang::tooling::Replacements Reps;
  ASSERT_FALSE(Reps.add(clang::tooling::Replacement(
      "t.c", 26, 25, "#pragma omp target teams distribute parallel for\n// x\n// y")));
  std::string Out = *clang::tooling::applyAllReplacements(In, Reps);
  std::vector<SelfCheckFailure> Fs = check(Out, {}, "t.c", In, Reps);
  ASSERT_EQ(Fs.size(), 1u) << str(Fs);
  EXPECT_EQ(Fs[0].Line, 5u);
  EXPECT_EQ(Fs[0].InputLine, 3u);
  EXPECT_EQ(formatSelfCheckFailure("t.c", Fs[0]),
            "t.c:5:31: error: internal error: self-check: 'y' is dereferenced "
            "in the 'target teams distribute parallel for' construct at line "
            "2 of the translation, but neither that construct, an enclosing "
            "target data region nor an earlier target enter data maps what "
            "it points to (line:column of the translation; input line 3) "
            "[omp-migrate]");
}

TEST(SelfCheck, InjectedFaults) {
  std::string Original = "#include <openacc.h>\n"
                         "  #pragma acc parallel loop\n"
                         "  p = acc_malloc(4);\n";
  unsigned Dir = Original.find("  #pragma acc"), Call = Original.find("acc_malloc");
  auto Edits = [&] {
    return std::vector<Edit>{
        {10, 9, "omp.h", false},
        {Dir, 28,
         "  #pragma omp target teams distribute parallel for map(to: a[0:(n + 1)]) "
         "reduction(+: s) map(tofrom: b[0:n])\n"
         "  #pragma omp target data map(to: c[0:n])\n",
         false},
        {Call, 13, "omp_target_alloc((4), omp_get_default_device())", false}};
  };
  std::vector<Edit> E = Edits();
  injectFault(InjectedFault::DropMaps, Original, E);
  ASSERT_EQ(E.size(), 3u);
  EXPECT_EQ(E[1].Text, "  #pragma omp target teams distribute parallel for reduction(+: s)\n"
                       "  #pragma omp target data map(to: c[0:n])\n");
  EXPECT_EQ(E[2].Text, Edits()[2].Text);
  E = Edits();
  injectFault(InjectedFault::KeepAccDirectives, Original, E);
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].Offset, 10u);
  EXPECT_EQ(E[1].Offset, Call);
  E = Edits();
  injectFault(InjectedFault::KeepAccCalls, Original, E);
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[1].Offset, Dir);
  E = Edits();
  injectFault(InjectedFault::None, Original, E);
  EXPECT_EQ(E.size(), 3u);
}
