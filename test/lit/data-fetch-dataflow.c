// Fetches the host already holds are not repeated: the planner asks the
// dataflow over the function's CFG (lib/Facts/HostCopies) whether, on every
// path into a host statement, the host fetched the same section since the
// last kernel that writes the array. In reuse(), both branches of an if
// fetch u[0:1], so the statement after them needs no fetch, nor does the one
// after a kernel that writes only v. In rebound(), the same text names other
// elements once its bound changes (k = k + 1) or the pointer is swapped, so
// those statements fetch again. In fixed(), an array of constant size is
// mapped whole, and the fetch is narrowed to the element the host reads.
// RUN: %omp-migrate %s -- > %t.c
// RUN: FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

// CHECK-LABEL: {{^}}static void reuse(
// CHECK:      {{^ *}}if (it % 2)
// CHECK-NEXT: {{^ *}}{
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[0:1])
// CHECK-NEXT: {{^ *}}printf("odd %g\n", u[0]);
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}else
// CHECK-NEXT: {{^ *}}{
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[0:1])
// CHECK-NEXT: {{^ *}}printf("even %g\n", 2 * u[0]);
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}printf("again %g\n", u[0]);
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: v[0:n]) map(to: u[0:n])
// CHECK-NEXT: {{^ *}}for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^ *}}v[i] = u[i] / 2;
// CHECK-NEXT: {{^ *}}printf("after %g\n", u[0]);
static void reuse(int n, double *u, double *v) {
  for (int it = 0; it < 4; ++it) {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + v[i];
    if (it % 2)
      printf("odd %g\n", u[0]);
    else
      printf("even %g\n", 2 * u[0]);
    printf("again %g\n", u[0]);
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      v[i] = u[i] / 2;
    printf("after %g\n", u[0]);
  }
}

// CHECK-LABEL: {{^}}static void rebound(
// CHECK:      {{^ *}}int k = it;
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[k:1])
// CHECK-NEXT: {{^ *}}printf("%g\n", u[k]);
// CHECK-NEXT: {{^ *}}k = k + 1;
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[k:1])
// CHECK-NEXT: {{^ *}}printf("%g\n", u[k]);
// CHECK-NEXT: {{^ *}}t = u; u = v; v = t;
// CHECK-NEXT: {{^ *}}#pragma omp target update from(u[k:1])
// CHECK-NEXT: {{^ *}}printf("%g\n", u[k]);
static void rebound(int n) {
  double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v), *t;
  for (int i = 0; i < n; ++i)
    u[i] = v[i] = i;
  for (int it = 0; it < 4; ++it) {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + v[i];
    int k = it;
    printf("%g\n", u[k]);
    k = k + 1;
    printf("%g\n", u[k]);
    t = u; u = v; v = t;
    printf("%g\n", u[k]);
  }
  printf("%g %g\n", u[5], v[5]);
  free(u);
  free(v);
}

// CHECK-LABEL: {{^}}static void fixed(
// CHECK:      {{^ *}}#pragma omp target data map(tofrom: w)
// CHECK:      {{^ *}}#pragma omp target update from(w[3:1])
// CHECK-NEXT: {{^ *}}printf("w %g\n", w[3]);
static void fixed(void) {
  double w[32];
  for (int i = 0; i < 32; ++i)
    w[i] = i;
  for (int it = 0; it < 3; ++it) {
#pragma acc parallel loop
    for (int i = 0; i < 32; ++i)
      w[i] = w[i] * 2 + it;
    printf("w %g\n", w[3]);
  }
}

int main(void) {
  double u[64], v[64];
  for (int i = 0; i < 64; ++i)
    u[i] = v[i] = i;
  reuse(64, u, v);
  rebound(64);
  fixed();
  return 0;
}
