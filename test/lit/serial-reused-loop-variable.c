// C89 code declares `i` once and reuses it in every loop of a nest. A
// reference to it reads the loop around the reference (Facts/Regions'
// RefLoop), not the last loop over it in the region. Before, the subscripts
// of an inner loop took the symbol of a later sibling loop over the same
// variable, which the dependence test treated as fixed for the outer loop:
// `sweep`'s j loop, whose iterations update overlapping elements of `a`
// (a[j + i] for i in 0..N-1), was offloaded as parallel, and the CPU
// stand-in lost updates (a race) where the original adds 1 per iteration.
// It is kept now, and the same nest with the inner loops over other
// variables says the same. Outside its loops, `i = 1; f[i][j] = ...` reads
// the value assigned before it in its block (`boundary`), and a write or a
// label between them ends that value (`guarded`; `labelled`, after a case
// label, where i may be 1 or 2, is kept for its writes of i). A read of i
// outside its loops with no such value reads what an earlier iteration
// left (`carried`): the loop is kept.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_THREADS=4 %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
#include <stdio.h>
#define N 1000
double a[2 * N], c[N][N], f[N][N], g[N];

// NOTE: [[@LINE+5]]:3: note: kept on the host: 'a' is updated (+) at elements the iterations share
// NOTE: [[@LINE+5]]:5: note: offloaded
// NOTE: [[@LINE+5]]:5: note: offloaded
void sweep(void) {
  int i, j;
  for (j = 0; j < N; j++) {
    for (i = 0; i < N; i++) a[j + i] = a[j + i] + 1;
    for (i = 0; i < N; i++) c[j][i] = j;
  }
}

// i read before the inner loop sets it: the value the previous iteration
// left (N; 3 in the first). Before, every loop variable of the nest was
// taken for each iteration's own: the j loop was offloaded with i private,
// and g[0] read 2000 on the stand-in.
// NOTE: [[@LINE+4]]:3: note: kept on the host: the loop writes 'i', declared outside it
void carried(void) {
  int i, j;
  i = 3;
  for (j = 0; j < N; j++) {
    g[j] = i;
    for (i = 0; i < N; i++) c[i][j] = i + j;
  }
}

// Two inner loops over i, each a section of its own: m rows of A and Q,
// not the whole arrays.
// NOTE: [[@LINE+5]]:3: note: offloaded
// NOTE: note: 'A' mapped as A[0:m]
// OUT: #pragma omp target teams distribute parallel for map(tofrom: A[0:m]) map(to: Q[0:m]) private(i)
void columns(int m, int n, double A[restrict 64][64], double Q[restrict 64][64]) {
  int i, j;
  for (j = 0; j < n; j++) {
    for (i = 0; i < m; i++) A[i][j] += Q[i][j];
    for (i = 0; i < m; i++) A[i][j] *= 2;
  }
}

// NOTE: [[@LINE+3]]:3: note: offloaded
void boundary(int n) {
  int i, j, m;
  for (j = 0; j < N; j++) {
    for (i = 0; i < n; i++) f[i][j] = i;
    for (m = 0; m < 5; m++) {
      i = 1;
      f[i][j] = f[i][j] + m;
      i = n - 3;
      f[i][j] = f[i][j] * 2;
    }
  }
}

// Its subscript i is no value the facts know: an atomic update.
// NOTE: [[@LINE+5]]:3: note: offloaded
// NOTE: note: atomic update of f[i][j] = f[i][j] + 1
// OUT: #pragma omp atomic update
void guarded(int n) {
  int i, j;
  for (j = 0; j < N; j++) {
    i = 1;
    if (j % 2)
      i = 2;
    f[i][j] = f[i][j] + 1;
  }
}

// NOTE: [[@LINE+3]]:3: note: kept on the host: the loop writes 'i'
void labelled(int n) {
  int i, j;
  for (j = 0; j < N; j++) {
    i = 1;
    switch (j % 2) {
    case 0:
      i = 2;
    case 1:
      f[i][j] = f[i][j] + 1;
    }
  }
}

int main(void) {
  static double A[64][64], Q[64][64];
  for (int k = 0; k < 64; k++)
    for (int l = 0; l < 64; l++) {
      A[k][l] = k + l;
      Q[k][l] = k - l;
    }
  sweep();
  carried();
  columns(60, 64, A, Q);
  boundary(40);
  guarded(40);
  labelled(40);
  double s = 0;
  for (int k = 0; k < 2 * N; k++)
    s += a[k] * (k % 13);
  for (int k = 0; k < N; k++)
    s += c[k][k % 7] + g[k] * (k % 3);
  for (int k = 0; k < 64; k++)
    for (int l = 0; l < 64; l++)
      s += A[k][l];
  for (int k = 0; k < N; k++)
    for (int l = 0; l < N; l++)
      s += f[k][l] * (l % 5 + k % 3);
  printf("%.1f\n", s);
  return 0;
}
