// Calls in loops: C math functions, pure helpers of the file (one with a
// loop of its own, one that reads a global table), a helper that writes
// only the element its argument points to, helpers with side effects on
// globals (a counter, a generator's state, a static local), printf and
// fprintf in the loop, and a helper that prints.
#include <math.h>
#include <stdio.h>

#define N 3000

static double a[N], b[N], c[N], d[N], e[N], f[N], g[N];
static double table[16];
static double history[N];
static int nlog;
static unsigned seed = 12345u;

static double sq(double x) { return x * x; }

static double poly(double x) {
  double p = 0.0;
  for (int k = 0; k < 4; k++) // L:poly.k
    p = p * x + (double)(k + 1);
  return p;
}

static double lookup(int i) { return table[i % 16]; }

static void bump(double *p) { *p += 1.0; }

static double logged(double x) {
  history[nlog++] = x;
  return x + 1.0;
}

static double next_noise(void) {
  seed = seed * 1103515245u + 12345u;
  return (double)((seed >> 16) % 8) / 8.0;
}

static int ticket(void) {
  static int t = 0;
  return t++;
}

static void say(int i, double x) { printf("  value %d %.6e\n", i, x); }

int main(void) {
  for (int k = 0; k < 16; k++) // L:table
    table[k] = (double)k / 16.0;
  for (int i = 0; i < N; i++) // L:init
    a[i] = (double)(i % 21) / 8.0;
  for (int i = 0; i < N; i++) // L:libm
    b[i] = sqrt(a[i]) + exp(-a[i]) + sin(a[i]) * cos(a[i]) + pow(a[i], 1.5);
  for (int i = 0; i < N; i++) // L:sq
    c[i] = sq(a[i]) + sq(a[i] + 1.0);
  for (int i = 0; i < N; i++) // L:poly
    d[i] = poly(a[i]);
  for (int i = 0; i < N; i++) // L:lookup
    e[i] = lookup(i) * a[i];
  for (int i = 0; i < N; i++) // L:bump
    bump(&e[i]);
  for (int i = 0; i < N; i++) // L:logged
    f[i] = logged(a[i] * (i % 3));
  for (int i = 0; i < N; i++) // L:noise
    g[i] = a[i] + next_noise();
  for (int i = 0; i < N; i++) // L:ticket
    f[i] += ticket();
  for (int i = 0; i < N; i++) // L:printf
    if (i % 1000 == 0)
      printf("  a[%d] = %.6e\n", i, a[i]);
  for (int i = 0; i < N; i++) // L:fprintf
    if (a[i] > 2.5)
      fprintf(stderr, "large value at %d\n", i);
  for (int i = 0; i < N; i++) // L:say
    if (i % 1500 == 0)
      say(i, b[i]);
  double sb = 0.0, sc = 0.0, sd = 0.0, se = 0.0, sf = 0.0, sg = 0.0, sh = 0.0;
  for (int i = 0; i < N; i++) { // L:sum
    sb += b[i];
    sc += c[i];
    sd += d[i];
    se += e[i];
    sf += f[i];
    sg += g[i];
    sh += history[i] * (i % 5);
  }
  printf("calls %.6e %.6e %.6e %.6e %.6e %.6e %.6e %d\n", sb, sc, sd, se, sf, sg, sh, nlog);
  return 0;
}
