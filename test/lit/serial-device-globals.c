// --offload=serial and functions that read globals (NPB BT's
// exact_solution reads the coefficients `ce`, LU's exact reads `nx0`, ...):
// a function the loop calls may read file-scope variables of arithmetic
// elements, never write them. Each becomes `declare target link` before the
// function that uses it first, and every kernel that runs such a function
// maps it (`map(to: ...)`), outside any data region: main changes `ce` and
// `nx0` between kernels, and a kernel that did not map them would read the
// copy of the one before. A loop that writes such a global, or calls a
// function that writes one, stays on the host. Run against the serial
// original.
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
// The fix-its of --suggest, all applied: each loop's carries the link lines
// it needs, at the ends of the declarations' lines, so they do not collide
// with a function's declare target line (clang-apply-replacements refused
// that); shared lines come twice, which OpenMP allows.
// RUN: rm -rf %t.fix && mkdir %t.fix && cp %s %t.fix/g.c
// RUN: cd %t.fix && %omp-migrate --suggest --export-fixes=%t.fix/g.yaml g.c -- > /dev/null 2>&1
// RUN: clang-apply-replacements %t.fix
// RUN: %clang19-offload -Werror=openmp-target %t.fix/g.c -o %t.fix.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.fix.omp > %t.fix.out
// RUN: diff %t.ref %t.fix.out
#include <stdio.h>

#define N 4000

// Each directive on the line after the declaration, before any use (init's,
// on the host, is the first).
// OUT:      {{^}}static double ce[5][13];
// OUT-NEXT: {{^}}#pragma omp declare target link(ce)
// OUT-NEXT: {{^}}static int nx0; // the grid's size
// OUT-NEXT: {{^}}#pragma omp declare target link(nx0)
// OUT-NEXT: {{^}}static double u[N][5], out[N], w[N];
static double ce[5][13];
static int nx0; // the grid's size
static double u[N][5], out[N], w[N];
static int count;

static void init(void) {
  int m, k;
  for (m = 0; m < 5; m++)
    for (k = 0; k < 13; k++)
      ce[m][k] = m + 0.5 * k;
  nx0 = 3;
}

// OUT:      {{^}}#pragma omp declare target{{$}}
// OUT-NEXT: {{^}}static void exact(int i, double dtemp[5]) {
static void exact(int i, double dtemp[5]) {
  int m;
  for (m = 0; m < 5; m++)
    dtemp[m] = ce[m][0] + ce[m][1] * i / nx0 + ce[m][2] * i * i;
}

// OUT:      {{^}}#pragma omp declare target{{$}}
// OUT-NEXT: {{^}}static double scale(int i)
static double scale(int i) { return ce[0][i % 13] * nx0; }

static double counted(int i) {
  count++;
  return i * 0.5;
}

int main(void) {
  int i, m, t;
  double s = 0;
  init();
  for (t = 0; t < 2; t++) {
    // NOTE: [[@LINE+4]]:5: note: 'ce' is read on the device by a function the loop calls: declare target link, mapped by the kernel
    // NOTE-NEXT: [[@LINE+3]]:5: note: 'nx0' is read on the device by a function the loop calls: declare target link, mapped by the kernel
    // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: u) map(to: ce, nx0)
    // OUT-NEXT: {{^ *}}for (i = 0; i < N; i++)
    for (i = 0; i < N; i++)
      exact(i, u[i]);
    nx0 = nx0 + 1;
    ce[0][1] = ce[0][1] * 2.0;
    // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: out) map(to: ce, nx0, u)
    // OUT-NEXT: {{^ *}}for (i = 0; i < N; i++)
    for (i = 0; i < N; i++)
      out[i] = scale(i) + u[i][4];
    // NOTE: [[@LINE+2]]:5: note: kept on the host: the loop writes 'nx0', which a function it calls reads on the device (one copy for all iterations)
    // OUT-NOT: {{^ *}}#pragma omp target teams
    for (i = 0; i < N; i++) {
      nx0 = i;
      w[i] = scale(i);
    }
    nx0 = 3 + t;
    // NOTE: [[@LINE+2]]:5: note: kept on the host: the loop calls 'counted', which writes 'count', not a variable of its own
    // OUT-NOT: {{^ *}}#pragma omp target teams
    for (i = 0; i < N; i++)
      w[i] += counted(i);
  }
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for collapse(2)
  for (i = 0; i < N; i++)
    for (m = 0; m < 5; m++)
      s += u[i][m] + out[i] + w[i];
  printf("%.6e %d %d\n", s, nx0, count);
  return 0;
}
