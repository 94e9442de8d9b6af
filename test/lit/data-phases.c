// Phases of a program: a set-up kernel, an iteration loop over a callee's
// kernels, a host read, a second iteration loop, a last reduction kernel.
// One target enter data before the first phase and one target exit data
// after the last keep u and v on the device all along (the planner tries
// these runs before it gives each loop a region of its own), so the copies
// do not depend on the iteration counts: u and v in (16,000 bytes), the
// printed element out (8), the reduction variable in and out (16), u out
// (8,000): 6 copies, where one region per loop makes 15 (104,016 bytes).
// Such a run is taken only if every array of its kernels can stay on the
// device across it; else the loops get their own regions (see
// data-calls-globals.c, where a call in between resizes the arrays).
// RUN: %omp-migrate %s -- > %t.c
// RUN: FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: %gcc-openacc %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: grep -c "Copying data" %t.log | FileCheck %s --check-prefix=COPIES
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

static void step(double *u, double *v, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    u[i] = v[i];
}

// COPIES: {{^}}6{{$}}
// CHECK-LABEL: {{^}}int main(
// CHECK:      {{^ *}}double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
// CHECK-NEXT: {{^ *}}#pragma omp target enter data map(to: u[0:n], v[0:n])
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
// CHECK-NEXT: {{^ *}}for (int i = 0; i < n; i++)
// CHECK-NEXT: {{^ *}}u[i] = v[i] = i % 7;
// CHECK-NEXT: {{^ *}}for (int t = 0; t < 50; t++)
// CHECK-NEXT: {{^ *}}step(u, v, n);
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[(n / 2):1])
// CHECK-NEXT: {{^ *}}printf("mid %g\n", u[n / 2]);
// CHECK-NEXT: {{^ *}}for (int t = 0; t < 50; t++) {
// CHECK-NEXT: {{^ *}}step(u, v, n);
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: u[0:n])
// CHECK:      {{^}}#pragma omp target teams distribute parallel for map(tofrom: s) map(to: u[0:n]) reduction(+: s)
// CHECK-NEXT: {{^ *}}for (int i = 0; i < n; i++)
// CHECK-NEXT: {{^ *}}s += u[i];
// CHECK-NEXT: {{^ *}}#pragma omp target exit data map(from: u[0:n]) map(release: v[0:n])
// CHECK-NEXT: {{^ *}}printf("%g\n", s);
// CHECK-NOT:  {{^ *}}#pragma omp target {{(enter |exit )?}}data
int main(void) {
  int n = 1000;
  double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i % 7;
  for (int t = 0; t < 50; t++)
    step(u, v, n);
  printf("mid %g\n", u[n / 2]);
  for (int t = 0; t < 50; t++) {
    step(u, v, n);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      u[i] *= 0.99;
  }
  double s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += u[i];
  printf("%g\n", s);
  free(u);
  free(v);
  return 0;
}
