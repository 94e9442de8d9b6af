// Kernels two and three calls down: relax and copy run the kernels, step
// calls both, advance calls step. Summaries are built bottom-up, so the host
// loop in main that calls advance gets one target data region, with the
// sections carried up through every level in the caller's names (before:
// enter/exit data around every call of step, 264 host/device copies for this
// program; now 27). A recursive function with a kernel is never summarized:
// the loop that calls it keeps per-kernel maps.
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

static void relax(const double *u, double *w, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    w[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}

static void copy(double *u, const double *w, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n - 1; i++)
    u[i] = w[i];
}

// CHECK-LABEL: {{^}}static void step(
// CHECK-NEXT: {{^  }}#pragma omp target enter data map(to: u[0:n], w[1:(n > 2) * (n - 2)])
// CHECK-NEXT: {{^  }}relax(u, w, n);
// CHECK-NEXT: {{^  }}copy(u, w, n);
// CHECK-NEXT: {{^  }}#pragma omp target exit data map(from: u[0:n], w[1:(n > 2) * (n - 2)])
static void step(double *u, double *w, int n) {
  relax(u, w, n);
  copy(u, w, n);
}

// CHECK-LABEL: {{^}}static void advance(
// CHECK-NEXT: {{^  }}#pragma omp target data map(tofrom: a[0:len], b[1:(len > 2) * (len - 2)])
// CHECK-NEXT: {{^  }}for (int j = 0; j < k; j++)
// CHECK-NEXT: {{^    }}step(a, b, len);
static void advance(double *a, double *b, int len, int k) {
  for (int j = 0; j < k; j++)
    step(a, b, len);
}

// CHECK-LABEL: {{^}}static void decay(
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: u[0:n])
static void decay(double *u, int n, int depth) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    u[i] *= 0.99;
  if (depth > 0)
    decay(u, n, depth - 1);
}

int main(void) {
  int n = 2000;
  double *u = malloc(n * sizeof(double)), *w = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    u[i] = (i % 17) * 0.5;
    w[i] = 0.0;
  }
  // NOTE: data-calls-deep.c:[[@LINE+8]]:3: note: u[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
  // NOTE-NEXT: {{^ +}}[[@LINE+7]] |   for (int t = 0; t < 20; t++)
  // NOTE-NEXT: {{^ +}}|   ^
  // NOTE-NEXT: data-calls-deep.c:[[@LINE+5]]:3: note: w[0:n]: (n)*sizeof(double) bytes, moved in once for the whole loop
  // CHECK-LABEL: {{^}}int main(void) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: u[0:n]) map(to: w[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < 20; t++)
  // CHECK-NEXT: {{^    }}advance(u, w, n, 3);
  for (int t = 0; t < 20; t++)
    advance(u, w, n, 3);
  printf("%.10f %.10f\n", u[1], u[n / 2]);
  // CHECK-NEXT: {{^  }}printf(
  // CHECK-NOT: {{^ *}}#pragma omp target
  // CHECK: {{^  }}for (int t = 0; t < 4; t++)
  // CHECK-NEXT: {{^    }}decay(u, n, 2);
  for (int t = 0; t < 4; t++)
    decay(u, n, 2);
  printf("%.10f %.10f\n", u[1], u[n / 2]);
  free(u);
  free(w);
  return 0;
}
