// A construct inside a data construct that is not translated (reported,
// left as '#pragma acc', which OpenMP compilers ignore) gets its own maps:
// nothing may rely on a region that is not emitted (issue #13, item 2; the
// CPU stand-in cannot see it: an unmapped pointer works there). The same
// for enter data that is not translated.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && %clang19-offload -Wno-unknown-pragmas %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>

void region(int n, double *a, double *c) {
  // DIAG: [[@LINE+2]]:3: warning: 'data' not translated: 'a' is a pointer without a section
  // CHECK: {{^ *}}#pragma acc data copyin(a) copy(c[0:n])
  #pragma acc data copyin(a) copy(c[0:n])
  {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: c[0:n]) map(to: a[0:n]){{$}}
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      c[i] += a[i];
  }
}

void unstructured(int n, double *a) {
  // DIAG: [[@LINE+1]]:3: warning: 'enter data' not translated: 'a' is a pointer without a section
  #pragma acc enter data copyin(a)
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    a[i] *= 2;
  // CHECK: {{^ *}}#pragma omp target exit data map(release: a[0:n]){{$}}
  #pragma acc exit data delete(a[0:n])
}

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i;
    c[i] = 1;
  }
  region(n, a, c);
  unstructured(n, a);
  printf("%.1f %.1f\n", c[n - 1], a[n - 1]);
  return 0;
}
// DIAG: exit=1
