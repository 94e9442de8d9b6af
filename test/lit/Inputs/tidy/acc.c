/* OpenACC for the clang-tidy module's tests (test/lit/tidy-module.test). */
#include <openacc.h>

void saxpy(int n, float a, const float *restrict x, float *restrict y) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

float dot(int n, const float *x, const float *y) {
  float s = 0;
#pragma acc parallel loop reduction(+:s) copyin(x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

/* Two kernels in a host loop: their arrays move once, around the loop. */
void relax(int n, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i + 1]) / 2;
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}

int devices(void) { return acc_get_num_devices(acc_device_default); }
