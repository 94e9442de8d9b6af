// --offload=serial and file-scope scratch scalars (NPB BT keeps `static
// double tmp1, tmp2, tmp3` that every function assigns before reading):
// the liveness of a static scalar follows the file's calls (lib/Analysis/
// GlobalScalars), so a loop that writes one, each of its inner loops
// writing it first, makes it private with no value to give back when
// nothing reads it before assigning it again, in the function or after it
// returns. `last`, which main prints, still gets the last-iteration copy;
// `probe_v`, written by an inner loop and read later, keeps its outer loop
// on the host. main's time loop holds the arrays of the kernels in the
// functions it calls (call summaries). Run against the serial original.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>

#define N 64
static double u[N][N], f[N][N], r[N][N];
static double tmp1, tmp2;   /* scratch, as NPB keeps them */
static double acc, last;    /* a running value, a last value */
static double probe_v;      /* read by main after probe() */
static int n = N;

// OUT: {{^  }}#pragma omp target teams distribute parallel for map(to: u) map(tofrom: f, r) private(i, tmp1, tmp2){{$}}
// OUT-NEXT: {{^  }}for (j = 1; j < n - 1; j++) {
// NOTE: serial-global-scratch.c:[[@LINE+3]]:3: note: offloaded: the dependence test proves its iterations independent [omp-migrate]
static void jacobians(void) {
  int i, j;
  for (j = 1; j < n - 1; j++) {
    for (i = 0; i < n; i++) {
      tmp1 = 1.0 / (1.0 + u[i][j]);
      f[i][j] = tmp1 * tmp1;
    }
    for (i = 1; i < n - 1; i++) {
      tmp1 = 0.25;
      tmp2 = f[i - 1][j] + f[i + 1][j];
      r[i][j] = tmp1 * tmp2;
    }
  }
}

// OUT: {{^  }}#pragma omp target teams distribute parallel for collapse(2) map(to: r) map(tofrom: u) private(tmp2){{$}}
static void update(void) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      tmp2 = r[i][j];
      u[i][j] = u[i][j] + 0.5 * tmp2;
    }
}

// OUT: {{^  }}double last_last;
// OUT: {{^  }}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: last_ran, acc) map(from: last_last) map(to: u) private(last) reduction(+: acc)
// OUT: {{^  }}if (last_ran) { last = last_last; last_ran = 0; }
static void total(void) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      last = u[i][j];
      acc = acc + last;
    }
}

// NOTE: serial-global-scratch.c:[[@LINE+3]]:3: note: kept on the host: 'probe_v' is read after the loop, and only some iterations write it
static void probe(void) {
  int i, j;
  for (j = 0; j < n; j++) {
    r[0][j] = 0;
    for (i = 1; i < n; i++) {
      probe_v = u[i][j] * 0.5;
      r[i][j] = probe_v;
    }
  }
}

// OUT: {{^  }}#pragma omp target data map(tofrom: u, f, r)
// OUT-NEXT: {{^  }}for (step = 0; step < 5; step++) {
int main(void) {
  int i, j, step;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      u[i][j] = (i * 7 + j * 3) % 11;
  for (step = 0; step < 5; step++) {
    jacobians();
    update();
  }
  total();
  probe();
  printf("%.6f %.6f %.6f %.6f\n", acc, last, probe_v, r[3][5]);
  return 0;
}
