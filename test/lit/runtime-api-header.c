// openacc.h reached through another header: the rewritten omp_* calls still
// get <omp.h>, inserted before the first #include. Code that gcc accepts but
// Clang 22 rejects by default in C (incompatible pointer types) still parses.
// RUN: %omp-migrate --self-check=off %s -- -I%S/Inputs > %t.c 2> %t.err
// The self-check rejects this translation: the header, which is not
// rewritten, still includes <openacc.h>, which OpenMP compilers do not have.
// RUN: %omp-migrate %s -- -I%S/Inputs > %t.checked.c 2> %t.checked.err; echo "exit=$?" >> %t.checked.err
// RUN: FileCheck %s --check-prefix=SELF --input-file=%t.checked.err
// RUN: test ! -s %t.checked.c
// SELF: runtime-api-header.c:{{[0-9]+}}:10: error: internal error: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found (in uses-openacc.h:1) (line:column of the translation; input line {{[0-9]+}}) [omp-migrate]
// SELF: exit=2
// RUN: FileCheck %s --input-file=%t.c
// (The header itself is not rewritten: only the main file is; see docs/design.md.)
// CHECK: {{^}}#include <omp.h>{{$}}
// CHECK-NEXT: {{^}}#include "uses-openacc.h"{{$}}
#include "uses-openacc.h"

int present(double *a, int n) {
  double **pp = &a;
  void **vp = pp; /* an error in Clang 22 by default, a warning in gcc */
  (void)vp;
  // CHECK: {{^ *}}return (omp_target_is_present((a), omp_get_default_device()) != 0);
  return acc_is_present(a, n * sizeof(double));
}
