/* Jacobi relaxation for the 2D Laplace equation (the OpenACC guide's
 * laplace2d pattern): a structured data region keeps A and Anew on the device
 * for the whole while-loop; each iteration runs a stencil kernel with a
 * max-reduction on the error and a copy-back kernel.
 *
 * The grid is stored in 1D arrays indexed A[j*m + i]. The top row (j == 0) is
 * held at 1.0, every other boundary at 0.0.
 *
 * The compute constructs have no data clauses: inside the data region A and
 * Anew are already present. Each element's update is a fixed sequence of
 * operations and max is order-independent, so results are bit-reproducible.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  const int n = 64;         /* rows */
  const int m = 48;         /* columns */
  const int iter_max = 400;
  const double tol = 1.0e-6;

  double *restrict A = malloc(sizeof(double) * n * m);
  double *restrict Anew = malloc(sizeof(double) * n * m);
  if (!A || !Anew)
    return 1;

  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      A[j * m + i] = (j == 0) ? 1.0 : 0.0;

  double err = 1.0;
  int iter = 0;

#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m])
  while (err > tol && iter < iter_max) {
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
      printf("%5d, %.6e\n", iter, err);
    iter++;
  }

  double total = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      total += A[j * m + i];

  printf("iterations: %d\n", iter);
  printf("final error: %.6e\n", err);
  printf("A[1][m/2] = %.6e  A[n/2][m/2] = %.6e\n", A[1 * m + m / 2], A[(n / 2) * m + m / 2]);
  printf("checksum: %.6e\n", total);
  free(A);
  free(Anew);
  return 0;
}
