// Data placement refinements inside a hoisted target data region: a
// temporary that every iteration writes before reading is created on the
// device (alloc); of two swapped buffers only the one read after the loop
// comes back, with a target update at the end of the region; a host loop
// that overwrites a whole row gets no fetch before it; a fetch the host
// already made since the last kernel is not repeated.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %omp-migrate --data=per-kernel %s -- 2>/dev/null | FileCheck %s --check-prefix=NAIVE
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
#include <stdio.h>
#include <stdlib.h>

// NAIVE-NOT: {{^ *}}#pragma omp target data
// NAIVE-NOT: {{^ *}}#pragma omp target update

void temp(int n, int m, int steps, double *restrict a) {
  double *restrict t = malloc(sizeof(double) * n * m);
  // CHECK-LABEL: {{^ *}}void temp(
  // Its first kernel reads back the element it has just written.
  double e = 0.0;
  // CHECK: {{^  }}#pragma omp target data map(alloc: t[0:m*n]) map(tofrom: a[m:(m*n > 2*m) * (m*n - 2*m)])
  for (int s = 0; s < steps; s++) {
    e = 0.0;
    #pragma acc parallel loop reduction(+:e)
    for (int j = 1; j < n - 1; j++) {
      #pragma acc loop reduction(+:e)
      for (int i = 1; i < m - 1; i++) {
        t[j * m + i] = 0.5 * (a[j * m + i - 1] + a[j * m + i + 1]);
        e += t[j * m + i];
      }
    }
    #pragma acc parallel loop
    for (int j = 1; j < n - 1; j++) {
      #pragma acc loop
      for (int i = 1; i < m - 1; i++)
        a[j * m + i] = t[j * m + i];
    }
  }
  free(t);
}
// NOTE: data-hoist-refine.c:{{[0-9]+}}:3: note: t[0:m*n]: created on the device (alloc): every element a kernel reads is written earlier in the same iteration, and the host never reads it

void temp_not_covered(int n, int steps, double *restrict a) {
  double *restrict t = malloc(sizeof(double) * n);
  // A later kernel reads t[i + 1], one element the first one did not write.
  // CHECK-LABEL: {{^ *}}void temp_not_covered(
  // CHECK: {{^  }}#pragma omp target data map(to: t[0:n]) map(tofrom: a[1:(n > 2) * (n - 2)])
  for (int s = 0; s < steps; s++) {
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      t[i] = a[i];
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      a[i] = t[i + 1];
  }
  free(t);
}

void temp_conditional(int n, int steps, double *restrict a) {
  double *restrict t = malloc(sizeof(double) * n);
  // The writing kernel does not run in every iteration.
  // CHECK-LABEL: {{^ *}}void temp_conditional(
  // CHECK: {{^  }}#pragma omp target data map(to: t[0:n]) map(tofrom: a[0:n])
  for (int s = 0; s < steps; s++) {
    if (s % 2 == 0) {
      #pragma acc parallel loop
      for (int i = 0; i < n; i++)
        t[i] = a[i];
    }
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = t[i] * 0.5;
  }
  free(t);
}

void temp_read_first(int n, int steps, double *restrict a) {
  double *restrict t = malloc(sizeof(double) * n);
  // The first kernel reads t before writing it (t[i] += ...).
  // CHECK-LABEL: {{^ *}}void temp_read_first(
  // CHECK: {{^  }}#pragma omp target data map(to: t[0:n]) map(tofrom: a[0:n])
  for (int s = 0; s < steps; s++) {
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      t[i] += a[i];
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = t[i];
  }
  free(t);
}

double swapped(int n, int steps) {
  double *u = malloc(sizeof(double) * n);
  double *v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
  // Only u is read after the loop: neither buffer is copied out by the map;
  // the update after the loop fetches the one u points to, and only the
  // elements a kernel writes.
  // CHECK-LABEL: {{^ *}}double swapped(
  // CHECK: {{^  }}#pragma omp target data map(to: v[0:n], u[0:n])
  // CHECK-NEXT: {{^  }}{
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
  // CHECK: {{^    }}v = tmp;
  // CHECK-NEXT: {{^  }}}
  // CHECK-NEXT: {{^  }}#pragma omp target update from(u[1:(n > 2) * (n - 2)])
  // CHECK-NEXT: {{^  }}}
  double r = u[n / 2];
  free(u);
  free(v);
  return r;
}
// NOTE: data-hoist-refine.c:{{[0-9]+}}:3: note: u[1:(n > 2) * (n - 2)]: copied out once after the loop (target update from, the buffer the pointer then holds); the other buffer of the swap stays on the device

void swapped_both_live(int n, int steps, double *u, double *v) {
  // Both are parameters, read by the caller: both come back.
  // CHECK-LABEL: {{^ *}}void swapped_both_live(
  // CHECK: {{^  }}#pragma omp target data map(tofrom: v[0:n], u[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  for (int t = 0; t < steps; t++) {
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
}

void host_rows(int n, int steps, double *restrict u, double *restrict w) {
  // CHECK-LABEL: {{^ *}}void host_rows(
  // CHECK: {{^  }}#pragma omp target data map(tofrom: w[0:3*n], u[0:3*n])
  for (int t = 0; t < steps; t++) {
    // A dense overwrite of row 0: sent after, never fetched before.
    // CHECK-NOT: {{^ *}}#pragma omp target update from
    // CHECK: {{^    }}for (int i = 0; i < n; i++)
    // CHECK-NEXT: {{^      }}u[i] = t + i;
    // CHECK-NEXT: {{^    }}#pragma omp target update to(u[0:n])
    for (int i = 0; i < n; i++)
      u[i] = t + i;
    // Every other element: the rest must come from the device first.
    // CHECK: {{^    }}#pragma omp target update from(u[n:(2*n > 1) * (2*n - 1)])
    // CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++)
    // CHECK-NEXT: {{^      }}u[n + 2 * i] = t;
    // CHECK-NEXT: {{^    }}#pragma omp target update to(u[n:(2*n > 1) * (2*n - 1)])
    for (int i = 0; i < n; i++)
      u[n + 2 * i] = t;
    // Reads the old values.
    // CHECK: {{^    }}#pragma omp target update from(u[2*n:n])
    // CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++)
    for (int i = 0; i < n; i++)
      u[2 * n + i] = u[2 * n + i] * 0.5;
    #pragma acc parallel loop
    for (int i = 0; i < 3 * n; i++)
      w[i] = u[i] * 2;
    #pragma acc parallel loop
    for (int i = 0; i < 3 * n; i++)
      u[i] = 0.25 * w[i];
    // Read twice with no kernel in between: fetched once.
    // CHECK: {{^    }}#pragma omp target update from(w[1:1])
    // CHECK-NEXT: {{^    }}printf("%f\n", w[1]);
    // CHECK-NEXT: {{^    }}if (t % 2 == 0)
    // CHECK-NEXT: {{^      }}printf("%f\n", w[1]);
    printf("%f\n", w[1]);
    if (t % 2 == 0)
      printf("%f\n", w[1]);
    #pragma acc parallel loop
    for (int i = 0; i < 3 * n; i++)
      w[i] += 1;
    // A kernel ran since: fetched again.
    // CHECK: {{^    }}#pragma omp target update from(w[1:1])
    // CHECK-NEXT: {{^    }}printf("%f\n", w[1]);
    printf("%f\n", w[1]);
  }
}
