#include <stdio.h>
#include <stdlib.h>
#define N 100000
#define R 10
#define C 33
int main(void) {
  int i, j;
  double *a = malloc(N * sizeof(double));
  double (*m)[C] = malloc(sizeof(double[R][C]));
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    a[i] = i % 11;
    if (i < R)
      for (j = 0; j < C; j++)
        m[i][j] = (i + 2 * j) % 9;
  }
  double s = 0;
  for (i = 0; i < R; i++)
    for (j = 0; j < C; j++)
      s += m[i][j];
  for (i = 0; i < N; i++)
    s += a[i];
  printf("%.0f\n", s);
  free(a);
  free(m);
  return 0;
}
