// A host access of one element in a region whose extent is the kernels'
// sections (no allocation in sight): whether the element lies inside them
// cannot be decided (n / 2 against 1 .. n - 2, a parameter k), but one
// element is either mapped or not, never partly, and an update of one that
// is not mapped assigns nothing (OpenMP 5.0, target update), when the
// host's copy is the current one. So the update moves the element, not the
// whole mapped section. Run with k outside the kernels' section of b (b[0],
// never on the device) and inside it (b[500]), against the original:
// 66 host/device copies, 64,400 bytes (a whole-section update made 108
// copies, 862,496 bytes).
// RUN: %omp-migrate %s -- > %t.c 2>/dev/null
// RUN: FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: %gcc-openacc %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: grep -c "Copying data" %t.log | FileCheck %s --check-prefix=COPIES
// RUN: sed -n "s/.*Copying data.*Size=\([0-9]*\).*/\1/p" %t.log | awk "{ s += \$1 } END { print s }" | FileCheck %s --check-prefix=BYTES
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

// COPIES: {{^}}66{{$}}
// BYTES: {{^}}64400{{$}}
// CHECK:      {{^  }}#pragma omp target data map(tofrom: b[1:(n > 2) * (n - 2)], a[0:n])
// CHECK:      {{^        }}#pragma omp target update from(a[(n / 2):1], b[((t * 7) % n):1])
// CHECK-NEXT: {{^        }}chk += a[n / 2] + b[(t * 7) % n];
// CHECK:      {{^    }}#pragma omp target update from(b[k:1])
// CHECK-NEXT: {{^    }}b[k] = b[k] + 1;
// CHECK-NEXT: {{^    }}#pragma omp target update to(b[k:1])

// No allocation in sight: the region maps the kernels' sections, and
// whether a host element lies inside them cannot be decided.
static double relax(double *a, double *b, int n, int k, int T) {
  double chk = 0;
  for (int t = 0; t < T; t++) {
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma acc parallel loop
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i] + t;
    if (t % 4 == 0)
      chk += a[n / 2] + b[(t * 7) % n];
    b[k] = b[k] + 1;
  }
  return chk;
}

int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = b[i] = i % 13;
  double c1 = relax(a, b, n, 0, 20);   // b[0]: never on the device
  double c2 = relax(a, b, n, 500, 20); // b[500]: on the device
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 7) + b[i];
  printf("%.3f %.3f %.3f %.3f %.3f\n", c1, c2, s, b[0], b[500]);
  free(a);
  free(b);
  return 0;
}
