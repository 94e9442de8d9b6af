// A branch that only the language decides (`#ifdef __cplusplus`, `#if
// !defined(__cplusplus)`) is never taken by any build of a C file: its
// directives are not OpenACC left behind, and are not reported. A branch
// a macro of the build could open (`|| defined(USE_GPU)`) is. Directives
// of an openacc.h found through -I (an OpenACC implementation's header,
// gcc's has `#pragma acc routine seq` in its C++ part) are the runtime's:
// not reported either.
// RUN: %omp-migrate %s -- -I%S/Inputs/acc-runtime -I%S/Inputs > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning
// CHECK: cxx-only.h:9:1: warning: 'routine' not translated: in an inactive branch of an included header: '#if defined(__cplusplus) || defined(USE_GPU)' is false
// CHECK: 3 of 4 constructs translated
// CHECK: exit=1
#include <openacc.h>
#include "cxx-only.h"

#ifdef __cplusplus
#pragma acc routine seq
static float twice(float v) { return 2 * v; }
#endif

void f(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = thrice(x[i]) + (float)acc_on_device(acc_device_host);
}
