/* Per-thread partial results combined under a critical after their loop:
 * the combine becomes the loop's reduction when the partial starts from the
 * operator's identity, else the region stays (each thread would add its
 * start). */
#include <stdio.h>
#define N 20000

static double a[N];

int main(void) {
  double sum = 0, diff = 100, other = 0, mixed = 0;
  long bits = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i % 11) * 0.25;
#pragma omp parallel
  {
    double local = 0;
    long b = 0;
#pragma omp for
    for (int i = 0; i < N; i++) {
      local += a[i];
      b |= 1L << (i % 13);
    }
#pragma omp critical // C:sum
    sum += local;
#pragma omp critical(bits) // C:bits
    bits |= b;
  }
#pragma omp parallel
  {
    double part = 0.0;
#pragma omp for
    for (int i = 0; i < N; i++)
      part = part + a[i];
#pragma omp critical // C:minus
    diff -= part;
  }
#pragma omp parallel
  {
    double part = 0.5;
#pragma omp for
    for (int i = 0; i < N; i++)
      part += a[i];
#pragma omp critical // C:start
    other += part - 0.5 * 1;
  }
#pragma omp parallel
  {
    double part = 0;
#pragma omp for
    for (int i = 0; i < N; i++)
      part += a[i];
#pragma omp critical // C:readback
    {
      mixed += part;
      part = mixed;
    }
  }
  printf("%.2f %ld %.2f %.2f %d\n", sum, bits, diff, other, mixed > 0);
  return 0;
}
