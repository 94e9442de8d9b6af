// --offload=serial on legacy C that calls functions of the file with
// pointers (issue #30, item 4): NPB BT's block solvers pass rows of a
// global array (`lhs[i][j][k][AA]`) and element addresses to helpers that
// only subscript them. The facts follow each call into the helper's body,
// so the loop around the call is tested like any other, and the helper
// gets declare target. Also: a variable-length array maps whole.
// Run against the serial original built with gcc, on the CPU stand-in and
// with gcc's OpenMP.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc -lm && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define G 24
#define AA 0
#define BB 1
static double lhs[G][G][G][2][5][5], rhs[G][G][G][5];
static int grid_points[3];

static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]);
static void binvrhs(double l[5][5], double r[5]);

// OUT: #pragma omp declare target
// OUT-NEXT: static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]) {
static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]) {
  int i;
  for (i = 0; i < 5; i++)
    bvec[i] = bvec[i] - ablock[i][0] * avec[0] - ablock[i][1] * avec[1] -
              ablock[i][2] * avec[2] - ablock[i][3] * avec[3] - ablock[i][4] * avec[4];
}
// OUT: #pragma omp end declare target

// Its loop stays: scale runs on the device, inside the kernels that call it.
// NOTE: serial-calls.c:[[@LINE+6]]:3: note: kept on the host: it is in 'scale', which offloaded loops call (declare target): a kernel does not start inside a kernel
// OUT: #pragma omp declare target
// OUT-NEXT: static void scale(double *r, int n, double s) {
// OUT-NOT: #pragma omp target teams
static void scale(double *r, int n, double s) {
  int m;
  for (m = 0; m < n; m++)
    r[m] = r[m] * s;
}

static void binvrhs(double l[5][5], double r[5]) {
  double pivot = 1.00 / l[0][0];
  scale(&r[0], 1, pivot);
  scale(&r[1], 4, 0.5 * l[1][1]);
}

static void solve(void) {
  int i, j, k, isize;
  isize = grid_points[0] - 1;
  // The i loop carries the solve (rhs[i - 1]): only the planes are parallel.
  // OUT: #pragma omp target data map(to: grid_points, lhs) map(tofrom: rhs)
  // NOTE: serial-calls.c:[[@LINE+1]]:3: note: kept on the host: 'rhs' is written and accessed at different subscripts, which may be a loop-carried dependence
  for (i = 1; i < isize; i++) {
    // OUT: #pragma omp target teams distribute parallel for collapse(2) map(to: grid_points, lhs) map(tofrom: rhs)
    // NOTE: serial-calls.c:[[@LINE+2]]:5: note: offloaded: the dependence test proves its iterations independent (and those of the 1 loops nested in it: collapsed)
    // NOTE: serial-calls.c:[[@LINE+1]]:5: note: 'matvec_sub' is called: declare target
    for (j = 1; j < grid_points[1] - 1; j++) {
      for (k = 1; k < grid_points[2] - 1; k++) {
        matvec_sub(lhs[i][j][k][AA], rhs[i - 1][j][k], rhs[i][j][k]);
        binvrhs(lhs[i][j][k][BB], rhs[i][j][k]);
      }
    }
  }
}

// A helper that uses its pointer other than through subscripts: the loop
// stays, and says why.
static void bump(double *p) { *p += 1.0; }

int main(void) {
  int i, j, k, m, n;
  int len = 2000;
  double v[len];
  grid_points[0] = grid_points[1] = grid_points[2] = G;
  for (i = 0; i < G; i++)
    for (j = 0; j < G; j++)
      for (k = 0; k < G; k++) {
        for (m = 0; m < 5; m++)
          rhs[i][j][k][m] = 1.0 + 0.01 * (i + 2 * j + 3 * k + m);
        for (m = 0; m < 5; m++)
          for (n = 0; n < 5; n++) {
            lhs[i][j][k][AA][m][n] = 0.001 * (m + n);
            lhs[i][j][k][BB][m][n] = (m == n) ? 2.0 + 0.01 * k : 0.0;
          }
      }
  solve();
  // OUT: #pragma omp target teams distribute parallel for map(tofrom: v)
  for (i = 0; i < len; i++)
    v[i] = 0.5 * i;
  // NOTE: serial-calls.c:[[@LINE+1]]:3: note: kept on the host: the loop calls 'bump', which uses its pointer 'p' other than through subscripts
  for (i = 0; i < len; i++)
    bump(&v[i]);
  double s = 0.0;
  for (i = 0; i < G; i++)
    for (j = 0; j < G; j++)
      for (k = 0; k < G; k++)
        for (m = 0; m < 5; m++)
          s += rhs[i][j][k][m];
  for (i = 0; i < len; i++)
    s += v[i];
  printf("%.9e\n", s);
  return 0;
}
