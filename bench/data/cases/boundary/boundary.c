/* A time loop where the host drives a boundary: before each step it writes a
 * new inflow profile into row 0 of the grid, the device relaxes the interior
 * (two kernels: stencil into unew, copy back into u), and the host reads one
 * probe element after the step. No data clauses and no data region: a
 * per-kernel translation copies both grids in and out twice per step. An
 * expert keeps both grids on the device, sends only row 0 each step
 * (target update to) and fetches only the probe element (target update from).
 * N and ITERS can be set with -D.
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
  double *restrict u = malloc(sizeof(double) * n * n);
  double *restrict unew = malloc(sizeof(double) * n * n);
  if (!u || !unew)
    return 1;
  for (int k = 0; k < n * n; k++) {
    u[k] = 0.0;
    unew[k] = 0.0;
  }

  const int probe = 3 * n + n / 2;
  double probe_sum = 0.0;
  for (int t = 0; t < ITERS; t++) {
    /* host: new inflow profile on the boundary row */
    for (int i = 0; i < n; i++)
      u[i] = (double)((t + i) % 11) * 0.1;

#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop
      for (int i = 1; i < n - 1; i++)
        unew[j * n + i] = 0.25 * (u[(j - 1) * n + i] + u[(j + 1) * n + i] +
                                  u[j * n + i - 1] + u[j * n + i + 1]);
    }

#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop
      for (int i = 1; i < n - 1; i++)
        u[j * n + i] = unew[j * n + i];
    }

    /* host: read one probe element */
    probe_sum += u[probe];
    if (t % 50 == 0)
      printf("%4d probe %.10e\n", t, u[probe]);
  }

  double total = 0.0;
  for (int k = 0; k < n * n; k++)
    total += u[k] * (double)(k % 13 + 1);
  printf("steps: %d\n", ITERS);
  printf("probe sum: %.10e\n", probe_sum);
  printf("checksum: %.10e\n", total);
  free(u);
  free(unew);
  return 0;
}
