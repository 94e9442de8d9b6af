// Bounds that read an element of a declared array of arrays (NPB FT's
// `i < dims[2][0]`) are invariant when the nest writes no element of it,
// as one-dimensional ones are. And an update whose value the iteration
// uses (`tmp[t++]`, `b[i] = (s += x)`) is no reduction: each iteration
// reads what the ones before it made of the variable (FT's
// compute_initial_conditions fills a plane from `tmp[t++]`; offloaded with
// reduction(+: t) it read the wrong elements). Run against the serial
// original built with gcc.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define NX 64
#define NY 32
static int dims[3][3];
static int map3[NY][NX];
static double tmp[2 * NX * NY], u[NY][NX][2];

static void index_map(int m[NY][NX]) {
  int i, j;
  // NOTE: serial-bound-rows.c:[[@LINE+3]]:3: note: offloaded: the dependence test proves its iterations independent (and those of the 1 loops nested in it: collapsed)
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(to: dims) map(tofrom: m[0:dims[2][1]])
  // OUT-NEXT: {{^ *}}for (j = 0; j < dims[2][1]; j++)
  for (j = 0; j < dims[2][1]; j++)
    for (i = 0; i < dims[2][0]; i++)
      m[j][i] = i * i + j;
}

static void fill(void) {
  int i, j, t = 0;
  double s = 0, b[NY];
  // NOTE: serial-bound-rows.c:[[@LINE+2]]:3: note: kept on the host: the loop uses the value of 't++': each iteration reads what the ones before it made of 't', no reduction
  // OUT-NOT: {{^ *}}#pragma omp {{.*}}reduction(+: t)
  for (j = 0; j < NY; j++)
    for (i = 0; i < NX; i++) {
      u[j][i][0] = tmp[t++];
      u[j][i][1] = tmp[t++];
    }
  // NOTE: serial-bound-rows.c:[[@LINE+2]]:3: note: kept on the host: the loop uses the value of 's += tmp[j]': each iteration reads what the ones before it made of 's', no reduction
  // OUT-NOT: {{^ *}}#pragma omp {{.*}}reduction(+: s)
  for (j = 0; j < NY; j++)
    b[j] = (s += tmp[j]);
  printf("%g %g %g %g\n", u[NY - 1][NX - 1][1], u[3][5][0], b[NY - 1], s);
}

int main(void) {
  int i;
  for (i = 0; i < 3; i++) {
    dims[i][0] = NX;
    dims[i][1] = NY;
    dims[i][2] = 1;
  }
  for (i = 0; i < 2 * NX * NY; i++)
    tmp[i] = 0.25 * i;
  index_map(map3);
  fill();
  printf("%d %d\n", map3[NY - 1][NX - 1], map3[7][9]);
  return 0;
}
