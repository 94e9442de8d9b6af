// openacc.h reached through another header: the rewritten omp_* calls still
// get <omp.h>, inserted before the first #include. Code that gcc accepts but
// Clang 22 rejects by default in C (incompatible pointer types) still parses.
// RUN: %omp-migrate %s -- -I%S/Inputs > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// The header keeps its <openacc.h>, which OpenMP compilers do not have: the
// self-check says the translation does not compile, as a warning (the file
// holds a reported directive), and the file is written.
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// The header itself is not rewritten: only the main file is (see
// docs/design.md), so its #include <openacc.h> is reported, and the exit
// status says that something was left.
// DIAG: {{.*}}Inputs/uses-openacc.h:1:10: warning: 'include' not translated: OpenACC in an included header (not rewritten with this file); the header is included from runtime-api-header.c:{{[0-9]+}}; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}1 | {{.*<openacc.h>$}}
// DIAG-NEXT: {{^ +}}|          ^
// DIAG-NEXT: runtime-api-header.c:{{[0-9]+}}:10: warning: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found (in uses-openacc.h:1); the file keeps constructs reported as not translated
// DIAG-NEXT: {{^ +[0-9]+}} | #include "uses-openacc.h"
// DIAG-NEXT: {{^ +}}|          ^
// DIAG-NEXT: runtime-api-header.c: 1 of 2 constructs translated
// DIAG-NEXT: exit=1
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
