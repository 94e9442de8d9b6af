// Directives written as _Pragma("acc ...") operators, in code or in a macro
// definition of the file, are translated in place: the OpenMP directive goes
// into the operator's string literal (in the definition, once for every use
// that translates alike). The translation prints what the original prints.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// DIAG: pragma-operator.c: 3 of 3 constructs translated
// DIAG-NEXT: exit=0
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// REQUIRES: offload-cpu, gcc
// RUN: %gcc-openacc %s -o %t.acc && %t.acc > %t.want
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.got
// RUN: diff %t.want %t.got
#include <stdio.h>

// CHECK: #define SCALE_LOOP _Pragma("omp target teams distribute parallel for map(tofrom: x[0:n])")
#define SCALE_LOOP _Pragma("acc parallel loop copy(x[0:n])")

void scale(int n, float *x) {
  SCALE_LOOP
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}

void twice(int n, float *x) {
  SCALE_LOOP
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}

void shift(int n, float *x) {
  // CHECK: _Pragma("omp target teams distribute parallel for map(tofrom: x[0:n])")
  _Pragma("acc parallel loop copy(x[0:n])")
  for (int i = 0; i < n; i++)
    x[i] += 1;
}

int main(void) {
  float x[16];
  for (int i = 0; i < 16; i++)
    x[i] = i;
  scale(16, x);
  twice(16, x);
  shift(16, x);
  printf("%.1f %.1f\n", x[1], x[15]);
  return 0;
}
