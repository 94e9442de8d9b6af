// Sends of host writes inside a data region, made once (issue #31):
// PolyBench's atax with a statement after its last loop (which keeps the
// loop whole: serial-distribute.c), where the host sets `tmp[i] = 0` and
// then accumulates into `tmp[i]` in a host loop before the kernel that
// reads it. Each of
// the two statements wrote tmp[i], and each got a `target update
// to(tmp[i:1])` after it: two sends per row where one, after the second,
// does (MEDIUM: 390 updates saved). The first is left out when the
// statement right after it, in the same block, sends the same section
// again and nothing between can read the device's copy: no kernel or call
// of the file's functions in it (`with_call` keeps both), no jump or
// label in the first, and no variable the section names assigned or
// declared by the second.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --min-trip-count=0 %s -- > %t.c
// RUN: %FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: grep 'Copying data from host to device' %t.log | grep -c 'Size=8,' | %FileCheck %s --check-prefix=SENDS
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --min-trip-count=0 %t.c -- | diff %t.c -
#include <stdio.h>
#define N 64

static long steps; // after the last loop: no distribution (serial-distribute.c)

// CHECK-LABEL: static void atax(
// CHECK:      {{^    }}tmp[i] = 0.0;
// CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
// CHECK-NEXT: {{^      }}tmp[i] = tmp[i] + A[i][j] * x[j];
// CHECK-NEXT: {{^    }}#pragma omp target update to(tmp[i:1])
// CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
static void atax(int m, int n, double A[N][N], double x[N], double y[N], double tmp[N]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
    steps++;
  }
}

static double times(double a, double b) { return a * b; }

// A call of the file's own function in the second statement: that could
// run a kernel reading tmp, so the first send stays.
// CHECK-LABEL: static void with_call(
// CHECK:      {{^    }}tmp[i] = 0.0;
// CHECK-NEXT: {{^    }}#pragma omp target update to(tmp[i:1])
// CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
// CHECK-NEXT: {{^      }}tmp[i] = tmp[i] + times(A[i][j], x[j]);
// CHECK-NEXT: {{^    }}#pragma omp target update to(tmp[i:1])
// CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
static void with_call(int m, int n, double A[N][N], double x[N], double y[N], double tmp[N]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + times(A[i][j], x[j]);
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
    steps++;
  }
}

static double A[N][N], x[N], y[N], tmp[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (i % 5) * 0.25;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 3 + j) % 7) / 7.0;
  }
  atax(N, N, A, x, y, tmp);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i] * (i + 1) + tmp[i];
  printf("atax %.6f\n", s);
  with_call(N, N, A, x, y, tmp);
  s = 0;
  for (int i = 0; i < N; i++)
    s += y[i] * (i + 1) + tmp[i];
  printf("with_call %.6f %ld\n", s, steps);
  return 0;
}
// One-element (8-byte) copies to the device: atax's one send per row (64),
// with_call's two (128), and 2 more; 258 before sends were made once.
// SENDS: {{^}}194{{$}}
