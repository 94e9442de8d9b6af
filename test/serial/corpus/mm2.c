// 2mm (PolyBench-like): D = alpha*A*B*C + beta*D, the accumulations done on
// array elements (tmp[i][j] += ...) as PolyBench writes them. The kernel
// uses the global arrays directly. Multiples of 1/8: exact sums.
#include <stdio.h>

#define NI 200
#define NJ 210
#define NK 220
#define NL 230

static double A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL], tmp[NI][NJ];

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta) {
  for (int i = 0; i < ni; i++) // L:first.i
    for (int j = 0; j < nj; j++) { // L:first.j
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++) // L:first.k
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++) // L:second.i
    for (int j = 0; j < nl; j++) { // L:second.j
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++) // L:second.k
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  for (int i = 0; i < NI; i++) // L:initA
    for (int j = 0; j < NK; j++) // L:initA.j
      A[i][j] = (double)((i * j + 1) % 4) / 2.0;
  for (int i = 0; i < NK; i++) // L:initB
    for (int j = 0; j < NJ; j++) // L:initB.j
      B[i][j] = (double)(i * (j + 1) % 3) / 2.0;
  for (int i = 0; i < NJ; i++) // L:initC
    for (int j = 0; j < NL; j++) // L:initC.j
      C[i][j] = (double)((i * (j + 3) + 1) % 5) / 2.0;
  for (int i = 0; i < NI; i++) // L:initD
    for (int j = 0; j < NL; j++) // L:initD.j
      D[i][j] = (double)(i * (j + 2) % 6) / 2.0;
  kernel_2mm(NI, NJ, NK, NL, 1.5, 1.25);
  double s = 0.0;
  for (int i = 0; i < NI; i++) // L:sum
    for (int j = 0; j < NL; j++) // L:sum.j
      s += D[i][j];
  printf("2mm checksum %.6e\n", s);
  return 0;
}
