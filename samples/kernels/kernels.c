/* One "#pragma acc kernels" region holding several independent loop nests,
 * with plain scalar statements between them.
 *
 *  - a (heap) has an explicit copyin clause, b (heap) an explicit copyout;
 *  - grid and colsum are file-scope arrays of known size without any data
 *    clause (implicit copy);
 *  - pivot and shift are scalars assigned by statements between the nests and
 *    read by the next nest; in a kernels construct a scalar without a data
 *    clause is treated as "copy", so their values are visible after the region.
 *
 * All values are small integers stored in doubles: every result is exact.
 */
#include <stdio.h>
#include <stdlib.h>

#define NR 40
#define NC 24

static double grid[NR][NC];
static double colsum[NC];

int main(void)
{
  const int n = 1000;
  double *a = malloc(sizeof(double) * n);
  double *b = malloc(sizeof(double) * n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 10);
  for (int r = 0; r < NR; r++)
    for (int c = 0; c < NC; c++)
      grid[r][c] = (double)(r - c);

  double pivot = -1.0, shift = -1.0;

#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
  {
    /* nest 1: b = 2a + 1 */
    for (int i = 0; i < n; i++)
      b[i] = 2.0 * a[i] + 1.0;

    /* scalar statements between nests: read a value the first nest wrote */
    pivot = b[n / 2 + 3];     /* 2*3 + 1 = 7 */
    shift = pivot * 2.0 - 5.0; /* 9 */

    /* nest 2 (2D): uses the scalar computed above */
    for (int r = 0; r < NR; r++)
      for (int c = 0; c < NC; c++)
        grid[r][c] = grid[r][c] * pivot + shift;

    /* nest 3: column sums, inner loop is a sequential accumulation */
    for (int c = 0; c < NC; c++) {
      double s = 0.0;
      for (int r = 0; r < NR; r++)
        s += grid[r][c];
      colsum[c] = s;
    }

    /* nest 4: independent of the others */
    for (int i = 0; i < n; i++)
      b[i] = b[i] - shift;
  }

  double bsum = 0.0;
  for (int i = 0; i < n; i++)
    bsum += b[i];
  double gsum = 0.0;
  for (int c = 0; c < NC; c++)
    gsum += colsum[c];

  printf("pivot = %.6f shift = %.6f\n", pivot, shift);
  printf("b[0] = %.6f b[9] = %.6f b[n-1] = %.6f\n", b[0], b[9], b[n - 1]);
  printf("sum(b) = %.6f\n", bsum);
  printf("grid[0][0] = %.6f grid[NR-1][0] = %.6f grid[0][NC-1] = %.6f\n",
         grid[0][0], grid[NR - 1][0], grid[0][NC - 1]);
  printf("colsum[0] = %.6f colsum[NC-1] = %.6f total = %.6f\n", colsum[0], colsum[NC - 1], gsum);
  free(a);
  free(b);
  return 0;
}
