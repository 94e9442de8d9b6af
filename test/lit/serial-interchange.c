// Loop interchange (issue #31): a loop over i whose iterations depend on
// each other (row i reads rows the earlier i wrote) around one loop over j
// whose iterations touch only their own column, over the whole nest. The
// headers trade places: the kernel spreads j, each thread runs i in its
// order; one kernel instead of one per i (PolyBench's symm, 202 -> 3
// launches at MEDIUM; trmm 201 -> 2). Refused: a dependence between
// columns (`a[i - 1][j + 1]`), a scalar that is no temporary of each
// iteration (a sum), a loop variable read after the nest, a range of j
// that depends on i, and an inner loop that collapses with its own
// (stencil3d's j and k: a kernel per i spreads more iterations).
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --report=%t.json %s -- > /dev/null 2>&1
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define M 300
#define N 240

static double C[M][N], A[M][M], B[M][N], D[M][N + 1], E[N][N];

static void symm(int m, int n, double alpha, double beta) {
  int i, j, k;
  double temp2;
  // CHECK-LABEL: static void symm(
  // CHECK: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: C) map(to: B, A) private(i, temp2, k)
  // CHECK-NEXT: {{^  }}for (j = 0; j < n; j++)
  // CHECK-NEXT: {{^    }}for (i = 0; i < m; i++) {
  // NOTE: [[@LINE+2]]:3: note: offloaded with its inner loop's header in its place: the dependence test proves that loop's iterations independent over the whole nest
  // NOTE: [[@LINE+1]]:3: note: interchanged with the loop at line [[@LINE+2]]: this loop alone is not parallel (iterations may write the same element of 'C'); the loop at line [[@LINE+2]] is, over the whole nest, and now spreads over the device, this one running in its order inside each of its iterations
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

static void trmm(int m, int n, double alpha) {
  // CHECK-LABEL: static void trmm(
  // CHECK: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: B) map(to: A) private(k)
  // CHECK-NEXT: {{^  }}for (int j = 0; j < n; j++)
  // CHECK-NEXT: {{^    }}for (int i = 0; i < m; i++) {
  int k;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

static double refused(int m, int n) {
  int i, j;
  double s = 0;
  // Columns depend on each other: iteration (i, j) reads what (i - 1,
  // j + 1) wrote. The loop over j is offloaded for each i, as before.
  // CHECK-LABEL: static double refused(
  // CHECK: {{^  }}for (i = 1; i < m; i++)
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
  // CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
  for (i = 1; i < m; i++)
    for (j = 0; j < n; j++)
      D[i][j] = D[i][j] + 0.5 * D[i - 1][j + 1];
  // A sum over the nest: no temporary of each iteration.
  // CHECK: {{^  }}for (i = 1; i < m; i++)
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
  // CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
  for (i = 1; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = C[i - 1][j] + 1;
      s += C[i][j];
    }
  // The range of j depends on i.
  // CHECK: {{^  }}for (i = 1; i < n; i++)
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
  // CHECK-NEXT: {{^    }}for (j = i; j < n; j++)
  for (i = 1; i < n; i++)
    for (j = i; j < n; j++)
      E[i][j] = E[i - 1][j] + 1;
  // i is read after the nest.
  // CHECK: {{^  }}for (i = 1; i < m; i++)
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for
  // CHECK-NEXT: {{^    }}for (j = 0; j < n; j++)
  for (i = 1; i < m; i++)
    for (j = 0; j < n; j++)
      B[i][j] = B[i - 1][j] * 0.5;
  return s + i;
}

int main(void) {
  int i, j;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      C[i][j] = (i + j) % 9 * 0.25;
      B[i][j] = (i * j) % 7 * 0.5;
    }
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      A[i][j] = (i + 2 * j) % 5 * 0.125;
  for (i = 0; i < M; i++)
    for (j = 0; j <= N; j++)
      D[i][j] = (i + j) % 3;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      E[i][j] = (i * j) % 4;
  symm(M, N, 1.5, 1.2);
  trmm(M, N, 0.5);
  double r = refused(M, N);
  double s = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      s += C[i][j] * (i + 1) + B[i][j] * (j + 1) + D[i][j];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += E[i][j];
  printf("%.10e %.10e\n", s, r);
  return 0;
}
// JSON: "interchanged_with"
