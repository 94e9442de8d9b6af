/* Expert OpenMP offload version of jacobi.c: A and Anew stay on the device for
 * the whole iteration loop. A goes in once and comes out once; Anew is only
 * ever read at points the first kernel wrote in the same iteration, so it is
 * never copied (alloc). The error scalar makes its round trip per iteration
 * (the host tests it), and the one element the host prints every 100
 * iterations is fetched alone with a narrowed target update. */
#include <math.h>
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
  const int m = N;
  const double tol = 1.0e-12;

  double *restrict A = malloc(sizeof(double) * n * m);
  double *restrict Anew = malloc(sizeof(double) * n * m);
  if (!A || !Anew)
    return 1;

  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      A[j * m + i] = (j == 0) ? 1.0 : 0.0;
      Anew[j * m + i] = A[j * m + i];
    }

  double err = 1.0;
  int iter = 0;
#pragma omp target data map(tofrom: A[0:n*m]) map(alloc: Anew[0:n*m])
  while (err > tol && iter < ITERS) {
    err = 0.0;

#pragma omp target teams distribute parallel for collapse(2) map(tofrom: err) reduction(max: err)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) {
        Anew[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] +
                                  A[(j - 1) * m + i] + A[(j + 1) * m + i]);
        err = fmax(err, fabs(Anew[j * m + i] - A[j * m + i]));
      }

#pragma omp target teams distribute parallel for collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j * m + i] = Anew[j * m + i];

    if (iter % 100 == 0) {
#pragma omp target update from(A[1 * m + m / 2:1])
      printf("%5d err %.10e A[1][m/2] %.10e\n", iter, err, A[1 * m + m / 2]);
    }
    iter++;
  }

  double total = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      total += A[j * m + i];

  printf("iterations: %d\n", iter);
  printf("final error: %.10e\n", err);
  printf("A[n/16][m/2] = %.10e\n", A[(n / 16) * m + m / 2]);
  printf("checksum: %.10e\n", total);
  free(A);
  free(Anew);
  return 0;
}
