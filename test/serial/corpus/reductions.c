// Reductions: sum, product, min and max written with if, with ?: and
// with fmax/fmin, logical && and ||, bitwise, counts, a dot product into
// two accumulators, an argmin and an argmax with a tie rule (value and index),
// and two recurrences that look like reductions but are not.
#include <math.h>
#include <stdio.h>

#define N 4000

static double a[N], b[N];
static int v[N];
static double gsum;

int main(void) {
  for (int i = 0; i < N; i++) { // L:init
    a[i] = (double)((i * 37) % 101) / 4.0 - 10.0;
    b[i] = (double)((i * 11) % 13) / 2.0;
    v[i] = (i * 7919) % 1000;
  }
  double s = 0.0;
  for (int i = 0; i < N; i++) // L:sum
    s += a[i];
  double p = 1.0;
  for (int i = 0; i < N; i++) // L:prod
    p *= (i % 3 == 0) ? 2.0 : ((i % 3 == 1) ? 0.5 : 1.0);
  double mx = -1e30;
  for (int i = 0; i < N; i++) // L:maxif
    if (a[i] > mx)
      mx = a[i];
  double mn = 1e30;
  for (int i = 0; i < N; i++) // L:minternary
    mn = a[i] < mn ? a[i] : mn;
  double fm = 0.0, fn = 0.0;
  for (int i = 0; i < N; i++) { // L:fmaxfmin
    fm = fmax(fm, fabs(a[i]));
    fn = fmin(fn, a[i] * b[i]);
  }
  int all = 1, any = 0;
  for (int i = 0; i < N; i++) { // L:logical
    all = all && (v[i] >= 0);
    any = any || (v[i] == 999);
  }
  unsigned bor = 0, bxor = 0, band = ~0u;
  for (int i = 0; i < N; i++) { // L:bitwise
    bor |= (unsigned)v[i];
    bxor ^= (unsigned)v[i];
    band &= (unsigned)v[i] | 1u;
  }
  long cnt = 0;
  for (int i = 0; i < N; i++) // L:count
    if (v[i] % 3 == 0)
      cnt++;
  double dot = 0.0, nrm = 0.0;
  for (int i = 0; i < N; i++) { // L:dot
    double t = a[i] * b[i];
    dot = dot + t;
    nrm += b[i] * b[i];
  }
  nrm = sqrt(nrm);
  gsum = 0.0;
  for (int i = 0; i < N; i++) // L:global
    gsum += b[i] - a[i];
  double am = 1e30;
  int ai = -1;
  for (int i = 0; i < N; i++) // L:argmin
    if (a[i] < am) {
      am = a[i];
      ai = i;
    }
  double r = 0.0;
  for (int i = 0; i < N; i++) // L:linrec
    r = 0.5 * r + a[i];
  double alt = 0.0;
  for (int i = 0; i < N; i++) // L:altsign
    alt = a[i] - alt;
  int tm = -1, ti = N;
  for (int i = N - 1; i >= 0; i--) // L:argmaxtie
    if (v[i] > tm || (v[i] == tm && i < ti)) {
      tm = v[i];
      ti = i;
    }
  printf("sum %.6e prod %.6e max %.6e min %.6e fmax %.6e fmin %.6e\n", s, p, mx, mn, fm, fn);
  printf("all %d any %d or %u xor %u and %u count %ld\n", all, any, bor, bxor, band, cnt);
  printf("dot %.6e norm %.6e global %.6e argmin %.6e at %d rec %.6e alt %.6e\n", dot, nrm, gsum,
         am, ai, r, alt);
  printf("argmax %d at %d (ties: the lowest index)\n", tm, ti);
  return 0;
}
