// A construct the translator reports and leaves intact (an indirect subscript).
#include <stdio.h>

int main(void) {
  int n = 10, idx[10];
  double *x = (double *)__builtin_malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    idx[i] = n - 1 - i;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[idx[i]] = i;
  printf("%f\n", x[0]);
  return 0;
}
