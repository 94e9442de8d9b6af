// Profitability per launch (issue #31): a loop proved parallel inside a
// host loop starts a kernel in every iteration of it; a launch costs about
// what 16384 iterations cost on one CPU core (--min-launch-work). When
// every kernel inside the host loop runs at most that many per launch
// (bounded by constant trip counts and by the extents of the arrays each
// loop subscripts with its variable in every iteration), they stay on the
// host with it: PolyBench's durbin launched 1,198 kernels of at most 400
// iterations at MEDIUM and ran 645x slower on an H200 than serial.
// A large kernel beside a small one keeps both offloaded (the small one
// saves moving the array back and forth); a loop with no bound (through a
// pointer) is offloaded as before, and so is a small one beside a call that
// may start kernels; a loop that would run as two kernels (distribution)
// stays whole when they are as small; --min-launch-work=0 offloads them all.
// Run against the serial original.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %s -- 2>/dev/null | %FileCheck %s --check-prefix=ZERO
// RUN: %omp-migrate --offload=serial --report=%t.json %s -- > /dev/null 2>&1
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define N 400
#define BIG 100000

static double r[N], y[N], z[N];
static double u[BIG], v[BIG], G[200][200];

// Levinson-Durbin (PolyBench's durbin): three loops of at most N
// iterations in every step of a host loop over k.
static void durbin(int n) {
  double alpha, beta, sum;
  int i, k;
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  // CHECK-LABEL: {{^}}static void durbin(
  // CHECK-NOT: {{^ *}}#pragma omp
  // CHECK-LABEL: {{^}}static void smooth(
  // ZERO: {{^  }}#pragma omp target data map(to: r) map(tofrom: y, z)
  // NOTE: serial-launch-work.c:[[@LINE+1]]:3: note: kept on the host: the loop writes 'beta'
  for (k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    // ZERO: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: sum) map(to: r, y) reduction(+: sum)
    // NOTE: serial-launch-work.c:[[@LINE+1]]:5: note: kept on the host: each launch would run at most 400 iterations (its loop bounded by 'r' (400 elements)), in every iteration of the host loop at line [[@LINE-4]], whose other kernels run as few: a kernel launch costs about what 16384 iterations cost on the host (profitability; --min-launch-work=0 offloads it)
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    // ZERO: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: z) map(to: y)
    // NOTE: serial-launch-work.c:[[@LINE+1]]:5: note: kept on the host: each launch would run at most 400 iterations (its loop bounded by 'z' (400 elements)), in every iteration of the host loop at line [[@LINE-9]]
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    // ZERO: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: y) map(to: z)
    // NOTE: serial-launch-work.c:[[@LINE+1]]:5: note: kept on the host: each launch would run at most 400 iterations (its loop bounded by 'y' (400 elements))
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

// A time loop whose sweeps run BIG iterations per launch: offloaded.
static void smooth(int n, int steps) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: v, u)
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: v) map(to: u)
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: u) map(to: v)
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
}

// One kernel of 200 x 200 iterations per launch beside one of 200: both
// offloaded (the large one keeps G on the device; the small one then saves
// copying it back and forth).
static void mixed(int n, int steps) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: G)
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: G)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        G[i][j] = G[i][j] * 0.5 + t;
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: G)
    for (int i = 0; i < n; i++)
      G[i][i] += 1.0;
  }
}

// Through a pointer: no bound, offloaded as before.
static void relax(double *p, int n) {
  double err = 1;
  // CHECK: {{^  }}#pragma omp target data map(tofrom: p[0:n])
  while (err > 1e-3) {
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
    for (int i = 0; i < n; i++)
      p[i] = p[i] * 0.5;
    // CHECK: {{^    }}#pragma omp target update from(p[1:1])
    err = p[1];
  }
}

// A host loop that calls a function of the program, which may start large
// kernels of its own (NPB CG's iteration loop around conj_grad): its small
// loop stays offloaded.
static void iterate(int n, int steps) {
  for (int t = 0; t < steps; t++) {
    smooth(BIG, 1);
    // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: z) map(to: u)
    for (int i = 0; i < n; i++)
      z[i] = z[i] + u[i];
  }
}

// A loop the tool would write as two (atax: the rows' products, then
// their sums into `ay`, each loop a kernel; test/lit/serial-distribute.c)
// inside a time loop: each part would run at most 6,050 iterations, so it
// stays whole, on the host.
static double AA[50][60], ax[60], ay[60], atmp[50];
static void atax_steps(int m, int n, int steps) {
  int i, j, t;
  for (t = 0; t < steps; t++) {
    for (j = 0; j < n; j++)
      ay[j] = 0;
    // NOTE: serial-launch-work.c:[[@LINE+1]]:5: note: not written as two loops: each launch would run at most 6050 iterations (its loop bounded by 'atmp' (50 elements)), in every iteration of the host loop at line [[@LINE-3]]
    for (i = 0; i < m; i++) {
      atmp[i] = 0;
      for (j = 0; j < n; j++)
        atmp[i] += AA[i][j] * ax[j];
      for (j = 0; j < n; j++)
        ay[j] += AA[i][j] * atmp[i];
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    r[i] = 1.0 / (N + 1 - i);
  for (int i = 0; i < BIG; i++)
    u[i] = i % 17;
  durbin(N);
  smooth(BIG, 10);
  mixed(200, 5);
  relax(v, BIG);
  iterate(N, 3);
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 60; j++)
      AA[i][j] = (i + j) % 5;
  for (int j = 0; j < 60; j++)
    ax[j] = j % 3;
  atax_steps(50, 60, 4);
  double s = 0, g = 0;
  for (int i = 0; i < N; i++)
    s += y[i];
  for (int i = 0; i < 200; i++)
    g += G[i][i];
  printf("%.10e %.10e %.10e %.10e %.10e %.10e\n", s, u[BIG / 2], g, v[7], z[5], ay[7]);
  return 0;
}

// JSON: "loops": [
// JSON: "line": 56,
// JSON-NEXT: "needs": [
// JSON-NEXT: "reduction(+: sum)"
// JSON-NEXT: ],
// JSON-NEXT: "offloaded": false,
// JSON-NEXT: "parallel": true,
// JSON-NEXT: "reason": "each launch would run at most 400 iterations (its loop bounded by 'r' (400 elements)), in every iteration of the host loop at line 51, whose other kernels run as few: a kernel launch costs about what 16384 iterations cost on the host (profitability; --min-launch-work=0 offloads it)"
