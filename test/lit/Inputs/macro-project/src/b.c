#include "acc.h"

int count_above(int n, const float *x, float t) {
  int c = 0;
#pragma acc parallel loop copyin(x[0:n]) copy(c)
  for (int i = 0; i < n; i++)
    if (x[i] > t) {
      ACC_ATOMIC
      c++;
    }
  return c;
}
