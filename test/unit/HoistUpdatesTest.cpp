//===- HoistUpdatesTest.cpp - target update around the host's uses --------===//
#include "PlacementFixture.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

// PolyBench's lu: the kernel writes row i, the host reads rows 0..i and
// writes row i.
const char *const LU = "void lu(int n, double A[64][64]) {\n"
                       "  for (int i = 0; i < n; i++) {\n"
                       "    for (int j = 0; j < i; j++)\n"
                       "      A[i][j] = A[i][j] / A[j][j] + A[j][i];\n"
                       "    #pragma acc parallel loop\n"
                       "    for (int j = i; j < n; j++)\n"
                       "      A[i][j] = A[i][j] - A[i][0] * A[0][j];\n"
                       "  }\n"
                       "}\n";

} // namespace

TEST(HoistUpdatesTest, AKernelsRowsAreFetchedAfterIt) {
  PlacementFixture X(LU);
  X.Placer->run();
  EXPECT_EQ(X.result(),
            "void lu(int n, double A[64][64]) {\n"
            "  #pragma omp target data map(tofrom: A[0:n])\n"
            "  for (int i = 0; i < n; i++) {\n"
            "    for (int j = 0; j < i; j++)\n"
            "      A[i][j] = A[i][j] / A[j][j] + A[j][i];\n"
            "    #pragma omp target update to(A[i:1])\n"
            "    #pragma omp target teams distribute parallel for map(tofrom: A[0:i + 1])\n"
            "    for (int j = i; j < n; j++)\n"
            "      A[i][j] = A[i][j] - A[i][0] * A[0][j];\n"
            "    #pragma omp target update from(A[i:1])\n"
            "  }\n"
            "}\n")
      << X.result();
}

TEST(HoistUpdatesTest, ASmallReadIsFetchedBeforeIt) {
  // The kernel writes a[0:n], the host reads one element: fetched there.
  PlacementFixture X("double f(int n, int steps, double *restrict a) {\n"
                     "  double s = 0;\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] = a[i] * 0.5 + t;\n"
                     "    s += a[0];\n"
                     "  }\n"
                     "  return s;\n"
                     "}\n");
  X.Placer->run();
  EXPECT_NE(X.result().find("      a[i] = a[i] * 0.5 + t;\n"
                            "    #pragma omp target update from(a[0:1])\n"
                            "    s += a[0];\n"),
            std::string::npos)
      << X.result();
}

TEST(HoistUpdatesTest, ATieIsFetchedBeforeTheRead) {
  // The host reads what the kernel writes, no more: a read may not happen
  // (here under a condition), so the fetch stays with it.
  PlacementFixture X("double f(int n, int steps, double *restrict a) {\n"
                     "  double s = 0;\n"
                     "  for (int t = 0; t < steps; t++) {\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int i = 0; i < n; i++)\n"
                     "      a[i] = a[i] * 0.5 + t;\n"
                     "    s = s * 0.5;\n"
                     "    if (t == 3)\n"
                     "      for (int i = 0; i < n; i++)\n"
                     "        s += a[i];\n"
                     "  }\n"
                     "  return s;\n"
                     "}\n");
  X.Placer->run();
  EXPECT_NE(X.result().find("      a[i] = a[i] * 0.5 + t;\n"
                            "    s = s * 0.5;\n"
                            "    #pragma omp target update from(a[0:n])\n"
                            "    if (t == 3)\n"),
            std::string::npos)
      << X.result();
}

