// An #include <openacc.h> of a header under `#ifdef _OPENACC` (or `#if
// defined(_OPENACC)`) is inactive in the OpenMP build: it is not reported.
// One that an OpenMP build still reads (`#if !defined(_OPENACC) || 1`, the
// #else of an _OPENACC test) is, with the exit status 1.
// RUN: %omp-migrate %s -- -I%S/Inputs > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning
// CHECK: guarded-acc.h:13:10: warning: 'include' not translated: OpenACC in an included header (not rewritten with this file); the header is included from header-guarded-include.c:[[@LINE+3]]; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone
// CHECK: header-guarded-include.c:[[@LINE+2]]:10: warning: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found (in guarded-acc.h:13); the file keeps constructs reported as not translated
// CHECK: 1 of 2 constructs translated
#include "guarded-acc.h"

int main(void) {
  double a[SIZE];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < SIZE; i++)
    a[i] = i;
  printf("%.1f\n", a[SIZE - 1]);
  return 0;
}
// CHECK: exit=1
