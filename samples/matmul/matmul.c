/* Dense matrix multiply C = A * B (row-major, 1D storage).
 *
 * The i/j loops are distributed with "parallel loop collapse(2)", the k loop
 * is an inner "loop seq". A second kernel computes the trace with a sum
 * reduction, a third scales C row-wise with an inner "loop reduction" for the
 * row norm. No compute construct has a data clause: A, B, C and rownorm are
 * heap pointers whose extents the translator must infer from the loops.
 *
 * Entries are small integers, so all sums are exact and order-independent.
 */
#include <stdio.h>
#include <stdlib.h>

static void matmul(int n, const double *restrict A, const double *restrict B, double *restrict C)
{
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
#pragma acc loop seq
      for (int k = 0; k < n; k++)
        sum += A[i * n + k] * B[k * n + j];
      C[i * n + j] = sum;
    }
}

static double trace(int n, const double *restrict C)
{
  double t = 0.0;
#pragma acc parallel loop reduction(+:t)
  for (int i = 0; i < n; i++)
    t += C[i * n + i];
  return t;
}

static void row_abs_sums(int n, const double *restrict C, double *restrict rownorm)
{
#pragma acc parallel loop gang
  for (int i = 0; i < n; i++) {
    double s = 0.0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < n; j++)
      s += C[i * n + j] < 0.0 ? -C[i * n + j] : C[i * n + j];
    rownorm[i] = s;
  }
}

int main(void)
{
  const int n = 96;
  double *A = malloc(sizeof(double) * n * n);
  double *B = malloc(sizeof(double) * n * n);
  double *C = malloc(sizeof(double) * n * n);
  double *rownorm = malloc(sizeof(double) * n);
  if (!A || !B || !C || !rownorm)
    return 1;

  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)((i + 2 * j) % 7 - 3);
      B[i * n + j] = (double)((3 * i + j) % 5 - 2);
      C[i * n + j] = -1.0;
    }

  matmul(n, A, B, C);
  double t = trace(n, C);
  row_abs_sums(n, C, rownorm);

  /* host reference for a few entries */
  int ok = 1;
  for (int i = 0; i < n; i += 13)
    for (int j = 0; j < n; j += 7) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      ok = ok && s == C[i * n + j];
    }

  double csum = 0.0, nsum = 0.0;
  for (int k = 0; k < n * n; k++)
    csum += C[k];
  for (int i = 0; i < n; i++)
    nsum += rownorm[i];

  printf("C[0][0] = %.6f C[1][2] = %.6f C[n-1][n-1] = %.6f\n", C[0], C[1 * n + 2], C[n * n - 1]);
  printf("sum(C) = %.6f\n", csum);
  printf("trace(C) = %.6f\n", t);
  printf("rownorm[0] = %.6f sum(rownorm) = %.6f\n", rownorm[0], nsum);
  printf("matches host reference: %s\n", ok ? "yes" : "NO");
  free(A);
  free(B);
  free(C);
  free(rownorm);
  return ok ? 0 : 1;
}
