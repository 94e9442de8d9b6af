// Data placement: a target data region around a host loop that runs
// kernels, so arrays move once; target update only where the host touches
// them, narrowed to what it touches; read-only arrays map(to:).
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %omp-migrate --data=per-kernel %s -- 2>/dev/null | FileCheck %s --check-prefix=NAIVE
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
#include <stdio.h>

void iterate(int n, int steps, float *restrict a, float *restrict b, const float *restrict c) {
  // CHECK: {{^  }}#pragma omp target data map(tofrom: b[1:(n > 2) * (n - 2)], a[0:n]) map(to: c[1:(n > 2) * (n - 2)])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  // NAIVE-NOT: {{^ *}}#pragma omp target data
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b[1:(n > 2) * (n - 2)]) map(to: a[0:n], c[1:(n > 2) * (n - 2)])
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i + 1]) * 0.5f + c[i];
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
    // The host writes one element and reads another between kernels. The
    // write overwrites the element whole: nothing to fetch before it.
    // CHECK: {{^    }}a[i] = b[i];
    // CHECK-NEXT: {{^    }}// The host writes
    // CHECK-NOT: {{^ *}}#pragma omp target update from(a[0:1])
    // CHECK: {{^    }}a[0] = (float)t;
    // CHECK-NEXT: {{^    }}#pragma omp target update to(a[0:1])
    a[0] = (float)t;
    // CHECK: {{^    }}#pragma omp target update from(a[n - 1:1])
    // CHECK-NEXT: {{^    }}printf("%f\n", a[n - 1]);
    printf("%f\n", a[n - 1]);
  }
}
// NOTE: data-hoist.c:16:3: note: b[1:(n > 2) * (n - 2)]: ((n > 2) * (n - 2))*sizeof(float) bytes, moved in once and out once for the whole loop
// NOTE: data-hoist.c:16:3: note: c[1:(n > 2) * (n - 2)]: ((n > 2) * (n - 2))*sizeof(const float) bytes, moved in once for the whole loop

void swap(int n, int steps, double *u, double *unew) {
  // Pointer swaps between kernels: both buffers stay on the device, with
  // the union of their extents.
  // CHECK: {{^  }}#pragma omp target data map(tofrom: unew[0:n], u[0:n])
  for (int t = 0; t < steps; t++) {
    #pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
}

void widened(int n, int steps, float *restrict a) {
  // The section changes every iteration, and the kernel runs in each: the
  // region maps their union over the loop's range, a[0:k + 1] for k in
  // 0..n-1 (issue #31, data resident across host code).
  // CHECK-LABEL: {{^ *}}void widened(
  // CHECK: {{^  }}#pragma omp target data map(tofrom: a[0:n])
  // CHECK-NEXT: {{^  }}for (int k = 0; k < n; k++) {
  // CHECK-NEXT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:k + 1])
  for (int k = 0; k < n; k++) {
    #pragma acc parallel loop
    for (int i = 0; i <= k; i++)
      a[i] += 1;
  }
  // The kernel runs in some iterations only: a union over the range could
  // map what no kernel would (a[0:n + 3] here, past the end of a). Each
  // kernel keeps its own map.
  // CHECK: {{^  }}for (int k = 0; k < n + 3; k++) {
  // CHECK-NEXT: {{^    }}if (k < n)
  // CHECK-NEXT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:k + 1])
  for (int k = 0; k < n + 3; k++) {
    if (k < n)
    #pragma acc parallel loop
    for (int i = 0; i <= k; i++)
      a[i] += 1;
  }
  // NOTE: data-hoist.c:[[@LINE-6]]:3: note: no data region around this loop: a: its section names 'k', which changes inside; its kernels keep their own maps
  // A return inside the loop could not leave a target data region: the
  // region is enter/exit data, with the exit also before the return
  // (data-hoist-return.c has more).
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // CHECK: {{^  }}#pragma omp target enter data map(to: a[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < steps; t++) {
  // CHECK: {{^    }}#pragma omp target update from(a[0:1])
  // CHECK-NEXT: {{^    }}if (a[0] > 100)
  // CHECK-NEXT: {{^      }}{
  // CHECK-NEXT: {{^        }}#pragma omp target exit data map(from: a[0:n])
  // CHECK-NEXT: {{^        }}return;
  // CHECK-NEXT: {{^      }}}
  // CHECK-NEXT: {{^  }}}
  // CHECK-NEXT: {{^  }}#pragma omp target exit data map(from: a[0:n])
  for (int t = 0; t < steps; t++) {
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] *= 2;
    if (a[0] > 100)
      return;
  }
}

void *malloc(__SIZE_TYPE__);
void free(void *);

void allocated(int n) {
  float *a = malloc(n * sizeof(float));
  // The kernel runs in some iterations only and its section names k, but
  // the allocation is in sight: the region maps all of it, whatever the
  // kernels' sections name (in only: nothing but free reads it after).
  // CHECK-LABEL: {{^}}void allocated(
  // CHECK: {{^  }}#pragma omp target data map(to: a[0:n])
  // CHECK-NEXT: {{^  }}for (int k = 0; k < n + 3; k++) {
  for (int k = 0; k < n + 3; k++) {
    if (k < n)
    #pragma acc parallel loop
    for (int i = 0; i <= k; i++)
      a[i] += 1;
  }
  free(a);
}