TEST(HoistUpdatesTest, AKernelThatMayWriteItUnderAnotherNameRulesItOut) {
  // b may be the memory of A's rows (neither is restrict): the kernel
  // writing b could write A's, which no write-back of b's box would fetch.
  PlacementFixture X("void lu(int n, double A[64][64], double (*b)[64]) {\n"
                     "  for (int i = 0; i < n; i++) {\n"
                     "    for (int j = 0; j < i; j++)\n"
                     "      A[i][j] = A[i][j] / A[j][j] + A[j][i];\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int j = i; j < n; j++)\n"
                     "      A[i][j] = A[i][j] - A[i][0] * A[0][j];\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int j = 0; j < n; j++)\n"
                     "      b[i][j] = 1;\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  EXPECT_EQ(X.result().find("update from(A[i:1])"), std::string::npos) << X.result();
  EXPECT_NE(X.result().find("  for (int i = 0; i < n; i++) {\n"
                            "    #pragma omp target update from(A[0:i + 1])\n"),
            std::string::npos)
      << X.result();
}

TEST(HoistUpdatesTest, TheHostsWritesGoBackByTheirRows) {
  // The host touches rows 0..i (reads) and writes row i only.
  PlacementFixture X(LU);
  X.Placer->run();
  EXPECT_NE(X.result().find("update to(A[i:1])"), std::string::npos) << X.result();
  EXPECT_EQ(X.result().find("update to(A[0:i + 1])"), std::string::npos) << X.result();
}

TEST(HoistUpdatesTest, ADeclaredArrayOfArraysIsUpdatedByRows) {
  // A file-scope matrix mapped whole: the host's writes go back by the rows
  // they write, and the kernel's row comes back after it, where the whole
  // matrix moved both ways before.
  PlacementFixture X("double A[64][64];\n"
                     "void lu(int n) {\n"
                     "  for (int i = 0; i < n; i++) {\n"
                     "    for (int j = 0; j < i; j++)\n"
                     "      A[i][j] = A[i][j] / A[j][j] + A[j][i];\n"
                     "    #pragma acc parallel loop\n"
                     "    for (int j = i; j < n; j++)\n"
                     "      A[i][j] = A[i][j] - A[i][0] * A[0][j];\n"
                     "  }\n"
                     "}\n");
  X.Placer->run();
  EXPECT_NE(X.result().find("    #pragma omp target update to(A[i:1])\n"
                            "    #pragma omp target teams distribute parallel for"),
            std::string::npos)
      << X.result();
  EXPECT_NE(X.result().find("      A[i][j] = A[i][j] - A[i][0] * A[0][j];\n"
                            "    #pragma omp target update from(A[i:1])\n"),
            std::string::npos)
      << X.result();
  EXPECT_EQ(X.result().find("update from(A)"), std::string::npos) << X.result();
}

TEST(HoistUpdatesTest, TwoStatementsInARowSendOnce) {
  // Both host statements write t[i]; the first's send is left out, the
  // second sends after both. With a call of the file's own between (it
  // could run a kernel), both are kept.
  const char *const Code =
      "void g(void);\n"
      "void f(int m, int n, double A[64][64], double *restrict t, double *restrict y) {\n"
      "  for (int i = 0; i < m; i++) {\n"
      "    t[i] = 0;\n"
      "    for (int j = 0; j < n; j++)\n"
      "      t[i] = t[i] + A[i][j] CALL;\n"
      "    #pragma acc parallel loop\n"
      "    for (int j = 0; j < n; j++)\n"
      "      y[j] = y[j] + A[i][j] * t[i];\n"
      "    y[0] = 1;\n"
      "  }\n"
      "}\n";
  auto With = [&](const std::string &Call) {
    std::string C = Code;
    C.replace(C.find("CALL"), 4, Call);
    PlacementFixture X(C);
    X.Placer->run();
    return X.result();
  };
  std::string Once = With("");
  EXPECT_NE(Once.find("    t[i] = 0;\n"
                      "    for (int j = 0; j < n; j++)\n"
                      "      t[i] = t[i] + A[i][j] ;\n"
                      "    #pragma omp target update to(t[i:1])\n"),
            std::string::npos)
      << Once;
  std::string Twice = With("* (g(), 1)");
  EXPECT_NE(Twice.find("    t[i] = 0;\n"
                       "    #pragma omp target update to(t[i:1])\n"),
            std::string::npos)
      << Twice;
}
