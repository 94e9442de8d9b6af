// --optimize-data: OpenMP offload code given as input, with a map on every
// kernel, gets one target data region around the host loop that runs the
// kernels (their own maps then find the data present and move nothing) and
// target update where the host touches the arrays. Loops that already have
// OpenMP data directives, host OpenMP constructs or deferred kernels are left
// alone. A second run changes nothing.
// RUN: %omp-migrate --optimize-data --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %omp-migrate %s -- | diff %s -
// RUN: %omp-migrate --optimize-data %t.c -- | diff %t.c -
// RUN: not %omp-migrate --optimize-data --data=per-kernel %s -- 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.exe %}
// RUN: %if offload-cpu %{ %clang19-offload %s -o %t.orig %}
// RUN: %if offload-cpu %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.orig > %t.ref %}
// RUN: %if offload-cpu %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.exe > %t.out %}
// RUN: %if offload-cpu %{ diff %t.ref %t.out %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// USAGE: {{^ *}}omp-migrate: error: --optimize-data needs --data=hoist
#include <stdio.h>
#include <stdlib.h>

static void relax(int n, int steps, double *a, double *b) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: a[0:n], b[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  // NOTE: optimize-data.c:[[@LINE+4]]:3: note: a[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
  // NOTE-NEXT: {{^ +}}[[@LINE+3]] |   for (int t = 0; t < steps; t++) {
  // NOTE-NEXT: {{^ +}}|   ^
  // NOTE-NEXT: optimize-data.c:[[@LINE+1]]:3: note: b[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^}}#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: b[0:n])
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
    // The host reads one element every tenth step.
    // CHECK: {{^    }}if (t % 10 == 0)
    // CHECK-NEXT: {{^      }}{
    // CHECK-NEXT: {{^        }}#pragma omp target update from(a[n - 1:1])
    // CHECK-NEXT: {{^        }}printf("%d %.6f\n", t, a[n - 1]);
    // CHECK-NEXT: {{^      }}}
    if (t % 10 == 0)
      printf("%d %.6f\n", t, a[n - 1]);
  }
}

static double sum_steps(int n, int steps, double *x) {
  double s = 0.0;
  // CHECK: {{^  }}#pragma omp target data map(to: x[0:n])
  // NOTE-NEXT: optimize-data.c:[[@LINE+1]]:3: note: x[0:n]: (n)*sizeof(double) bytes, moved in once for the whole loop
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: s) reduction(+: s)
    for (int i = 0; i < n; i++)
      s += x[i] * t;
  }
  return s;
}

// The same element printed twice, with a kernel in between: fetched twice.
static void probe(int n, int steps, double *a) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: a[0:n])
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1.0;
    // CHECK: {{^    }}#pragma omp target update from(a[n - 1:1])
    // CHECK-NEXT: {{^    }}printf("%.1f\n", a[n - 1]);
    printf("%.1f\n", a[n - 1]);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] *= 2.0;
    // CHECK: {{^    }}#pragma omp target update from(a[n - 1:1])
    // CHECK-NEXT: {{^    }}printf("%.1f\n", a[n - 1]);
    printf("%.1f\n", a[n - 1]);
  }
}

// The user's own data directive inside the loop: left alone.
static void own_update(int n, int steps, double *a) {
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1.0;
#pragma omp target update from(a[0:1])
  }
}

// A deferred kernel: left alone.
static void deferred(int n, int steps, double *a) {
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
    for (int i = 0; i < n; i++)
      a[i] *= 0.5;
#pragma omp taskwait
  }
}

// Host parallelism between kernels: left alone (no update inside a parallel
// region).
static void host_parallel(int n, int steps, double *a) {
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 2.0;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] *= 0.25;
  }
}

int main(void) {
  int n = 64;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i % 7;
    b[i] = 0.0;
  }
  relax(n, 30, a, b);
  printf("sum %.6f\n", sum_steps(n, 5, a));
  probe(n, 2, a);
  own_update(n, 3, a);
  deferred(n, 3, a);
  host_parallel(n, 3, a);
  double c = 0.0;
  for (int i = 0; i < n; i++)
    c += a[i] * (i + 1) + b[i];
  printf("check %.6f\n", c);
  free(a);
  free(b);
  return 0;
}
