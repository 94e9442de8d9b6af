/* Jacobi relaxation for the 2D Laplace equation, written the way OpenACC code
 * often starts out: the compute constructs carry no data clauses and there is
 * no data region, so a per-kernel translation moves A and Anew to the device
 * and back twice per iteration. An expert keeps both on the device for the
 * whole while-loop and copies back only the one element the host prints every
 * 100 iterations.
 *
 * The grid (N x N) is stored flattened, A[j*m + i]; the top row is held at
 * 1.0, every other boundary at 0.0. Each update is a fixed sequence of
 * operations and max is order-independent, so the results are reproducible.
 * N and ITERS can be set with -D.
 */
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
  while (err > tol && iter < ITERS) {
    err = 0.0;

#pragma acc parallel loop reduction(max:err)
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop reduction(max:err)
      for (int i = 1; i < m - 1; i++) {
        Anew[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] +
                                  A[(j - 1) * m + i] + A[(j + 1) * m + i]);
        err = fmax(err, fabs(Anew[j * m + i] - A[j * m + i]));
      }
    }

#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop
      for (int i = 1; i < m - 1; i++)
        A[j * m + i] = Anew[j * m + i];
    }

    if (iter % 100 == 0)
      printf("%5d err %.10e A[1][m/2] %.10e\n", iter, err, A[1 * m + m / 2]);
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
