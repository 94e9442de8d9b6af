// Dynamic programming (an alignment score matrix, Smith-Waterman-like):
// H[i][j] depends on H[i-1][j-1], H[i-1][j] and H[i][j-1]. Row by row no
// loop is parallel; by anti-diagonals d = i + j, the cells of one diagonal
// are independent. Both orders compute the same matrix.
#include <stdio.h>

#define LA 1100
#define LB 1000

static int sa[LA], sb[LB];
static int H[LA + 1][LB + 1], W[LA + 1][LB + 1];

static int max3(int x, int y, int z) {
  int m = x > y ? x : y;
  return m > z ? m : z;
}

static void score_rows(int la, int lb) {
  for (int i = 1; i <= la; i++) // L:rows.i
    for (int j = 1; j <= lb; j++) { // L:rows.j
      int s = sa[i - 1] == sb[j - 1] ? 3 : -1;
      int h = max3(H[i - 1][j - 1] + s, H[i - 1][j] - 2, H[i][j - 1] - 2);
      H[i][j] = h > 0 ? h : 0;
    }
}

static void score_wave(int la, int lb) {
  for (int d = 2; d <= la + lb; d++) { // L:wave.d
    int lo = d - lb > 1 ? d - lb : 1;
    int hi = d - 1 < la ? d - 1 : la;
    for (int i = lo; i <= hi; i++) { // L:wave.i
      int j = d - i;
      int s = sa[i - 1] == sb[j - 1] ? 3 : -1;
      int h = max3(W[i - 1][j - 1] + s, W[i - 1][j] - 2, W[i][j - 1] - 2);
      W[i][j] = h > 0 ? h : 0;
    }
  }
}

int main(void) {
  for (int i = 0; i < LA; i++) // L:initA
    sa[i] = (i * 7 + 3) % 4;
  for (int j = 0; j < LB; j++) // L:initB
    sb[j] = (j * 5 + 1) % 4;
  score_rows(LA, LB);
  score_wave(LA, LB);
  long best = 0, diff = 0;
  for (int i = 0; i <= LA; i++) // L:sum
    for (int j = 0; j <= LB; j++) { // L:sum.j
      best = H[i][j] > best ? H[i][j] : best;
      diff += H[i][j] != W[i][j];
    }
  printf("wavefront best %ld diff %ld\n", best, diff);
  return 0;
}
