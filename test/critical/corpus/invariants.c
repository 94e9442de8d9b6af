// Criticals that hold an invariant the lock keeps: they must stay, and with
// them their whole construct (which then runs on the host as before), so
// the other criticals of that construct are not converted either.
#include <stdio.h>

#define N 20000

static int v[N];
static int a[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (i * 7919) % 4001;
    a[i] = (i * 31) % 53;
  }

  // best and where together: the lowest index of the maximum.
  int best = -1, where = -1;
  long plain = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:bestwhere
    if (v[i] > best || (v[i] == best && i < where)) {
      best = v[i];
      where = i;
    }
#pragma omp critical // C:companion
    plain += a[i];
  }

  // Two statements on two variables: no one atomic form (two atomics would
  // do here since nothing reads s and n in the loop, but no single atomic
  // replaces the critical).
  long s = 0, n = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:pair
    {
      s += a[i];
      n++;
    }
  }

  // lo + hi is constant; a second critical checks it.
  long lo = 0, hi = 1000000, broken = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:move
    {
      lo += a[i];
      hi -= a[i];
    }
#pragma omp critical // C:check
    if (lo + hi != 1000000)
      broken++;
  }

  // count is updated alone, but another critical of the same name reads
  // and resets it: an atomic increment could fall between that read and
  // that write and be lost.
  long count = 0, wraps = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:tick
    count += 1;
#pragma omp critical // C:wrap
    if (count >= 100) {
      count -= 100;
      wraps++;
    }
  }

  // A maximum with an else branch: two variables.
  int top = -1;
  long below = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:maxelse
    if (v[i] > top)
      top = v[i];
    else
      below++;
  }

  // Not a maximum: the value stored is not the value compared.
  int tag = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:condother
    if (v[i] > tag)
      tag = v[i] | 1;
  }

  printf("%d %d %ld\n", best, where, plain);
  printf("%ld %ld %ld %ld %ld\n", s, n, lo, hi, broken);
  printf("%ld %ld %d %d\n", count, wraps, top, below > 0);
  // Guarded by a condition on data the loop only reads: the critical can
  // shrink to the update (or the store) it guards.
  long big = 0;
  int marker = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:guardupd
    if (a[i] > 40)
      big++;
#pragma omp critical // C:guardwrite
    if (v[i] == 4000)
      marker = 7;
  }

  printf("%d %ld %d\n", tag, big, marker);
  return 0;
}
