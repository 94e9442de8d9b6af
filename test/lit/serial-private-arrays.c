// --offload=serial and scratch arrays declared at the top of a function
// (NPB BT's `temp[5]` filled by a helper, `Pface[2][3][5]` filled slice by
// slice; LU's `tmat[5][5]`): every iteration writes the elements it reads
// before it reads them, and nothing reads what the loop leaves in them, so
// they are private to the loop. An array some iteration reads before
// writing, writes only under a condition, whose values are read after the
// loop, or that escapes through a pointer stays shared, and the loop on the
// host. Run against the serial original.
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
#include <stdio.h>

#define N 2000

static double u[N][5], v[N][5], x[N], y[N];

static void exact(double xi, double dtemp[5]) {
  int m;
  for (m = 0; m < 5; m++)
    dtemp[m] = xi * (m + 1) + 0.25 * m * m;
}

static void faces(void) {
  double temp[5], Pface[2][3][5], xi, p;
  int i, m, ix;
  // NOTE: [[@LINE+3]]:3: note: 'temp' is private: every iteration writes what it reads of it first, and nothing reads what the loop leaves in it
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(tofrom: u) private(xi, temp, m)
  // OUT-NEXT: {{^}}  for (i = 0; i < N; i++) {
  for (i = 0; i < N; i++) {
    xi = i * 0.001;
    exact(xi, temp);
    for (m = 0; m < 5; m++)
      u[i][m] = temp[m];
  }
  // Filled slice by slice through element addresses; read by constants.
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(tofrom: v) private(xi, ix, Pface, m, p)
  for (i = 0; i < N; i++) {
    xi = i * 0.002;
    for (ix = 0; ix < 2; ix++) {
      exact(xi + ix, &Pface[ix][0][0]);
      exact(xi - ix, &(Pface[ix][1][0]));
      exact(2 * xi, Pface[ix][2]);
    }
    for (m = 0; m < 5; m++) {
      p = Pface[1][0][m] - Pface[0][0][m] + Pface[1][1][m] * Pface[0][2][m];
      v[i][m] = p + Pface[1][2][4 - m];
    }
  }
}

static void eliminate(void) {
  double tmat[5][5], tmp;
  int i, m, k;
  // LU's block: the rows copied in, then eliminated in place.
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(to: u) map(tofrom: x) private(m, k, tmat, tmp)
  for (i = 0; i < N; i++) {
    for (m = 0; m < 5; m++)
      for (k = 0; k < 5; k++)
        tmat[m][k] = u[i][m] + (m == k ? 10.0 : 0.1 * k);
    for (m = 1; m < 5; m++) {
      tmp = tmat[m][0] / tmat[0][0];
      for (k = 1; k < 5; k++)
        tmat[m][k] = tmat[m][k] - tmp * tmat[0][k];
    }
    x[i] = tmat[4][4] + tmat[3][1];
  }
}

static void kept(void) {
  double t[4], w[2], s[3], q[3], *p;
  int i, k;
  t[3] = 1.0;
  // Reads t[3], which no iteration writes: the value from before the loop
  // (shared, and the iterations write t[0..2]).
  // NOTE: [[@LINE+3]]:3: note: kept on the host: iterations may write the same element of 't' (not private: 't' is not written before it is read in each iteration (as far as its elements can be told apart))
  // OUT-NOT: {{^ *}}#pragma omp target
  // OUT: {{^}}    y[i] = t[0] + t[2] + t[3];
  for (i = 0; i < N; i++) {
    for (k = 0; k < 3; k++)
      t[k] = x[i] * k;
    y[i] = t[0] + t[2] + t[3];
  }
  // Written under a condition only.
  // NOTE: [[@LINE+3]]:3: note: kept on the host: iterations may write the same element of 'w' (not private: 'w' is not written before
  // OUT-NOT: {{^ *}}#pragma omp target
  // OUT: {{^}}    y[i] += w[0] * w[1];
  for (i = 0; i < N; i++) {
    if (x[i] > 3.0)
      w[0] = x[i];
    w[1] = 0.5;
    y[i] += w[0] * w[1];
  }
  // What the last iteration leaves in s is read after the loop.
  // NOTE: [[@LINE+3]]:3: note: kept on the host: iterations may write the same element of 's' (not private: 's' may be read outside the loop, where what the loop's iterations leave in it would be wanted (a private copy gives nothing back))
  // OUT-NOT: {{^ *}}#pragma omp target
  // OUT: {{^}}    y[i] += s[1];
  for (i = 0; i < N; i++) {
    for (k = 0; k < 3; k++)
      s[k] = x[i] + k;
    y[i] += s[1];
  }
  y[0] += s[2];
  // q escapes through p, which the loop reads (not private either: its
  // reference outside the loop is no element assignment).
  p = q;
  // NOTE: [[@LINE+3]]:3: note: kept on the host: 'q' and 'p' may be the same memory
  // OUT-NOT: {{^ *}}#pragma omp target
  // OUT: {{^}}    y[i] += q[0] + p[1];
  for (i = 0; i < N; i++) {
    for (k = 0; k < 3; k++)
      q[k] = x[i] - k;
    y[i] += q[0] + p[1];
  }
}

int main(void) {
  int i, m;
  double sum = 0;
  faces();
  eliminate();
  kept();
  for (i = 0; i < N; i++)
    for (m = 0; m < 5; m++)
      sum += u[i][m] + 0.5 * v[i][m];
  for (i = 0; i < N; i++)
    sum += x[i] + y[i];
  printf("%.10e\n", sum);
  return 0;
}
