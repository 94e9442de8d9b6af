// OpenMP input (--optimize-data) with a target data region of its own
// around an iteration loop whose kernel holds nested directives (teams,
// then distribute parallel for, then atomic). Two faults this test keeps
// fixed: the analysis of a kernel looked into every nested directive
// through its captured region, and atomic has none (the tool stopped on an
// assertion: 146 of the V&V suite's tests, whose kernels sit in data
// regions, through the optimize-data pipeline); and a loop in the block
// of a target data region was not found as a statement of a block, since
// captured statements do not list their body among their children. The
// loop now gets a region for t inside the input's, a is left to the
// input's region, the host read fetches one element: 8 host/device copies
// where the input makes 11.
// RUN: %omp-migrate --optimize-data --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %omp-migrate --optimize-data %t.c -- 2>/dev/null | diff %t.c -
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: %gcc-openmp %s -o %t.ref.exe && %t.ref.exe > %t.ref
// RUN: diff %t.ref %t.out
// RUN: grep -c "Copying data" %t.log | FileCheck %s --check-prefix=COPIES
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

// COPIES: {{^}}8{{$}}
// NOTE: optimize-data-nested.c:[[@LINE+18]]:5: note: t[0:8]: (8)*sizeof(int) bytes, moved in once and out once for the whole loop
// NOTE: optimize-data-nested.c:[[@LINE+17]]:5: note: a: mapped by a data region of the input around this one, left to it
// CHECK:      {{^}}#pragma omp target data map(to: a[0:n])
// CHECK-NEXT: {{^  }}{
// CHECK-NEXT: {{^    }}#pragma omp target data map(tofrom: t[0:8])
// CHECK-NEXT: {{^    }}for (int it = 0; it < 5; it++) {
// CHECK:      {{^      }}#pragma omp target update from(t[it:1])
// CHECK-NEXT: {{^      }}printf("it %d t[%d] %d\n", it, it, t[it]);

int main(void) {
  int n = 1000;
  int *a = malloc(n * sizeof(int)), *t = malloc(8 * sizeof(int));
  for (int x = 0; x < n; x++)
    a[x] = x % 13;
  for (int k = 0; k < 8; k++)
    t[k] = 0;
#pragma omp target data map(to: a[0:n])
  {
    for (int it = 0; it < 5; it++) {
#pragma omp target teams map(to: a[0:n]) map(tofrom: t[0:8])
      {
#pragma omp distribute parallel for
        for (int x = 0; x < n; ++x) {
#pragma omp atomic update
          t[x % 8] += a[x] + it;
        }
      }
      printf("it %d t[%d] %d\n", it, it, t[it]);
    }
  }
  int s = 0;
  for (int k = 0; k < 8; k++)
    s += t[k] * (k + 1);
  printf("%d\n", s);
  free(a);
  free(t);
  return 0;
}
