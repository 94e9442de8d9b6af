#include <stdio.h>
#include "kernels.h"

int main(void) {
  float y[32];
  for (int i = 0; i < 32; i++)
    y[i] = i;
  scale(32, y, 0.5f);
  shift(32, y);
  printf("%.1f %.1f\n", y[2], y[31]);
  return 0;
}
