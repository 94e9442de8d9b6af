// OpenACC whose translation passes a structure's pointer member to a kernel
// as a host address: the translator maps the structure (implicitly, whole)
// but not a section of m.x. Today's translation of total() (a translator
// defect, found by the launch check): its kernel reads m.x through the host
// pointer, which the CPU stand-in device forgives and a GPU does not.
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
