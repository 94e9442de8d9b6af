#include "Facts/OpenMPKernels.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  OpenMPFacts F;
};

Parsed parse(llvm::StringRef Code) {
  Parsed P;
  P.AST = parseCode(Code, {"-fopenmp"});
  if (!P.AST)
    return P;
  P.F = collectOpenMPFacts(P.AST->getASTContext());
  return P;
}

std::string items(const OmpKernel &K) {
  std::string S;
  for (const OmpMapItem &I : K.Items) {
    S += (S.empty() ? "" : "; ") + I.MapType + " " + I.Text;
    if (I.Lo && I.Hi)
      S += " [" + I.Lo->str() + ".." + I.Hi->str() + "]";
  }
  return S;
}

TEST(OpenMPKernels, MapItemsWithBounds) {
  Parsed P = parse(R"(
    void f(int n, double *a, double *b) {
      double c[10];
      #pragma omp target teams distribute parallel for map(to: a[1:n-2], c) map(from: b[0:n])
      for (int i = 1; i < n - 1; i++) b[i] = a[i] + c[i % 10];
    })");
  ASSERT_EQ(P.F.Kernels.size(), 1u);
  const OmpKernel &K = P.F.Kernels[0];
  EXPECT_EQ(items(K), "to a[1:n-2] [1..n - 2]; to c; from b[0:n] [0..n - 1]");
  EXPECT_FALSE(K.Async);
  EXPECT_TRUE(K.Skipped.empty());
  EXPECT_TRUE(P.F.Others.empty());
}

TEST(OpenMPKernels, DeferredAndUnfollowedItems) {
  Parsed P = parse(R"(
    struct S { double *p; };
    void f(int n, double *a, double **m, struct S s) {
      #pragma omp target map(always, tofrom: a[0:n]) map(tofrom: m[0:n][0:n]) map(to: s.p[0:n]) nowait
      for (int i = 0; i < n; i++) a[i] += m[i][i] + s.p[i];
    })");
  ASSERT_EQ(P.F.Kernels.size(), 1u);
  const OmpKernel &K = P.F.Kernels[0];
  EXPECT_TRUE(K.Async);
  EXPECT_EQ(items(K), "");
  ASSERT_EQ(K.Skipped.size(), 2u); // the member is not a variable's array
  EXPECT_EQ(K.Skipped[0], "a[0:n]");
  EXPECT_EQ(K.Skipped[1], "m[0:n][0:n]");
}

TEST(OpenMPKernels, OtherDirectivesAndNesting) {
  Parsed P = parse(R"(
    void f(int n, double *a, double *b) {
      #pragma omp target data map(tofrom: a[0:n])
      {
        #pragma omp target teams loop map(to: b[0:n])
        for (int i = 0; i < n; i++) a[i] += b[i];
      }
      #pragma omp parallel
      {
        #pragma omp target map(tofrom: b[0:1])
        b[0] += 1;
      }
      #pragma omp target update from(a[0:1])
      #pragma omp target parallel for map(tofrom: a[0:n]) depend(inout: a[0])
      for (int i = 0; i < n; i++) a[i] -= 1;
    })");
  // The kernel inside the user's data region is collected (the region's
  // block is host code), the one inside a host parallel region is not.
  ASSERT_EQ(P.F.Kernels.size(), 2u);
  EXPECT_FALSE(P.F.Kernels[0].Async);
  EXPECT_EQ(items(P.F.Kernels[0]), "to b[0:n] [0..n - 1]");
  EXPECT_TRUE(P.F.Kernels[1].Async); // depend
  EXPECT_EQ(items(P.F.Kernels[1]), "tofrom a[0:n] [0..n - 1]");
  ASSERT_EQ(P.F.Others.size(), 3u);
  EXPECT_EQ(P.F.Others[0]->getDirectiveKind(), llvm::omp::OMPD_target_data);
  EXPECT_EQ(P.F.Others[1]->getDirectiveKind(), llvm::omp::OMPD_parallel);
  EXPECT_EQ(P.F.Others[2]->getDirectiveKind(), llvm::omp::OMPD_target_update);
}

TEST(OpenMPKernels, BoundChangedByTheKernelHasNoRange) {
  Parsed P = parse(R"(
    void f(int n, double *a) {
      #pragma omp target map(tofrom: a[0:n], n)
      { for (int i = 0; i < n; i++) a[i] = i; n = 0; }
    })");
  ASSERT_EQ(P.F.Kernels.size(), 1u);
  EXPECT_EQ(items(P.F.Kernels[0]), "tofrom a[0:n]");
}

} // namespace

TEST(OpenMPKernels, NestedDirectivesWithoutCapturedRegions) {
  // atomic has no captured region: the analysis of the kernel's code must
  // not ask for one (it stopped on an assertion).
  Parsed P = parse(R"(
    void f(int n, int *a, int *t) {
      #pragma omp target teams map(to: a[0:n]) map(tofrom: t[0:8])
      {
        #pragma omp distribute parallel for
        for (int x = 0; x < n; ++x) {
          #pragma omp atomic update
          t[x % 8] += a[x];
        }
      }
    })");
  ASSERT_EQ(P.F.Kernels.size(), 1u);
  EXPECT_EQ(items(P.F.Kernels[0]), "to a[0:n] [0..n - 1]; tofrom t[0:8] [0..7]");
}
