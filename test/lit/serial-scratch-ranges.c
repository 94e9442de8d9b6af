// Scratch arrays at file scope whose rows one inner loop fills and the
// next reads (NPB BT's exact_rhs: ue, buf, cuf, q over i < grid_points[0]).
// Every iteration of the j loop writes what it reads of them first, which
// the ranges of the inner loops prove (Facts/ScratchRanges), so they are
// private. The dissipation reads rows 1..4 and n-4..n-3 outside the inner
// loops: written only when grid_points[0] >= 5, a guard the loop is
// versioned on. main sets grid_points before it calls exact_rhs, so every
// run of the loop takes the same branch (with an argument, 4: the original
// loop). Changed between two calls, no guard is taken: the loop in
// `changed` stays, what one run leaves in `rows` the next may read. Run
// against the serial original built with gcc, with and without an
// argument; a second run changes nothing.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp small > %t.out4
// RUN: %t.orig small > %t.ref4
// RUN: diff %t.ref4 %t.out4
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --suggest %s -- 2>&1 | %FileCheck %s --check-prefix=SUGGEST
// SUGGEST: serial-scratch-ranges.c:{{[0-9]+}}:3: remark: loop can be offloaded when grid_points[0] - 5 >= 0 (versioned: a run-time test chooses it)
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define PS 24
static double ue[PS][5], buf[PS][5], cuf[PS], q[PS];
static double forcing[PS][PS][PS][5];
static double rows[PS], small[PS];
static int grid_points[3];
static int width;

static void exact_solution(double xi, double eta, double zeta, double dtemp[5]) {
  int m;
  for (m = 0; m < 5; m++)
    dtemp[m] = xi + 2 * eta + 3 * zeta + m;
}

static void exact_rhs(void) {
  int i, j, k, m, im1, ip1;
  double xi, eta, zeta, dtpp, dtemp[5];
  // NOTE: serial-scratch-ranges.c:[[@LINE+9]]:3: note: offloaded: the dependence test proves its iterations independent
  // NOTE: serial-scratch-ranges.c:[[@LINE+8]]:3: note: 'ue' is private: every iteration writes what it reads of it first, and nothing reads what the loop leaves in it
  // NOTE: serial-scratch-ranges.c:[[@LINE+7]]:3: note: 'buf' is private
  // NOTE: serial-scratch-ranges.c:[[@LINE+6]]:3: note: 'cuf' is private
  // NOTE: serial-scratch-ranges.c:[[@LINE+5]]:3: note: 'q' is private
  // NOTE: serial-scratch-ranges.c:[[@LINE+4]]:3: note: versioned: offloaded when grid_points[0] - 5 >= 0, else the loop as it was
  // OUT: {{^}}  if (grid_points[0] - 5 >= 0) {
  // OUT-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(always, to: grid_points) map(always, tofrom: forcing) private(eta, k, zeta, i, xi, dtemp, m, ue, dtpp, buf, cuf, q, im1, ip1)
  // OUT-NEXT: {{^}}    for (j = 1; j < grid_points[1] - 1; j++) {
  for (j = 1; j < grid_points[1] - 1; j++) {
    eta = (double)j * 0.1;
    for (k = 1; k < grid_points[2] - 1; k++) {
      zeta = (double)k * 0.2;
      for (i = 0; i < grid_points[0]; i++) {
        xi = (double)i * 0.3;
        exact_solution(xi, eta, zeta, dtemp);
        for (m = 0; m < 5; m++) {
          ue[i][m] = dtemp[m];
        }
        dtpp = 1.0 / dtemp[0];
        for (m = 1; m <= 4; m++) {
          buf[i][m] = dtpp * dtemp[m];
        }
        cuf[i] = buf[i][1] * buf[i][1];
        buf[i][0] = cuf[i] + buf[i][2] * buf[i][2];
        q[i] = 0.5 * (buf[i][1] * ue[i][1]);
      }
      for (i = 1; i < grid_points[0] - 1; i++) {
        im1 = i - 1;
        ip1 = i + 1;
        forcing[i][j][k][0] = forcing[i][j][k][0] - (ue[ip1][1] - ue[im1][1]) +
                              (ue[ip1][0] - 2.0 * ue[i][0] + ue[im1][0]) + q[ip1] * cuf[im1];
        forcing[i][j][k][1] = buf[ip1][1] - buf[im1][0];
      }
      for (m = 0; m < 5; m++) {
        i = 1;
        forcing[i][j][k][m] = forcing[i][j][k][m] - (5.0 * ue[i][m] - 4.0 * ue[i + 1][m] + ue[i + 3][m]);
        i = grid_points[0] - 3;
        forcing[i][j][k][m] = forcing[i][j][k][m] - (4.0 * ue[i - 1][m] + 6.0 * ue[i][m]);
      }
    }
  }
}

// width changes between the two calls of `changed` (main): a guard on it
// could send one run to the kernel and the next to the original loop,
// which would read what the first left in `small`.
static void changed(void) {
  int i, j;
  // NOTE: serial-scratch-ranges.c:[[@LINE+1]]:3: note: kept on the host: iterations may write the same element of 'small' (not private: 'small[3]' reads an element of 'small' the iteration wrote only when width - 4 >= 0, which may change between two runs of the loop (a test before each would not keep what the other run left in the array))
  for (j = 0; j < PS; j++) {
    for (i = 0; i < width; i++)
      small[i] = i * j;
    forcing[1][1][j][1] += small[3];
  }
}

// rows[i + 1] is read before any iteration writes it: carried, kept.
static void carried(void) {
  int i, j;
  // NOTE: serial-scratch-ranges.c:[[@LINE+1]]:3: note: kept on the host: iterations may write the same element of 'rows' (not private: 'rows[i + 1]' may read an element of 'rows' that the iteration has not written)
  for (j = 0; j < PS; j++) {
    for (i = 0; i < PS - 1; i++)
      rows[i] = rows[i + 1] + j;
    forcing[0][0][j][0] += rows[0];
  }
}

static double sum(void) {
  double s = 0;
  int i, j, k, m;
  for (i = 0; i < PS; i++)
    for (j = 0; j < PS; j++)
      for (k = 0; k < PS; k++)
        for (m = 0; m < 5; m++)
          s += forcing[i][j][k][m] * (1 + (i + j + k + m) % 7);
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  grid_points[0] = argc > 1 ? 4 : 20; // with 4 the guard fails
  grid_points[1] = 18;
  grid_points[2] = 16;
  exact_rhs();
  printf("%.6f\n", sum());
  width = 8;
  changed();
  width = 2;
  changed();
  carried();
  printf("%.6f\n", sum());
  return 0;
}
