// Parallel regions made of work-sharing loops (and declarations), and
// reads into variables of the iteration or shared ones. Each for loop of a
// region ends with a barrier, so what a later loop of the region does
// cannot race with the criticals of an earlier one.
#include <stdio.h>

#define N 16384

static int a[N], b[N];
static long out[N], c2[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 41) % 89;
    b[i] = (i * 23) % 71;
  }

  // Two loops, criticals named and unnamed; the second loop reads s
  // through a critical of the same name into a variable of the iteration.
  long s = 0, s2 = 0, cnt = 0;
#pragma omp parallel
  {
    const int k = 3;
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(acc) // C:acc1
      s += k * a[i];
#pragma omp critical // C:cnt
      cnt++;
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(acc) // C:acc2
      s2 += b[i];
      long v;
#pragma omp critical(acc) // C:readacc
      v = s;
      out[i] = v + b[i];
    }
  }

  // hits is read without a lock, but only by the loop after the barrier.
  long hits = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical // C:hits
      hits += a[i] > 30;
    }
#pragma omp for
    for (int i = 0; i < N; i++)
      c2[i] = a[i] + hits;
  }

  // acc is updated under two names, in loops the barrier separates.
  long acc = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(x) // C:namex
      acc += a[i];
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(y) // C:namey
      acc -= a[i] % 5;
    }
  }

  // A reduction clause next to a critical.
  long r = 0, big = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : r)
    for (int i = 0; i < N; i++) {
      r += a[i];
#pragma omp critical(big) // C:nextred
      big += b[i] > 60;
    }
  }

  // A read into a variable every thread shares: an atomic read would
  // leave the store to last unprotected.
  long tot = 0, last = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:totshared
    tot += b[i];
#pragma omp critical // C:sharedread
    last = tot;
  }

  long so = 0, sc = 0;
  for (int i = 0; i < N; i++) {
    so += out[i] == s + b[i];
    sc += c2[i];
  }
  printf("%ld %ld %ld %ld\n", s, s2, cnt, so);
  printf("%ld %ld\n", hits, sc);
  printf("%ld %ld %ld\n", acc, r, big);
  printf("%ld %d\n", tot, last >= 0 && last <= tot);
  return 0;
}
