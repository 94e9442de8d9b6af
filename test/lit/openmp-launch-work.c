// --offload=openmp and profitability per launch (issue #31): CPU parallel
// loops inside a host loop (a time loop) become a kernel launch per loop and
// step; when each would run at most --min-launch-work iterations per launch
// (16384 by default: about what a launch costs on the host), they stay CPU
// parallel loops, reported like any construct that stays (a warning, exit
// 1). The same loops over 200,000 elements are kernels, the arrays resident
// around the time loop; --min-launch-work=0 offloads the small ones too.
// Run against the original built with gcc -fopenmp.
// RUN: %omp-migrate --offload=openmp %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %omp-migrate --offload=openmp --min-launch-work=0 %s -- 2>/dev/null | grep -v "^ *//" | %FileCheck %s --check-prefix=ZERO
// RUN: %if gcc %{ %gcc-openmp %s -o %t.orig && %t.orig > %t.ref %}
// RUN: %if gcc %{ %gcc-openmp %t.c -o %t.gomp && %t.gomp > %t.gout && diff %t.ref %t.gout %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#define N 1000
#define BIG 200000
static double a[N], b[N], u[BIG], v[BIG];

// A time loop of CPU parallel loops of N - 2 iterations each: a kernel
// launch per loop and step; they stay CPU parallel loops.
static void small(int steps) {
  // CHECK-LABEL: static void small(int steps) {
  // CHECK-NEXT: for (int t = 0; t < steps; t++) {
  // CHECK-NEXT: {{^}}#pragma omp parallel for{{$}}
  // ZERO-LABEL: static void small(int steps) {
  // ZERO-NEXT: {{^  }}#pragma omp target data map(tofrom: b, a)
  // DIAG: [[@LINE+2]]:1: warning: 'omp parallel for' not translated: each launch would run at most 998 iterations, in every iteration of the host loop at line [[@LINE+1]], whose other kernels run as few: a kernel launch costs about what 16384 iterations cost on the host (profitability; --min-launch-work=0 offloads it); it stays a CPU parallel loop
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
  // CHECK: {{^}}#pragma omp parallel for{{$}}
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
}

// The same over BIG elements: kernels, the arrays resident around the
// time loop.
static void large(int steps) {
  // CHECK-LABEL: static void large(int steps) {
  // CHECK-NEXT: {{^  }}#pragma omp target data map(tofrom: v, u)
  // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: v) map(to: u)
  // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: u) map(to: v)
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < BIG - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
#pragma omp parallel for
    for (int i = 1; i < BIG - 1; i++)
      u[i] = v[i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i % 7;
  for (int i = 0; i < BIG; i++)
    u[i] = i % 11;
  small(20);
  large(20);
  double s = 0, r = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  for (int i = 0; i < BIG; i += 1000)
    r += u[i];
  printf("%.10e %.10e\n", s, r);
  return 0;
}

// DIAG: exit=1
