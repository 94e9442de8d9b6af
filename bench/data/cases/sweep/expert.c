/* Expert OpenMP offload version of sweep.c: one data region around the five
 * kernels. a goes in and comes out (the third kernel rewrites its interior),
 * b never leaves the device (the first kernel writes all of it), c only comes
 * out (the second kernel writes all of it before anything reads it); the
 * reduction scalar makes one round trip. */
#include <stdio.h>
#include <stdlib.h>

#ifndef LEN
#define LEN 500000
#endif

int main(void)
{
  const int n = LEN;
  double *restrict a = malloc(sizeof(double) * n);
  double *restrict b = malloc(sizeof(double) * n);
  double *restrict c = malloc(sizeof(double) * n);
  if (!a || !b || !c)
    return 1;
  for (int i = 0; i < n; i++) {
    a[i] = (double)(i % 101) * 0.01;
    b[i] = 0.0;
    c[i] = 0.0;
  }

  double s = 0.0;
#pragma omp target data map(tofrom: a[0:n]) map(alloc: b[0:n]) map(from: c[0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0 * a[i] + 1.0;

#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] * b[i];

#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.5 * (c[i - 1] + c[i + 1]) - b[i];

#pragma omp target teams distribute parallel for map(tofrom: s) reduction(+: s)
    for (int i = 0; i < n; i++)
      s += a[i] * c[i];

#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      c[i] = c[i] + s / n;
  }

  double sa = 0.0, sc = 0.0;
  for (int i = 0; i < n; i++) {
    sa += a[i] * (double)(i % 3 + 1);
    sc += c[i];
  }
  printf("s = %.10e\n", s);
  printf("sum a: %.10e\n", sa);
  printf("sum c: %.10e  c[n/2] = %.10e\n", sc, c[n / 2]);
  free(a);
  free(b);
  free(c);
  return 0;
}
