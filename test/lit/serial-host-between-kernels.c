// A kernel made of a for loop (--offload=serial) writes the arrays it maps
// like any other: a host statement after it that reads what an earlier
// update fetched needs a fresh fetch (regression: the copy fetched before
// the kernel was taken as still current, and the host read stale data).
// Run against the serial original built with gcc.
// RUN: %omp-migrate --offload=serial %s -- > %t.c 2>/dev/null
// RUN: %FileCheck %s < %t.c
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
#include <stdio.h>

#define M 40
#define NR 2000

static double data[NR][M], cov[M][M], tmp[NR];

static void covariance(int m, int n) {
  // CHECK: {{^ *}}#pragma omp target data map(tofrom: tmp, cov) map(to: data)
  for (int j = 0; j < m; j++) {
    // The host's copy of cov is current at the region's start and after
    // each kernel that writes it, which fetches the row it writes right
    // after it (write-back, docs/data-movement.md): no fetch here.
    // CHECK-NOT: {{^ *}}#pragma omp target update from(cov
    // CHECK: {{^ *}}cov[0][j] = 0.0;
    cov[0][j] = 0.0;
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: tmp) map(to: data)
    for (int k = 0; k < n; k++)
      tmp[k] = data[k][0] * data[k][j];
    // The kernel wrote no cov, and the host's copy of cov[0] is current:
    // no fetch of it here...
    // CHECK-NOT: {{^ *}}#pragma omp target update from(cov
    // CHECK: {{^ *}}cov[0][j] = tmp[0] + tmp[n - 1];
    cov[0][j] = tmp[0] + tmp[n - 1];
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: cov) map(to: data)
    for (int k = 0; k < n; k++)
      if (k == j)
        cov[0][k] = cov[0][k] + data[k][0];
    // ... but this kernel wrote cov: its row is fetched (right after it)
    // before the host reads.
    // CHECK: {{^ *}}#pragma omp target update from(cov[0:1])
    // CHECK-NOT: {{^ *}}#pragma omp target
    // CHECK: {{^ *}}cov[0][j] /= (n - 1.0);
    cov[0][j] /= (n - 1.0);
    cov[j][0] = cov[0][j];
  }
}

int main(void) {
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (double)((i * (j + 1)) % 16) / 8.0;
  covariance(M, NR);
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      s += cov[i][j] * (i + 1);
  printf("%.6f\n", s);
  return 0;
}
