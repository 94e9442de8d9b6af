// Histograms under a critical: updates of array elements at places the
// iterations share. Each is an atomic update of the element (with
// --array-reductions, a small declared array may instead be reduced as a
// whole: both are correct). Where another critical of the same name moves
// counts between bins, the single update must keep the lock too.
#include <stdio.h>

#define N 50000
#define K 64
#define B 40000

static int key[N], key2[N], row[N], col[N];
static double w[N];
static long hist[K], hist3[K], hist4[K], big[B];
static double wh[K];
static int img[8][8];

int main(void) {
  for (int i = 0; i < N; i++) {
    key[i] = (i * 2654435761u) % K;
    key2[i] = (i * 40503u) % K;
    row[i] = (i / 3) % 8;
    col[i] = (i * 5) % 8;
    w[i] = (double)(i % 16) * 0.25;
  }

#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:count
    hist[key[i]]++;
#pragma omp critical // C:weight
    wh[key[i]] += w[i];
#pragma omp critical // C:twod
    img[row[i]][col[i]] += 1;
#pragma omp critical // C:bigarray
    big[(i * 7) % B] += 1;
  }

  // Counts move from bin to bin under the same lock.
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:addtwo
    hist3[key[i]] += 2;
#pragma omp critical // C:movebin
    {
      hist3[key2[i]] -= 1;
      hist3[(key2[i] + 1) % K] += 1;
    }
  }

  // An atomic on the same array, in the next loop of the region (an atomic
  // and a critical do not exclude each other).
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical // C:withatomic
      hist4[key[i]] += 3;
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      hist4[key2[i]] -= 1;
    }
  }

  long cs = 0, c3 = 0, c4 = 0, cb = 0, im = 0;
  double ws = 0.0;
  for (int k = 0; k < K; k++) {
    cs += hist[k] * (k + 1);
    c3 += hist3[k] * (k + 1);
    c4 += hist4[k] * (k + 1);
    ws += wh[k] * (k + 1);
  }
  for (int j = 0; j < B; j++)
    cb += big[j] * (j % 13);
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++)
      im += img[r][c] * (r * 8 + c);
  printf("%ld %ld %ld %ld %ld %.6e\n", cs, c3, c4, cb, im, ws);
  return 0;
}
