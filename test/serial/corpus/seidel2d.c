// seidel-2d (PolyBench-like): the 9-point in-place sweep carries
// dependences on every loop. A 5-point in-place sweep is then computed
// twice: row by row (nothing parallel) and by anti-diagonals (a wavefront:
// the points of one diagonal are independent), which gives the same result.
#include <math.h>
#include <stdio.h>

#define N 300

static double A[N][N], S[N][N], W[N][N];

static void seidel_2d(int tsteps, int n) {
  for (int t = 0; t < tsteps; t++) // L:time
    for (int i = 1; i <= n - 2; i++) // L:i
      for (int j = 1; j <= n - 2; j++) // L:j
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

static void sweep_rows(int n) {
  for (int i = 1; i <= n - 2; i++) // L:rows.i
    for (int j = 1; j <= n - 2; j++) // L:rows.j
      S[i][j] = (S[i - 1][j] + S[i][j - 1] + S[i][j] + S[i + 1][j] + S[i][j + 1]) / 5.0;
}

static void sweep_wavefront(int n) {
  for (int d = 2; d <= 2 * (n - 2); d++) { // L:wave.d
    int lo = d - (n - 2) > 1 ? d - (n - 2) : 1;
    int hi = d - 1 < n - 2 ? d - 1 : n - 2;
    for (int i = lo; i <= hi; i++) { // L:wave.i
      int j = d - i;
      W[i][j] = (W[i - 1][j] + W[i][j - 1] + W[i][j] + W[i + 1][j] + W[i][j + 1]) / 5.0;
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    for (int j = 0; j < N; j++) { // L:init.j
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      S[i][j] = A[i][j];
      W[i][j] = A[i][j];
    }
  seidel_2d(4, N);
  sweep_rows(N);
  sweep_wavefront(N);
  double s = 0.0, w = 0.0, d = 0.0;
  for (int i = 0; i < N; i++) // L:sum
    for (int j = 0; j < N; j++) { // L:sum.j
      s += A[i][j];
      w += W[i][j];
      d = fmax(d, fabs(S[i][j] - W[i][j]));
    }
  printf("seidel-2d %.6e wavefront %.6e maxdiff %.6e\n", s, w, d);
  return 0;
}
