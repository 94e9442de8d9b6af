// 3-D stencils: a 7-point Jacobi sweep (a 3-deep parallel nest), a
// recurrence along k (the i and j loops are parallel, k is not) and a
// plane-to-plane update along i (only the inner two loops are parallel).
#include <stdio.h>

#define N 64
#define TSTEPS 6

static double U[N][N][N], V[N][N][N], P[N][N][N], Q[N][N][N];

static void jacobi_3d(int tsteps, int n) {
  for (int t = 0; t < tsteps; t++) { // L:time
    for (int i = 1; i < n - 1; i++) // L:UtoV
      for (int j = 1; j < n - 1; j++) // L:UtoV.j
        for (int k = 1; k < n - 1; k++) // L:UtoV.k
          V[i][j][k] = (U[i - 1][j][k] + U[i + 1][j][k] + U[i][j - 1][k] + U[i][j + 1][k] +
                        U[i][j][k - 1] + U[i][j][k + 1] + U[i][j][k]) / 7.0;
    for (int i = 1; i < n - 1; i++) // L:VtoU
      for (int j = 1; j < n - 1; j++) // L:VtoU.j
        for (int k = 1; k < n - 1; k++) // L:VtoU.k
          U[i][j][k] = (V[i - 1][j][k] + V[i + 1][j][k] + V[i][j - 1][k] + V[i][j + 1][k] +
                        V[i][j][k - 1] + V[i][j][k + 1] + V[i][j][k]) / 7.0;
  }
}

static void scan_k(int n) {
  for (int i = 0; i < n; i++) // L:scank
    for (int j = 0; j < n; j++) // L:scank.j
      for (int k = 1; k < n; k++) // L:scank.k
        P[i][j][k] = P[i][j][k - 1] * 0.5 + P[i][j][k];
}

static void sweep_i(int n) {
  for (int i = 1; i < n; i++) // L:sweepi
    for (int j = 0; j < n; j++) // L:sweepi.j
      for (int k = 0; k < n; k++) // L:sweepi.k
        Q[i][j][k] = Q[i - 1][j][k] + Q[i][j][k];
}

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    for (int j = 0; j < N; j++) // L:init.j
      for (int k = 0; k < N; k++) { // L:init.k
        U[i][j][k] = (double)((i + 2 * j + 3 * k) % 11);
        V[i][j][k] = U[i][j][k];
        P[i][j][k] = (double)((i * j + k) % 4);
        Q[i][j][k] = (double)((i + j * k) % 4) / 4.0;
      }
  jacobi_3d(TSTEPS, N);
  scan_k(N);
  sweep_i(N);
  double su = 0.0, sp = 0.0, sq = 0.0;
  for (int i = 0; i < N; i++) // L:sum
    for (int j = 0; j < N; j++) // L:sum.j
      for (int k = 0; k < N; k++) { // L:sum.k
        su += U[i][j][k];
        sp += P[i][j][k];
        sq += Q[i][j][k];
      }
  printf("stencil-3d %.6e %.6e %.6e\n", su, sp, sq);
  return 0;
}
