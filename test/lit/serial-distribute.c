// Loop distribution (issue #31): PolyBench's atax. The loop over i is not
// parallel (every i adds into all of y: an array reduction, not emitted),
// so its last loop was a kernel per i (393 launches at MEDIUM). Written as
// two loops and planned again (lib/Driver/Distribute.h): the statements
// before the last loop over all i, a kernel over i (tmp[i] is each
// iteration's own), then the last loop over all i with the two headers
// exchanged, one kernel over j, each thread running i in order (the sums
// in the original order); one data region around the three kernels.
// Refused: a scalar the first part sets
// for the second (`scaled`), an array the second part writes at elements
// other iterations of the first read (`reads_back`), a variable declared
// in the loop and used by both parts (`declared`). A loop kept for a
// reduction the translation does not emit (`scaled`, `declared`) says why
// it is not written as two (--explain); one that carries a dependence of
// its own (`reads_back`, like a time step) does not.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --report=%t.json %s -- > /dev/null 2>&1
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <stdio.h>
#define N 64

// CHECK-LABEL: static void atax(
// CHECK:      {{^  }}#pragma omp target enter data map(alloc: y[0:n]) map(to: tmp[0:m], A[0:m], x[0:n])
// CHECK:      {{^  }}#pragma omp target teams distribute parallel for map(tofrom: tmp[0:m]) map(to: A[0:m], x[0:n]) private(j)
// CHECK-NEXT: {{^  }}for (i = 0; i < m; i++) {
// CHECK-NEXT: {{^    }}tmp[i] = 0.0;
// CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
// CHECK-NEXT: {{^      }}tmp[i] = tmp[i] + A[i][j] * x[j];
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: A[0:m], tmp[0:m]) private(i)
// CHECK-NEXT: {{^  }}for (j = 0; j < n; j++) {
// CHECK-NEXT: {{^    }}for (i = 0; i < m; i++)
// CHECK-NEXT: {{^      }}y[j] = y[j] + A[i][j] * tmp[i];
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^  }}#pragma omp target exit data map(from: y[0:n], tmp[0:m]) map(release: A[0:m], x[0:n])
// NOTE: [[@LINE+7]]:3: note: offloaded: the dependence test proves its iterations independent
// NOTE: [[@LINE+6]]:3: note: offloaded with its inner loop's header in its place
// NOTE-NEXT: [[@LINE+5]]:3: note: distributed: the statements before the loop at line [[@LINE+9]] run first, over all the iterations, in a loop of their own; then that loop over all the iterations, its header and this one's exchanged
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
  }
}

// CHECK-LABEL: static void scaled(
// CHECK:      {{^    }}s = x[i] * 2.0;
// CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: A[i:1]){{$}}
// NOTE: [[@LINE+7]]:3: note: kept on the host: 'y' is updated (+) at elements the iterations share
// NOTE: [[@LINE+6]]:3: note: not written as two loops (the statements before the loop at line [[@LINE+8]], then that loop): 's' is written by one part and used by the other
static void scaled(int m, int n, double A[N][N], double x[N], double y[N]) {
  int i, j;
  double s;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    s = x[i] * 2.0;
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * s;
  }
}

// CHECK-LABEL: static void reads_back(
// CHECK:      {{^    }}tmp[i] = y[i] * 0.5;
// CHECK-NEXT: {{^    }}#pragma omp target update to(tmp[i:1])
// CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: A[i:1], tmp[i:1]){{$}}
static void reads_back(int m, int n, double A[N][N], double y[N], double tmp[N]) {
  int i, j;
  for (i = 0; i < m; i++) {
    tmp[i] = y[i] * 0.5;
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

// CHECK-LABEL: static void declared(
// CHECK:      {{^    }}double t = x[i];
// CHECK-NEXT: {{^    }}x[i] = t + 1.0;
// CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: A[i:1]){{$}}
// NOTE: [[@LINE+3]]:3: note: not written as two loops (the statements before the loop at line [[@LINE+6]], then that loop): 't' is declared in the loop and used by both parts
static void declared(int m, int n, double A[N][N], double x[N], double y[N]) {
  int i, j;
  for (i = 0; i < m; i++) {
    double t = x[i];
    x[i] = t + 1.0;
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t;
  }
}

// A second loop split in the same file (the edits after the first split
// move back by its length), the tail in braces.
// CHECK-LABEL: static void two_parts(
// CHECK:      {{^  }}#pragma omp target enter data map(alloc: q[0:m], p[0:m]) map(to: r[0:n], A[0:m])
// CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: q[0:m], p[0:m])
// CHECK-NEXT: {{^  }}for (i = 0; i < m; i++) {
// CHECK-NEXT: {{^    }}q[i] = 0.5 * i;
// CHECK-NEXT: {{^    }}p[i] = q[i] + 1.0;
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: r[0:n]) map(to: A[0:m], p[0:m]) private(i)
// CHECK-NEXT: {{^  }}for (j = 0; j < n; j++) {
// CHECK-NEXT: {{^    }}for (i = 0; i < m; i++) {
// CHECK-NEXT: {{^      }}r[j] = r[j] + A[i][j] * p[i];
// CHECK-NEXT: {{^    }}}
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^  }}#pragma omp target exit data map(from: q[0:m], p[0:m], r[0:n]) map(release: A[0:m])
static void two_parts(int m, int n, double A[N][N], double r[N], double q[N], double p[N]) {
  int i, j;
  for (i = 0; i < m; i++) {
    q[i] = 0.5 * i;
    p[i] = q[i] + 1.0;
    for (j = 0; j < n; j++) {
      r[j] = r[j] + A[i][j] * p[i];
    }
  }
}

static double A[N][N], x[N], y[N], tmp[N];

static double sum(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i] * (i + 1) + tmp[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (i % 5) * 0.25;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 3 + j) % 7) / 7.0;
  }
  atax(N, N, A, x, y, tmp);
  printf("atax %.10e\n", sum());
  scaled(N, N, A, x, y);
  printf("scaled %.10e\n", sum());
  reads_back(N, N, A, y, tmp);
  printf("reads_back %.10e\n", sum());
  declared(N, N, A, x, y);
  printf("declared %.10e\n", sum());
  two_parts(N, N, A, y, tmp, x);
  printf("two_parts %.10e\n", sum());
  return 0;
}
// The report: the input's loops, the first at its line (offloaded, split
// before its last statement), the last loop offloaded with the first
// one's header inside it.
// JSON: "distributed_tail": 56
// JSON: "interchanged_with": 52
