// Cholesky (PolyBench-like) of a symmetric positive definite matrix built
// by a triangular loop that writes both A[i][j] and its mirror A[j][i].
#include <math.h>
#include <stdio.h>

#define N 260

static double A[N][N];

static void build(int n) {
  for (int i = 0; i < n; i++) // L:build
    for (int j = 0; j <= i; j++) { // L:build.j
      A[i][j] = i == j ? (double)n : 1.0 / (i + j + 1);
      A[j][i] = A[i][j];
    }
}

static void cholesky(int n) {
  for (int i = 0; i < n; i++) { // L:i
    for (int j = 0; j < i; j++) { // L:j
      for (int k = 0; k < j; k++) // L:j.k
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++) // L:diag
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

static double lower_sum(int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) // L:lsum
    for (int j = 0; j <= i; j++) // L:lsum.j
      s += A[i][j];
  return s;
}

int main(void) {
  build(N);
  cholesky(N);
  printf("cholesky %.6e\n", lower_sum(N));
  return 0;
}
