// Triangular solves (PolyBench trisolv) forward and backward, and a
// triangular scaling whose rows are independent.
#include <stdio.h>

#define N 1200

static double Lm[N][N], b[N], x[N], z[N];

static void trisolv(int n) {
  for (int i = 0; i < n; i++) { // L:fwd
    x[i] = b[i];
    for (int j = 0; j < i; j++) // L:fwd.j
      x[i] -= Lm[i][j] * x[j];
    x[i] = x[i] / Lm[i][i];
  }
}

static void backsolv(int n) {
  for (int i = n - 1; i >= 0; i--) { // L:bwd
    double s = b[i];
    for (int j = i + 1; j < n; j++) // L:bwd.j
      s -= Lm[j][i] * z[j];
    z[i] = s / Lm[i][i];
  }
}

static void scale_lower(int n) {
  for (int i = 0; i < n; i++) // L:scale
    for (int j = 0; j <= i; j++) // L:scale.j
      Lm[i][j] = Lm[i][j] * 0.5;
}

int main(void) {
  for (int i = 0; i < N; i++) { // L:init
    b[i] = (double)(i % 7);
    for (int j = 0; j < N; j++) // L:init.j
      Lm[i][j] = i == j ? 4.0 : (double)((i + j) % 3) / 1024.0;
  }
  trisolv(N);
  backsolv(N);
  scale_lower(N);
  double sx = 0.0, sz = 0.0, sl = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    sx += x[i];
    sz += z[i];
    sl += Lm[i][i];
  }
  printf("trisolv %.6e %.6e %.6e\n", sx, sz, sl);
  return 0;
}
