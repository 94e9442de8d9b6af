//===- HostParallelTest.cpp - CPU OpenMP parallel loops of the input ------===//
#include "Facts/HostParallel.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// Each host parallel construct of Code: "N loops: clauses" or "why".
std::vector<std::string> found(llvm::StringRef Code, llvm::StringRef File = "t.c") {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {"-fopenmp"}, File);
  std::vector<std::string> Out;
  for (const HostParallel &H : findHostParallel(AST->getASTContext())) {
    if (!H.Why.empty()) {
      Out.push_back(H.Why);
      continue;
    }
    std::string S = std::to_string(H.Loops.size()) + " loops:";
    for (const WorkLoop &W : H.Loops) {
      for (const std::string &C : W.Clauses)
        S += " " + C;
      for (const clang::ValueDecl *V : W.RegionPrivate)
        S += " private " + V->getNameAsString();
      if (!W.If.empty())
        S += " if " + W.If;
    }
    for (const std::string &D : H.Dropped)
      S += " -" + D;
    Out.push_back(S);
  }
  return Out;
}

} // namespace

TEST(HostParallel, ATemplatesConstructIsReportedNotSkipped) {
  // Its types are known per instantiation only: a construct that stays,
  // with why; the instantiation is not a construct of its own.
  EXPECT_EQ(found("template <typename T> void f(T *a, int n) {\n"
                  "  #pragma omp parallel for\n"
                  "  for (int i = 0; i < n; i++) a[i] = 0;\n}\n"
                  "void g(double *p) { f(p, 9); }\n",
                  "t.cpp"),
            std::vector<std::string>{"it is in a template, whose types each instantiation "
                                     "decides: --offload=openmp offloads no template code"});
}

TEST(HostParallel, LoopsAndClauses) {
  EXPECT_EQ(found("double a[9];\nvoid f(int c) {\n"
                  "  #pragma omp parallel for schedule(static) if(c) reduction(+: c)\n"
                  "  for (int i = 0; i < 9; i++) c += a[i];\n}\n"),
            std::vector<std::string>{"1 loops: reduction(+: c) if c -schedule(static)"});
  EXPECT_EQ(found("double a[9];\nvoid f(void) {\n"
                  "  #pragma omp parallel num_threads(4)\n  {\n    double t;\n"
                  "    #pragma omp for\n    for (int i = 0; i < 9; i++) { t = a[i]; a[i] = t * t; }\n"
                  "    #pragma omp for nowait collapse(1)\n    for (int i = 0; i < 9; i++) a[i] += 1;\n"
                  "  }\n}\n"),
            std::vector<std::string>{"2 loops: private t collapse(1) -num_threads(4) -nowait"});
}

TEST(HostParallel, Refusals) {
  EXPECT_EQ(found("double a[9];\nvoid f(void) {\n  #pragma omp parallel\n  {\n"
                  "    #pragma omp for\n    for (int i = 0; i < 9; i++) a[i] = 0;\n"
                  "    #pragma omp barrier\n  }\n}\n"),
            std::vector<std::string>{"it holds '#pragma omp barrier' (line 7)"});
  EXPECT_EQ(found("double a[9], l;\nvoid f(void) {\n  #pragma omp parallel for lastprivate(l)\n"
                  "  for (int i = 0; i < 9; i++) l = a[i];\n}\n"),
            std::vector<std::string>{"its lastprivate(l) would not give the last value back "
                                     "from a GPU (clang 19 loses lastprivate values; "
                                     "docs/serial.md)"});
  EXPECT_EQ(found("int omp_get_thread_num(void);\ndouble a[9];\nvoid f(void) {\n"
                  "  #pragma omp parallel for\n"
                  "  for (int i = 0; i < 9; i++) a[i] = omp_get_thread_num();\n}\n"),
            std::vector<std::string>{"it calls omp_get_thread_num() (line 5), whose value "
                                     "differs on a device"});
  EXPECT_EQ(found("double a[9];\nvoid f(void) {\n  #pragma omp parallel\n  {\n    double m = 0;\n"
                  "    #pragma omp for\n    for (int i = 0; i < 9; i++) { m += a[i]; a[i] = m; }\n"
                  "  }\n}\n"),
            std::vector<std::string>{"'m' (line 5) is each thread's own across iterations: "
                                     "state of a thread has no kernel form"});
  EXPECT_EQ(found("double a[9];\nvoid f(double *p) {\n  #pragma omp parallel for firstprivate(p)\n"
                  "  for (int i = 0; i < 9; i++) a[i] = p[i];\n}\n"),
            std::vector<std::string>{"'p' is firstprivate and a pointer: the data it points "
                                     "to would stay on the host"});
}

TEST(HostParallel, PartialResultsCombinedUnderALock) {
  EXPECT_EQ(found("double a[9], s;\nvoid f(void) {\n  #pragma omp parallel\n  {\n"
                  "    double l = 0;\n    #pragma omp for\n"
                  "    for (int i = 0; i < 9; i++) l += a[i];\n"
                  "    #pragma omp critical\n    s += l;\n  }\n}\n"),
            std::vector<std::string>{"1 loops: reduction(+: l)"});
  EXPECT_EQ(found("double a[9], s;\nvoid f(void) {\n  #pragma omp parallel\n  {\n"
                  "    double l = 2;\n    #pragma omp for\n"
                  "    for (int i = 0; i < 9; i++) l += a[i];\n"
                  "    #pragma omp critical\n    s += l;\n  }\n}\n"),
            std::vector<std::string>{"the partial result 'l' starts from a value other than 0, "
                                     "which every thread would add"});
  // Accumulated by product, combined by sum: no reduction of the loop.
  EXPECT_EQ(found("double a[9], s;\nvoid f(void) {\n  #pragma omp parallel\n  {\n"
                  "    double l = 0;\n    #pragma omp for\n"
                  "    for (int i = 0; i < 9; i++) l *= a[i];\n"
                  "    #pragma omp critical\n    s += l;\n  }\n}\n"),
            std::vector<std::string>{"the partial result 'l' is not a + reduction of the loop "
                                     "at line 7"});
}

TEST(HostParallel, StaticLocalsStay) {
  EXPECT_EQ(found("double a[9];\nvoid f(void) {\n  #pragma omp parallel for\n"
                  "  for (int i = 0; i < 9; i++) {\n    static int n;\n    a[i] = n++;\n  }\n}\n"),
            std::vector<std::string>{"it declares the static 'n' (line 5), one variable all "
                                     "threads share"});
}
