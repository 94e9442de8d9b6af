//===- SerialRowsTest.cpp - Run-time tests of the rows of sparse structures ===//
#include "PlanFixture.h"
#include "Translate/Serial.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

std::string translate(const char *Code) {
  PlanFixture X(Code, PlanOptions(), {"-fopenacc", "-fopenmp"});
  std::vector<Kernel> Kernels;
  SerialTranslator T(*X.Base, Kernels);
  T.run(findSerialLoops(X.ctx()));
  T.emitEdits();
  return X.result();
}

} // namespace

TEST(SerialRowsTest, OneHelperPerElementTypeBeforeItsFirstUser) {
  // Two functions test int rows: one helper, before the first; long rows
  // get their own; a name the file has is not taken.
  std::string Out = translate(
      "int omp_migrate_rows_ascend_int;\n"
      "int r[9], c[99]; long q[9]; double v[99];\n"
      "void f(int n) {\n"
      "  for (int j = 0; j < n; j++)\n"
      "    for (int k = r[j]; k < r[j + 1]; k++)\n"
      "      c[k] = c[k] * 2;\n"
      "}\n"
      "void g(int n) {\n"
      "  for (int j = 2; j < n; j++)\n"
      "    for (long k = q[j]; k <= q[j + 1] - 1; k++)\n"
      "      v[k] = v[k] * 2;\n"
      "  for (int j = 0; j < n; j++)\n"
      "    for (int k = r[j]; k < r[j + 1]; k++)\n"
      "      v[k] = 1;\n"
      "}\n");
  auto Count = [&](const std::string &S) {
    size_t N = 0;
    for (size_t At = Out.find(S); At != std::string::npos; At = Out.find(S, At + 1))
      ++N;
    return N;
  };
  EXPECT_EQ(Count("static int omp_migrate_rows_ascend_int2(const int *rows, long long from, "
                  "long long to) {"),
            1u);
  EXPECT_EQ(Count("static int omp_migrate_rows_ascend_long(const long *rows, long long from, "
                  "long long to) {"),
            1u);
  EXPECT_LT(Out.find("omp_migrate_rows_ascend_int2(const int"), Out.find("void f(int n)"));
  EXPECT_LT(Out.find("void f(int n)"), Out.find("omp_migrate_rows_ascend_long(const long"));
  EXPECT_LT(Out.find("omp_migrate_rows_ascend_long(const long"), Out.find("void g(int n)"));
  EXPECT_EQ(Count("  if (omp_migrate_rows_ascend_int2(r, 0, n)) {\n"), 2u);
  EXPECT_EQ(Count("  if (omp_migrate_rows_ascend_long(q, 2, n)) {\n"), 1u);
}
