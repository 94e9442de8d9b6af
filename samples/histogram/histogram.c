/* Integer histogram with "#pragma acc atomic update".
 *
 * The input values come from a fixed linear congruential generator on the
 * host; each device iteration classifies one value and increments its bin
 * atomically. Integer counts are exact whatever the execution order, and the
 * result is checked against a sequential histogram computed on the host.
 */
#include <stdio.h>
#include <stdlib.h>

#define NBINS 16

static void histogram(int n, const unsigned *restrict data, int *restrict bins)
{
#pragma acc parallel loop copyin(data[0:n]) copy(bins[0:NBINS])
  for (int i = 0; i < n; i++) {
    int b = (int)(data[i] % NBINS);
#pragma acc atomic update
    bins[b] += 1;
  }
}

/* Second pass: weighted histogram, atomic with a "x = x + expr" form. */
static void weighted(int n, const unsigned *restrict data, long *restrict wbins)
{
#pragma acc parallel loop copyin(data[0:n]) copy(wbins[0:NBINS])
  for (int i = 0; i < n; i++) {
    int b = (int)((data[i] >> 8) % NBINS);
    long w = (long)(data[i] & 0xff);
#pragma acc atomic update
    wbins[b] = wbins[b] + w;
  }
}

int main(void)
{
  const int n = 200000;
  unsigned *data = malloc(sizeof(unsigned) * n);
  if (!data)
    return 1;
  unsigned state = 12345u;
  for (int i = 0; i < n; i++) {
    state = state * 1103515245u + 12345u;
    data[i] = state >> 8;
  }

  int bins[NBINS] = {0};
  long wbins[NBINS] = {0};
  histogram(n, data, bins);
  weighted(n, data, wbins);

  int ref[NBINS] = {0};
  long wref[NBINS] = {0};
  for (int i = 0; i < n; i++) {
    ref[data[i] % NBINS]++;
    wref[(data[i] >> 8) % NBINS] += data[i] & 0xff;
  }

  int total = 0, ok = 1;
  long wtotal = 0;
  for (int b = 0; b < NBINS; b++) {
    printf("bin %2d: %6d  weight %9ld\n", b, bins[b], wbins[b]);
    total += bins[b];
    wtotal += wbins[b];
    ok = ok && bins[b] == ref[b] && wbins[b] == wref[b];
  }
  printf("total count: %d\n", total);
  printf("total weight: %ld\n", wtotal);
  printf("matches host reference: %s\n", ok ? "yes" : "NO");
  free(data);
  return ok ? 0 : 1;
}
