// A loop that runs no iteration because its bounds are inverted by more
// than one (`i < n - 1` from 1 with n = 0) must map nothing: an inferred
// length with a negative term is clamped at 0 (`(n > 2) * (n - 2)`,
// compared without the subtraction, so an unsigned count is right too),
// else libomptarget aborts where the original does nothing. The program
// runs with n = 0, 1, 2, 3 and 10, a kernel alone, kernels in one data
// region, and an unsigned count, against the serial original.
// RUN: %omp-migrate --offload=serial %s -- > %t.c
// RUN: %FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: gcc -O1 %s -o %t.orig
// RUN: for n in 0 1 2 3 10; do env OMP_TARGET_OFFLOAD=MANDATORY %t.omp $n; done > %t.out
// RUN: for n in 0 1 2 3 10; do %t.orig $n; done > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc
// RUN: for n in 0 1 2 3 10; do %t.gcc $n; done > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

static void stencil(double *restrict a, const double *restrict b, int n) {
  int i;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[1:(n > 2) * (n - 2)]) map(to: b[0:n])
  for (i = 1; i < n - 1; i++)
    a[i] = b[i - 1] + b[i + 1];
}

static void smooth(double *restrict u, double *restrict v, int n, int steps) {
  int i, t;
  // CHECK: {{^ *}}#pragma omp target data map(tofrom: v[1:(n > 2) * (n - 2)], u[0:n])
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    for (i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
}

static void scale(double *restrict a, const double *restrict b, unsigned n) {
  unsigned i;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[2:(n > 3) * (n - 3)]) map(to: b[3:(n > 3) * (n - 3)])
  for (i = 2; i < n - 1; i++)
    a[i] = 2.0 * b[i + 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  double a[10] = {0}, b[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  double u[10] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, v[10] = {0};
  stencil(a, b, n);
  smooth(u, v, n, 3);
  scale(b, a, (unsigned)n);
  printf("%d: %g %g %g %g\n", n, a[1], u[2], v[3], b[2]);
  return 0;
}
