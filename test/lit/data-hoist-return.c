// Loops with a return inside: a target data region cannot be left by a
// return, so the region is target enter data before the loop and target
// exit data after it and before each return (braces added where the return
// is an if's branch). A return inside a host statement that writes a
// hoisted array is not followed (the host would hold newer data than the
// device when the exit copies out), nor is a goto out of the loop.
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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// A convergence loop: returns the iteration count once the change is small.
// NOTE: data-hoist-return.c:[[@LINE+14]]:3: note: a[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole loop
// NOTE-NEXT: data-hoist-return.c:[[@LINE+13]]:3: note: the return at line [[@LINE+23]] leaves the loop: target exit data before it too
// CHECK-LABEL: {{^}}static int relax(
// CHECK: {{^  }}#pragma omp target enter data map(to: b[1:(n > 2) * (n - 2)], a[0:n])
// CHECK-NEXT: {{^  }}for (int it = 0; it < maxit; it++) {
// CHECK: {{^    }}if (err < tol) {
// CHECK-NEXT: {{^      }}#pragma omp target exit data map(from: b[1:(n > 2) * (n - 2)], a[0:n])
// CHECK-NEXT: {{^      }}return it;
// CHECK-NEXT: {{^    }}}
// CHECK-NEXT: {{^  }}}
// CHECK-NEXT: {{^  }}#pragma omp target exit data map(from: b[1:(n > 2) * (n - 2)], a[0:n])
static int relax(double *a, double *b, int n, int maxit, double tol) {
  for (int i = 0; i < n; i++)
    b[i] = 0.0;
  for (int it = 0; it < maxit; it++) {
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5 * (a[i - 1] + a[i + 1]);
    double err = 0.0;
#pragma acc parallel loop reduction(max:err)
    for (int i = 1; i < n - 1; i++) {
      err = fmax(err, fabs(b[i] - a[i]));
      a[i] = b[i];
    }
    if (err < tol) return it;
  }
  return -1;
}

// The host reads elements in the if and its return: fetched first (the
// hull of both), and the return's exit copies the rest out.
// CHECK-LABEL: {{^}}static double probe(
// CHECK: {{^  }}#pragma omp target enter data map(to: x[0:n])
// CHECK: {{^    }}#pragma omp target update from(x[0:n])
// CHECK-NEXT: {{^    }}if (x[0] > limit)
// CHECK-NEXT: {{^      }}{
// CHECK-NEXT: {{^        }}#pragma omp target exit data map(from: x[0:n])
// CHECK-NEXT: {{^        }}return x[n - 1];
// CHECK-NEXT: {{^      }}}
static double probe(double *x, int n, double limit) {
  for (int t = 0; t < 100; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 1.5 + 1.0;
    if (x[0] > limit)
      return x[n - 1];
  }
  return -1.0;
}

// The return sits in a host block that writes the array: not hoisted.
// CHECK-LABEL: {{^}}static int clamp(
// CHECK-NOT: {{^ *}}#pragma omp target {{(enter )?}}data
// CHECK: {{^}}}
static int clamp(double *y, int n) {
  for (int t = 0; t < 50; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      y[i] += 2.0;
    if (y[1] > 40.0) {
      y[1] = 40.0;
      return t;
    }
  }
  return -1;
}

// A goto out of the loop: not hoisted.
// CHECK-LABEL: {{^}}static int jump(
// CHECK-NOT: {{^ *}}#pragma omp target {{(enter )?}}data
// CHECK: {{^}}}
static int jump(double *z, int n) {
  int t;
  for (t = 0; t < 50; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      z[i] += 1.0;
    if (z[0] > 10.0)
      goto done;
  }
done:
  return t;
}

// Pointers that trade places: target exit data would look up the buffer
// under the pointer at the exit, not the one mapped at the entry. Not
// hoisted (found by test/fuzz/fuzz_data.py, seed 102).
// CHECK-LABEL: {{^}}static void swapping(
// CHECK-NOT: {{^ *}}#pragma omp target {{(enter )?}}data
// CHECK: {{^}}}
static void swapping(double *p, double *q, int n, int stop) {
  for (int t = 0; t < 8; t++) {
    if (t == stop)
      return;
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      p[i] = p[i] + 1;
    double *tmp = p;
    p = q;
    q = tmp;
  }
}

int main(void) {
  int n = 512;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  double *x = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = (i == 0 || i == n - 1) ? 1.0 : 0.0;
    x[i] = i * 0.001;
  }
  int its = relax(a, b, n, 100000, 1e-4);
  printf("relax: %d iterations, a[1] = %.8f, a[n/2] = %.8f\n", its, a[1], a[n / 2]);
  double last = probe(x, n, 50.0);
  printf("probe: %.8f, x[0] = %.8f, x[n/2] = %.8f\n", last, x[0], x[n / 2]);
  for (int i = 0; i < n; i++)
    x[i] = i * 0.01;
  int c = clamp(x, n);
  printf("clamp: %d, x[1] = %.4f, x[2] = %.4f\n", c, x[1], x[2]);
  int j = jump(x, n);
  printf("jump: %d, x[0] = %.4f\n", j, x[0]);
  swapping(a, x, n, 3);
  printf("swapping: a[1] = %.4f, x[1] = %.4f\n", a[1], x[1]);
  free(a);
  free(b);
  free(x);
  return 0;
}
