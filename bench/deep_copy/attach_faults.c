// What libomptarget 19 does with map(to: a[i][0:m]) when the pointer array
// a[0:n] is present (docs/usage.md, "Deep copies"): whether the device's
// slots are attached, whether target update changes them or the host's
// pointers, and whether the pointer array is still mapped after its exit.
// Plain OpenMP: build with clang-19 -fopenmp for the stand-in or a GPU.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(void) {
  int n = 4, m = 8, dev = omp_get_default_device();
  double **a = malloc(n * sizeof(double *));
  double *saved[4];
  for (int i = 0; i < n; ++i) saved[i] = a[i] = calloc(m, sizeof(double));
  #pragma omp target enter data map(to: a[0:n])
  for (long i = 0; i < n; ++i) {
    #pragma omp target enter data map(to: a[i][0:m])
  }
  unsigned long long host[4];
  for (int i = 0; i < n; ++i) host[i] = (unsigned long long)a[i];
  int before = 0, after = 0;
  #pragma omp target map(to: host[0:n]) map(tofrom: before)
  for (int i = 0; i < n; ++i) before += (unsigned long long)a[i] == host[i];
  for (long i = 0; i < n; ++i) {
    #pragma omp target update to(a[i][0:m])
  }
  #pragma omp target map(to: host[0:n]) map(tofrom: after)
  for (int i = 0; i < n; ++i) after += (unsigned long long)a[i] == host[i];
  for (long i = 0; i < n; ++i) {
    #pragma omp target update from(a[i][0:m])
  }
  int changed = 0;
  for (int i = 0; i < n; ++i) changed += a[i] != saved[i];
  for (int i = 0; i < n; ++i) a[i] = saved[i];
  for (long i = 0; i < n; ++i) {
    #pragma omp target exit data map(release: a[i][0:m])
  }
  #pragma omp target exit data map(release: a[0:n])
  printf("device slots holding host pointers: %d of %d after attach, %d after target update to(a[i][0:m]); "
         "host row pointers changed by update from: %d; pointer array still mapped after its exit: %d\n",
         before, n, after, changed, omp_target_is_present(a, dev));
  return 0;
}
