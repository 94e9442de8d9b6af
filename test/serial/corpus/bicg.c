// bicg (PolyBench-like): s = A^T r and q = A p on a linearized matrix
// A[i*m + j] held in malloc'd arrays that main passes as distinct
// pointers. bicg declares no pointer restrict; bicg_split does, and
// computes s by columns so that no loop needs an array reduction.
#include <stdio.h>
#include <stdlib.h>

static void bicg(int n, int m, double *A, double *s, double *q, double *p, double *r) {
  for (int j = 0; j < m; j++) // L:zero
    s[j] = 0.0;
  for (int i = 0; i < n; i++) { // L:rows
    q[i] = 0.0;
    for (int j = 0; j < m; j++) { // L:rows.j
      s[j] += r[i] * A[i * m + j];
      q[i] += A[i * m + j] * p[j];
    }
  }
}

static void bicg_split(int n, int m, const double *restrict A, double *restrict s,
                       double *restrict q, const double *restrict p,
                       const double *restrict r) {
  for (int i = 0; i < n; i++) { // L:q
    double t = 0.0;
    for (int j = 0; j < m; j++) // L:q.j
      t += A[i * m + j] * p[j];
    q[i] = t;
  }
  for (int j = 0; j < m; j++) { // L:s
    double t = 0.0;
    for (int i = 0; i < n; i++) // L:s.i
      t += r[i] * A[i * m + j];
    s[j] = t;
  }
}

int main(void) {
  const int n = 410, m = 390;
  double *A = malloc(sizeof(double) * n * m);
  double *s = malloc(sizeof(double) * m), *s2 = malloc(sizeof(double) * m);
  double *q = malloc(sizeof(double) * n), *q2 = malloc(sizeof(double) * n);
  double *p = malloc(sizeof(double) * m), *r = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) // L:initA
    for (int j = 0; j < m; j++) // L:initA.j
      A[i * m + j] = (double)((i * (j + 1)) % 7) / 4.0;
  for (int j = 0; j < m; j++) // L:initp
    p[j] = (double)(j % 3) / 2.0;
  for (int i = 0; i < n; i++) // L:initr
    r[i] = (double)(i % 5) / 2.0;
  bicg(n, m, A, s, q, p, r);
  bicg_split(n, m, A, s2, q2, p, r);
  double cs = 0.0, cq = 0.0, d = 0.0;
  for (int j = 0; j < m; j++) // L:sums
    cs += s[j] - s2[j] * 0.5;
  for (int i = 0; i < n; i++) { // L:sumq
    cq += q[i];
    d += q[i] - q2[i];
  }
  printf("bicg %.6e %.6e %.6e\n", cs, cq, d);
  free(A); free(s); free(s2); free(q); free(q2); free(p); free(r);
  return 0;
}
