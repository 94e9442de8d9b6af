// covariance (PolyBench-like): column means, centring, and the symmetric
// covariance matrix whose loop writes cov[i][j] and its mirror cov[j][i].
#include <stdio.h>

#define M 180
#define NROWS 200

static double data[NROWS][M], mean[M], cov[M][M];

static void covariance(int m, int n) {
  for (int j = 0; j < m; j++) { // L:mean
    mean[j] = 0.0;
    for (int i = 0; i < n; i++) // L:mean.i
      mean[j] += data[i][j];
    mean[j] /= n;
  }
  for (int i = 0; i < n; i++) // L:center
    for (int j = 0; j < m; j++) // L:center.j
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++) // L:cov
    for (int j = i; j < m; j++) { // L:cov.j
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++) // L:cov.k
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

int main(void) {
  for (int i = 0; i < NROWS; i++) // L:init
    for (int j = 0; j < M; j++) // L:init.j
      data[i][j] = (double)((i * (j + 1)) % 16) / 8.0;
  covariance(M, NROWS);
  double s = 0.0, asym = 0.0;
  for (int i = 0; i < M; i++) // L:sum
    for (int j = 0; j < M; j++) { // L:sum.j
      s += cov[i][j];
      asym += cov[i][j] - cov[j][i];
    }
  printf("covariance %.6e asym %.6e\n", s, asym);
  return 0;
}
