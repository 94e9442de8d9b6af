// Array parameters (PolyBench-ACC's gemm): `double A[NI][NK]` decays to a
// pointer, but its declaration keeps the extents: `copyin(A)` maps
// A[0:NI][0:NK] (issue #13, item 3). Only a first extent that is truly
// unknown is reported.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && %clang19-offload -Wno-unknown-pragmas %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#define NI 64
#define NJ 48
#define NK 32

void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  // CHECK: {{^ *}}#pragma omp target data map(to: A[0:NI][0:NK], B[0:NK][0:NJ]) map(tofrom: C[0:NI][0:NJ]){{$}}
  #pragma acc data copyin(A, B) copy(C)
  {
    // CHECK: {{^ *}}#pragma omp target teams{{$}}
    #pragma acc parallel
    {
      #pragma acc loop
      for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
          C[i][j] *= beta;
          for (int k = 0; k < nk; ++k)
            C[i][j] += alpha * A[i][k] * B[k][j];
        }
    }
  }
}

// A variable-length parameter: the extents are the parameters' names.
void scale(int n, int m, double X[n][m]) {
  // CHECK: {{^ *}}#pragma omp target update from(X[0:n][0:m])
  #pragma acc update self(X)
}

// DIAG: [[@LINE+2]]:3: warning: 'parallel loop' not translated: 'Y' is an array parameter whose first extent is not declared ('double[][8]'); write the section to move the data
void unknown(int n, double Y[][8]) {
  #pragma acc parallel loop copy(Y)
  for (int i = 0; i < n; i++)
    Y[i][0] = 0;
}

static double A[NI][NK], B[NK][NJ], C[NI][NJ];
int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (i + k) % 5;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (k * j) % 3;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = 1;
  kernel_gemm(NI, NJ, NK, 1.5, 1.25, C, A, B);
  double s = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      s += C[i][j] * (i + 1);
  printf("%.2f\n", s);
  return 0;
}
// DIAG: exit=1
