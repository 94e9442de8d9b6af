// --offload=serial: the loops proved parallel become kernels, the others
// stay on the host with their reason, and the kernels get the data
// placement of translated OpenACC (here a call summary: smooth's loops run
// inside one region of main). Run against the serial original built with
// gcc, and with LIBOMPTARGET_INFO the bytes moved: each array goes in and
// out once for the whole program, not per kernel.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc -lm && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// Without the option the file is left as it is.
// RUN: %omp-migrate %s -- | diff %s -
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void smooth(int n, int steps, double *restrict a, double *restrict b) {
  // OUT: {{^ *}}#pragma omp target data map(tofrom: b[1:(n > 2) * (n - 2)], a[0:n])
  // OUT-NEXT: {{^ *}}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
    // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b[1:(n > 2) * (n - 2)]) map(to: a[0:n])
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[1:(n > 2) * (n - 2)]) map(to: b[1:(n > 2) * (n - 2)])
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}

static void scale(int n, int m, double *restrict x, const double *restrict y) {
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(to: y[0:m*n]) map(tofrom: x[0:m*n]) private(t)
  double t;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = y[i * m + j];
      x[i * m + j] = 2 * t;
    }
}

int main(void) {
  int n = 100000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  // Two allocations of their own: not the same memory.
  // NOTE: serial-offload.c:[[@LINE+3]]:3: note: offloaded: the dependence test proves its iterations independent
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  // OUT-NEXT: {{^ *}}for (int i = 0; i < n; i++) {
  for (int i = 0; i < n; i++) {
    a[i] = sin(i * 0.01);
    b[i] = 0;
  }
  smooth(n, 20, a, b);
  scale(100, 1000, a, b);
  double s = 0, m = 0;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: s, m) map(to: a[0:n]) reduction(+: s) reduction(max: m)
  for (int i = 0; i < n; i++) {
    s += a[i];
    if (a[i] > m)
      m = a[i];
  }
  // NOTE: serial-offload.c:[[@LINE+1]]:3: note: kept on the host: 'a' is written and accessed at different subscripts, which may be a loop-carried dependence
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1;
  int cnt = 0, last = 0;
  // NOTE: serial-offload.c:[[@LINE+1]]:3: note: kept on the host: its 10 iterations are too few to offload (fewer than 1000)
  for (int i = 0; i < 10; i++)
    cnt += i;
  // NOTE: serial-offload.c:[[@LINE+1]]:3: note: kept on the host: the loop calls 'printf', which is not a pure function of the C library
  for (int i = 0; i < n; i++)
    if (i % 50000 == 0)
      printf("%d ", i);
  // NOTE: serial-offload.c:[[@LINE+1]]:3: note: kept on the host: 'last' is read after the loop: its last value would need lastprivate, which clang 19 does not give back from a GPU
  for (int i = 0; i < n; i++)
    last = i * 2;
  printf("\n%.6f %.6f %.1f %d %d\n", s, m, a[n - 1], cnt, last);
  free(a);
  free(b);
  return 0;
}
