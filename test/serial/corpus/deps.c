// Dependences on 1-D and 2-D global arrays: true (flow), anti and output
// dependences at distance 1, at a constant distance and at a distance known
// only at run time; separated subscripts (even/odd, two halves, reversed
// halves, reads of an element no iteration writes); in-place updates;
// coupled and transposed 2-D subscripts. Each kernel runs on freshly reset
// data and prints its own checksum.
#include <stdio.h>

#define N 2000
#define M 300
#define K 8

static double a[2 * N + 16], b[2 * N + 16], c[2 * N + 16];
static double a2[M][M];

static void reset(int n) {
  for (int i = 0; i < 2 * n + 16; i++) { // L:reset
    a[i] = (double)(i % 13) / 4.0;
    b[i] = (double)(i % 7) / 2.0;
    c[i] = 0.0;
  }
}

static void report(const char *what, int n) {
  double s = 0.0;
  for (int i = 0; i < 2 * n + 16; i++) // L:report
    s += a[i] * (i % 3 + 1) + c[i];
  printf("%-12s %.6e\n", what, s);
}

static void reset2(int m) {
  for (int i = 0; i < m; i++) // L:reset2
    for (int j = 0; j < m; j++) // L:reset2.j
      a2[i][j] = (double)((i * 3 + j * 5) % 11) / 2.0;
}

static void report2(const char *what, int m) {
  double s = 0.0;
  for (int i = 0; i < m; i++) // L:report2
    for (int j = 0; j < m; j++) // L:report2.j
      s += a2[i][j] * ((i + 2 * j) % 5 + 1);
  printf("%-12s %.6e\n", what, s);
}

