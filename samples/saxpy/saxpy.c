/* saxpy: y = a*x + y with "#pragma acc parallel loop", then a sum reduction.
 *
 * Neither compute construct has a data clause: x and y are heap pointers, so
 * the translator has to infer the mapped extents (x[0:n], y[0:n]) from the
 * loop bounds (implicit data).
 *
 * All values are small multiples of 0.5, so every float/double operation is
 * exact and the printed sums do not depend on the reduction order:
 *   x[i] = 0.5*(i%16), y[i] = 2, a = 3  =>  y[i] = 1.5*(i%16) + 2
 *   sum(y) = (n/16) * (1.5*120 + 32) = (n/16) * 212
 */
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

static double sum(int n, const float *restrict y)
{
  double s = 0.0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += y[i];
  return s;
}

int main(void)
{
  const int n = 1 << 16;
  float *x = malloc(n * sizeof *x);
  float *y = malloc(n * sizeof *y);
  if (!x || !y)
    return 1;
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * (float)(i % 16);
    y[i] = 2.0f;
  }

  saxpy(n, 3.0f, x, y);
  double s1 = sum(n, y);
  saxpy(n, -1.0f, x, y); /* y[i] = 1.0*(i%16) + 2 */
  double s2 = sum(n, y);

  printf("n = %d\n", n);
  printf("y[0] = %.6f y[1] = %.6f y[15] = %.6f y[%d] = %.6f\n", y[0], y[1], y[15], n - 1, y[n - 1]);
  printf("sum after saxpy(3) = %.6f (expected %.6f)\n", s1, (double)(n / 16) * 212.0);
  printf("sum after saxpy(-1) = %.6f (expected %.6f)\n", s2, (double)(n / 16) * 152.0);
  free(x);
  free(y);
  return 0;
}
