// Profitability of a kernel inside host loops: a loop inside two loops
// that stay on the host would start a kernel for each of their iterations,
// and stays. A host loop of a few iterations (a constant trip count of at
// most 8: NPB SP's `for (m = 3; m < 5; m++)` around a sweep) is not
// counted: it only multiplies the kernels by that. Run against the serial
// original. (The `rows` count makes each nest over i and j imperfect: a
// perfect one has its headers exchanged instead, the loop over j outside
// and offloaded, serial-interchange.c.)
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

#define N 64

static double a[2][N][N], b[16][N][N];
static long rows;

// Two components, each swept along i (a dependence), every j at once.
static void sweep(int n) {
  int m, i, j;
  // NOTE: serial-host-loops.c:[[@LINE+2]]:3: note: kept on the host: its 2 iterations are too few to offload (fewer than 1000)
  // CHECK: {{^  }}#pragma omp target data map(tofrom: a)
  for (m = 0; m < 2; m++)
    // NOTE: serial-host-loops.c:[[@LINE+1]]:5: note: kept on the host: 'a' is written and accessed at different subscripts, which may be a loop-carried dependence
    for (i = 1; i < n; i++) {
      rows++;
      // CHECK: {{^      }}#pragma omp target teams distribute parallel for map(tofrom: a)
      for (j = 0; j < n; j++)
        a[m][i][j] += 0.5 * a[m][i - 1][j];
    }
}

// The same sweep over 16 components: a kernel per (c, i) would be too
// many.
static void sweeps(int n) {
  int c, i, j;
  for (c = 0; c < 16; c++)
    for (i = 1; i < n; i++) {
      rows++;
      // NOTE: serial-host-loops.c:[[@LINE+1]]:7: note: kept on the host: it is inside 2 loops that stay on the host, and would start a kernel for each of their iterations (profitability: at most 1)
      for (j = 0; j < n; j++)
        b[c][i][j] += 0.25 * b[c][i - 1][j];
    }
}

int main(void) {
  for (int m = 0; m < 2; m++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        a[m][i][j] = ((m + i * j) % 7) * 0.125;
  for (int c = 0; c < 16; c++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        b[c][i][j] = ((c + i + j) % 5) * 0.25;
  sweep(N);
  sweeps(N);
  double s = 0;
  for (int m = 0; m < 2; m++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        s += a[m][i][j] * ((i + j) % 3);
  printf("%.6f %.6f %.6f %ld\n", s, a[1][N - 1][N - 1], b[15][N - 1][N - 1], rows);
  return 0;
}
