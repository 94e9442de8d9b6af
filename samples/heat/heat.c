/* Explicit 2D heat equation on an n x n grid with fixed boundaries (left
 * edge 20, the other edges 0).
 *
 * A structured data region keeps both grids on the device; each time step
 * runs one "parallel loop collapse(2) present(...)" kernel and then swaps the
 * host pointers u/unew (both buffers are present, so the swapped pointers
 * still name device data). Every 50 steps the middle row is fetched with
 * "update self" to monitor the centre temperature.
 *
 * unew is copied in (not just created) because its boundary cells are never
 * written by the kernel but become u's boundary after a swap. The number of
 * steps is even, so after the loop u names the original buffer again and the
 * copy-out at the end of the data region brings back the final state.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  const int n = 66;
  const int steps = 200; /* even: see above */
  const double r = 0.2;  /* alpha*dt/h^2, stable for r <= 0.25 */

  double *u = malloc(sizeof(double) * n * n);
  double *unew = malloc(sizeof(double) * n * n);
  if (!u || !unew)
    return 1;

  /* A hot square in the middle, the left edge held at 20, everything else
   * cold. Both grids carry the same boundary values. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int hot = i >= n / 2 - 8 && i < n / 2 + 8 && j >= n / 2 - 8 && j < n / 2 + 8;
      u[i * n + j] = hot ? 100.0 : (j == 0 ? 20.0 : 0.0);
      unew[i * n + j] = j == 0 ? 20.0 : 0.0;
    }

  double initial = 0.0;
  for (int k = 0; k < n * n; k++)
    initial += u[k];
  printf("initial heat: %.6f\n", initial);

#pragma acc data copy(u[0:n*n]) copyin(unew[0:n*n])
  {
    for (int t = 1; t <= steps; t++) {
#pragma acc parallel loop collapse(2) present(u[0:n*n], unew[0:n*n])
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          unew[i * n + j] = u[i * n + j] +
                            r * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                 u[i * n + j - 1] + u[i * n + j + 1] - 4.0 * u[i * n + j]);

      double *tmp = u;
      u = unew;
      unew = tmp;

      if (t % 50 == 0) {
#pragma acc update self(u[(n / 2) * n:n])
        printf("step %3d: centre %.6f  row-mid edge %.6e\n", t,
               u[(n / 2) * n + n / 2], u[(n / 2) * n + 1]);
      }
    }
  }

  double total = 0.0, peak = 0.0;
  for (int k = 0; k < n * n; k++) {
    total += u[k];
    if (u[k] > peak)
      peak = u[k];
  }
  printf("final heat: %.6f\n", total);
  printf("final peak: %.6f\n", peak);
  printf("u[n/2][n/2] = %.6f  u[n/4][n/4] = %.6e  u[n/2][1] = %.6f\n", u[(n / 2) * n + n / 2],
         u[(n / 4) * n + n / 4], u[(n / 2) * n + 1]);
  free(u);
  free(unew);
  return 0;
}
