// Functions whose kernels work on global arrays and whose host code (or a
// host function they call) uses global arrays too: a call is a kernel of
// its caller for what its kernels map, and host code for the globals its
// host code uses, so the caller's time loop keeps the arrays on the device
// with an update around the call where the host needs one. A global the
// function's host code uses between kernels that use it (one side writing)
// stays with its kernels: no region of a caller may hold it across the
// call (issue #30 item 5: NPB BT's time loop).
// RUN: %omp-migrate %s -- > %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.exe %}
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig %}
// RUN: %if offload-cpu && gcc %{ %t.orig > %t.ref %}
// RUN: %if offload-cpu && gcc %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.exe > %t.out %}
// RUN: %if offload-cpu && gcc %{ diff %t.ref %t.out %}
#include <stdio.h>

#define N 4096
static double u[N], r[N], f[N], s[N], g[N];
static int lim[2] = {N, 3};

// A host function: a running sum, sequential.
static void prefix(void) {
  s[0] = r[0];
  for (int i = 1; i < lim[0]; i++)
    s[i] = s[i - 1] + r[i];
}

// Kernels, and a host read of lim (no kernel's) in a loop header.
// CHECK: {{^  }}#pragma omp target data map(tofrom: r) map(to: f, u)
// CHECK-NEXT: {{^  }}for (int c = 0; c < lim[1]; c++) {
static void compute(void) {
  for (int c = 0; c < lim[1]; c++) {
#pragma acc parallel loop
    for (int i = 1; i < N - 1; i++)
      r[i] = f[i] + 0.5 * (u[i - 1] + u[i + 1]) - u[i] + c;
  }
}

// The host writes s (prefix) before a kernel reads it: s stays with the
// kernel. The host reads r, which no kernel of solve uses: a read of r at
// each call.
// CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: u) map(to: s)
static void solve(void) {
  prefix();
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    u[i] = 0.999 * u[i] + 1e-6 * s[i];
}

// A host write of g, which no kernel of reset uses: a write of g at each
// call.
static void reset(int t) {
  g[t % N] = t;
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    f[i] = 0.25 * f[i];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    u[i] = i % 7;
    f[i] = (i % 3) * 0.01;
    g[i] = 0;
  }
  // CHECK: {{^  }}#pragma omp target data map(tofrom: g, u, r, f)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 50; t++) {
  // CHECK-NEXT: {{^    }}compute();
  // CHECK-NEXT: {{^    }}#pragma omp target update from(r)
  // CHECK-NEXT: {{^    }}solve();
  // CHECK-NEXT: {{^    }}#pragma omp target update from(g)
  // CHECK-NEXT: {{^    }}reset(t);
  // CHECK-NEXT: {{^    }}#pragma omp target update to(g)
  // CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: g) map(to: u)
  for (int t = 0; t < 50; t++) {
    compute();
    solve();
    reset(t);
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      g[i] = g[i] + u[i];
  }
  double a = 0, b = 0;
  for (int i = 0; i < N; i++) {
    a += u[i];
    b += g[i];
  }
  printf("%.6f %.6f\n", a, b);
  return 0;
}
