// Scans and recurrences (none parallel as written), then a normalization
// that reads the element it will overwrite in its last iteration, and the
// same normalization with the divisor copied to a scalar first.
#include <stdio.h>

#define N 3000

static double a[N], b[N], c[N], f[N], r[N], nc[N];

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    b[i] = (double)(i % 9) / 4.0 + 1.0;
  a[0] = b[0];
  for (int i = 1; i < N; i++) // L:inclusive
    a[i] = a[i - 1] + b[i];
  double s = 0.0;
  for (int i = 0; i < N; i++) { // L:exclusive
    c[i] = s;
    s += b[i];
  }
  r[0] = 1.0;
  for (int i = 1; i < N; i++) // L:recurrence
    r[i] = r[i - 1] * 0.5 + b[i];
  f[0] = 1.0;
  f[1] = 1.0;
  for (int i = 2; i < N; i++) // L:fib
    f[i] = (f[i - 1] + f[i - 2]) * 0.25;
  for (int i = 0; i < N; i++) // L:copy
    nc[i] = a[i];
  for (int i = 0; i < N; i++) // L:normself
    a[i] = a[i] / a[N - 1];
  double tot = nc[N - 1];
  for (int i = 0; i < N; i++) // L:normscalar
    nc[i] = nc[i] / tot;
  double sa = 0.0, sc = 0.0, sr = 0.0, sf = 0.0, sn = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    sa += a[i];
    sc += c[i];
    sr += r[i];
    sf += f[i];
    sn += nc[i];
  }
  printf("prefix %.6e %.6e %.6e %.6e %.6e total %.6e\n", sa, sc, sr, sf, sn, s);
  return 0;
}
