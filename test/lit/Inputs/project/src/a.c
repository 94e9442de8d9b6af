#include <stdio.h>
#include "kernels.h"

int main(void) {
  float x[64];
  for (int i = 0; i < 64; i++)
    x[i] = i;
  scale(64, x, 3.0f);
  shift(64, x);
#pragma acc parallel loop copy(x[0:64])
  for (int i = 0; i < 64; i++)
    x[i] += 1;
  printf("%.1f %.1f\n", x[1], x[63]);
  return 0;
}
