// Calls the analysis cannot see (functions defined in another file, calls
// through a pointer) may run kernels of their own on what they are given: an
// array passed to one is not hoisted, and neither is a global array. Library
// functions (system headers) are host code.
// RUN: %omp-migrate %s -- > %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
#include <stdio.h>
#include <string.h>

void solve_elsewhere(double *a, int n); // another file: may run kernels on a
void log_elsewhere(int step);           // another file: no array given

double g[1000];

void run(int n, int steps, double *a, double *b, void (*hook)(double *)) {
  // a goes to solve_elsewhere: only b is hoisted.
  // CHECK: {{^  }}#pragma omp target data map(tofrom: b[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
      a[i] += 1.0;
      b[i] += a[i];
    }
    // CHECK: {{^    }}solve_elsewhere(a, n);
    solve_elsewhere(a, n);
    // CHECK: {{^    }}log_elsewhere(t);
    log_elsewhere(t);
    // The library call is host code; what it touches cannot be narrowed.
    // CHECK: {{^    }}#pragma omp target update from(b[0:n])
    // CHECK-NEXT: {{^    }}memset(b, 0, sizeof(double));
    // CHECK-NEXT: {{^    }}#pragma omp target update to(b[0:n])
    memset(b, 0, sizeof(double));
  }
  // A call through a pointer, and a global array: nothing is hoisted.
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      g[i] += b[i];
    hook(b);
  }
}
