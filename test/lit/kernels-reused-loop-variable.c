// An OpenACC kernels nest whose inner loops reuse one variable (C89's `i`):
// the same facts as --offload=serial's (serial-reused-loop-variable.c).
// Before 2026-11-29 the j loop, whose iterations update overlapping
// elements of A (A[j + i] for i in 0..N-1), became `target teams distribute
// parallel for private(i)`; it runs on one GPU thread now, with the
// warning that says why. The second nest, whose two inner loops over i
// touch row j only, is still spread over j.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
#include <stdio.h>
#define N 1000
double A[2 * N], C[N][N];

int main(void) {
  int i, j;
  // DIAG: [[@LINE+3]]:1: warning: loop at line [[#@LINE+4]] runs on one GPU thread: iterations may write the same element of 'A'
  // CHECK: #pragma omp target map(tofrom: A, C)
  // CHECK-NEXT: for (j = 0; j < N; j++) {
#pragma acc kernels
  for (j = 0; j < N; j++) {
    for (i = 0; i < N; i++) A[j + i] = A[j + i] + 1;
    for (i = 0; i < N; i++) C[j][i] = j;
  }
  // CHECK: #pragma omp target teams distribute parallel for map(tofrom: C) private(i)
#pragma acc kernels
  for (j = 0; j < N; j++) {
    for (i = 0; i < N; i++) C[j][i] = C[j][i] + 1;
    for (i = 0; i < N; i++) C[j][i] = C[j][i] * 2;
  }
  double s = 0;
  for (i = 0; i < 2 * N; i++)
    s += A[i] * (i % 7);
  for (i = 0; i < N; i++)
    s += C[i][i % 5];
  printf("%.1f\n", s);
  return 0;
}
// DIAG: exit=0
