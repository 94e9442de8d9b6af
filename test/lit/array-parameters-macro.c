// Array parameters declared through nested macros (PolyBench-ACC's
// `DATA_TYPE POLYBENCH_2D(A, N, N, n, n)`, issue #29, item 1): an extent is
// taken from the type, spelled as the declarator spells it only where that
// text is the extent itself. `ARR2(A, N, N, n, n)` expands to
// `A[SEL(N, n) + PAD][SEL(N, n) + PAD]`: no text of the file is the extent,
// so its value (64) is used. The macro call itself, which expands to an
// element of A, is never a section length. The translation runs against the
// gcc OpenACC original on the CPU stand-in, whose device memory makes a
// short map visible: A[N][N] (a sentinel past the array) would be read as
// the length.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o %t.o %}
// RUN: %omp-migrate %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#include <stdlib.h>
#define N 64
#define PAD 0
#define SEL(x, y) x
#define ARR2(v, d1, d2, dd1, dd2) v[SEL(d1, dd1) + PAD][SEL(d2, dd2) + PAD]
#define ARR1(v, d1, dd1) v[SEL(d1, dd1) + PAD]

static void sum_rows(int n, int ARR2(A, N, N, n, n), int ARR1(x, N, n)) {
  // CHECK: {{^ *}}#pragma omp target data map(to: A[0:64][0:64]) map(from: x[0:64]){{$}}
  #pragma acc data copyin(A) copyout(x)
  {
    #pragma acc parallel loop
    for (int i = 0; i < n; i++) {
      x[i] = 0;
      for (int j = 0; j < n; j++)
        x[i] += A[i][j];
    }
  }
}

// A floating-point element type: the macro call as a length did not even
// compile (the self-check rejected the whole file).
static void scale(int n, double ARR2(B, N, N, n, n), double s) {
  // CHECK: {{^ *}}#pragma omp target data map(tofrom: B[0:64][0:64]){{$}}
  #pragma acc data copy(B)
  {
    #pragma acc parallel loop collapse(2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] *= s;
  }
}

// An extent written plainly keeps its spelling.
static void plain(int n, double C[N][N]) {
  // CHECK: {{^ *}}#pragma omp target update from(C[0:N][0:N]){{$}}
  #pragma acc update self(C)
}

int main(void) {
  int (*A)[N] = malloc((N + 2) * N * sizeof(int)); /* room for A[N][N] */
  static int x[N];
  static double B[N][N], C[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = 1;
      B[i][j] = i + j;
    }
  ((int *)A)[N * N + N] = 2; /* A[N][N], what the macro call reads */
  sum_rows(N, A, x);
  scale(N, B, 0.5);
  plain(N, C);
  printf("x[N-1] = %d, B[N-1][N-1] = %.1f\n", x[N - 1], B[N - 1][N - 1]);
  free(A);
  return 0;
}
// DIAG-NOT: warning
// DIAG: exit=0
