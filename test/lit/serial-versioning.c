// --offload=serial: a loop that is parallel unless two pointers overlap is
// versioned: a run-time test that their sections do not overlap chooses
// the offloaded copy, the loop as it was runs otherwise. The copy maps its
// data `always`, because the code around it sees it as host code. And host
// code that writes through a pointer that may be a kernel's array (b and a
// in pipeline, called with b = a + n/2) makes the region around it send
// that array again (`target update to(a[0:n])`): without it the last
// kernel read a stale device copy (3.142859e+06 instead of 3.476359e+06).
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// The same with --optimize-data.
// RUN: %omp-migrate --offload=serial --optimize-data %s -- > %t.opt.c 2> /dev/null
// RUN: %clang19-offload %t.opt.c -o %t.opt
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.opt > %t.opt.out
// RUN: diff %t.ref %t.opt.out
// A second run changes nothing (the host copy is left alone).
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// The report gives the test.
// RUN: %omp-migrate --offload=serial --report=%t.json %s -- > /dev/null
// RUN: python3 -c "import json; d = json.load(open(r'%t.json')); print([l['versioned'] for l in d['files'][0]['loops'] if 'versioned' in l])" | %FileCheck %s --check-prefix=REPORT
// REPORT: ['(unsigned long long)(dst + n) <= (unsigned long long)src || (unsigned long long)(src + n) <= (unsigned long long)dst', '(unsigned long long)(b + n) <= (unsigned long long)a || (unsigned long long)(a + n) <= (unsigned long long)b']
// --suggest says which suggestions are versioned.
// RUN: %omp-migrate --suggest %s -- 2>&1 >/dev/null | %FileCheck %s --check-prefix=SUGGEST
// SUGGEST: serial-versioning.c:[[@LINE+16]]:3: remark: loop can be offloaded when its arrays do not overlap (versioned: a run-time test chooses it) [omp-migrate-serial]
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

// shift is not static: any caller may pass overlapping arrays.
void shift(int n, double *dst, const double *src) {
  // OUT:      {{^ *}}if ((unsigned long long)(dst + n) <= (unsigned long long)src || (unsigned long long)(src + n) <= (unsigned long long)dst) {
  // OUT-NEXT: {{^ *}}#pragma omp target teams distribute parallel for map(always, tofrom: dst[0:n]) map(always, to: src[0:n])
  // OUT-NEXT: {{^ *}}for (int i = 0; i < n; i++)
  // OUT-NEXT: {{^ *}}dst[i] = src[i] * 0.5 + 1.0;
  // OUT-NEXT: {{^ *}}} else
  // OUT-NEXT: {{^ *}}for (int i = 0; i < n; i++)
  // OUT-NEXT: {{^ *}}dst[i] = src[i] * 0.5 + 1.0;
  // OUT-NEXT: {{^}$}}
  // NOTE: serial-versioning.c:[[@LINE+1]]:3: note: versioned: offloaded when (unsigned long long)(dst + n) <= (unsigned long long)src || (unsigned long long)(src + n) <= (unsigned long long)dst, else the loop as it was
  for (int i = 0; i < n; i++)
    dst[i] = src[i] * 0.5 + 1.0;
}

void pipeline(int n, double *a, double *b) {
  // OUT: {{^ *}}#pragma omp target enter data map(to: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i * 0.25;
  // OUT: {{^ *}}#pragma omp target update from(a[0:n])
  // OUT-NEXT: {{^ *}}if ((unsigned long long)(b + n)
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2.0 + b[i];
  // OUT: {{^ *}}#pragma omp target update to(a[0:n])
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1.0;
  // OUT: {{^ *}}#pragma omp target exit data map(from: a[0:n])
}

int main(void) {
  int n = 4000;
  double *x = malloc(2 * n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (int i = 0; i < 2 * n; i++)
    x[i] = i % 13;
  for (int i = 0; i < n; i++)
    y[i] = i % 7;
  shift(n, y, x);     // distinct: offloaded
  shift(n, x, x + 1); // overlapping: the loop as it was
  shift(n, x + 1, x);
  pipeline(n, x, y);
  pipeline(n, x, x + n / 2);
  double s = 0;
  for (int i = 0; i < 2 * n; i += 3)
    s += x[i];
  for (int i = 0; i < n; i += 5)
    s += y[i];
  printf("%.6e\n", s);
  return 0;
}
