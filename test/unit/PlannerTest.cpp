#include "Plan/Planner.h"
#include "Driver/Driver.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

FileResult translate(llvm::StringRef Code, LoopStyle Style = LoopStyle::Distribute) {
  PlanOptions O;
  O.Style = Style;
  FileResult R = translateCode(Code, "t.c", {}, O);
  EXPECT_TRUE(R.Parsed) << R.Error;
  return R;
}

/// The driver's self-check off for one scope (translations whose planner
/// details a test checks although the self-check rejects them).
struct SelfCheckOff {
  SelfCheckOff() { setSelfCheckEnabled(false); }
  ~SelfCheckOff() { setSelfCheckEnabled(true); }
};

std::string summary(const FilePlan &P) {
  std::string S;
  for (const ConstructRecord &C : P.Records)
    S += C.Kind + "@" + std::to_string(C.Line) + ":" + std::to_string(C.Column) +
         (C.Translated ? " ok" : " NO") + "\n";
  return S;
}

} // namespace

TEST(PlannerTest, PlanFileOnAParsedAST) {
  const char *Code = "void f(int n, float *restrict a) {\n"
                     "  #pragma acc parallel loop copyout(a[0:n])\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] = i;\n"
                     "}\n";
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code);
  ASSERT_TRUE(AST);
  std::vector<Directive> Dirs = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Dirs.size(), 1u);
  FilePlan P = planFile(AST->getASTContext(), Dirs, PPFacts(), PlanOptions());
  ASSERT_EQ(P.Records.size(), 1u);
  EXPECT_EQ(P.untranslated(), 0u);
  EXPECT_EQ(P.Records[0].Emitted,
            std::vector<std::string>{"#pragma omp target teams distribute "
                                     "parallel for map(from: a[0:n])"});
  ASSERT_EQ(P.Edits.size(), 1u);
  EXPECT_EQ(P.Edits[0].Offset, 37u); // the '#'
  EXPECT_EQ(P.Edits[0].Length,
            std::string("#pragma acc parallel loop copyout(a[0:n])").size());
  EXPECT_EQ(P.Edits[0].Text,
            "#pragma omp target teams distribute parallel for map(from: a[0:n])");
}

TEST(PlannerTest, ImplicitDataIsMadeExplicitWithNotes) {
  FileResult R = translate(
      "void saxpy(int n, float a, float *restrict x, float *restrict y) {\n"
      "  #pragma acc parallel loop\n"
      "  for (int i = 0; i < n; i++)\n"
      "    y[i] = a * x[i] + y[i];\n"
      "}\n");
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  const ConstructRecord &C = R.Plan.Records[0];
  EXPECT_EQ(C.Emitted, std::vector<std::string>{
                           "#pragma omp target teams distribute parallel for "
                           "map(tofrom: y[0:n]) map(to: x[0:n])"});
  EXPECT_EQ(C.Notes, (std::vector<std::string>{
                         "implicit copy of 'y' made explicit as y[0:n]",
                         "implicit copy of 'x' made explicit as x[0:n] (read "
                         "only: map(to:))"}));
}

TEST(PlannerTest, ReductionAsyncAndWait) {
  FileResult R = translate(
      "float dot(int n, const float *x, const float *y) {\n"
      "  float s = 0;\n"
      "  #pragma acc parallel loop reduction(+:s) copyin(x[0:n], y[0:n]) async(1)\n"
      "  for (int i = 0; i < n; i++)\n"
      "    s += x[i] * y[i];\n"
      "  #pragma acc wait(1)\n"
      "  return s;\n"
      "}\n");
  EXPECT_EQ(summary(R.Plan), "parallel loop@3:3 ok\nwait@6:3 ok\n");
  EXPECT_EQ(R.Translated,
            "static char omp_migrate_async_[64]; /* omp-migrate: one dependence "
            "object per OpenACC async queue */\n"
            "float dot(int n, const float *x, const float *y) {\n"
            "  float s = 0;\n"
            "  #pragma omp target teams distribute parallel for map(tofrom: s) "
            "map(to: x[0:n], y[0:n]) reduction(+: s) "
            "depend(inout: omp_migrate_async_[(1) & 63])\n"
            "  for (int i = 0; i < n; i++)\n"
            "    s += x[i] * y[i];\n"
            "  #pragma omp taskwait\n"
            "  return s;\n"
            "}\n");
  EXPECT_EQ(R.Plan.Records[1].Notes,
            std::vector<std::string>{"waits for every queue, not only the ones named"});
}

