// --offload=serial and subscripts bounded by their form, in a function any
// file may call (no extent from its callers): `e & 15` reaches [0, 15]
// whatever e is, `i % 64` reaches [0, 63] since i is never negative, and so
// does an unsigned dividend; `i % nb`, nb a parameter, reaches [0, nb - 1]
// (a section of nb elements); a signed dividend that may be negative does
// not bound the subscript. Run against the serial original.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload -Werror=openmp-target %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#define N 100000

void hist(int n, const float *restrict x, int *restrict h, const int *restrict key,
          double *restrict w, int nb) {
  int i;
  // NOTE: [[@LINE+3]]:3: note: 'h' mapped as h[0:16]
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(tofrom: h[0:16]) map(to: x[0:n])
  // OUT-NEXT: {{^}}  for (i = 0; i < n; i++)
  for (i = 0; i < n; i++)
    h[(int)(x[i] * 7.0f) & 15]++;
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: w[0:64])
  for (i = 0; i < n; i++)
    w[i % 64] += 1.0;
  // NOTE: [[@LINE+2]]:3: note: 'w' mapped as w[0:nb]
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: w[0:nb])
  for (i = 0; i < n; i++)
    w[i % nb] += 0.5;
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: w[0:32]) map(to: key[0:n], x[0:n])
  for (i = 0; i < n; i++)
    w[(unsigned)key[i] % 32u] += x[i];
  // NOTE: [[@LINE+3]]:3: note: kept on the host: no array section can be inferred for 'w': the subscript 'key[i] % 32' depends on a value computed in the region
  // OUT-NOT: {{^ *}}#pragma omp target teams
  // OUT:     {{^}}  for (i = 0; i < n; i++)
  for (i = 0; i < n; i++)
    w[key[i] % 32] += x[i];
}

int main(void) {
  static float x[N];
  static int h[16], key[N];
  static double w[64];
  int i;
  double s = 0;
  for (i = 0; i < N; i++) {
    x[i] = (i % 37) * 0.1f;
    key[i] = i * 7;
  }
  hist(N, x, h, key, w, 48);
  for (i = 0; i < 16; i++)
    s += h[i] * (i + 1);
  for (i = 0; i < 64; i++)
    s += w[i];
  printf("%.6e\n", s);
  return 0;
}
