//===- ClausesTest.cpp - OpenACC clauses as OpenMP clauses ----------------===//
#include "PlanFixture.h"
#include "Facts/Members.h"
#include "Translate/Clauses.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

namespace {
struct Step : ClauseStep {
  using ClauseStep::ClauseStep;
  using ClauseStep::dataClause;
  using ClauseStep::declaredSection;
  using ClauseStep::deepSectionWhy;
  using ClauseStep::privateItem;
};

/// dataClause on each clause of the first directive: the maps, or why not.
std::string maps(PlanFixture &X, DataContext Ctxt, bool Finalize = false) {
  Step S(*X.Base, *X.St);
  ConstructRecord R;
  MapList M;
  std::vector<std::string> DevPtrs;
  std::string Why;
  for (const clang::OpenACCClause *C : X.Dirs[0].Clauses)
    if (!S.dataClause(C, Ctxt, Finalize, M, DevPtrs, R, Why))
      return "error: " + Why;
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  for (const std::string &D : DevPtrs)
    Cl.push_back("is_device_ptr(" + D + ")");
  std::string Out;
  for (const std::string &C : Cl)
    Out += (Out.empty() ? "" : " ") + C;
  return Out;
}
} // namespace

TEST(ClausesTest, DataClausesByContext) {
  PlanFixture X("void f(int n, float *a, float *b, float *c, float *d) {\n"
                "  #pragma acc enter data copyin(a[0:n]) create(b[0:n])\n"
                "  #pragma acc exit data copyout(a[0:n]) delete(b[0:n])\n"
                "  #pragma acc parallel copy(c[0:n]) present(d[0:n]) deviceptr(a)\n"
                "  { c[0] = d[0] + a[0]; }\n"
                "}\n");
  EXPECT_EQ(maps(X, DataContext::EnterData), "map(to: a[0:n]) map(alloc: b[0:n])");
  PlanFixture Y(X.Code);
  std::swap(Y.Dirs[0], Y.Dirs[1]);
  EXPECT_EQ(maps(Y, DataContext::ExitData), "map(from: a[0:n]) map(release: b[0:n])");
  PlanFixture Z(X.Code);
  std::swap(Z.Dirs[0], Z.Dirs[2]);
  EXPECT_EQ(maps(Z, DataContext::Compute),
            "map(tofrom: c[0:n]) map(alloc: d[0:n]) is_device_ptr(a)");
}

TEST(ClausesTest, PointerWithoutSectionAndDeepCopyBeyondTwoLevelsAreRefused) {
  PlanFixture X("void f(int n, float *a) {\n"
                "  #pragma acc enter data copyin(a)\n"
                "}\n");
  EXPECT_EQ(maps(X, DataContext::EnterData),
            "error: 'a' is a pointer without a section: OpenACC moves the "
            "pointer itself; write the section to move the data");
  PlanFixture Y("void f(int n, int m, double ***a) {\n"
                "  #pragma acc enter data copyin(a[0:n][0:n][0:m])\n"
                "}\n");
  EXPECT_EQ(maps(Y, DataContext::EnterData),
            "error: 'a[0:n][0:n][0:m]': the section's elements are pointers "
            "('double ***'); OpenMP maps only the pointers, not the data they "
            "point to (no deep copy); use one contiguous array or map each "
            "row (OpenMP deep copies here are translated only for a variable "
            "with two sections, a[lo:n][lo2:m])");
}

TEST(ClausesTest, ArrayParameterTakesItsDeclaredExtents) {
  PlanFixture X("#define N 8\n"
                "void f(double A[N][N]) {\n"
                "  #pragma acc enter data copyin(A)\n"
                "}\n");
  EXPECT_EQ(maps(X, DataContext::EnterData), "map(to: A[0:N][0:N])");
}

TEST(ClausesTest, PrivateItems) {
  PlanFixture X("void f(int n) {\n"
                "  float t[4], u[8];\n"
                "  #pragma acc parallel private(t[0:4]) firstprivate(u[0:2])\n"
                "  { t[0] = u[0]; }\n"
                "}\n");
  Step S(*X.Base, *X.St);
  const Directive &D = X.Dirs[X.dir(DK::Parallel)];
  std::string Why;
  auto Item = [&](unsigned C) {
    return S.privateItem(varList(D.Clauses[C])[0], C ? "firstprivate" : "private", Why);
  };
  EXPECT_EQ(Item(0), "t");
  EXPECT_TRUE(Why.empty());
  EXPECT_EQ(Item(1), "");
  EXPECT_EQ(Why, "firstprivate(u[0:2]): OpenMP has no firstprivate array "
                 "sections; declare a local array in the region instead and "
                 "copy the values into it");
}
