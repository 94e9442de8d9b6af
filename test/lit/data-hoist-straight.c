// Kernels in straight-line code: one target enter/exit data pair around a
// run of statements of a block that holds two or more kernels sharing
// arrays, target update where the host touches them in between. An array
// the first kernel overwrites whole is not copied in (from); one the kernels
// only read is not copied out (release).
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %omp-migrate --data=per-kernel %s -- 2>/dev/null | FileCheck %s --check-prefix=NAIVE
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
#include <stdio.h>
#include <stdlib.h>

// NAIVE-NOT: {{^ *}}#pragma omp target {{enter|exit}}

double sweep(int n, double *restrict a, double *restrict c) {
  double *restrict b = malloc(sizeof(double) * n);
  // CHECK-LABEL: {{^ *}}double sweep(
  // b is read by the host in the run, so it keeps its copies.
  // CHECK: {{^}}#pragma omp target enter data map(to: b[0:n], a[0:n], c[0:n])
  // CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: b[0:n]) map(to: a[0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * a[i];
  // The host reads one element between kernels.
  // CHECK: {{^  }}#pragma omp target update from(b[0:1])
  // CHECK-NEXT: {{^  }}printf("%f\n", b[0]);
  printf("%f\n", b[0]);
  double s = 0.0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 1; i < n; i++)
    s += b[i] * c[i];
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    a[i] = c[i] + b[i];
  // CHECK: {{^    }}a[i] = c[i] + b[i];
  // CHECK-NEXT: {{^}}#pragma omp target exit data map(from: b[0:n], a[0:n]) map(release: c[0:n])
  free(b);
  return s;
}
// NOTE: data-hoist-straight.c:{{[0-9]+}}:1: note: b[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole run of statements

void overwrite(int n, double *restrict x, double *restrict y) {
  // x is overwritten whole by the first kernel: only copied out.
  // CHECK-LABEL: {{^ *}}void overwrite(
  // CHECK: {{^  }}#pragma omp target enter data map(alloc: x[0:n]) map(to: y[0:n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[i] = y[i] + 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i];
  // CHECK: {{^  }}#pragma omp target exit data map(from: x[0:n], y[0:n])
}
// NOTE: data-hoist-straight.c:{{[0-9]+}}:3: note: x[0:n]: not copied in (from): the first kernel overwrites it whole before any kernel reads it

void partial(int n, double *restrict x, double *restrict y) {
  // x is written only in part: its other elements must go in.
  // CHECK-LABEL: {{^ *}}void partial(
  // CHECK: {{^  }}#pragma omp target enter data map(to: x[0:n], y[0:n])
  #pragma acc parallel loop
  for (int i = 1; i < n; i++)
    x[i] = y[i] + 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = x[i];
  // CHECK: {{^  }}#pragma omp target exit data map(from: x[0:n], y[0:n])
}

void unshared(int n, double *restrict x, double *restrict y) {
  // Two kernels with no array in common: nothing to gain.
  // CHECK-LABEL: {{^ *}}void unshared(
  // CHECK-NOT: {{^ *}}#pragma omp target enter data
  // CHECK: {{^}}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[i] = 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    y[i] = 2;
}

void barrier(int n, double *restrict x) {
  // An OpenACC data directive between kernels ends the run.
  // CHECK-LABEL: {{^ *}}void barrier(
  // CHECK-NOT: {{^ *}}#pragma omp target enter data map({{.*}}x[0:n]
  // CHECK: {{^}}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[i] = 1;
  #pragma acc update self(x[0:n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[i] += 2;
}
