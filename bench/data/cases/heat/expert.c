/* Expert OpenMP offload version of heat.c: both grids go to the device once
 * (each holds the boundary, which no kernel writes); inside the region the
 * pointer swap only exchanges which device copy each name refers to, since
 * the kernel finds both by their host address. After the loop only the grid
 * that holds the last step comes back (target update from u); the region
 * itself copies nothing out. */
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

  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double v = 0.0;
      if (i == 0) v = 100.0;
      else if (j == 0) v = 50.0;
      else if (j > n / 3 && j < n / 2 && i > n / 3 && i < n / 2) v = 80.0;
      u[j * n + i] = v;
      unew[j * n + i] = v;
    }

#pragma omp target data map(to: u[0:n*n], unew[0:n*n])
  {
    for (int t = 0; t < ITERS; t++) {
#pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < n - 1; j++)
        for (int i = 1; i < n - 1; i++)
          unew[j * n + i] = u[j * n + i] +
              alpha * (u[j * n + i - 1] + u[j * n + i + 1] +
                       u[(j - 1) * n + i] + u[(j + 1) * n + i] - 4.0 * u[j * n + i]);
      double *tmp = u;
      u = unew;
      unew = tmp;
    }
    /* the boundary never changed on the device: the interior is enough */
#pragma omp target update from(u[n:n*n-2*n])
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
