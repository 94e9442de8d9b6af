// Minimum and maximum. 'if (e > m) m = e;' under a critical is an atomic
// compare; inside a work-sharing loop where every use of m in the region
// is such a compare of the same kind it is a max (or min) reduction on the
// loop (either is correct: labels list both). When m is also read
// elsewhere in the region, only the atomic compare keeps that read
// meaningful. A compare with >= on integers, or written as a conditional
// expression, is the same maximum.
#include <math.h>
#include <stdio.h>

#define N 30000

static int a[N], b[N];
static double w[N];
static long view[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 7919) % 10007;
    b[i] = (i * 1049) % 9973 - 5000;
    w[i] = (double)((i * 31) % 1024) / 16.0;
  }
  int mx = -1, mn = 1 << 30, mx2 = -100000;
  double dmin = 1e30, dev = 0.0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:max
    if (a[i] > mx)
      mx = a[i];
#pragma omp critical // C:minrev
    if (mn > a[i])
      mn = a[i];
#pragma omp critical // C:dmin
    if (w[i] < dmin)
      dmin = w[i];
#pragma omp critical // C:libm
    if (fabs(w[i] - 17.0) > dev)
      dev = fabs(w[i] - 17.0);
#pragma omp critical // C:twice1
    if (a[i] > mx2)
      mx2 = a[i];
#pragma omp critical // C:twice2
    if (b[i] > mx2)
      mx2 = b[i];
  }

  // best is also read (under the same lock) by the iterations: atomic
  // compare for the maximum, atomic read for the snapshot.
  long best = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:cmpread
    if ((long)a[i] * 3 > best)
      best = (long)a[i] * 3;
    long v;
#pragma omp critical // C:snapshot
    v = best;
    view[i] = v;
  }

  // A parallel region: the maxima and minima of the for loop.
  int bmax = -100000, bmin = 100000;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical // C:regmax
      if (b[i] > bmax)
        bmax = b[i];
#pragma omp critical(lo) // C:regmin
      if (b[i] < bmin)
        bmin = b[i];
    }
  }

  // The same maximum, spelled differently.
  int ge = -1, cond = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:ge
    if (a[i] >= ge)
      ge = a[i];
#pragma omp critical // C:condexpr
    cond = a[i] > cond ? a[i] : cond;
  }

  long okv = 0;
  for (int i = 0; i < N; i++)
    okv += view[i] >= 3L * a[i] && view[i] <= best;
  printf("%d %d %.6e %.6e %d\n", mx, mn, dmin, dev, mx2);
  printf("%ld %ld\n", best, okv);
  printf("%d %d %d %d\n", bmax, bmin, ge, cond);
  return 0;
}
