// gemm (PolyBench-like): C = alpha*A*B + beta*C, once in the i-j-k form
// with a scalar accumulator and once in PolyBench's i-k-j form, where each
// k iteration updates a whole row of C. The data are multiples of 1/4, so
// every sum is exact and a reduction prints the same in any order.
#include <math.h>
#include <stdio.h>

#define NI 240
#define NJ 250
#define NK 260

static double A[NI][NK], B[NK][NJ], C[NI][NJ], D[NI][NJ];

static void gemm_ijk(int ni, int nj, int nk, double alpha, double beta,
                     double C[restrict NI][NJ], const double A[restrict NI][NK],
                     const double B[restrict NK][NJ]) {
  for (int i = 0; i < ni; i++) // L:ijk.i
    for (int j = 0; j < nj; j++) { // L:ijk.j
      double s = 0.0;
      for (int k = 0; k < nk; k++) // L:ijk.k
        s += A[i][k] * B[k][j];
      C[i][j] = beta * C[i][j] + alpha * s;
    }
}

static void gemm_ikj(int ni, int nj, int nk, double alpha, double beta,
                     double C[restrict NI][NJ], const double A[restrict NI][NK],
                     const double B[restrict NK][NJ]) {
  for (int i = 0; i < ni; i++) { // L:ikj.i
    for (int j = 0; j < nj; j++) // L:ikj.scale
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++) // L:ikj.k
      for (int j = 0; j < nj; j++) // L:ikj.kj
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  for (int i = 0; i < NI; i++) // L:initA
    for (int k = 0; k < NK; k++) // L:initA.k
      A[i][k] = (double)((i * k + 1) % 7) / 4.0;
  for (int k = 0; k < NK; k++) // L:initB
    for (int j = 0; j < NJ; j++) // L:initB.j
      B[k][j] = (double)((k * (j + 1)) % 5) / 2.0;
  for (int i = 0; i < NI; i++) // L:initC
    for (int j = 0; j < NJ; j++) { // L:initC.j
      C[i][j] = (double)((i + j) % 3);
      D[i][j] = C[i][j];
    }
  gemm_ijk(NI, NJ, NK, 1.5, 1.25, C, A, B);
  gemm_ikj(NI, NJ, NK, 1.5, 1.25, D, A, B);
  double s = 0.0, d = 0.0;
  for (int i = 0; i < NI; i++) // L:sum
    for (int j = 0; j < NJ; j++) { // L:sum.j
      s += C[i][j];
      d += fabs(C[i][j] - D[i][j]);
    }
  printf("gemm checksum %.6e diff %.6e\n", s, d);
  return 0;
}
