// The default async queue: a file that sets it (set default_async,
// acc_set_default_async) or reads it (acc_get_default_async) gets a per-file
// variable next to the queue array; async without an argument, or with
// acc_async_noval, uses it. Files without these constructs keep async(-1)
// (see data.c).
// RUN: %omp-migrate --report=%t.json %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %omp-migrate --async=nowait %s -- > %t.nowait.c 2>/dev/null
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.nowait.c -o /dev/null %}
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
// RUN: %if offload-cpu %{ %clang19-offload %t.nowait.c -o %t.nowait && env OMP_TARGET_OFFLOAD=MANDATORY %t.nowait | FileCheck %s --check-prefix=OUT %}
// A second run (omp.h from clang-19; clang-22 ships none) changes nothing.
// RUN: rm -rf %t.inc && mkdir %t.inc && ln -s /usr/lib/llvm-19/lib/clang/19/include/omp.h %t.inc/omp.h
// RUN: %omp-migrate %t.c -- -I%t.inc > %t.second.c 2>/dev/null; cmp %t.c %t.second.c
// DIAG: 14 of 14 constructs translated
// DIAG: exit=0
// JSON: "default_async: the default queue is a variable of this file (static int omp_migrate_default_async_); a default set in another file is not seen here"
// OUT: 0 2 3 1999 3
// CHECK: {{^}}static char omp_migrate_async_[64]; /* omp-migrate: one dependence object per OpenACC async queue */
// CHECK-NEXT: {{^}}static int omp_migrate_default_async_ = 0; /* omp-migrate: the default async queue, per file */
// CHECK-NEXT: {{^}}int main(void) {
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  float *a = (float *)malloc(n * sizeof(float));
  float *b = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = 0;
  }
  // CHECK: {{^ *}}int before = omp_migrate_default_async_;
  int before = acc_get_default_async();
  // CHECK: {{^ *}}(omp_migrate_default_async_ = (1));
  acc_set_default_async(1);
  #pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: a[0:n]) depend(inout: omp_migrate_async_[(omp_migrate_default_async_) & 63])
    #pragma acc parallel loop present(a[0:n]) async
    for (int i = 0; i < n; i++)
      a[i] *= 2;
    // CHECK: {{^ *}}if (n > 0) omp_migrate_default_async_ = (2);
    #pragma acc set default_async(2) if(n > 0)
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: a[0:n], b[0:n]) depend(inout: omp_migrate_async_[(omp_migrate_default_async_) & 63]) depend(in: omp_migrate_async_[(1) & 63])
    #pragma acc parallel loop present(a[0:n], b[0:n]) async(acc_async_noval) wait(1)
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
    // CHECK: {{^ *}}#pragma omp taskwait
    #pragma acc wait(2)
  }
  int mid = acc_get_default_async();
  // CHECK: {{^ *}}if (n) { omp_set_default_device(0); omp_migrate_default_async_ = (3); }
  #pragma acc set device_num(0) default_async(3) if(n)
  #pragma acc enter data copyin(a[0:n])
  // The queue argument acc_async_noval is the default queue too.
  // CHECK: {{^ *}}#pragma omp target exit data map(from: omp_migrate_p_[0:(n * sizeof(float))]) depend(inout: omp_migrate_async_[(omp_migrate_default_async_) & 63])
  acc_copyout_async(a, n * sizeof(float), acc_async_noval);
  acc_wait_all();
  printf("%d %d %g %g %d\n", before, mid, b[1], b[n - 1], acc_get_default_async());
  free(a);
  free(b);
  return 0;
}
