// A kernel that maps a structure's pointer member (s.x, set to a) writes
// an array that data placement follows by name: the two alias. No data
// region is placed around a loop holding such a kernel (nor are its
// functions summarized), so every kernel keeps its own maps and the host
// reads current data. Found by the data fuzzer (issue #13); once, the
// hoisted region mapped a only 'to' and the host read stale values, exit 0.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not='{{^ *}}#pragma omp target data'
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
// RUN: %if offload-cpu && gcc %{ %omp-migrate --data=per-kernel %s -- > %t.pk.c && %omp-migrate --optimize-data %t.pk.c -- > %t.od.c && %clang19-offload %t.od.c -o %t.od && env OMP_TARGET_OFFLOAD=MANDATORY %t.od > %t.od.out && diff %t.ref %t.od.out %}
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double *x;
  int n;
} Vec;

static double work(double *a, double *b, int n, int T) {
  double chk = 0;
  // NOTE: data-member-alias.c:[[@LINE+1]]:3: note: no data region around this loop: a kernel inside maps sections of structure members (line [[@LINE+9]]), whose data may be any array's; its kernels keep their own maps
  for (int t = 0; t < T; t++) {
// CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b[0:n]) map(to: a[0:n]){{$}}
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
    {
      Vec s = {a, n};
// CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: s) map(tofrom: s.x[0:s.n]){{$}}
#pragma acc parallel loop
      for (int i = 0; i < s.n; i++)
        s.x[i] = s.x[i] * 2 + t;
    }
    chk += a[1];
  }
  return chk;
}

int main(void) {
  int n = 32;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = 0;
  }
  double chk = work(a, b, n, 5);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] + b[i];
  printf("%.1f %.1f\n", chk, s);
  free(a);
  free(b);
  return 0;
}
// NOTE: exit=0