static void flow1(int n) {
  for (int i = 1; i < n; i++) // L:flow1
    a[i] = a[i - 1] + b[i];
}
static void anti1(int n) {
  for (int i = 0; i < n; i++) // L:anti1
    a[i] = a[i + 1] + b[i];
}
static void output1(int n) {
  for (int i = 0; i < n; i++) { // L:output1
    a[i] = b[i];
    a[i + 1] = c[i] + 1.0;
  }
}
static void flowk(int n) {
  for (int i = 0; i < n; i++) // L:flowk
    a[i + K] = a[i] * 0.5 + b[i];
}
static void antik(int n) {
  for (int i = 0; i < n; i++) // L:antik
    a[i] = a[i + K] + b[i];
}
static void outputk(int n) {
  for (int i = 0; i < n; i++) { // L:outputk
    a[i] = b[i];
    a[i + K] = b[i] * 2.0;
  }
}
static void near(int n, int k) {
  for (int i = 0; i < n; i++) // L:near
    a[i] = a[i + k] + b[i];
}
static void far(int n, int k) {
  for (int i = 0; i < n; i++) // L:far
    a[i] = a[i + k] * 2.0;
}
static void modulo(int n, int m) {
  for (int i = 0; i < n; i++) // L:modulo
    a[i % m] = b[i];
}
static void evenodd(int n) {
  for (int i = 0; i < n; i++) // L:evenodd
    a[2 * i] = a[2 * i + 1] + b[i];
}
static void stride(int n) {
  for (int i = 0; i < n; i++) // L:stride
    a[2 * i] = a[i] + 1.0;
}
static void halves(int n) {
  for (int i = 0; i < n; i++) // L:halves
    a[i] = a[i + n] * 2.0;
}
static void revhalf(int n) {
  for (int i = 0; i < n / 2; i++) // L:revhalf
    a[i] = a[n - 1 - i];
}
static void revfull(int n) {
  for (int i = 0; i < n; i++) // L:revfull
    a[i] = a[n - 1 - i] + b[i];
}
static void readfirst(int n) {
  for (int i = 1; i < n; i++) // L:readfirst
    a[i] = a[i] + a[0];
}
static void readfirst0(int n) {
  for (int i = 0; i < n; i++) // L:readfirst0
    a[i] = a[i] + a[0];
}
static void inplace(int n) {
  for (int i = 0; i < n; i++) // L:inplace
    a[i] = a[i] * 2.0 + b[i];
}
static void twostmt(int n) {
  for (int i = 0; i < n; i++) { // L:twostmt
    c[i] = a[i] + 1.0;
    a[i] = c[i] * b[i];
  }
}
static void fwdread(int n) {
  for (int i = 0; i < n; i++) { // L:fwdread
    a[i] = b[i] + 1.0;
    c[i] = a[i + 1];
  }
}
static void backread(int n) {
  for (int i = 1; i < n; i++) { // L:backread
    a[i] = b[i] + 1.0;
    c[i] = a[i - 1];
  }
}
static void loopindep(int n) {
  for (int i = 0; i < n; i++) { // L:loopindep
    a[i] = b[i] + 1.0;
    c[i] = a[i] * 2.0;
  }
}
static void rowdep(int m) {
  for (int i = 1; i < m; i++) // L:rowdep
    for (int j = 0; j < m; j++) // L:rowdep.j
      a2[i][j] = a2[i - 1][j] + 1.0;
}
static void coldep(int m) {
  for (int i = 0; i < m; i++) // L:coldep
    for (int j = 1; j < m; j++) // L:coldep.j
      a2[i][j] = a2[i][j - 1] + 1.0;
}
static void transpose_full(int m) {
  for (int i = 0; i < m; i++) // L:trfull
    for (int j = 0; j < m; j++) // L:trfull.j
      a2[i][j] = a2[j][i];
}
static void transpose_swap(int m) {
  double t;
  for (int i = 0; i < m; i++) // L:trswap
    for (int j = 0; j < i; j++) { // L:trswap.j
      t = a2[i][j];
      a2[i][j] = a2[j][i];
      a2[j][i] = t;
    }
}
static void diagonal(int m) {
  for (int i = 0; i < m; i++) // L:diag
    a2[i][i] = a2[i][i] * 2.0 + 1.0;
}
static void subsuper(int m) {
  for (int i = 0; i < m - 1; i++) // L:subsuper
    a2[i][i + 1] = a2[i + 1][i] + a2[i][i];
}
static void antidiag(int m) {
  for (int i = 0; i < m; i++) // L:antidiag
    a2[i][m - 1 - i] = a2[m - 1 - i][i] + 1.0;
}

int main(void) {
  reset(N); flow1(N); report("flow1", N);
  reset(N); anti1(N); report("anti1", N);
  reset(N); output1(N); report("output1", N);
  reset(N); flowk(N); report("flowk", N);
  reset(N); antik(N); report("antik", N);
  reset(N); outputk(N); report("outputk", N);
  reset(N); near(N, 3); report("near", N);
  reset(N); far(N, N); report("far", N);
  reset(N); modulo(N, 100); report("modulo", N);
  reset(N); evenodd(N); report("evenodd", N);
  reset(N); stride(N); report("stride", N);
  reset(N); halves(N); report("halves", N);
  reset(N); revhalf(N); report("revhalf", N);
  reset(N); revfull(N); report("revfull", N);
  reset(N); readfirst(N); report("readfirst", N);
  reset(N); readfirst0(N); report("readfirst0", N);
  reset(N); inplace(N); report("inplace", N);
  reset(N); twostmt(N); report("twostmt", N);
  reset(N); fwdread(N); report("fwdread", N);
  reset(N); backread(N); report("backread", N);
  reset(N); loopindep(N); report("loopindep", N);
  reset2(M); rowdep(M); report2("rowdep", M);
  reset2(M); coldep(M); report2("coldep", M);
  reset2(M); transpose_full(M); report2("trfull", M);
  reset2(M); transpose_swap(M); report2("trswap", M);
  reset2(M); diagonal(M); report2("diag", M);
  reset2(M); subsuper(M); report2("subsuper", M);
  reset2(M); antidiag(M); report2("antidiag", M);
  return 0;
}
