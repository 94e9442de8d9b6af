// LU factorization two ways: PolyBench's row-by-row (Doolittle) form with
// the loop variables declared at the top of the function, and the
// right-looking k-i-j form whose trailing update is a parallel 2-D nest.
// Both subtract the products in the same order, so they agree exactly.
#include <math.h>
#include <stdio.h>

#define N 250

static double A[N][N], L[N][N];

static void lu(int n) {
  int i, j, k;
  for (i = 0; i < n; i++) { // L:pb.i
    for (j = 0; j < i; j++) { // L:pb.lower
      for (k = 0; k < j; k++) // L:pb.lower.k
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++) // L:pb.upper
      for (k = 0; k < i; k++) // L:pb.upper.k
        A[i][j] -= A[i][k] * A[k][j];
  }
}

static void lu_right(int n) {
  for (int k = 0; k < n; k++) { // L:r.k
    for (int i = k + 1; i < n; i++) // L:r.col
      L[i][k] = L[i][k] / L[k][k];
    for (int i = k + 1; i < n; i++) // L:r.upd
      for (int j = k + 1; j < n; j++) // L:r.upd.j
        L[i][j] -= L[i][k] * L[k][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    for (int j = 0; j < N; j++) { // L:init.j
      A[i][j] = i == j ? (double)N : 1.0 / (i + j + 1);
      L[i][j] = A[i][j];
    }
  lu(N);
  lu_right(N);
  double s = 0.0, d = 0.0;
  for (int i = 0; i < N; i++) // L:sum
    for (int j = 0; j < N; j++) { // L:sum.j
      s += A[i][j];
      d = fmax(d, fabs(A[i][j] - L[i][j]));
    }
  printf("lu %.6e maxdiff %.6e\n", s, d);
  return 0;
}
