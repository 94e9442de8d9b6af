#include <openacc.h>
#include <stdlib.h>

void scale(int n, float a, float *x, float *y, const int *idx) {
  float *d = (float *)acc_malloc(n * sizeof(float));
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
  /* No section can be inferred for y: reported and left intact. */
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[idx[i]] += 1;
  acc_free(d);
}
