// Kernels in callees that work on global arrays (the init/step/report shape
// of many codes): the caller's loop holds the globals on the device. A call
// to a host function of the file that uses a global array is a host access
// of the whole mapped section: target update from before it, and update to
// after it when the function may write the array's elements. A host
// function that reassigns the pointer, or changes a global a section's
// bounds name, keeps those arrays with their kernels.
// RUN: %omp-migrate %s -- > %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.exe -lm %}
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig -lm %}
// RUN: %if offload-cpu && gcc %{ %t.orig > %t.ref %}
// RUN: %if offload-cpu && gcc %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.exe > %t.out %}
// RUN: %if offload-cpu && gcc %{ diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>

static int n;
static double *u, *v;
static double w[64];

static void init(int size) {
  n = size;
  u = malloc(n * sizeof(double));
  v = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i % 5;
  for (int i = 0; i < 64; i++)
    w[i] = 1.0 / (i + 1);
}

// step's own kernels share u and v: a run of its own, which finds them
// present when main holds them.
// CHECK: {{^}}#pragma omp target enter data map(to: v[1:(n > 2) * (n - 2)], u[0:n], w)
static void step(void) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    v[i] = 0.5 * (u[i - 1] + u[i + 1]) + w[i % 64];
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    u[i] = v[i];
}

static void report(int t) {
  printf("%d %.6f\n", t, u[n / 2]);
}

static void perturb(void) {
  u[n / 3] += 1.0;
}

static void resize(void) {
  n = n - 1;
}

static void rebind(void) {
  double *t = u;
  u = v;
  v = t;
}

int main(void) {
  init(5000);
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n], v[1:(n > 2) * (n - 2)]) map(to: w)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 100; t++)
  for (int t = 0; t < 100; t++)
    step();
  // report reads u on the host: fetched before the call (all of it: the
  // call may read any element).
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n], v[1:(n > 2) * (n - 2)]) map(to: w)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 3; t++) {
  // CHECK-NEXT: {{^    }}step();
  // CHECK-NEXT: {{^    }}#pragma omp target update from(u[0:n])
  // CHECK-NEXT: {{^    }}report(t);
  // CHECK-NEXT: {{^  }}}
  for (int t = 0; t < 3; t++) {
    step();
    report(t);
  }
  // perturb writes an element of u: fetched before, sent back after.
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n], v[1:(n > 2) * (n - 2)]) map(to: w)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 4; t++) {
  // CHECK-NEXT: {{^    }}step();
  // CHECK-NEXT: {{^    }}#pragma omp target update from(u[0:n])
  // CHECK-NEXT: {{^    }}perturb();
  // CHECK-NEXT: {{^    }}#pragma omp target update to(u[0:n])
  // CHECK-NEXT: {{^  }}}
  for (int t = 0; t < 4; t++) {
    step();
    perturb();
  }
  // resize changes n, which the sections of u and v name; only w stays.
  // CHECK: {{^  }}#pragma omp target data map(to: w)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 2; t++) {
  for (int t = 0; t < 2; t++) {
    step();
    resize();
  }
  // rebind swaps the global pointers themselves: u and v are not hoisted.
  // CHECK: {{^  }}#pragma omp target data map(to: w)
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 2; t++) {
  for (int t = 0; t < 2; t++) {
    step();
    rebind();
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] + v[i];
  printf("%.6f\n", s);
  free(u);
  free(v);
  return 0;
}
