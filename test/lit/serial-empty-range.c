// KNOWN DEFECT (docs/serial.md, "What is not done"): a loop that runs no
// iteration because its bounds are inverted by more than one (`i < n - 1`
// from 1 with n = 0) gets an inferred section of negative length
// (`a[1:n - 2]`), and libomptarget aborts where the original does nothing.
// This test runs the translation with n = 0 and fails until the lengths
// are clamped; lit counts it as an expected failure, and an unexpected
// pass when the defect is fixed (then remove the XFAIL line).
// XFAIL: *
// RUN: %omp-migrate --offload=serial %s -- > %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp 0 > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig 0 > %t.ref
// RUN: diff %t.ref %t.out
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

static void stencil(double *restrict a, const double *restrict b, int n) {
  int i;
  for (i = 1; i < n - 1; i++)
    a[i] = b[i - 1] + b[i + 1];
}

int main(int argc, char **argv) {
  double a[10] = {0}, b[10] = {1, 2, 3};
  stencil(a, b, argc > 1 ? atoi(argv[1]) : 10);
  printf("%g\n", a[1]);
  return 0;
}
