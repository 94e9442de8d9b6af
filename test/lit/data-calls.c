// Kernels in callees: a host loop that calls functions whose only use of a
// pointer parameter is their kernels gets one target data region, with the
// callees' sections in the caller's terms (call summaries, one level). A
// callee that touches a parameter on the host, passes it on, or sizes it by
// something the caller cannot name is host code to the caller: it gets
// target update around the call instead.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.exe -lm %}
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig -lm %}
// RUN: %if offload-cpu && gcc %{ %t.orig > %t.ref %}
// RUN: %if offload-cpu && gcc %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.exe > %t.out %}
// RUN: %if offload-cpu && gcc %{ diff %t.ref %t.out %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
#include <stdio.h>
#include <stdlib.h>
#define W 3

static void smooth(const double *u, double *v, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / W;
}

static void back(double *u, const double *v, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    u[i] = v[i];
}

static double sum(const double *u, int n) {
  double s = 0.0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += u[i];
  return s;
}

// Touches u on the host between its kernels: not summarized.
static void pin(double *u, int n) {
  u[0] = 1.0;
#pragma acc parallel loop
  for (int i = 1; i < n; i++)
    u[i] = u[i] * 0.5;
}

// Sizes its kernel by a local: the caller cannot name it.
static void half(double *u, int n) {
  int h = n / 2;
#pragma acc parallel loop
  for (int i = 0; i < h; i++)
    u[i] += 1.0;
}

static int ticks;
static void tick(int t) { ticks += t; }

int main(void) {
  int n = 1000;
  double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i % 10;
  // NOTE: data-calls.c:[[@LINE+7]]:3: note: u[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
  // NOTE-NEXT: {{^ +}}[[@LINE+6]] |   for (int t = 0; t < 50; t++) {
  // NOTE-NEXT: {{^ +}}|   ^
  // NOTE-NEXT: data-calls.c:[[@LINE+4]]:3: note: v[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n], v[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 50; t++) {
  // CHECK-NEXT: {{^    }}smooth(u, v, n);
  for (int t = 0; t < 50; t++) {
    smooth(u, v, n);
    back(u, v, n);
    // CHECK: {{^    }}if (t % 10 == 0)
    // CHECK-NEXT: {{^      }}printf("%d %.6f\n", t, sum(u, n));
    if (t % 10 == 0)
      printf("%d %.6f\n", t, sum(u, n));
  }
  // pin and half run kernels but are not summarized: inside a region their
  // kernels would work on the device copy, which an update after the call
  // would overwrite. The loop is left to per-kernel maps.
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}for (int t = 0; t < 5; t++) {
  // CHECK-NEXT: {{^    }}back(u, v, n);
  // CHECK-NEXT: {{^    }}pin(u, n);
  // CHECK-NEXT: {{^    }}half(u, n);
  for (int t = 0; t < 5; t++) {
    back(u, v, n);
    pin(u, n);
    half(u, n);
  }
  // A host function of this file that uses no mapped array is host code.
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n]) map(to: v[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 5; t++) {
  // CHECK-NEXT: {{^    }}back(u, v, n);
  // CHECK-NEXT: {{^    }}tick(t);
  for (int t = 0; t < 5; t++) {
    back(u, v, n);
    tick(t);
  }
  printf("%.6f %.6f %d\n", u[1], u[n / 2], ticks);
  free(u);
  free(v);
  return 0;
}
