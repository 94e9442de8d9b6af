// Linearized 2-D arrays a[i*m + j]: an element-wise nest (collapsible), a
// transpose between two arrays, a row-recurrence and a column-recurrence,
// a row length that overlaps the next row (j <= m), a padded row (j < m
// with leading dimension ld > m); and loop shapes: a blocked loop with a
// step of 32, a decreasing loop, a loop with <= and a non-zero lower bound.
#include <stdio.h>
#include <stdlib.h>

#define NR 300
#define NC 280
#define LD 290

static void scale2d(int n, int m, double *restrict a, const double *restrict b) {
  for (int i = 0; i < n; i++) // L:scale
    for (int j = 0; j < m; j++) // L:scale.j
      a[i * m + j] = 2.0 * b[i * m + j] + 1.0;
}

static void transpose(int n, int m, double *restrict t, const double *restrict a) {
  for (int i = 0; i < n; i++) // L:transpose
    for (int j = 0; j < m; j++) // L:transpose.j
      t[j * n + i] = a[i * m + j];
}

static void rowscan(int n, int m, double *restrict a) {
  for (int i = 0; i < n; i++) // L:rowscan
    for (int j = 1; j < m; j++) // L:rowscan.j
      a[i * m + j] += a[i * m + j - 1] * 0.5;
}

static void colscan(int n, int m, double *restrict a) {
  for (int i = 1; i < n; i++) // L:colscan
    for (int j = 0; j < m; j++) // L:colscan.j
      a[i * m + j] += a[(i - 1) * m + j] * 0.5;
}

static void overlap(int n, int m, double *restrict a, const double *restrict b) {
  for (int i = 0; i < n - 1; i++) // L:overlap
    for (int j = 0; j <= m; j++) // L:overlap.j
      a[i * m + j] = b[i * m + j] + (double)i;
}

static void padded(int n, int m, int ld, double *restrict p, const double *restrict b) {
  for (int i = 0; i < n; i++) // L:padded
    for (int j = 0; j < m; j++) // L:padded.j
      p[i * ld + j] = b[i * m + j] * 0.5;
}

static void blocked(int n, double *restrict y, const double *restrict x) {
  for (int ii = 0; ii < n; ii += 32) // L:blocked
    for (int i = ii; i < ii + 32 && i < n; i++) // L:blocked.i
      y[i] = x[i] * 3.0;
}

static void reversed(int n, double *restrict y, const double *restrict x) {
  for (int i = n - 1; i >= 0; i--) // L:reversed
    y[i] = x[i] + 0.25;
}

static void inclusive(int n, double *restrict y) {
  for (int i = 1; i <= n; i++) // L:inclusive
    y[i] = y[i] * 0.5;
}

int main(void) {
  double *a = malloc(sizeof(double) * NR * NC), *b = malloc(sizeof(double) * NR * NC);
  double *t = malloc(sizeof(double) * NR * NC), *p = malloc(sizeof(double) * NR * LD);
  double *x = malloc(sizeof(double) * (NR * NC + 1)), *y = malloc(sizeof(double) * (NR * NC + 1));
  for (int k = 0; k < NR * NC; k++) // L:initb
    b[k] = (double)(k % 17) / 4.0;
  for (int k = 0; k < NR * LD; k++) // L:initp
    p[k] = 0.0;
  for (int k = 0; k < NR * NC + 1; k++) // L:initx
    x[k] = (double)(k % 5);
  scale2d(NR, NC, a, b);
  transpose(NR, NC, t, a);
  rowscan(NR, NC, a);
  colscan(NR, NC, t);
  padded(NR, NC, LD, p, b);
  overlap(NR, NC, b, x);
  blocked(NR * NC, y, x);
  reversed(NR * NC, x, y);
  inclusive(NR * NC, y);
  double sa = 0.0, st = 0.0, sp = 0.0, sb = 0.0, sx = 0.0, sy = 0.0;
  for (int k = 0; k < NR * NC; k++) { // L:sum
    sa += a[k];
    st += t[k] * (k % 3);
    sb += b[k] * (k % 4);
    sx += x[k];
    sy += y[k];
  }
  for (int k = 0; k < NR * LD; k++) // L:sump
    sp += p[k] * (k % 5);
  printf("linear2d %.6e %.6e %.6e %.6e %.6e %.6e\n", sa, st, sp, sb, sx, sy);
  free(a); free(b); free(t); free(p); free(x); free(y);
  return 0;
}
