// Hand-written wrong translations: each kernel dereferences a pointer that
// holds a HOST address on the device. On the CPU stand-in device (its own
// memory, the host's address space) they still compute the right sums; on
// a GPU they would read host memory. omp-migrate check must report them.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *x;
} Vec;

// No map clause: a and b are zero-length sections that find nothing.
void add(double *a, const double *b, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
}

// The structure is mapped (implicitly, whole), its member x is not: the
// device copy of v.x is the host pointer.
double sum(Vec v) {
  double s = 0;
#pragma omp target teams distribute parallel for map(tofrom: s) reduction(+: s)
  for (int i = 0; i < v.n; i++)
    s += v.x[i];
  return s;
}

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    b[i] = i;
  add(a, b, n);
  Vec v = {n, a};
  printf("sum = %.1f\n", sum(v));
  free(a);
  free(b);
  return 0;
}
