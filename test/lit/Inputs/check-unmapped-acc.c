// OpenACC whose kernel reads a structure's pointer member: total()'s loop
// reads m.x, which a map of the structure alone would leave holding the
// host address on the device (the CPU stand-in forgives it, a GPU does
// not). The translation maps m and a section of m.x attached to it.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double *x;
  int n;
} Vec;

double total(Vec m);

int main(void) {
  int n = 100;
  double *a = malloc(n * sizeof(double));
  for (int t = 0; t < 3; t++) {
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = i + t;
  }
  Vec m = {a, n};
  printf("total = %.1f\n", total(m));
  free(a);
  return 0;
}

double total(Vec m) {
  double s = 0;
  #pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < m.n; i++)
    s += m.x[i];
  return s;
}
