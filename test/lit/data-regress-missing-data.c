// DRACC-style mapping regression: missing data. Arrays (heap, global, stack),
// a scalar reduction and a scalar written in a kernels region are used in
// compute constructs without any data clause; the translation must map each
// of them (the right section, the right direction) or the device computes on
// garbage and the host never sees the results. An array allocated inside the
// loop body cannot be mapped around the loop.
// RUN: %omp-migrate %s -- > %t.c
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --data=per-kernel %s -- > %t.pk.c
// RUN: %clang19-offload %t.pk.c -o %t.pk -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.pk > %t.pk.out
// RUN: diff %t.ref %t.pk.out
// The same program as OpenMP input (the per-kernel translation), optimized:
// RUN: %omp-migrate --optimize-data %t.pk.c -- > %t.od.c
// RUN: %clang19-offload %t.od.c -o %t.od -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.od > %t.od.out
// RUN: diff %t.ref %t.od.out
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

#define N 1000
static double g[N];

int main(void) {
  int n = N;
  double *a = malloc(n * sizeof(double));
  double *b = malloc(n * sizeof(double));
  double fixed[64];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = -1;
    g[i] = 2 * i;
  }
  for (int k = 0; k < 64; k++)
    fixed[k] = k % 8;

  double total = 0;
  double last = 0;
  for (int it = 0; it < 3; it++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      b[i] = a[i] + g[i] + fixed[i % 64];

    double sum = 0;
#pragma acc parallel loop reduction(+:sum)
    for (int i = 0; i < n; i++)
      sum += b[i];

#pragma acc kernels
    {
      last = b[n - 1] + it;
      a[0] = a[0] + 1;
    }

#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      g[i] = g[i] + 1;

    total += sum;
    printf("it %d sum %.1f last %.1f\n", it, sum, last);
  }
  // an array allocated and freed inside the loop body: its mapping cannot
  // be hoisted out of the loop
  for (int it = 0; it < 3; it++) {
    double *tmp = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
      tmp[i] = it;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      b[i] = b[i] + tmp[i];
    free(tmp);
  }
  printf("total %.1f a[0] %.1f a[n-1] %.1f b[7] %.1f g[3] %.1f\n", total, a[0], a[n - 1],
         b[7], g[3]);
  free(a);
  free(b);
  return 0;
}
