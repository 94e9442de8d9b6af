// A section is inferred over the range of the loop variable that the
// access really sees: a guard around the access (`if (i < R)` inside
// `for (i = 0; i < N; i++)`) narrows it. Before, `m` of R rows was mapped
// `m[0:N]` (N > R), past the end of its allocation: heap corruption or an
// out-of-memory error (found by test/fuzz/fuzz_openmp.py). A guard that
// cannot be ordered with the loop's bound leaves no section: the construct
// is reported. Run against the gcc OpenACC original on the CPU stand-in.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: grep -v "^ *//" %t.c | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
// RUN: %omp-migrate --offload=openmp %S/Inputs/openmp-guarded-section.c -- | FileCheck %s --check-prefix=OMP
#include <stdio.h>
#include <stdlib.h>
#define N 100000
#define R 10
#define C 33

static void fill(double *a, double (*m)[C]) {
  // CHECK: #pragma omp target teams distribute parallel for map(tofrom: a[0:N], m[0:R])
  #pragma acc parallel loop
  for (int i = 0; i < N; i++) {
    a[i] = i % 11;
    if (i < R)
      for (int j = 0; j < C; j++)
        m[i][j] = (i + 2 * j) % 9;
  }
}

// Both ends, joined by &&; a guard wider than the loop changes nothing.
static void edges(int n, double *x, double *y) {
  // CHECK: #pragma omp target teams distribute parallel for map(tofrom: x[1:(n > 2) * (n - 2)], y[0:n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    if (i > 0 && i < n - 1)
      x[i] = 1;
    if (i <= n + 5)
      y[i] += 1;
  }
}

// A guard that cannot be ordered with the loop's bound.
static void unordered(int n, int m, double *z) {
  // DIAG: [[@LINE+1]]:3: warning: 'parallel loop' not translated: no array section can be inferred for 'z': the subscript 'i' is guarded by a bound on 'i' ('m - 1') that cannot be ordered with the loop's ('n - 1'); add a data clause
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    if (i < m)
      z[i] = 2;
}

int main(void) {
  double *a = malloc(N * sizeof(double));
  double (*m)[C] = malloc(sizeof(double[R][C]));
  double x[64] = {0}, y[64] = {0}, z[64] = {0};
  fill(a, m);
  edges(64, x, y);
  unordered(64, 32, z);
  double s = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      s += m[i][j];
  for (int i = 0; i < N; i++)
    s += a[i];
  for (int i = 0; i < 64; i++)
    s += x[i] + y[i] + z[i];
  printf("%.0f\n", s);
  free(a);
  free(m);
  return 0;
}
// DIAG: exit=1
// OMP: #pragma omp target teams distribute parallel for private(j) map(tofrom: a[0:N], m[0:R])
