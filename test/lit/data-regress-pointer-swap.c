// DRACC-style mapping regression: pointer swap between kernels in a loop.
// Each step a kernel writes unew from u, then the host swaps the pointers and,
// every other step, reads an element of the current u. The device copies are
// found by host address, so the swap is only correct if both buffers stay
// mapped for the whole loop, every update names the buffer the pointer holds
// at that moment, and the final grid comes back from whichever buffer u is.
// A second loop swaps through a helper function. In a third, the partner of
// the swap is a pointer no kernel uses, which the host passes to a function:
// after the swap it holds the buffer the kernels write (found by
// test/fuzz/fuzz_data.py, seed 122).
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

static void swap(double **p, double **q) {
  double *t = *p;
  *p = *q;
  *q = t;
}

static double first(const double *v) { return v[0] + v[1]; }

static double third(double *a, double *c, int n) {
  double chk = 0;
  for (int t = 0; t < 6; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      c[i] = i % 5 + t;
    chk += first(a);
    double *tmp = c;
    c = a;
    a = tmp;
  }
  return chk;
}

int main(void) {
  int n = 64, steps = 7;  // odd: the result ends up in the second buffer
  double *u = malloc(n * n * sizeof(double));
  double *unew = malloc(n * n * sizeof(double));
  for (int k = 0; k < n * n; k++) {
    u[k] = (k % n == 0) ? 100 : 0;
    unew[k] = u[k];
  }
  for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        unew[j * n + i] = 0.25 * (u[j * n + i - 1] + u[j * n + i + 1] +
                                  u[(j - 1) * n + i] + u[(j + 1) * n + i]);
    double *tmp = u;
    u = unew;
    unew = tmp;
    if (t % 2 == 0)
      printf("t %d u[n+1] %.6f u[2n+2] %.6f\n", t, u[n + 1], u[2 * n + 2]);
  }
  double s = 0;
  for (int k = 0; k < n * n; k++)
    s += u[k] * (k % 3 + 1);
  printf("checksum %.6f\n", s);

  // the same, with the swap done by a helper function
  for (int t = 0; t < 4; t++) {
#pragma acc parallel loop collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        unew[j * n + i] = 0.5 * u[j * n + i] + 0.125 * (u[j * n + i - 1] + u[j * n + i + 1] +
                                                       u[(j - 1) * n + i] + u[(j + 1) * n + i]);
    swap(&u, &unew);
  }
  s = 0;
  for (int k = 0; k < n * n; k++)
    s += u[k] * (k % 5 + 1);
  printf("checksum2 %.6f u[n+1] %.6f\n", s, u[n + 1]);
  free(u);
  free(unew);
  {
    double *a = malloc(16 * sizeof(double)), *c = malloc(16 * sizeof(double));
    for (int i = 0; i < 16; i++)
      a[i] = c[i] = i;
    double chk = third(a, c, 16);
    printf("third %.1f %.1f %.1f\n", chk, a[1], c[1]);
    free(a);
    free(c);
  }
  return 0;
}
