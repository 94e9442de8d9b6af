// --offload=openmp on a file that also has target constructs of its own:
// without --optimize-data they are neither kernels nor host code for data
// placement, so no data region encloses them (it would not know what they
// do to the device's copies: host code between them would be updated from
// stale data). Found by the regression corpus (test/lit/optimize-data.c
// translated with --offload=openmp): a region with a `target update to`
// after the input's kernel, which overwrote its result. Run against the
// original built with clang-19 on the CPU stand-in.
// RUN: %omp-migrate --offload=openmp --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %if offload-cpu %{ %clang19-offload %s -o %t.orig && env OMP_TARGET_OFFLOAD=MANDATORY %t.orig > %t.ref %}
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>
static void steps(int n, int nsteps, double *a) {
  // CHECK-NOT: #pragma omp target data
  // CHECK-NOT: #pragma omp target update
  // NOTE: [[@LINE+1]]:3: note: no data region around this loop: it holds a target construct of the input (line [[#@LINE+2]]), which is no kernel without --optimize-data
  for (int t = 0; t < nsteps; t++) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 2.0;
    // CHECK: #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    // CHECK: #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] *= 0.25;
  }
}
int main(void) {
  int n = 64;
  double *a = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = i % 7;
  steps(n, 5, a);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("%.6f\n", s);
  free(a);
  return 0;
}
