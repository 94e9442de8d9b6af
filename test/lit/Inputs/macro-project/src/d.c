#include "acc.h"

void half(int n, float *z) {
  ACC_PARALLEL_LOOP
  for (int i = 0; i < n; i++)
    z[i] /= 2;
}
