#include "acc.h"

/* ACC_PARALLEL_LOOP here maps y; in d.c it maps z: the definition can hold
   one translation. */
void twice(int n, float *y) {
  ACC_PARALLEL_LOOP
  for (int i = 0; i < n; i++)
    y[i] *= 2;
}
