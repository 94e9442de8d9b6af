/* Expert OpenMP offload version of saxpy_iter.c: x goes in once (it is only
 * read), y goes in once and out once; the reduction scalar makes its round
 * trip per step because the host uses it to choose the next coefficient. */
#include <stdio.h>
#include <stdlib.h>

#ifndef LEN
#define LEN 262144
#endif
#ifndef ITERS
#define ITERS 100
#endif

int main(void)
{
  const int n = LEN;
  float *restrict x = malloc(sizeof(float) * n);
  float *restrict y = malloc(sizeof(float) * n);
  if (!x || !y)
    return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 7) * 0.125f;
    y[i] = (float)(i % 5) * 0.5f;
  }

  float a = 0.5f;
  double hist = 0.0;
#pragma omp target data map(to: x[0:n]) map(tofrom: y[0:n])
  for (int it = 0; it < ITERS; it++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      y[i] = a * x[i] + y[i] * 0.5f;

    double dot = 0.0;
#pragma omp target teams distribute parallel for map(tofrom: dot) reduction(+: dot)
    for (int i = 0; i < n; i++)
      dot += (double)x[i] * (double)y[i];

    hist += dot;
    a = (dot > (double)n) ? 0.25f : 0.75f;
    if (it % 25 == 0)
      printf("%4d dot %.10e a %.3f\n", it, dot, a);
  }

  double sy = 0.0;
  for (int i = 0; i < n; i++)
    sy += y[i];
  printf("iterations: %d\n", ITERS);
  printf("sum dot: %.10e\n", hist);
  printf("sum y: %.10e  y[3] = %.10e\n", sy, (double)y[3]);
  free(x);
  free(y);
  return 0;
}
