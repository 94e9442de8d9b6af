#include <stdio.h>
#include "acc.h"

int count_above(int n, const float *x, float t);

static void fill(int n, float *x) {
#pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 7);
}

int main(void) {
  float x[100];
  int hist[4] = {0, 0, 0, 0};
  fill(100, x);
#pragma acc parallel loop copyin(x[0:100]) copy(hist[0:4])
  for (int i = 0; i < 100; i++) {
    ACC_ATOMIC
    hist[(int)x[i] % 4]++;
  }
  printf("%d %d %d %d %d\n", hist[0], hist[1], hist[2], hist[3], count_above(100, x, 3.0f));
  return 0;
}
