// DRACC-style mapping regression: the refinements of a hoisted data region.
// A temporary created on the device (alloc) that every step writes before it
// reads it; a temporary whose later read reaches past what was written (must
// keep its initial contents); two swapped buffers of which only one is read
// after the loop, over an odd number of steps (the result is in the second
// buffer, fetched by a target update at the end of the region); a host loop
// that overwrites a whole row (no fetch before it) next to one that writes
// every other element (needs it); an element read twice between kernels.
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

static void temps(int n, int steps) {
  double *restrict a = malloc(sizeof(double) * n * n);
  double *restrict t = malloc(sizeof(double) * n * n);
  double *restrict q = malloc(sizeof(double) * n);
  double *restrict b = malloc(sizeof(double) * n);
  for (int k = 0; k < n * n; k++) {
    a[k] = (k % 7) * 0.5;
    t[k] = 1000.0 + k; // never seen by the device in a correct translation
  }
  for (int k = 0; k < n; k++) {
    q[k] = k; // q[n - 1] is read by the device without being written
    b[k] = 0.0;
  }
  double e = 0.0;
  for (int s = 0; s < steps; s++) {
    e = 0.0;
#pragma acc parallel loop reduction(+:e)
    for (int j = 1; j < n - 1; j++) {
#pragma acc loop reduction(+:e)
      for (int i = 1; i < n - 1; i++) {
        t[j * n + i] = 0.25 * (a[j * n + i - 1] + a[j * n + i + 1] +
                               a[(j - 1) * n + i] + a[(j + 1) * n + i]);
        e += t[j * n + i];
      }
    }
#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        a[j * n + i] = t[j * n + i];
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      q[i] = b[i] + 1.0;
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      b[i] = q[i + 1];
  }
  double s1 = 0, s2 = 0;
  for (int k = 0; k < n * n; k++)
    s1 += a[k] * (k % 5 + 1);
  for (int k = 0; k < n; k++)
    s2 += b[k] * (k % 3 + 1);
  printf("temps e %.6f a %.6f b %.6f\n", e, s1, s2);
  free(a);
  free(t);
  free(q);
  free(b);
}

static void swapped(int n, int steps) {
  double *u = malloc(sizeof(double) * n * n);
  double *v = malloc(sizeof(double) * n * n);
  for (int k = 0; k < n * n; k++) {
    u[k] = (k % n == 0) ? 100.0 : 0.0;
    v[k] = u[k] + 1.0; // a different boundary: it must not leak into u
  }
  for (int s = 0; s < steps; s++) {
#pragma acc parallel loop collapse(2)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        v[j * n + i] = 0.25 * (u[j * n + i - 1] + u[j * n + i + 1] +
                               u[(j - 1) * n + i] + u[(j + 1) * n + i]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
  double s1 = 0;
  for (int k = 0; k < n * n; k++)
    s1 += u[k] * (k % 3 + 1);
  printf("swapped %.6f u[n+1] %.6f u[0] %.6f\n", s1, u[n + 1], u[0]);
  free(u);
  free(v);
}

static void rows(int n, int steps) {
  double *restrict u = malloc(sizeof(double) * n * n);
  double *restrict w = malloc(sizeof(double) * n * n);
  for (int k = 0; k < n * n; k++) {
    u[k] = k % 4;
    w[k] = 0.0;
  }
  double probe = 0.0;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++)
      u[i] = (s + i) % 11 * 0.1;
    for (int i = 0; i < n / 2; i++)
      u[n + 2 * i] = s;
#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++)
      for (int i = 0; i < n; i++)
        w[j * n + i] = 0.5 * (u[(j - 1) * n + i] + u[(j + 1) * n + i]);
#pragma acc parallel loop
    for (int j = 1; j < n - 1; j++)
      for (int i = 0; i < n; i++)
        u[j * n + i] = w[j * n + i] + 0.01;
    probe += u[n + 1];
    if (s % 3 == 0)
      printf("rows %d %.6f %.6f\n", s, u[n + 1], u[2]);
  }
  double s1 = 0;
  for (int k = 0; k < n * n; k++)
    s1 += u[k] * (k % 7 + 1);
  printf("rows probe %.6f checksum %.6f\n", probe, s1);
  free(u);
  free(w);
}

int main(void) {
  temps(32, 5);
  swapped(24, 7);
  rows(20, 9);
  return 0;
}
