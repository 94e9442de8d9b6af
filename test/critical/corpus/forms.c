// Atomic update forms. Every critical's body is one update of a scalar,
// an array element or a struct member, each variable is touched by its
// own critical only, and nothing else in the loop reads or writes it:
// every critical becomes an atomic update and the loop a kernel. The
// updates commute (integer or unsigned arithmetic, sums of values exact in
// double, halvings by powers of two), so the result does not depend on
// the order of the iterations.
#include <stdio.h>

#define N 20000

static int a[N];
static double w[N];
static long per_lane[4];
struct stats {
  long n;
  double sum;
};
static struct stats st;

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37) % 101;
    w[i] = (double)((i * 13) % 64) / 8.0;
  }
  long inc = 0, dec = 0, sum = 0, diff = 0, fwd = 0, rev = 0;
  unsigned prod = 1u, orbits = 0u, andbits = ~0u, xorbits = 0u;
  double dsum = 0.0, half = 1048576.0;
  unsigned long sh = 1ul;
  int flip = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:postinc
    inc++;
#pragma omp critical // C:predec
    --dec;
#pragma omp critical // C:pluseq
    sum += a[i];
#pragma omp critical // C:minuseq
    diff -= a[i] % 7;
#pragma omp critical // C:xplus
    fwd = fwd + 2 * a[i];
#pragma omp critical // C:plusx
    rev = a[i] + rev;
#pragma omp critical // C:muleq
    prod *= (unsigned)(2 * a[i] + 1);
#pragma omp critical // C:oreq
    orbits |= 1u << (a[i] % 32);
#pragma omp critical // C:andeq
    andbits &= ~(1u << (a[i] % 5));
#pragma omp critical // C:xoreq
    xorbits ^= (unsigned)a[i] * 2654435761u;
#pragma omp critical // C:dsum
    dsum += w[i];
#pragma omp critical // C:diveq
    half /= (i % 5000 == 0) ? 2.0 : 1.0;
#pragma omp critical // C:shleq
    sh <<= (i % 4000 == 0);
#pragma omp critical // C:eminusx
    flip = 1 - flip;
#pragma omp critical // C:elem
    per_lane[i % 4] += 1;
#pragma omp critical // C:member
    st.sum += w[i];
#pragma omp critical // C:member2
    st.n++;
  }
  printf("%ld %ld %ld %ld %ld %ld\n", inc, dec, sum, diff, fwd, rev);
  printf("%u %u %u %u\n", prod, orbits, andbits, xorbits);
  printf("%.6e %.6e %lu %d\n", dsum, half, sh, flip);
  printf("%ld %ld %ld %ld %ld %.6e\n", per_lane[0], per_lane[1], per_lane[2], per_lane[3], st.n, st.sum);
  return 0;
}
