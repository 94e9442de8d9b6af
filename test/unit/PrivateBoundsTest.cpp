#include "Verify/PrivateBounds.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The sections of Code (OpenMP) bounded by private variables, as
/// "section:variable@line", one per line.
std::string privateBounds(llvm::StringRef Code) {
  auto AST = parseCode(Code, {"-fopenmp"}, "t.c");
  if (!AST)
    return "(no AST)";
  const clang::SourceManager &SM = AST->getSourceManager();
  std::string S;
  for (const PrivateBound &B : findPrivateBounds(AST->getASTContext()))
    S += B.Section + ":" + B.Variable + "@" +
         std::to_string(SM.getSpellingLineNumber(B.Item)) + "\n";
  return S;
}

} // namespace

TEST(PrivateBounds, SectionsOfSharedSizesAreFine) {
  EXPECT_EQ(privateBounds(R"(
void f(int n, int lo, double *b) {
  int i;
  #pragma omp target teams distribute parallel for firstprivate(lo) map(tofrom: b[lo:n])
  for (i = 0; i < n; i++)
    b[lo + i] += 1;
})"),
            "");
}

TEST(PrivateBounds, APrivateLoopVariableInABoundIsReported) {
  // DataRaceBench DRB044's shape: the inner loop's variable is private.
  EXPECT_EQ(privateBounds(R"(
void f(int n, double b[500][500]) {
  int c2, c9, c15;
  #pragma omp target teams distribute parallel for private(c15, c9) map(to: b[c15:1])
  for (c2 = 0; c2 < n; c2++)
    for (c9 = 1; c9 < n; c9++)
      for (c15 = 16 * c2; c15 < 16 * c2 + 16; c15++)
        b[c15][c9] += b[c15][c9 - 1];
})"),
            "b[c15:1]:c15@4\n");
}

TEST(PrivateBounds, TheConstructsOwnLoopVariableIsReported) {
  EXPECT_EQ(privateBounds(R"(
void f(int n, double *b) {
  int i = 0;
  #pragma omp target teams distribute parallel for map(tofrom: b[0:n], b[i:1])
  for (i = 0; i < n; i++)
    b[i] += 1;
})"),
            "b[i:1]:i@4\n");
}

TEST(PrivateBounds, ADataRegionAroundAKernelThatMakesItPrivate) {
  EXPECT_EQ(privateBounds(R"(
void f(int n, double *a) {
  int k;
  #pragma omp target data map(to: a[k:1])
  {
    #pragma omp target teams distribute parallel for private(k)
    for (int i = 0; i < n; i++)
      for (k = 0; k < 2; k++)
        a[i] += k;
  }
})"),
            "a[k:1]:k@4\n");
}
