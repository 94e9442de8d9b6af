// atax (PolyBench-like): y = A^T (A x). PolyBench's form accumulates the
// whole vector y in every row iteration (an array reduction); atax_t
// computes the second product by columns instead, one sum per y2[j].
#include <math.h>
#include <stdio.h>

#define M 380
#define N 1100

static double A[M][N], x[N], y[N], y2[N], tmp[M];

static void atax(int m, int n) {
  for (int j = 0; j < n; j++) // L:zero
    y[j] = 0.0;
  for (int i = 0; i < m; i++) { // L:rows
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++) // L:rows.dot
      tmp[i] += A[i][j] * x[j];
    for (int j = 0; j < n; j++) // L:rows.axpy
      y[j] += A[i][j] * tmp[i];
  }
}

static void atax_t(int m, int n) {
  for (int j = 0; j < n; j++) { // L:cols
    double s = 0.0;
    for (int i = 0; i < m; i++) // L:cols.dot
      s += A[i][j] * tmp[i];
    y2[j] = s;
  }
}

int main(void) {
  for (int j = 0; j < N; j++) // L:initx
    x[j] = 1.0 + (double)(j % 5) / 4.0;
  for (int i = 0; i < M; i++) // L:initA
    for (int j = 0; j < N; j++) // L:initA.j
      A[i][j] = (double)((i + 2 * j) % 9) / 8.0;
  atax(M, N);
  atax_t(M, N);
  double s = 0.0, d = 0.0;
  for (int j = 0; j < N; j++) { // L:sum
    s += y[j];
    d = fmax(d, fabs(y[j] - y2[j]));
  }
  printf("atax checksum %.6e maxdiff %.6e\n", s, d);
  return 0;
}
