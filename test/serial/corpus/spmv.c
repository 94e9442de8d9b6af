// Sparse codes: CSR SpMV (indirect reads x[col[k]], data-dependent inner
// bounds), a gather, the transposed product that scatters y[col[k]] +=
// (an array reduction), a COO product, and an indirect update that is not
// a reduction and meets repeated indices.
#include <stdio.h>
#include <stdlib.h>

#define NR 3000
#define NNZ_ROW 5

static int rowptr[NR + 1], col[NR * NNZ_ROW], idx[NR], rows[NR * NNZ_ROW];
static double val[NR * NNZ_ROW], x[NR], y[NR], yt[NR], yc[NR], g[NR], u[NR];

static void spmv_csr(int n) {
  double s;
  for (int i = 0; i < n; i++) { // L:csr
    s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) // L:csr.k
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

static void gather(int n) {
  for (int i = 0; i < n; i++) // L:gather
    g[i] = x[idx[i]] * 2.0 + y[idx[n - 1 - i]];
}

static void spmv_transpose(int n) {
  for (int i = 0; i < n; i++) // L:tr.zero
    yt[i] = 0.0;
  for (int i = 0; i < n; i++) // L:tr
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) // L:tr.k
      yt[col[k]] += val[k] * x[i];
}

static void spmv_coo(int nnz) {
  for (int k = 0; k < nnz; k++) // L:coo
    yc[rows[k]] += val[k] * x[col[k]];
}

static void indirect_update(int n) {
  for (int i = 0; i < n; i++) // L:indupd
    u[idx[i]] = u[idx[i]] * 0.5 + 1.0;
}

int main(void) {
  int nnz = 0;
  for (int i = 0; i < NR; i++) { // L:build
    rowptr[i] = nnz;
    for (int d = 0; d < NNZ_ROW; d++) { // L:build.d
      col[nnz] = (i + d * 17) % NR;
      rows[nnz] = i;
      val[nnz] = (double)((i + d) % 4) / 4.0 + 0.25;
      nnz++;
    }
  }
  rowptr[NR] = nnz;
  for (int i = 0; i < NR; i++) { // L:initx
    x[i] = (double)(i % 8) / 8.0;
    idx[i] = (i * 5) % (NR / 3);
    yc[i] = 0.0;
    u[i] = 1.0;
  }
  spmv_csr(NR);
  gather(NR);
  spmv_transpose(NR);
  spmv_coo(nnz);
  indirect_update(NR);
  double sy = 0.0, sg = 0.0, st = 0.0, su = 0.0, dc = 0.0;
  for (int i = 0; i < NR; i++) { // L:sum
    sy += y[i];
    sg += g[i];
    st += yt[i];
    su += u[i] * (i % 5);
    dc += yc[i] - y[i];
  }
  printf("spmv %.6e %.6e %.6e %.6e %.6e\n", sy, sg, st, su, dc);
  return 0;
}
