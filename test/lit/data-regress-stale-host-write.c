// DRACC-style mapping regression: stale data after a host write between
// kernels. The host changes arrays (one element, one row, a whole array)
// between two kernels of an iteration loop and reads results in between; the
// device copy must see each host write before the next kernel, and the host
// must see each kernel's results before it reads them. Part 1 has no data
// region (a translation that hoists one must add the updates); part 2 has the
// user's own data region and update directives; in part 3 the host touches
// the arrays through a function call and through an alias pointer; in part 4
// the host writes one element of an array whose extent is a parameter (n
// might be 1, so whether the region holds u[1] cannot be decided): an update
// that sent the whole array would need the host to fetch all of it first,
// although it overwrites its own element without reading it (an earlier
// version did not, and sent stale values); the update now sends the element
// alone, which is mapped whole or not at all, and needs no fetch; in part
// 5 the host write sits in a one-line block, `{ u[1] = 0; }`, and its update
// must go inside the block, not after the line (it would then run, with a
// stale host value, whether or not the write did).
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

static void part1(int n, int m) {
  double *a = malloc(n * m * sizeof(double));
  double *b = malloc(n * m * sizeof(double));
  double *c = malloc(n * sizeof(double));
  for (int k = 0; k < n * m; k++) {
    a[k] = k % 10;
    b[k] = 1;
  }
  for (int it = 0; it < 4; it++) {
#pragma acc parallel loop
    for (int j = 0; j < n; j++) {
#pragma acc loop
      for (int i = 0; i < m; i++)
        b[j * m + i] = b[j * m + i] + a[j * m + i];
    }
    // host: one element, one row, then a whole array
    a[it] = 100 + it;
    for (int i = 0; i < m; i++)
      b[2 * m + i] = -it;
    for (int j = 0; j < n; j++)
      c[j] = it + j;
#pragma acc parallel loop
    for (int j = 0; j < n; j++) {
#pragma acc loop
      for (int i = 0; i < m; i++)
        a[j * m + i] = a[j * m + i] * 0.5 + b[j * m + i] + c[j];
    }
    // host reads one element of each
    printf("p1 it %d a[3] %.3f b[2m+1] %.3f a[n*m-1] %.3f\n", it, a[3], b[2 * m + 1],
           a[n * m - 1]);
  }
  double s = 0;
  for (int k = 0; k < n * m; k++)
    s += a[k] + b[k];
  printf("p1 checksum %.3f\n", s);
  free(a);
  free(b);
  free(c);
}

static void part2(int n) {
  double *x = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    x[i] = i;
#pragma acc data copy(x[0:n])
  {
    for (int it = 0; it < 3; it++) {
#pragma acc parallel loop
      for (int i = 0; i < n; i++)
        x[i] = x[i] + 1;
#pragma acc update self(x[0:n])
      x[it] = -10 * (it + 1);
#pragma acc update device(x[0:n])
#pragma acc parallel loop
      for (int i = 0; i < n; i++)
        x[i] = 2 * x[i];
    }
  }
  printf("p2 x[0] %.1f x[1] %.1f x[2] %.1f x[n-1] %.1f\n", x[0], x[1], x[2], x[n - 1]);
  free(x);
}

// the host touches the arrays through a call and through an alias
static void host_bump(double *v, int k) { v[k] = v[k] + 1000; }

static void part3(int n) {
  double *x = malloc(n * sizeof(double));
  double *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    x[i] = i;
    y[i] = 0;
  }
  for (int it = 0; it < 3; it++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      y[i] = y[i] + x[i];
    host_bump(x, it);
    double *p = y + 10;
    p[0] = -1;
    printf("p3 it %d y[5] %.1f y[10] %.1f\n", it, p[-5], y[10]);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      x[i] = x[i] + y[i] * 0.5;
  }
  printf("p3 x[0] %.2f x[10] %.2f x[n-1] %.2f\n", x[0], x[10], x[n - 1]);
  free(x);
  free(y);
}

static void part4(double *u, int n) {
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      u[i] += 1;
    if (t % 3 == 0) {
      u[1] = 0;
    }
  }
}

static void part5(int n) {
  double *u = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u[i] = i;
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      u[i] += 1;
    if (t % 3 == 1) { u[1] = 0; }
  }
  printf("p5 u[0] %.1f u[1] %.1f u[n-1] %.1f\n", u[0], u[1], u[n - 1]);
  free(u);
}

int main(void) {
  part1(16, 24);
  part5(30);
  part2(100);
  part3(50);
  double *u = malloc(40 * sizeof(double));
  for (int i = 0; i < 40; i++)
    u[i] = i;
  part4(u, 40);
  printf("p4 u[0] %.1f u[1] %.1f u[39] %.1f\n", u[0], u[1], u[39]);
  free(u);
  return 0;
}
