/* Expert OpenMP offload version of boundary.c: u goes in once and out once,
 * unew is device-only (alloc: every element a kernel reads was written by the
 * previous kernel of the same step). Each step the host's new row 0 goes to
 * the device with a target update of just that row, and the probe element
 * comes back alone. */
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
#pragma omp target data map(tofrom: u[0:n*n]) map(alloc: unew[0:n*n])
  for (int t = 0; t < ITERS; t++) {
    for (int i = 0; i < n; i++)
      u[i] = (double)((t + i) % 11) * 0.1;
#pragma omp target update to(u[0:n])

#pragma omp target teams distribute parallel for collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        unew[j * n + i] = 0.25 * (u[(j - 1) * n + i] + u[(j + 1) * n + i] +
                                  u[j * n + i - 1] + u[j * n + i + 1]);

#pragma omp target teams distribute parallel for collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        u[j * n + i] = unew[j * n + i];

#pragma omp target update from(u[probe:1])
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
