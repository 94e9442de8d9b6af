// DRACC-style mapping regression: kernels in straight-line code share one
// target enter/exit data pair. The host reads and writes between kernels
// (updates must bracket it), declares a variable inside the run that it
// uses after it (the run must not become a scope), one array is overwritten
// whole by the first kernel (copied out only; its stale host contents must
// not reach the device) and one is only partly written (its other elements
// must go in).
// RUN: %omp-migrate %s -- > %t.c
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --data=per-kernel %s -- > %t.pk.c
// RUN: %clang19-offload %t.pk.c -o %t.pk -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.pk > %t.pk.out
// RUN: diff %t.ref %t.pk.out
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *restrict a = malloc(sizeof(double) * n);
  double *restrict b = malloc(sizeof(double) * n);
  double *restrict c = malloc(sizeof(double) * n);
  double *restrict d = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    a[i] = i % 17;
    b[i] = -1.0;
    c[i] = 5.0;
    d[i] = 7.0 + i;
  }
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * a[i] + 1.0;
  b[3] = 100.0; // a host write of one element
  printf("b[4] %.3f\n", b[4]);
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    d[i] = a[i] + b[i];
  double s = 0.0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += b[i] * d[i];
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    c[i] = c[i] + s / n + d[i];
  double sb = 0, sc = 0, sd = 0;
  for (int i = 0; i < n; i++) {
    sb += b[i];
    sc += c[i] * (i % 3 + 1);
    sd += d[i];
  }
  printf("s %.6f sb %.6f sc %.6f sd %.6f d0 %.3f\n", s, sb, sc, sd, d[0]);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
