/* An iteration loop around two vector kernels: y = a*x + y, then the dot
 * product x.y as a reduction; the host uses the dot product to choose the next
 * step's coefficient. No data clauses and no data region: a per-kernel
 * translation copies x and y in and out twice per step. An expert keeps both
 * vectors on the device for the whole loop (x only goes in) and lets only the
 * reduction scalar travel each step.
 * LEN (vector length) and ITERS can be set with -D.
 */
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
  for (int it = 0; it < ITERS; it++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      y[i] = a * x[i] + y[i] * 0.5f;

    double dot = 0.0;
#pragma acc parallel loop reduction(+:dot)
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
