#include <math.h>
#include <stdio.h>

#define N 100000

static void saxpy(int n, float x, float *restrict y, const float *restrict z) {
  for (int i = 0; i < n; i++)
    y[i] += x * z[i];
}

int main(void) {
  static float y[N], z[N];
  for (int i = 0; i < N; i++) {
    y[i] = i % 7;
    z[i] = i % 5;
  }
  saxpy(N, 2.0f, y, z);
  for (int i = 1; i < N; i++)
    y[i] += y[i - 1] * 0.5f;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += sqrt(y[i]);
  printf("%.3f\n", s);
  return 0;
}
