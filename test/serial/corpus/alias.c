// Pointer parameters. Whether a loop is parallel depends on what main
// passes: distinct arrays (parallel, though nothing declares it), the same
// array twice at the same offset (each iteration reads and writes only its
// own element: parallel), the same array at offsets 1 apart (not
// parallel), two disjoint halves of one array (parallel), and restrict
// pointers. A function called both ways is labelled by the worse call.
#include <stdio.h>
#include <stdlib.h>

#define N 3000

static void add(int n, double *z, const double *x, const double *y) {
  for (int i = 0; i < n; i++) // L:add
    z[i] = x[i] + 2.0 * y[i];
}

static void shift_fwd(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++) // L:shiftfwd
    dst[i] = src[i] * 0.5 + 1.0;
}

static void shift_bwd(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++) // L:shiftbwd
    dst[i] = src[i] * 0.25 + 2.0;
}

static void scale_same(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++) // L:same
    dst[i] = src[i] * 3.0;
}

static void halves(int n, double *lo, const double *hi) {
  for (int i = 0; i < n; i++) // L:halves
    lo[i] = hi[i] - 1.0;
}

static void axpy_restrict(int n, double a, double *restrict y, const double *restrict x) {
  for (int i = 0; i < n; i++) // L:restrict
    y[i] = a * x[i] + y[i];
}

static void copy_mixed(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++) // L:mixed
    dst[i] = src[i] + 0.5;
}

static void local_alias(int n, double *v) {
  double *p = v + 1;
  for (int i = 0; i < n - 1; i++) // L:localalias
    v[i] = p[i] * 0.5;
}

int main(void) {
  double *x = malloc(sizeof(double) * (2 * N + 1));
  double *y = malloc(sizeof(double) * (2 * N + 1));
  double *z = malloc(sizeof(double) * (2 * N + 1));
  double *w = malloc(sizeof(double) * (2 * N + 1));
  for (int i = 0; i < 2 * N + 1; i++) { // L:init
    x[i] = (double)(i % 11) / 2.0;
    y[i] = (double)(i % 5) / 4.0;
    z[i] = 0.0;
    w[i] = (double)(i % 3);
  }
  add(N, z, x, y);
  shift_fwd(N, x, x + 1);
  shift_bwd(N, y + 1, y);
  scale_same(N, w, w);
  halves(N, z + N, z);
  axpy_restrict(N, 0.5, w, z);
  copy_mixed(N, w + N, x);
  copy_mixed(N, z + 1, z);
  local_alias(N, y + N);
  double sx = 0.0, sy = 0.0, sz = 0.0, sw = 0.0;
  for (int i = 0; i < 2 * N + 1; i++) { // L:sum
    sx += x[i];
    sy += y[i] * (i % 4);
    sz += z[i] * (i % 3);
    sw += w[i];
  }
  printf("alias %.6e %.6e %.6e %.6e\n", sx, sy, sz, sw);
  free(x); free(y); free(z); free(w);
  return 0;
}
