/* 2D heat equation, explicit time steps on an N x N grid with fixed (Dirichlet)
 * boundaries: one collapse(2) kernel per step writes unew from u, then the host
 * swaps the two pointers. No data clauses and no data region: a per-kernel
 * translation copies both grids in and out every step. An expert maps both
 * grids once around the time loop (the swap only exchanges which device copy
 * each name refers to) and copies back only the final grid.
 * N and ITERS (time steps) can be set with -D.
 */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 256
#endif
#ifndef ITERS
#define ITERS 200
#endif

int main(void)
{
  const int n = N;
  const double alpha = 0.2;
  double *u = malloc(sizeof(double) * n * n);
  double *unew = malloc(sizeof(double) * n * n);
  if (!u || !unew)
    return 1;

  /* hot left edge, warm top edge, a hot square in the middle */
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double v = 0.0;
      if (i == 0) v = 100.0;
      else if (j == 0) v = 50.0;
      else if (j > n / 3 && j < n / 2 && i > n / 3 && i < n / 2) v = 80.0;
      u[j * n + i] = v;
      unew[j * n + i] = v;
    }

  for (int t = 0; t < ITERS; t++) {
#pragma acc parallel loop collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        unew[j * n + i] = u[j * n + i] +
            alpha * (u[j * n + i - 1] + u[j * n + i + 1] +
                     u[(j - 1) * n + i] + u[(j + 1) * n + i] - 4.0 * u[j * n + i]);
    double *tmp = u;
    u = unew;
    unew = tmp;
  }

  double total = 0.0, wsum = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      total += u[j * n + i];
      wsum += u[j * n + i] * (double)((i + 3 * j) % 17);
    }
  printf("steps: %d\n", ITERS);
  printf("u[n/2][n/2] = %.10e  u[1][1] = %.10e\n", u[(n / 2) * n + n / 2], u[1 * n + 1]);
  printf("checksum: %.10e\n", total);
  printf("weighted: %.10e\n", wsum);
  free(u);
  free(unew);
  return 0;
}