TEST(PlannerTest, KernelsSplitsIntoParallelAndSequentialKernels) {
  FileResult R = translate(
      "void k(int n, float *restrict a, float *restrict b) {\n"
      "  #pragma acc kernels\n"
      "  {\n"
      "    for (int i = 0; i < n; i++) a[i] = 1;\n"
      "    for (int i = 1; i < n; i++) b[i] = b[i-1] + a[i];\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(R.Translated,
            "void k(int n, float *restrict a, float *restrict b) {\n"
            "  #pragma omp target data map(tofrom: a[0:n], b[0:n])\n"
            "  {\n"
            "    #pragma omp target teams distribute parallel for\n"
            "    for (int i = 0; i < n; i++) a[i] = 1;\n"
            "    #pragma omp target\n"
            "    for (int i = 1; i < n; i++) b[i] = b[i-1] + a[i];\n"
            "  }\n"
            "}\n");
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  const std::vector<std::string> &N = R.Plan.Records[0].Notes;
  ASSERT_GE(N.size(), 2u);
  EXPECT_EQ(N[0], "loop at line 4: the dependence test proves it parallel");
  EXPECT_EQ(N[1], "loop at line 5: kept sequential: 'b' is written and accessed "
                  "at different subscripts, which may be a loop-carried dependence");
}

TEST(PlannerTest, LoopSeqOutsideComputeIsRemoved) {
  FileResult R = translate("void s(int n, float *a) {\n"
                           "  #pragma acc data copy(a[0:n])\n"
                           "  {\n"
                           "    #pragma acc loop seq\n"
                           "    for (int i = 0; i < n; i++) a[i] += 1;\n"
                           "  }\n"
                           "}\n");
  EXPECT_EQ(summary(R.Plan), "data@2:3 ok\nloop@4:5 ok\n");
  EXPECT_EQ(R.Translated, "void s(int n, float *a) {\n"
                          "  #pragma omp target data map(tofrom: a[0:n])\n"
                          "  {\n"
                          "    for (int i = 0; i < n; i++) a[i] += 1;\n"
                          "  }\n"
                          "}\n");
  EXPECT_TRUE(R.Plan.Records[1].Emitted.empty());
}

TEST(PlannerTest, PragmaOperatorsAreTranslatedInTheirLiterals) {
  const char *Code = "void f(int n, float *a) {\n"
                     "  _Pragma(\"acc parallel loop\")\n"
                     "  for (int i = 0; i < n; i++)\n"
                     "    a[i] = 0;\n"
                     "  #pragma acc parallel\n"
                     "  {\n"
                     "    _Pragma(\"acc loop\")\n"
                     "    for (int i = 0; i < n; i++) a[i] = 1;\n"
                     "  }\n"
                     "}\n";
  FileResult R = translate(Code);
  EXPECT_EQ(R.Translated,
            "void f(int n, float *a) {\n"
            "  #pragma omp target enter data map(alloc: a[0:n])\n"
            "  _Pragma(\"omp target teams distribute parallel for map(tofrom: a[0:n])\")\n"
            "  for (int i = 0; i < n; i++)\n"
            "    a[i] = 0;\n"
            "  #pragma omp target teams map(tofrom: a[0:n])\n"
            "  {\n"
            "    _Pragma(\"omp distribute parallel for\")\n"
            "    for (int i = 0; i < n; i++) a[i] = 1;\n"
            "  }\n"
            "  #pragma omp target exit data map(from: a[0:n])\n"
            "}\n");
  EXPECT_EQ(summary(R.Plan),
            "parallel loop@2:3 ok\ndata region@2:3 ok\nparallel@5:3 ok\nloop@7:5 ok\n");
}

