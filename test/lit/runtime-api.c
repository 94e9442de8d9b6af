// acc_* runtime calls with an OpenMP equivalent are rewritten; the others are
// reported and left intact (exit status 1). _OPENACC guards become _OPENMP.
// RUN: %omp-migrate --self-check=off %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
#include <openacc.h>
#include <stddef.h>

void api(size_t bytes, float *host) {
  // CHECK: int ndev = omp_get_num_devices();
  int ndev = acc_get_num_devices(acc_device_nvidia);
  // CHECK: void *d = omp_target_alloc((bytes), omp_get_default_device());
  void *d = acc_malloc(bytes);
  // CHECK: omp_target_memcpy((d), (host), (bytes), 0, 0, omp_get_default_device(), omp_get_initial_device());
  acc_memcpy_to_device(d, host, bytes);
  // CHECK: if (omp_is_initial_device()) ndev = 0;
  if (acc_on_device(acc_device_host)) ndev = 0;
  // CHECK: omp_target_free((d), omp_get_default_device());
  acc_free(d);
  // No equivalent: reported, left as is.
  // CHECK: {{^ *}}acc_get_device_type();
  acc_get_device_type();
  (void)ndev;
}
// CHECK: #ifdef _OPENMP
#ifdef _OPENACC
int have_accelerator = 1;
#endif
// CHECK: #if defined(_OPENMP)
#if defined(_OPENACC)
int also = 1;
#endif
// DIAG: runtime-api.c:22:3: warning: 'runtime call' not translated: acc_get_device_type has no OpenMP equivalent
// DIAG: exit=1

// A planner defect the self-check catches: acc_get_device_type() stays while
// <openacc.h> became <omp.h>, so OpenMP compilers see an undeclared function.
// Checked (the default), nothing is written and the exit status is 2; the
// translation above is the one the planner makes (--self-check=off).
// RUN: %omp-migrate %s -- > %t.checked.c 2> %t.checked.err; echo "exit=$?" >> %t.checked.err
// RUN: FileCheck %s --check-prefix=SELF --input-file=%t.checked.err
// RUN: test ! -s %t.checked.c
// SELF: runtime-api.c:22:3: error: internal error: self-check: the translation calls 'acc_get_device_type', which nothing declares without openacc.h (only an implicit declaration) (line:column of the translation; input line 22) [omp-migrate]
// SELF: exit=2
