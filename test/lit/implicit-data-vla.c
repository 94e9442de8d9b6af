// A variable-length array a compute construct uses without a data clause
// (issue #18) maps whole: clang and gcc map it by its size when the
// program runs.
// The V&V suite's gang_dimensions and *_default_copy tests do this.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out && FileCheck %s --check-prefix=OUT --input-file=%t.out %}
// DIAG: implicit-data-vla.c: 2 of 2 constructs translated
// DIAG-NEXT: exit=0
#include <stdio.h>

static double run(int n) {
  double c[n], d[n][3];
  for (int i = 0; i < n; i++)
    c[i] = d[i][0] = d[i][1] = d[i][2] = i;
  // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: c, d){{$}}
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    c[i] *= 2;
    d[i][2] += c[i];
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += c[i] + d[i][2];
  return s;
}

static double sum(int n) {
  double c[n], s = 0;
  for (int i = 0; i < n; i++)
    c[i] = 1;
  // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: s) map(to: c) reduction(+: s){{$}}
#pragma acc parallel loop reduction(+: s)
  for (int i = 0; i < n; i++)
    s += c[i];
  return s;
}

int main(void) {
  printf("%g %g\n", run(100), sum(7));
  // OUT: 24750 7
  return 0;
}
