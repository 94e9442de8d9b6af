// The correct counterparts of check-unmapped.c, and other correct ways a
// kernel gets device addresses: omp-migrate check must pass them.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *x;
} Vec;

// Sections of both pointers.
void add(double *a, const double *b, int n) {
#pragma omp target teams distribute parallel for map(from: a[0:n]) map(to: b[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
}

// No map clause, inside a data region that holds both arrays.
void scale(double *a, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

// The structure and a section of its member, attached to it.
double sum(Vec v) {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: v) map(to: v.x[0:v.n]) map(tofrom: s) reduction(+: s)
  for (int i = 0; i < v.n; i++)
    s += v.x[i];
  return s;
}

// A structure entered with its member; a kernel reaches it through a pointer.
double sum_present(Vec *p) {
  double s = 0;
#pragma omp target teams distribute parallel for map(tofrom: s) reduction(+: s)
  for (int i = 0; i < p->n; i++)
    s += p->x[i];
  return s;
}

// Device memory: is_device_ptr.
double device_sum(int n) {
  double *d = omp_target_alloc(n * sizeof(double), omp_get_default_device());
  double s = 0;
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < n; i++)
    d[i] = i;
#pragma omp target teams distribute parallel for is_device_ptr(d) map(tofrom: s) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += d[i];
  omp_target_free(d, omp_get_default_device());
  return s;
}

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    b[i] = i;
  add(a, b, n);
#pragma omp target data map(tofrom: a[0:n])
  scale(a, n);
  Vec v = {n, a};
  printf("sum = %.1f\n", sum(v));
#pragma omp target enter data map(to: v) map(to: v.x[0:n])
  printf("sum = %.1f\n", sum_present(&v));
#pragma omp target exit data map(release: v.x[0:n]) map(release: v)
  printf("device sum = %.1f\n", device_sum(n));
  free(a);
  free(b);
  return 0;
}
