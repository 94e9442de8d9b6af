// acc_* runtime calls with an OpenMP equivalent are rewritten; the others are
// reported and left intact (exit status 1). _OPENACC guards become _OPENMP.
// A call left as it is keeps the #include <openacc.h> that declares it
// (reported: clang has no openacc.h; gcc has), with <omp.h> before it for
// the rewritten calls. The self-check warns (the translation does not
// compile without openacc.h) and the file is written: it once replaced the
// include and left acc_get_device_type undeclared (issue #13, item 6).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// CHECK: {{^ *}}#include <omp.h>
// CHECK-NEXT: {{^ *}}#include <openacc.h>
#include <openacc.h>
#include <stddef.h>

acc_device_t pick(int *calls);

void api(size_t bytes, float *host) {
  // CHECK: {{^ *}}int ndev = omp_get_num_devices();
  int ndev = acc_get_num_devices(acc_device_nvidia);
  // CHECK: {{^ *}}void *d = omp_target_alloc((bytes), omp_get_default_device());
  void *d = acc_malloc(bytes);
  // CHECK: {{^ *}}omp_target_memcpy((d), (host), (bytes), 0, 0, omp_get_default_device(), omp_get_initial_device());
  acc_memcpy_to_device(d, host, bytes);
  // CHECK: {{^ *}}if (omp_is_initial_device()) ndev = 0;
  if (acc_on_device(acc_device_host)) ndev = 0;
  // CHECK: {{^ *}}omp_target_free((d), omp_get_default_device());
  acc_free(d);
  // No equivalent: reported, left as is.
  // CHECK: {{^ *}}acc_hostptr(host);
  acc_hostptr(host);
  // An argument the OpenMP form would drop has side effects: reported.
  // CHECK: {{^ *}}acc_set_device_num(0, pick(&ndev));
  acc_set_device_num(0, pick(&ndev));
  (void)ndev;
}
// CHECK: {{^ *}}#ifdef _OPENMP
#ifdef _OPENACC
int have_accelerator = 1;
#endif
// CHECK: {{^ *}}#if defined(_OPENMP)
#if defined(_OPENACC)
int also = 1;
#endif
// DIAG: runtime-api.c:14:10: warning: 'include' not translated: kept: the file still uses OpenACC names that have no OpenMP form here: acc_hostptr (line 32), acc_set_device_num (line 35) (gcc provides openacc.h, clang does not)
// DIAG: runtime-api.c:32:3: warning: 'runtime call' not translated: acc_hostptr has no OpenMP equivalent
// DIAG: runtime-api.c:35:3: warning: 'runtime call' not translated: the OpenMP form of acc_set_device_num drops its argument 'pick(&ndev)', which has side effects
// DIAG: runtime-api.c:15:10: warning: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found; the file keeps constructs reported as not translated
// DIAG: runtime-api.c:33:3: warning: self-check: the translation calls 'acc_hostptr', which nothing declares without openacc.h (only an implicit declaration); the file keeps constructs reported as not translated
// DIAG: 7 of 10 constructs translated
// DIAG: exit=1
// acc_device_t, a type of openacc.h, becomes int.
// RUN: FileCheck %s --check-prefix=TYPE --input-file=%t.c
// TYPE: {{^}}int pick(int *calls);
