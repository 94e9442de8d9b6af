// Histograms and scatters. h[key[i]]++ and its variants are reductions
// into an array (iterations commute: an array reduction or atomics make
// them parallel). A scatter through an index array with repeated indices
// is not parallel (the last writer wins); one through an index array that
// main fills with a permutation would be, but nothing in the program
// proves it, so it is labelled not parallel.
#include <math.h>
#include <stdio.h>

#define N 5000
#define K 64
#define R 200
#define C 180

static int key[N], perm[N], dup[N];
static double w[N], out[N], out2[N], hmax[K];
static long hist[K], hist2[K], hist3[K], himg[K];
static int img[R][C];

static void histo(int n) {
  for (int i = 0; i < n; i++) // L:count
    hist[key[i]]++;
  for (int i = 0; i < n; i++) // L:count2
    hist2[key[i]] = hist2[key[i]] + 2;
  for (int i = 0; i < n; i++) // L:computed
    hist3[(key[i] * 5 + 1) % K] += 1;
  for (int i = 0; i < n; i++) // L:max
    hmax[key[i]] = fmax(hmax[key[i]], w[i]);
}

static void image_histo(int r, int c) {
  for (int i = 0; i < r; i++) // L:img
    for (int j = 0; j < c; j++) // L:img.j
      himg[img[i][j]]++;
}

static void scatter(int n) {
  for (int i = 0; i < n; i++) // L:scatdup
    out[dup[i]] = w[i];
  for (int i = 0; i < n; i++) // L:scatperm
    out2[perm[i]] = w[i];
}

int main(void) {
  for (int i = 0; i < N; i++) { // L:init
    key[i] = (i * 31 + 7) % K;
    perm[i] = (i * 7) % N;
    dup[i] = (i * 3) % (N / 2);
    w[i] = (double)((i * 13) % 17) / 4.0;
  }
  for (int i = 0; i < R; i++) // L:initimg
    for (int j = 0; j < C; j++) // L:initimg.j
      img[i][j] = (i * j + i) % K;
  histo(N);
  image_histo(R, C);
  scatter(N);
  long h = 0, hm = 0;
  double wm = 0.0;
  for (int k = 0; k < K; k++) { // L:small
    h += hist[k] * (k + 1) + hist2[k] + hist3[k] * 3;
    hm += himg[k] * (k + 1);
    wm += hmax[k];
  }
  double so = 0.0, so2 = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    so += out[i] * (i % 10);
    so2 += out2[i] * (i % 10);
  }
  printf("histogram %ld %ld %.6e scatter %.6e %.6e\n", h, hm, wm, so, so2);
  return 0;
}
