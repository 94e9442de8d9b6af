// Arg-max and arg-min under a critical: the value and its index updated
// together. With integers of at most 32 bits each, the pair packs into one
// 64-bit key and the critical becomes the loop's reduction(max: key); the
// tie rule on the index (`|| (v == best && i < at)`) says which index of
// the extremum wins, so the result is the same whatever the threads' order.
// Without a tie rule (`>` alone) the critical lets any index of the maximum
// win: the data here has one maximum, so every run prints the same. A
// double or 64-bit value (or `>=` alone) gets the value's own reduction and
// a second kernel that finds the index, when the value compared can be
// read again. Other shapes keep the critical, and with it their construct.
#include <stdio.h>

#define N 24000

static int v[N];
static short s[N];
static unsigned u[N];
static double d[N];
static long long big[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (i * 7919) % 4001 - 2000;
    s[i] = (short)((i * 131) % 2003 - 1001);
    u[i] = (unsigned)((i * 7919u) % 50021u);
    d[i] = (double)((i * 37) % 1000) / 8.0;
    big[i] = (long long)((i * 53) % 977) << 33;
  }
  u[12345] = 3000000000u; // the one maximum

  // Lowest index of the maximum; the values have many ties.
  int best = -5000, at = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:tielow
    if (v[i] > best || (v[i] == best && i < at)) {
      best = v[i];
      at = i;
    }
  }
  printf("tielow %d %d\n", best, at);

  // Highest index of the minimum, on shorts, the loop counting down, the
  // comparison written the other way round.
  short lo = 30000;
  int lat = N;
#pragma omp parallel for
  for (int i = N - 1; i >= 0; i--) {
#pragma omp critical // C:tiehigh
    {
      if (lo > s[i] || (s[i] == lo && lat < i)) {
        lat = i;
        lo = s[i];
      }
    }
  }
  printf("tiehigh %d %d\n", lo, lat);

  // The index before the loop competes: no value beats 2000, the maximum
  // (at indices above 0), so index 0 stays with it.
  int top = 2000, tat = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:before
    if (v[i] > top || (v[i] == top && i < tat)) {
      top = v[i];
      tat = i;
    }
  }
  printf("before %d %d\n", top, tat);

  // Unsigned values, `>` alone: one maximum.
  unsigned ub = 0;
  int uat = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:strict
    if (u[i] > ub) {
      ub = u[i];
      uat = i;
    }
  }
  printf("strict %u %d\n", ub, uat);

  // `>` alone, nothing exceeds the value before: the index stays.
  int hi = 5000, hat = 7;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:unchanged
    if (v[i] > hi) {
      hi = v[i];
      hat = i;
    }
  }
  printf("unchanged %d %d\n", hi, hat);

  // `>=` alone: the tie goes to whichever thread comes last (the second
  // pass takes the last index; the index is not printed, since the
  // original's depends on the threads' order).
  int ge = -5000, gat = -1;
  long sum = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:lasttie
    if (v[i] >= ge) {
      ge = v[i];
      gat = i;
    }
#pragma omp critical // C:lastsum
    sum += v[i];
  }
  printf("lasttie %d %ld\n", ge, sum);

  // A double value: no 32-bit half holds it; a second pass finds the index.
  double dbest = -1.0;
  int dat = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:double
    if (d[i] > dbest || (d[i] == dbest && i < dat)) {
      dbest = d[i];
      dat = i;
    }
  }
  printf("double %g %d\n", dbest, dat);

  // A 64-bit value: no 32-bit half holds it either.
  long long bb = -1;
  int bat = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:wide
    if (big[i] > bb || (big[i] == bb && i < bat)) {
      bb = big[i];
      bat = i;
    }
  }
  printf("wide %lld %d\n", bb, bat);

  // A double computed (a multiply-add a compiler may fuse in one kernel
  // and not in the other): no second pass can find it again.
  double cb = -1.0;
  int cat = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:computed
    if (d[i] * 0.5 + 1.0 > cb || (d[i] * 0.5 + 1.0 == cb && i < cat)) {
      cb = d[i] * 0.5 + 1.0;
      cat = i;
    }
  }
  printf("computed %g %d\n", cb, cat);

  // The value is read outside the critical: the lock orders that read.
  int rb = -5000, rat = -1, above = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:readout
    if (v[i] > rb || (v[i] == rb && i < rat)) {
      rb = v[i];
      rat = i;
    }
    if (rb > 1990)
      above = 1;
  }
  printf("readout %d %d %d\n", rb, rat, above);

  // A work-sharing loop inside a parallel region of nothing else: the
  // region becomes the loop's kernel, and the key's block goes around the
  // loop, which runs once on the host.
  int pb = -5000, pat = -1;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical // C:region
      if (v[i] > pb || (v[i] == pb && i < pat)) {
        pb = v[i];
        pat = i;
      }
    }
  }
  printf("region %d %d\n", pb, pat);
  return 0;
}
