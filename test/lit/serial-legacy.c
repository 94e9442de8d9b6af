// --offload=serial on legacy C (issue #30): loop variables declared at the
// top of the function and reused (a liveness analysis over the CFG finds
// them dead after each loop), bounds read from global arrays, a sparse
// row loop whose inner loop is not canonical (its variable is private, its
// accesses are reads), neighbour indices computed into top-level scalars,
// and a scalar both branches of an if assign. Run against the serial
// original built with gcc, on the CPU stand-in and with gcc's OpenMP.
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

#define NA 2000
#define NZ (NA * 8)
#define G 40

static int rowstr[NA + 2], colidx[NZ];
static double a[NZ], p[NA + 1], q[NA + 1];
static int grid_points[3];
static double u[G][G][G], rhs[G][G][G];

static void matvec(void) {
  int j, k;
  double sum;
  // OUT: #pragma omp target teams distribute parallel for map(to: rowstr, a, p, colidx) map(tofrom: q) private(sum, k)
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: offloaded: the dependence test proves its iterations independent
  for (j = 0; j < NA; j++) {
    sum = 0.0;
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum = sum + a[k] * p[colidx[k]];
    q[j] = sum;
  }
}

static void smooth(void) {
  int i, j, k, k1, k2;
  double s;
  // OUT: #pragma omp target teams distribute parallel for collapse(3) map(to: grid_points, u) map(tofrom: rhs) private(k1, k2, s)
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: offloaded: the dependence test proves its iterations independent (and those of the 2 loops nested in it: collapsed)
  for (i = 1; i < grid_points[0] - 1; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 0; k < grid_points[2] - 2; k++) {
        k1 = k + 1;
        k2 = k + 2;
        if (u[i][j][k1] > 0.5)
          s = 2.0;
        else
          s = 0.5;
        rhs[i][j][k1] = s * (u[i][j][k] + u[i][j][k2]) + u[i - 1][j][k1] + u[i + 1][j][k1];
      }
  // The next use of i, j and k is a loop's initialization: dead.
  // OUT: #pragma omp target teams distribute parallel for collapse(3) map(tofrom: u) map(to: rhs)
  for (i = 0; i < G; i++)
    for (j = 0; j < G; j++)
      for (k = 0; k < G; k++)
        u[i][j][k] = 0.5 * (u[i][j][k] + rhs[i][j][k]);
}

static void shrink(void) {
  int i;
  // The bound reads what the loop writes: not proved invariant.
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: kept on the host: the loop is not in canonical form: its bound 'grid_points[2]' is not proved invariant: it reads 'grid_points', which the loop writes
  for (i = 0; i < grid_points[2]; i++)
    grid_points[i % 2] = grid_points[i % 2] > 3 ? grid_points[i % 2] - 1 : grid_points[i % 2];
}

static void tail(void) {
  int i, len = 16;
  // A local that keeps its constant initializer: 16 iterations.
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: kept on the host: its 16 iterations are too few to offload (fewer than 1000)
  for (i = 0; i < len; i++)
    p[i] = p[i] + 1.0;
}

int main(void) {
  int i, j, k;
  for (j = 0; j <= NA + 1; j++)
    rowstr[j] = j * 8 < NZ ? j * 8 : NZ;
  for (k = 0; k < NZ; k++) {
    a[k] = (k % 13) * 0.25;
    colidx[k] = (k * 7) % NA;
  }
  for (j = 0; j <= NA; j++)
    p[j] = (j % 11) * 0.5;
  tail();
  matvec();
  grid_points[0] = G;
  grid_points[1] = G - 2;
  grid_points[2] = G;
  for (i = 0; i < G; i++)
    for (j = 0; j < G; j++)
      for (k = 0; k < G; k++) {
        u[i][j][k] = ((i * 3 + j * 5 + k * 7) % 17) / 16.0;
        rhs[i][j][k] = 0;
      }
  smooth();
  shrink();
  double s = 0;
  for (j = 0; j < NA; j++)
    s += q[j];
  for (i = 0; i < G; i++)
    for (j = 0; j < G; j++)
      for (k = 0; k < G; k++)
        s += u[i][j][k];
  // The final value of i is read: set on the host after the kernel.
  // OUT: #pragma omp target teams distribute parallel for map(tofrom: q)
  // OUT-NEXT: for (i = 0; i <= NA - 2; i += 2)
  // OUT-NEXT: q[i] = q[i] * 0.5;
  // OUT-NEXT: i = (0) <= (NA - 2) ? (0) + (((NA - 2) - (0)) / 2 + 1) * 2 : (0); /* omp-migrate: the loop's final value */
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: 'i' is read after the loop: its final value is set on the host after it
  for (i = 0; i <= NA - 2; i += 2)
    q[i] = q[i] * 0.5;
  s += i;
  // Not when the loop shares its last line with other code.
  // NOTE: serial-legacy.c:[[@LINE+1]]:3: note: kept on the host: the loop variable 'i' is read after the loop
  for (i = 0; i < NA; i++) q[i] = q[i] + 1; s += i;
  for (j = 0; j < NA; j++)
    s += q[j];
  printf("%.6e %d\n", s, i);
  return 0;
}
