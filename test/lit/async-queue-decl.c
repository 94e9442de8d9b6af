// The async queue array is declared before the first function that uses it,
// and outside any preprocessor conditional holding that function: built with
// -DT1 (the V&V suite's way of switching off a sub-test), the other
// functions still find it.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if offload-cpu %{ %clang19-offload -DT1 %t.c -o %t.t1 && env OMP_TARGET_OFFLOAD=MANDATORY %t.t1 | FileCheck %s --check-prefix=OUT %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -DT1 -c %t.c -o /dev/null %}
// RUN: %omp-migrate %t.c -- > %t.second.c 2>/dev/null; cmp %t.c %t.second.c
// DIAG: 4 of 4 constructs translated
// DIAG: exit=0
// CHECK: {{^}}#define LEN 64
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}static char omp_migrate_async_[64]; /* omp-migrate: one dependence object per OpenACC async queue */
// CHECK-NEXT: {{^}}#ifndef T1
// CHECK-NEXT: {{^}}#if LEN > 0
#include <stdio.h>

/* A comment and a #define before the first conditional stay above it. */
#define LEN 64

#ifndef T1
#if LEN > 0
int test1(float *a) {
  #pragma acc parallel loop copy(a[0:LEN]) async(1)
  for (int i = 0; i < LEN; i++)
    a[i] += 1;
  #pragma acc wait(1)
  return a[0] != 1;
}
#endif
#endif

#ifndef T2
int test2(float *a) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:LEN]) depend(inout: omp_migrate_async_[(2) & 63])
  #pragma acc parallel loop copy(a[0:LEN]) async(2)
  for (int i = 0; i < LEN; i++)
    a[i] += 2;
  #pragma acc wait(2)
  return a[0] != 2;
}
#endif

int main(void) {
  float a[LEN] = {0}, b[LEN] = {0};
  int failed = 0;
#ifndef T1
  failed += test1(a);
#endif
#ifndef T2
  failed += test2(b);
#endif
  // OUT: failed=0
  printf("failed=%d\n", failed);
  return failed;
}
