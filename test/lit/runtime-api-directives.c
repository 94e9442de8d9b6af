// Runtime calls that OpenMP spells as directives (acc_copyin, acc_update_*,
// acc_wait, acc_copyout_finalize, acc_delete): a call statement becomes a
// block with the directive; the program computes what the original does.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.orig.out %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.omp.out && diff %t.orig.out %t.omp.out %}
// DIAG: 8 of 8 constructs translated
// DIAG: exit=0
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK: {{^  }}{ /* omp-migrate: acc_copyin */
  // CHECK-NEXT: {{^    }}char *omp_migrate_p_ = (char *)(a);
  // CHECK-NEXT: {{^    }}#pragma omp target enter data map(to: omp_migrate_p_[0:(n * sizeof(double))])
  // CHECK-NEXT: {{^  }}}
  acc_copyin(a, n * sizeof(double));
  #pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
  // CHECK: {{^  }}if (n > 0) { /* omp-migrate: acc_update_self_async */
  // CHECK: {{^    }}#pragma omp target update from(omp_migrate_p_[0:(n * sizeof(double))]) depend(inout: omp_migrate_async_[(1) & 63])
  if (n > 0) acc_update_self_async(a, n * sizeof(double), 1);
  // CHECK: {{^    }}#pragma omp taskwait
  acc_wait(1);
  printf("%g\n", a[n - 1]);
  a[0] = -1;
  acc_update_device(a, sizeof(double));
  #pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
  // CHECK: {{^    }}#pragma omp target update from(omp_migrate_p_[0:(n * sizeof(double))])
  // CHECK-NEXT: {{^    }}#pragma omp target exit data map(delete: omp_migrate_p_[0:(n * sizeof(double))])
  acc_copyout_finalize(a, n * sizeof(double));
  printf("%g %g\n", a[0], a[n - 1]);
  free(a);
  return 0;
}
