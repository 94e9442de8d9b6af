// DRACC-style mapping regression: unstructured data lifetimes across
// functions. enter data in one function, kernels in others (with present and
// with no clause at all, relying on the data being present), update self of a
// part in another, exit data (copyout for one array, delete for a temporary)
// in a last one. Nothing may be copied twice or dropped early, and the
// copyout must bring back the device's final values.
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

static void dev_open(double *a, int n) {
#pragma acc enter data copyin(a[0:n])
}

static double *dev_tmp(int n) {
  double *t = malloc(n * sizeof(double));
#pragma acc enter data create(t[0:n])
  return t;
}

static void dev_scale(double *a, int n, double f) {
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * f;
}

static void dev_mix(double *a, double *t, int n, int it) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    t[i] = a[i] + it;
#pragma acc parallel loop
  for (int i = 1; i < n; i++)
    a[i] = 0.5 * (t[i] + t[i - 1]);
}

static void dev_peek(double *a, int lo, int len) {
#pragma acc update self(a[lo:len])
}

static void dev_close(double *a, double *t, int n) {
#pragma acc exit data copyout(a[0:n])
#pragma acc exit data delete(t[0:n])
  free(t);
}

int main(void) {
  int n = 300;
  double *a = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = i % 9;
  dev_open(a, n);
  double *t = dev_tmp(n);
  for (int it = 0; it < 5; it++) {
    dev_scale(a, n, 1.5);
    dev_mix(a, t, n, it);
    dev_peek(a, 10, 5);
    printf("it %d a[10] %.6f a[14] %.6f\n", it, a[10], a[14]);
  }
  dev_close(a, t, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("sum %.6f a[0] %.6f a[n-1] %.6f\n", s, a[0], a[n - 1]);
  free(a);
  return 0;
}
