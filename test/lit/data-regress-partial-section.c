// DRACC-style mapping regression: partial array sections. Kernels of one
// iteration loop touch different sub-ranges of the same arrays (interior
// only, a window [lo, hi), then the whole array); elements no kernel touches
// are written and read by the host. A data region around the loop must map
// the union of the sections (mapping a[1:n-2] and later a[0:n] inside it is
// an error in OpenMP), and copying back must not overwrite the host's
// elements with stale device values. A window whose bounds change every
// iteration must be covered for all iterations, and so must a host write
// that starts before the kernels' section.
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

int main(void) {
  int n = 200, lo = 50, hi = 120;
  double *a = malloc(n * sizeof(double));
  double *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i % 7;
    b[i] = i % 5;
  }
  double total = 0;
  for (int it = 0; it < 4; it++) {
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.5 * (b[i - 1] + b[i + 1]);

#pragma acc parallel loop
    for (int i = lo; i < hi; i++)
      b[i] = a[i] + 1;

    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++)
      s += a[i] + b[i];

    // the host owns a[0] and a[n-1]: no kernel writes them
    a[0] = a[0] + 1;
    a[n - 1] = s / 100;
    total += s;
    printf("it %d s %.4f a[0] %.1f a[n-1] %.4f b[lo] %.4f\n", it, s, a[0], a[n - 1], b[lo]);
  }

  // a window that moves every iteration: a region around the loop must cover
  // every iteration's window, not the first one's
  for (int it = 0; it < 4; it++) {
    int wlo = 10 + 30 * it, whi = wlo + 25;
#pragma acc parallel loop
    for (int i = wlo; i < whi; i++)
      a[i] = a[i] + b[i] + it;
  }
  printf("window a[10] %.4f a[34] %.4f a[100] %.4f a[124] %.4f\n", a[10], a[34], a[100], a[124]);

  // the host writes a range that overlaps the kernels' section but starts
  // before it: c[0] is host-only, c[1:3] is also read by the kernel
  double *c = malloc(n * sizeof(double));
  double *d = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    c[i] = 1;
    d[i] = 0;
  }
  for (int it = 0; it < 4; it++) {
    for (int i = 0; i < 4; i++)
      c[i] = it + i;
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      d[i] = d[i] + 2 * c[i];
    printf("overlap it %d c[0] %.4f d[2] %.4f d[5] %.4f\n", it, c[0], d[2], d[5]);
  }
  free(c);
  free(d);

  // an explicit sub-range data region
#pragma acc data copy(b[lo:hi - lo])
  {
#pragma acc parallel loop present(b[lo:hi - lo])
    for (int i = lo; i < hi; i++)
      b[i] = b[i] * 2;
  }
  b[0] = 42;

  double sa = 0, sb = 0;
  for (int i = 0; i < n; i++) {
    sa += a[i];
    sb += b[i];
  }
  printf("total %.4f sa %.4f sb %.4f\n", total, sa, sb);
  free(a);
  free(b);
  return 0;
}
