// mvt (PolyBench-like): x1 += A y1, x2 += A^T y2 through VLA parameters
// (double A[n][n]) that main passes as distinct global arrays.
#include <stdio.h>

#define N 1000

static double A[N][N], x1[N], x2[N], y1[N], y2[N];

static void mvt(int n, double x1[n], double x2[n], double y1[n], double y2[n],
                double A[n][n]) {
  for (int i = 0; i < n; i++) // L:x1
    for (int j = 0; j < n; j++) // L:x1.j
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < n; i++) // L:x2
    for (int j = 0; j < n; j++) // L:x2.j
      x2[i] = x2[i] + A[j][i] * y2[j];
}

int main(void) {
  for (int i = 0; i < N; i++) { // L:init1
    x1[i] = (double)(i % 4);
    x2[i] = (double)((i + 1) % 4);
    y1[i] = (double)((i + 3) % 5) / 2.0;
    y2[i] = (double)((i + 4) % 5) / 4.0;
  }
  for (int i = 0; i < N; i++) // L:initA
    for (int j = 0; j < N; j++) // L:initA.j
      A[i][j] = (double)(i * j % 8) / 8.0;
  mvt(N, x1, x2, y1, y2, A);
  double s1 = 0.0, s2 = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    s1 += x1[i];
    s2 += x2[i];
  }
  printf("mvt %.6e %.6e\n", s1, s2);
  return 0;
}
