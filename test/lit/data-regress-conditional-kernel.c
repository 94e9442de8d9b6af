// Regression: a compute construct with an if clause may run on the host,
// where it reads and writes the host's copies; a data region around the
// loop that runs it kept the arrays on the device, so with the condition
// false the host computed on stale data and the exit copied the device's
// stale copy back (b[7] printed 0.0, the original 20.0). Such a kernel is a
// barrier now: the loop gets no region, the kernels keep their own maps.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %gcc-openacc %s -o %t.orig && %t.orig > %t.ref
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: diff %t.ref %t.out
// CHECK: note: no data region around this loop: a kernel inside may run on the host (its if clause, line {{[0-9]+}}), where the device's copies would not be seen
// OUT-NOT: target data
// OUT: {{^ *}}#pragma omp target teams distribute parallel for if(target: (use_gpu)) map(tofrom: b) map(to: a)
#include <stdio.h>
#define N 4096
double a[N], b[N];
int main(void) {
  int use_gpu = 0;
  for (int i = 0; i < N; i++)
    a[i] = i % 13;
  for (int t = 0; t < 4; t++) {
    #pragma acc parallel loop if(use_gpu)
    for (int i = 0; i < N; i++)
      b[i] = a[i] + t;
    #pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] = b[i] * 2;
  }
  printf("%.1f\n", b[7]);
  return 0;
}
