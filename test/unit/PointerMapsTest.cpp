#include "Verify/PointerMaps.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// The unmapped pointers of Code (OpenMP), as "pointer@line" (with
/// "via callee" for a call), one per line.
std::string unmapped(llvm::StringRef Code, llvm::StringRef File = "t.c") {
  std::vector<std::string> Flags = {"-fopenmp"};
  if (File.ends_with(".cpp"))
    Flags.push_back("-std=c++17");
  auto AST = parseCode(Code, Flags, File);
  if (!AST)
    return "(no AST)";
  const clang::SourceManager &SM = AST->getSourceManager();
  std::string S;
  for (const UnmappedPointer &U : findUnmappedPointers(AST->getASTContext())) {
    S += U.Pointer + "@" + std::to_string(SM.getSpellingLineNumber(U.Use));
    if (!U.Callee.empty())
      S += " via " + U.Callee;
    S += "\n";
  }
  return S;
}

} // namespace

TEST(PointerMaps, SectionsOfTheConstructMapPointers) {
  EXPECT_EQ(unmapped(R"(
void f(int n, float a, float *x, float *y, float *z) {
  #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n], z[:0])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + *(z + i);
})"),
            "");
}

TEST(PointerMaps, UnmappedPointersAreReportedOncePerConstruct) {
  EXPECT_EQ(unmapped(R"(
void f(int n, float *x, float *y) {
  #pragma omp target teams distribute parallel for map(to: x[0:n])
  for (int i = 0; i < n; i++)
    y[i] = x[i] + y[i];
  #pragma omp target map(tofrom: y)
  for (int i = 0; i < n; i++)
    *(y + i) = 0;
})"),
            // A pointer mapped bare moves its address, not the data.
            "y@5\ny@8\n");
}

TEST(PointerMaps, EveryTargetFormIsChecked) {
  EXPECT_EQ(unmapped(R"(
void f(int n, float *a) {
  #pragma omp target
  a[0] = 1;
  #pragma omp target teams
  a[1] = 1;
  #pragma omp target parallel for
  for (int i = 0; i < n; i++) a[i] = 1;
  #pragma omp target teams loop
  for (int i = 0; i < n; i++) a[i] = 1;
  #pragma omp target simd
  for (int i = 0; i < n; i++) a[i] = 1;
})"),
            "a@4\na@6\na@8\na@10\na@12\n");
}

TEST(PointerMaps, StructMembers) {
  EXPECT_EQ(unmapped(R"(
struct M { double *x; int n; };
void f(struct M m, struct M *p) {
  #pragma omp target teams distribute parallel for map(tofrom: m)
  for (int i = 0; i < m.n; i++) m.x[i] = 0;
  #pragma omp target teams distribute parallel for map(tofrom: m.x[0:m.n])
  for (int i = 0; i < m.n; i++) m.x[i] = 0;
  #pragma omp target teams distribute parallel for map(tofrom: p->x[0:p->n])
  for (int i = 0; i < p->n; i++) p->x[i] = 0;
  #pragma omp target teams distribute parallel for map(to: p[0:1])
  for (int i = 0; i < p->n; i++) p->x[i] = 0;
})"),
            // map(m) copies the pointer member, not its array; p[0:1] maps
            // the struct p points to, not p->x's array.
            "m.x@5\np->x@11\n");
}

TEST(PointerMaps, EnclosingDataRegionsAndDevicePointers) {
  EXPECT_EQ(unmapped(R"(
void f(int n, float *a, float *b, float *c, float *d) {
  #pragma omp target data map(tofrom: a[0:n]) use_device_ptr(d)
  {
    for (int k = 0; k < 3; k++) {
      #pragma omp target teams distribute parallel for is_device_ptr(c)
      for (int i = 0; i < n; i++) a[i] += c[i] + d[i];
    }
  }
  #pragma omp target teams distribute parallel for has_device_addr(b)
  for (int i = 0; i < n; i++) b[i] = a[i];
})"),
            // The region ends before the last construct.
            "a@11\n");
}

TEST(PointerMaps, EnterDataEarlierWithoutExitBetween) {
  EXPECT_EQ(unmapped(R"(
void f(int n, float *a, float *b) {
  #pragma omp target enter data map(to: a[0:n], b[0:n])
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) a[i] += b[i];
  #pragma omp target exit data map(from: a[0:n])
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) a[i] += b[i];
}
void g(int n, float *a) {
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) a[i] = 0;
  #pragma omp target enter data map(to: a[0:n])
})"),
            // After its exit data; before its enter data.
            "a@8\na@12\n");
}

TEST(PointerMaps, DeclareTargetLocalAndAssignedPointers) {
  EXPECT_EQ(unmapped(R"(
#pragma omp declare target
double *g;
#pragma omp end declare target
void f(int n, double *a, double *b) {
  #pragma omp target map(to: a[0:n])
  {
    double *q = a + 1;
    double *r = b;   // b is used, not dereferenced
    for (int i = 0; i < n - 1; i++) q[i] += g[i];
    (void)r;
  }
  #pragma omp target
  for (double *p = b; p < b + n; p++) *p = 0;
})"),
            "");
}

TEST(PointerMaps, PointersLoadedFromMemoryAreNotFollowed) {
  EXPECT_EQ(unmapped(R"(
void f(int n, double **a) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n][0:n])
  for (int i = 0; i < n; i++) a[i][i] = 0;
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) a[i][i] = 0;
})"),
            // a itself is dereferenced; the rows a[i] are not followed.
            "a@6\n");
}

TEST(PointerMaps, DeclareTargetCalleesDereferencingParameters) {
  EXPECT_EQ(unmapped(R"(
#pragma omp declare target
static double get(const double *p, int i) { return p[i]; }
static double twice(const double *p, const double *unused, int i) {
  (void)unused;
  return 2 * get(p, i);
}
#pragma omp end declare target
double host_only(const double *p, int i) { return p[i]; }
void f(int n, double *a, double *b, double *c, double *d) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] = twice(b, c, i) + host_only(d, i);
})"),
            // c reaches a parameter the callee never dereferences; host_only
            // is no declare target function (clang rejects the call anyway
            // when it compiles for a device).
            "b@12 via twice\n");
}

TEST(PointerMaps, ThisAndItsMembersInCxx) {
  EXPECT_EQ(unmapped(R"(
struct V {
  double *x;
  int n;
  double s;
  void scale(double f) {
    #pragma omp target teams distribute parallel for map(tofrom: this->x[0:n])
    for (int i = 0; i < n; i++) x[i] *= f * s;
  }
  void zero() {
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++) x[i] = 0;
  }
};
template <class T> void fill(T *p, int n) {
  #pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) p[i] = 0;
}
void use(double *a, float *b, int n) { fill(a, n); fill(b, n); }
)",
                     "t.cpp"),
            // `this` is mapped implicitly; what x points to is not. The
            // template's two instantiations report their one line once.
            "this->x@12\np@17\n");
}

TEST(PointerMaps, LambdasArePartOfTheirFunction) {
  EXPECT_EQ(unmapped(R"(
void f(int n, double *a) {
  #pragma omp target data map(tofrom: a[0:n])
  {
    auto k = [=]() {
      #pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++) a[i] = 0;
    };
    k();
  }
  auto z = [=]() {
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++) a[i] = 0;
  };
  z();
})",
                     "t.cpp"),
            "a@13\n");
}
