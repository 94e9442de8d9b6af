// Data resident across host code (issue #31): PolyBench's lu, where the
// kernel of iteration i (the j loop from i) maps A[0:i + 1] and the host
// code before it (the j loop below i, a carried dependence) reads rows
// 0..i and writes row i. Before, each kernel mapped its own A[0:i + 1]
// in and out (MEDIUM: 258 MB each way). Now the region maps the union of
// the kernels' sections over the loop, A[0:n]; the host's writes go back
// as the rows it writes (update to A[i:1]), and since the kernel writes
// only row i, which is smaller than the rows 0..i the host would fetch,
// the region fetches that row right after each kernel instead (write-back)
// and the host reads without a fetch. With N = 64: 32 KB in and 32 KB out
// at the region's ends, 512 bytes each way per iteration.
// `reads_one` keeps the fetch before the host: it reads one element of
// what the kernel writes whole.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: awk '/Copying data from host to device/ { for (f = 1; f <= NF; f++) if ($f ~ /^Size=/) { split($f, s, "="); h += s[2] } } /Copying data from device to host/ { for (f = 1; f <= NF; f++) if ($f ~ /^Size=/) { split($f, s, "="); d += s[2] } } END { print "in", h, "out", d }' %t.log | %FileCheck %s --check-prefix=BYTES
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
#include <stdio.h>
#define N 64

static void lu(int n, double A[N][N]) {
  int i, j, k;
  // CHECK-LABEL: static void lu(
  // CHECK: {{^  }}#pragma omp target data map(tofrom: A[0:n])
  // CHECK-NEXT: {{^  }}for (i = 0; i < n; i++) {
  // CHECK: {{^    }}#pragma omp target update to(A[i:1])
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: A[0:i + 1]) private(k)
  // CHECK: {{^    }}#pragma omp target update from(A[i:1])
  // CHECK-NEXT: {{^  }}}
  // NOTE: [[@LINE+2]]:3: note: A[0:n]: (n)*sizeof(double[64]) bytes, moved in once and out once for the whole loop
  // NOTE: [[@LINE+1]]:3: note: A: fetched right after each kernel that writes it, only what that kernel writes; the host's statements inside read it without a fetch
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++) {
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
}

static double reads_one(int n, int steps, double *restrict x) {
  double chk = 0;
  int t, i;
  // CHECK-LABEL: static double reads_one(
  // CHECK: {{^  }}#pragma omp target data map(tofrom: x[0:n])
  // CHECK: {{^    }}#pragma omp target update from(x[0:1])
  // CHECK-NEXT: {{^    }}chk += x[0];
  for (t = 0; t < steps; t++) {
    for (i = 0; i < n; i++)
      x[i] = x[i] * 0.5 + t;
    chk += x[0];
  }
  return chk;
}

int main(void) {
  static double A[N][N], x[4096];
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i == j) ? N + 1.0 : 1.0 / (1 + i + j);
  lu(N, A);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j] * (i + 1) / (j + 1);
  for (i = 0; i < 4096; i++)
    x[i] = i;
  printf("%.10e %.10e\n", s, reads_one(4096, 5, x));
  return 0;
}
// The whole run's copies: lu's region 32768 + 64 * 512 bytes each way
// (before: each kernel's A[0:i + 1] in and out, 1,064,960 bytes each way);
// main's kernels (A's and x's initialization, the sum: 32768 each way or
// in only, s's 8 bytes) and reads_one's region (x in and out, 5 fetches of
// 8 bytes).
// BYTES: in 196616 out 163888
