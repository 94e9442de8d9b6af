// Named and unnamed criticals, several per loop, next to atomics. Criticals
// of one name exclude each other, criticals of different names do not: a
// variable used under two names (or read with no lock at all) is not
// protected by either lock, and the tool must leave such a loop alone.
#include <stdio.h>

#define N 24000

static int a[N];
static long view[N], seen[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 43) % 67;

  long n = 0, sum = 0, sumsq = 0, other = 0, z = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    long v = a[i] - 30;
#pragma omp critical(stats) // C:n
    n++;
#pragma omp critical(stats) // C:sum
    sum += v;
#pragma omp critical(stats) // C:sumsq
    sumsq += v * v;
#pragma omp critical(other) // C:other
    other += a[i] & 3;
  }

  // z is also updated by an atomic, in the loop before (an atomic and a
  // critical do not exclude each other, so they must not meet in one loop).
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      z += 1;
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(stats) // C:withatomic
      z += 2;
    }
  }

  // hits is updated under lock a and read under lock b.
  long hits = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical(a) // C:locka
    hits += 1;
    long v;
#pragma omp critical(b) // C:lockb
    v = hits;
    view[i] = v;
  }

  // cnt is also read with no lock at all.
  long cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:readoutside
    cnt += a[i] > 10;
    seen[i] = cnt >= 0;
  }

  // The added value has a side effect on a variable of the iteration only.
  long s1 = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int j = i;
#pragma omp critical // C:privinc
    s1 += a[j++];
    view[i] = j;
  }

  // The added value increments a shared variable: the lock protects it too.
  long s2 = 0, idx = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:sharedinc
    s2 += idx++;
  }

  long vs = 0, ss = 0;
  for (int i = 0; i < N; i++)
    ss += seen[i];
  printf("%ld %ld %ld %ld %ld\n", n, sum, sumsq, other, z);
  printf("%ld %ld %ld\n", hits, cnt, ss);
  for (int i = 0; i < N; i++)
    vs += view[i];
  printf("%ld %ld %ld %ld\n", s1, s2, idx, vs);
  return 0;
}
