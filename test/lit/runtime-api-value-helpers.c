// Runtime routines that take more than one OpenMP call (issue #18): the
// device address of acc_deviceptr and of acc_copyin/acc_create used as a
// value (use_device_ptr), the async queries and orderings (the host waits
// for every queue), an async copy (a wait, then a synchronous copy). The
// rewrites call helper functions that the translation defines, those a
// helper calls included. The V&V suite's acc_deviceptr, acc_memcpy_*,
// acc_async_test and acc_wait_async tests do this.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^#include <openacc}}"
// RUN: not grep -E "^[^/]*acc_[a-z_]+ *\(" %t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// The device addresses are not the host's (a run on the CPU stand-in; gcc's
// host-only OpenACC build shares them, so it is no reference here).
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
// DIAG: runtime-api-value-helpers.c: 16 of 16 constructs translated
// DIAG-NEXT: exit=0
// CHECK: {{^}}#include <omp.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

// CHECK: {{^}}static void omp_migrate_wait_all_(void) {
// CHECK: {{^}}static int omp_migrate_async_test_(void) {
// CHECK: {{^}}static void *omp_migrate_deviceptr_(const void *p, int dev) {
// CHECK: {{^}}#pragma omp target data use_device_ptr(b) device(dev)
// CHECK: {{^}}static void *omp_migrate_copyin_(void *p, unsigned long long bytes) {
// CHECK: {{^}}static void *omp_migrate_create_(void *p, unsigned long long bytes) {
// CHECK: {{^}}int main(void) {
int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  double *c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 2 * i;
    c[i] = 0;
  }
  // CHECK: {{^}}  double *da = (double *)omp_migrate_copyin_((a), (N * sizeof *a));
  double *da = (double *)acc_copyin(a, N * sizeof *a);
  // CHECK: {{^}}  double *dc = (double *)omp_migrate_create_((c), (N * sizeof *c));
  double *dc = (double *)acc_create(c, N * sizeof *c);
  // CHECK: {{^}}  omp_target_memcpy((dc), (omp_migrate_deviceptr_((a), omp_get_default_device())), (N * sizeof *a), 0, 0, omp_get_default_device(), omp_get_default_device());
  acc_memcpy_device(dc, acc_deviceptr(a), N * sizeof *a);
  printf("same address: %d %d\n", da == acc_deviceptr(a), dc == (double *)acc_deviceptr(c));
  // OUT: same address: 1 1
  printf("on the device: %d\n", da != a && dc != c);
  // OUT: on the device: 1
  printf("absent: %d\n", acc_deviceptr(b) == NULL);
  // OUT: absent: 1
#pragma acc parallel loop deviceptr(da, dc)
  for (int i = 0; i < N; i++)
    dc[i] += da[i];
  // CHECK: {{^}}  (omp_migrate_wait_all_(), omp_target_memcpy((b), (dc), (N * sizeof *c), 0, 0, omp_get_initial_device(), omp_get_default_device()));
  acc_memcpy_from_device_async(b, dc, N * sizeof *c, 1);
  // CHECK: {{^}}  omp_migrate_wait_all_();
  acc_wait_async(1, 2);
  // CHECK: {{^}}  while (!omp_migrate_async_test_())
  while (!acc_async_test(1))
    ;
  // CHECK: {{^}}  int queues[2] = {-2 /* acc_async_sync */, 1};
  int queues[2] = {acc_async_sync, 1};
  // CHECK: {{^}}  printf("any: %d\n", omp_migrate_wait_any_((2), (queues)));
  printf("any: %d\n", acc_wait_any(2, queues));
  // OUT: any: 1
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf("sum: %g\n", s);
  // OUT: sum: 4032
#pragma acc exit data delete(a[0:N], c[0:N])
  printf("left: %d\n", acc_is_present(a, N * sizeof *a) + acc_is_present(c, N * sizeof *c));
  // OUT: left: 0
  free(a);
  free(b);
  free(c);
  return 0;
}
