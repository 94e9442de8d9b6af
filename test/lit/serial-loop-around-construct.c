// --offload=serial on OpenACC input: a host loop around OpenACC constructs
// is no serial loop to offload, even when its iterations are independent
// (here a sum into `chk`): its kernel would hold the constructs' kernels,
// which OpenMP does not nest ("region cannot be nested inside 'target teams
// distribute parallel for' region"). Before, the loop over t became a
// kernel, the self-check rejected the result and both constructs were left
// untranslated (exit 1; found by test/fuzz/fuzz_data.py, seed 165). Now the
// loop stays on the host, with the reason, and the constructs are
// translated inside a data region around it.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double *a, *c;

static double work(int n, int T) {
  double chk = 0;
  // CHECK-LABEL: static double work(
  // CHECK: {{^  }}#pragma omp target data map(to: a[0:n], c[0:n])
  // CHECK-NEXT: {{^  }}for (int t = 0; t < T; t++) {
  // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: s) map(to: a[0:n]) reduction(+: s)
  // CHECK: {{^    }}#pragma omp target teams distribute parallel for map(to: c[0:n]) map(tofrom: m, flag) reduction(max: m)
  // NOTE: [[@LINE+1]]:3: note: kept on the host: it holds the OpenACC construct at line [[@LINE+4]], whose kernel does not start inside another
  for (int t = 0; t < T; t++) {
    {
      double s = 0;
    #pragma acc parallel loop reduction(+:s)
      for (int i = 0; i < n; i++)
        s += a[i];
      chk += s;
    }
    {
      double m = -1;
      int flag = 0;
    #pragma acc kernels
      for (int i = 0; i < n; i++) {
        m = fmax(m, c[i]);
        if (c[i] > 50) flag = 1;
      }
      chk += m + flag;
    }
  }
  return chk;
}

int main(void) {
  int n = 100;
  a = malloc(n * sizeof(double));
  c = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i;
    c[i] = i % 7;
  }
  printf("%.1f\n", work(n, 5));
  free(a);
  free(c);
  return 0;
}
