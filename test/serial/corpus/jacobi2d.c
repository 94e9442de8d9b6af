// 2-D Jacobi (PolyBench-like) with a max-norm residual, and the same
// sweep written with two pointers swapped after every step (the arrays
// behind them are distinct, but nothing declares it).
#include <math.h>
#include <stdio.h>

#define N 300
#define TSTEPS 20

static double A[N][N], B[N][N], P[N][N], Q[N][N];

static void jacobi_2d(int tsteps, int n) {
  for (int t = 0; t < tsteps; t++) { // L:time
    for (int i = 1; i < n - 1; i++) // L:AtoB
      for (int j = 1; j < n - 1; j++) // L:AtoB.j
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++) // L:BtoA
      for (int j = 1; j < n - 1; j++) // L:BtoA.j
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

static double residual(int n) {
  double r = 0.0;
  for (int i = 1; i < n - 1; i++) // L:res
    for (int j = 1; j < n - 1; j++) // L:res.j
      r = fmax(r, fabs(A[i][j] - B[i][j]));
  return r;
}

static void jacobi_swap(int tsteps, int n) {
  double (*src)[N] = P, (*dst)[N] = Q;
  for (int t = 0; t < tsteps; t++) { // L:sw.time
    for (int i = 1; i < n - 1; i++) // L:sw.i
      for (int j = 1; j < n - 1; j++) // L:sw.j
        dst[i][j] = 0.2 * (src[i][j] + src[i][j - 1] + src[i][j + 1] + src[i + 1][j] + src[i - 1][j]);
    double (*tmp)[N] = src;
    src = dst;
    dst = tmp;
  }
}

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    for (int j = 0; j < N; j++) { // L:init.j
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = ((double)i * (j + 3) + 3) / N;
      P[i][j] = A[i][j];
      Q[i][j] = B[i][j];
    }
  jacobi_2d(TSTEPS, N);
  double r = residual(N);
  jacobi_swap(2 * TSTEPS, N);
  double s = 0.0, d = 0.0;
  for (int i = 0; i < N; i++) // L:sum
    for (int j = 0; j < N; j++) { // L:sum.j
      s += A[i][j];
      d += fabs(A[i][j] - P[i][j]);
    }
  printf("jacobi-2d %.6e residual %.6e swapdiff %.6e\n", s, r, d);
  return 0;
}
