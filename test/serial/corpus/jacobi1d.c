// 1-D stencils: Jacobi between two arrays (parallel space loops inside a
// sequential time loop), the same smoothing in place (Gauss-Seidel order:
// each point reads its new left neighbour), and red-black ordering written
// with a stride-2 loop and with a unit-stride loop over 2*k+1.
#include <stdio.h>

#define N 2000
#define TSTEPS 40

static double A[N], B[N], G[N], R[N], K[N];

static void jacobi_1d(int tsteps, int n, double *restrict A, double *restrict B) {
  for (int t = 0; t < tsteps; t++) { // L:time
    for (int i = 1; i < n - 1; i++) // L:AtoB
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++) // L:BtoA
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void smooth_inplace(int tsteps, int n, double *a) {
  for (int t = 0; t < tsteps; t++) // L:ip.time
    for (int i = 1; i < n - 1; i++) // L:ip.i
      a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
}

static void redblack_stride(int tsteps, int n, double *a) {
  for (int t = 0; t < tsteps; t++) { // L:rb.time
    for (int i = 1; i < n - 1; i += 2) // L:rb.odd
      a[i] = 0.5 * (a[i - 1] + a[i + 1]);
    for (int i = 2; i < n - 1; i += 2) // L:rb.even
      a[i] = 0.5 * (a[i - 1] + a[i + 1]);
  }
}

static void redblack_index(int tsteps, int h, double *a) {
  for (int t = 0; t < tsteps; t++) { // L:rk.time
    for (int k = 0; k < h - 1; k++) // L:rk.odd
      a[2 * k + 1] = 0.5 * (a[2 * k] + a[2 * k + 2]);
    for (int k = 1; k < h; k++) // L:rk.even
      a[2 * k] = 0.5 * (a[2 * k - 1] + a[2 * k + 1]);
  }
}

int main(void) {
  for (int i = 0; i < N; i++) { // L:init
    A[i] = (double)(i % 10) + 1.0;
    B[i] = A[i];
    G[i] = A[i];
    R[i] = A[i];
    K[i] = A[i];
  }
  jacobi_1d(TSTEPS, N, A, B);
  smooth_inplace(TSTEPS, N, G);
  redblack_stride(TSTEPS, N, R);
  redblack_index(TSTEPS, N / 2, K);
  double sa = 0.0, sg = 0.0, dr = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    sa += A[i];
    sg += G[i];
    dr += R[i] - K[i];
  }
  printf("jacobi-1d %.6e %.6e %.6e\n", sa, sg, dr);
  return 0;
}