TEST(PlannerTest, RuntimeCallsIncludesAndGuards) {
  // acc_hostptr has no OpenMP form: it stays, reported, and
  // so does the include that declares it (omp.h comes first, for the
  // rewritten calls). See DriverTest.CountsRecordsOfSeveralConstructs.
  FileResult R = translate("#include <openacc.h>\n"
                           "void f(void *p, int n) {\n"
                           "  void *d = acc_malloc(n * 4);\n"
                           "  acc_hostptr(p);\n"
                           "  acc_free(d);\n"
                           "}\n"
                           "#if defined(_OPENACC)\n"
                           "int x;\n"
                           "#endif\n");
  EXPECT_EQ(R.Translated, "#include <omp.h>\n"
                          "#include <openacc.h>\n"
                          "void f(void *p, int n) {\n"
                          "  void *d = omp_target_alloc((n * 4), omp_get_default_device());\n"
                          "  acc_hostptr(p);\n"
                          "  omp_target_free((d), omp_get_default_device());\n"
                          "}\n"
                          "#if defined(_OPENMP)\n"
                          "int x;\n"
                          "#endif\n");
  EXPECT_EQ(summary(R.Plan), "include@1:10 NO\nruntime call@3:13 ok\n"
                             "runtime call@4:3 NO\nruntime call@5:3 ok\n"
                             "_OPENACC@7:13 ok\n");
  EXPECT_EQ(R.Plan.Records[2].Original, "acc_hostptr(p)");
  EXPECT_EQ(R.Plan.Records[2].Reason.rfind("acc_hostptr has no OpenMP equivalent", 0), 0u)
      << R.Plan.Records[2].Reason;
  EXPECT_EQ(R.Plan.Records[0].Reason,
            "kept: the file still uses OpenACC names that have no OpenMP form "
            "here: acc_hostptr (line 4) (gcc provides openacc.h, clang "
            "does not)");
}

TEST(PlannerTest, RoutineNamedFormBecomesDeclareTarget) {
  FileResult R = translate("float sq(float x) { return x * x; }\n"
                           "#pragma acc routine(sq) seq\n");
  EXPECT_EQ(R.Translated, "float sq(float x) { return x * x; }\n"
                          "#pragma omp declare target(sq)\n");
  ASSERT_EQ(R.Plan.Records.size(), 1u);
  EXPECT_EQ(R.Plan.Records[0].Notes,
            std::vector<std::string>{"'seq' dropped: OpenMP chooses the "
                                     "parallelism inside declare target functions"});
}

TEST(PlannerTest, UnstructuredDataAndUpdate) {
  FileResult R = translate("void u(int n, float *a, float *b) {\n"
                           "  #pragma acc enter data copyin(a[0:n]) create(b[0:n])\n"
                           "  #pragma acc update host(a[n - 1:1])\n"
                           "  #pragma acc exit data copyout(a[0:n]) delete(b[0:n])\n"
                           "}\n");
  EXPECT_EQ(R.Translated, "void u(int n, float *a, float *b) {\n"
                          "  #pragma omp target enter data map(to: a[0:n]) map(alloc: b[0:n])\n"
                          "  #pragma omp target update from(a[n - 1:1])\n"
                          "  #pragma omp target exit data map(from: a[0:n]) map(release: b[0:n])\n"
                          "}\n");
  EXPECT_EQ(summary(R.Plan), "enter data@2:3 ok\nupdate@3:3 ok\nexit data@4:3 ok\n");
}
