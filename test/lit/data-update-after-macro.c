// A host statement that ends in a function-like macro's call
// (`R[k][k] = SQRT_FUN(nrm);`, PolyBench's gramschmidt) between kernels of
// a data region: the update after it goes on the next line, not after the
// macro's name (which split the call and failed the self-check).
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// REQUIRES: offload-cpu, gcc
#include <math.h>
#include <stdio.h>

#define M 2000
#define N 40
#define SQRT_FUN(x) sqrt(x)

static double A[M][N], R[N][N], Q[M][N];

int main(void) {
  int i, j, k;
  double nrm;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i == j ? 4.0 : 0.0) + 1.0 / (1.0 + i + j);
  // NOTE: data-update-after-macro.c:[[@LINE+1]]:3: note: kept on the host: iterations may write the same element of 'A'
  for (k = 0; k < N; k++) {
    nrm = 0.0;
    for (i = 0; i < M; i++)
      nrm += A[i][k] * A[i][k];
    // CHECK: {{^}}    R[k][k] = SQRT_FUN(nrm);{{$}}
    // CHECK-NEXT: {{^ *}}#pragma omp target update to(R[k:1]){{$}}
    R[k][k] = SQRT_FUN(nrm);
    for (i = 0; i < M; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < N; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < M; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
  double s = 0.0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      s += Q[i][j];
  for (k = 0; k < N; k++)
    s += R[k][k];
  printf("%.6e\n", s);
  return 0;
}
// NOTE-NOT: self-check rejected
