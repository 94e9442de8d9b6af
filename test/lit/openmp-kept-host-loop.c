// --offload=openmp: a CPU `parallel for` that stays on the host (here it
// calls printf) between two kernels inside a host loop is host code like any
// other (issue #29, item 4): the data region around the time loop gets a
// `target update from` before its directive line and a `target update to`
// after its loop. Before, the walks stopped at the directive (its captured
// statement hides the loop), so the kept loop read a stale host `a` and its
// writes to `b` never reached the device; in DataRaceBench DRB041 the
// updates went between the directive and its `for` (no compiler accepts
// that). Run against the original built with gcc -fopenmp.
// RUN: %omp-migrate --offload=openmp %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %if gcc %{ %gcc-openmp %s -o %t.orig && %t.orig > %t.ref %}
// RUN: %if gcc %{ %gcc-openmp %t.c -o %t.gomp && %t.gomp > %t.gout && diff %t.ref %t.gout %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#define N 4000
double a[N], b[N];
double c[N], d[N];

// A `parallel` region kept on the host (it holds a single): the updates go
// around the region, not around its `for` loops inside it, where every
// thread would run them and one thread's fetch could overwrite what another
// wrote (found by test/fuzz/fuzz_openmp.py).
double region(void) {
  int i, t;
  double chk = 0;
  // CHECK-LABEL: double region(void) {
  // CHECK: #pragma omp target data map(tofrom: c, d)
  for (t = 0; t < 4; t++) {
#pragma omp parallel for
    for (i = 0; i < N; i++)
      c[i] = (i + t) % 7;
    // CHECK: #pragma omp target update from(c[0:N], d[0:N])
    // CHECK-NEXT: #pragma omp parallel
    // CHECK-NOT: target update
    // CHECK: #pragma omp single
    // CHECK-NOT: target update
    // CHECK: c[i] = d[i] * 2;
    // CHECK-NEXT: }
    // CHECK-NEXT: #pragma omp target update to(c[0:N], d[0:N])
#pragma omp parallel
    {
#pragma omp for
      for (i = 0; i < N; i++)
        d[i] = d[i] + c[i];
#pragma omp single
      chk += d[0];
#pragma omp for
      for (i = 0; i < N; i++)
        c[i] = d[i] * 2;
    }
#pragma omp parallel for
    for (i = 0; i < N; i++)
      d[i] = d[i] + c[i] + 1;
  }
  double s = chk;
  for (i = 0; i < N; i++)
    s += c[i] + d[i];
  return s;
}

int main(void) {
  int i, t;
  // CHECK: #pragma omp target data map(tofrom: a) map(to: b)
  // CHECK-NEXT: for (t = 0; t < 3; t++) {
  for (t = 0; t < 3; t++) {
    // CHECK-NEXT: #pragma omp target teams distribute parallel for map(tofrom: a)
#pragma omp parallel for
    for (i = 0; i < N; i++)
      a[i] = i + t;
    // CHECK: #pragma omp target update from(a[0:N])
    // CHECK-NEXT: #pragma omp parallel for
    // CHECK-NEXT: for (i = 0; i < N; i++)
    // CHECK-NEXT: b[i] = a[i] + 1 + (double)printf("");
    // CHECK-NEXT: #pragma omp target update to(b[0:N])
    // CHECK-NEXT: #pragma omp target teams distribute parallel for
    // DIAG: [[@LINE+1]]:1: warning: 'omp parallel for' not translated: the loop calls 'printf'
#pragma omp parallel for
    for (i = 0; i < N; i++)
      b[i] = a[i] + 1 + (double)printf("");
#pragma omp parallel for
    for (i = 0; i < N; i++)
      a[i] = b[i] * 2;
  }
  printf("%f %f\n", a[10], b[N - 1]);
  printf("%.0f\n", region());
  return 0;
}
// DIAG: exit=1
