// A function whose kernels use one array and whose host code writes
// another that its caller passes: the call is no kernel of the caller (no
// summary), so the caller does not keep the arrays on the device across it
// (regression: the summary let the call hide the host write to b, and the
// caller's enter/exit data around its kernels and the call overwrote it
// with the device's stale copy: 1503500.0 printed instead of 1503550.0).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.acc && %t.acc > %t.ref
// RUN: diff %t.ref %t.out
#include <stdio.h>
#include <stdlib.h>

static void work(double *a, double *b, int n, int steps) {
  for (int t = 0; t < steps; t++) {
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 1;
    b[t % n] += 10;
  }
}

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  // CHECK-NOT: {{^ *}}#pragma omp target enter data
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = 2 * i;
  }
  // CHECK-NOT: {{^ *}}#pragma omp target
  // CHECK: {{^ *}}work(a, b, n, 5);
  work(a, b, n, 5);
  double s = 0;
  #pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i] + b[i];
  printf("%.1f\n", s);
  free(a);
  free(b);
  return 0;
}
