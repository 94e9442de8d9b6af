// A second file of the same run that includes acc-header.h: the header's
// directives were reported with the first file, not again.
#include "acc-header.h"

void shift(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 3;
}
