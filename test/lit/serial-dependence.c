// --offload=serial, the dependence tests beyond one subscript at a time:
// loops with a step other than 1, a row length that is a run-time value
// (a[i*m + j], 0 <= j < m), triangular and coupled subscripts (Fourier-
// Motzkin over every subscript and loop bound), a local that names an
// affine value (int j = d - i), and a function called with the same array
// twice. Loops proved parallel that stay on the host say why: a reduction
// into one array element, an array reduction, a value read after the loop.
// Each translation runs against the serial original built with gcc.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --min-trip-count=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc -lm && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// The loops proved parallel but kept are parallel in the report, with the
// clauses the proof found.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --min-trip-count=0 --report=%t.json %s -- > /dev/null
// RUN: python3 -c "import json; d = json.load(open(r'%t.json')); print('; '.join(' '.join(l['needs']) for l in d['files'][0]['loops'] if l['parallel'] and not l['offloaded']))" | %FileCheck %s --check-prefix=REPORT
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --min-trip-count=0 %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define N 600

static double A[N][N], W[N][N], v[2 * N], u[N * N], t[N * N];
static int key[4 * N];

static void redblack(int n, double *x) {
  // Steps of 2: odd elements from even ones, then even from odd.
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  // OUT-NEXT: {{^ *}}for (int i = 1; i < n - 1; i += 2)
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: x[1:(n > 1) * (n - 1)])
  // OUT-NEXT: {{^ *}}for (int i = 2; i < n - 1; i += 2)
  for (int s = 0; s < 3; s++) {
    for (int i = 1; i < n - 1; i += 2)
      x[i] = 0.5 * (x[i - 1] + x[i + 1]);
    for (int i = 2; i < n - 1; i += 2)
      x[i] = 0.5 * (x[i - 1] + x[i + 1]);
  }
}

static void rows(int n, int m, double *restrict a) {
  // Rows of m elements, m known at run time only: the rows are independent.
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:m*n])
  // OUT-NEXT: {{^ *}}for (int i = 0; i < n; i++)
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      a[i * m + j] += a[i * m + j - 1] * 0.5;
}

static void transpose(int n, int m, double *restrict to, const double *restrict from) {
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: to[0:m*n]) map(to: from[0:m*n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      to[j * n + i] = from[i * m + j];
}

static void symmetric(int n) {
  // A[i][j] and A[j][i], j <= i: row i and column i belong to iteration i.
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: A){{$}}
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      A[i][j] = i == j ? (double)n : 1.0 / (i + j + 1);
      A[j][i] = A[i][j];
    }
}

static void swap_lower_upper(int n) {
  double tmp;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: A) private(tmp)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      tmp = A[i][j];
      A[i][j] = A[j][i];
      A[j][i] = tmp;
    }
}

static void wave(int n) {
  for (int d = 2; d <= 2 * (n - 2); d++) {
    int lo = d - (n - 2) > 1 ? d - (n - 2) : 1;
    int hi = d - 1 < n - 2 ? d - 1 : n - 2;
    // One anti-diagonal through j = d - i: reads diagonals d - 1 and d + 1.
    // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: W)
    // OUT-NEXT: {{^ *}}for (int i = lo; i <= hi; i++) {
    for (int i = lo; i <= hi; i++) {
      int j = d - i;
      W[i][j] = (W[i - 1][j] + W[i][j - 1] + W[i][j] + W[i + 1][j] + W[i][j + 1]) / 5.0;
    }
  }
}

static void scale(int n, double *dst, const double *src) {
  // Called with one array twice (scale(2 * N, v, v)): each iteration its
  // own element either way.
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: dst[0:n]) map(to: src[0:n])
  for (int i = 0; i < n; i++)
    dst[i] = src[i] * 3.0;
}

static void lower(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      // NOTE: serial-dependence.c:[[@LINE+1]]:7: note: kept on the host: 'A[i][j]' is a reduction target of every iteration: OpenMP reduces an array element only as a one-element array section, which omp-migrate does not emit (clang 19 fails to link it for a global array; not checked on a GPU): accumulate into a scalar to offload the loop
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j] + 1.0;
    }
}

// Every row adds into all of s (an array reduction, not emitted): the
// headers exchanged, one kernel over the columns, each summing its rows in
// order.
static void column_sums(int n, double *restrict s) {
  // NOTE: serial-dependence.c:[[@LINE+4]]:3: note: offloaded with its inner loop's header in its place
  // NOTE: serial-dependence.c:[[@LINE+3]]:3: note: interchanged with the loop at line [[@LINE+4]]: this loop alone is not parallel ('s' is updated at elements the iterations share)
  // OUT:      {{^  }}#pragma omp target teams distribute parallel for map(tofrom: s[0:n]) map(to: A){{$}}
  // OUT-NEXT: {{^  }}for (int j = 0; j < n; j++)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s[j] += A[i][j];
}

// Read after the loop, set by some iterations only: private, and a second
// kernel finds the last iteration whose condition holds.
static int last_negative(int n) {
  int last = -1;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(to: v) private(last)
  for (int i = 0; i < n; i++)
    if (v[i] < 0)
      last = i;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(to: v) reduction(max: last_at)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < n; i++)
  // OUT-NEXT: {{^ *}}if ((v[i] < 0) && i > last_at)
  return last;
}

// The same with a condition the loop changes: a second pass could not ask
// it again.
static int last_cleared(int n, double *restrict w) {
  int last = -1;
  // NOTE: serial-dependence.c:[[@LINE+1]]:3: note: kept on the host: 'last' is read after the loop, and only some iterations write it: its value would need lastprivate(conditional:), which clang 19 does not give back from a GPU
  for (int i = 0; i < n; i++) {
    if (w[i] < 0)
      last = i;
    w[i] = 0.0;
  }
  return last;
}

static long count_multiples(int n) {
  long cnt = 0;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(to: key) map(tofrom: cnt) reduction(+: cnt)
  for (int i = 0; i < n; i++)
    if (key[i] % 3 == 0)
      cnt++;
  return cnt;
}

// REPORT: {{^}}reduction(+: A[i][j]); lastprivate(last){{$}}
int main(void) {
  for (int i = 0; i < 2 * N; i++)
    v[i] = (i % 7) - 2.5;
  for (int i = 0; i < 4 * N; i++)
    key[i] = (i * 13) % 17;
  for (int i = 0; i < N * N; i++)
    u[i] = (i % 11) * 0.25;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      W[i][j] = ((i * 3 + j) % 5) * 0.5;
  redblack(2 * N, v);
  rows(N, N, u);
  transpose(N, N, t, u);
  symmetric(N);
  swap_lower_upper(N);
  wave(N);
  scale(2 * N, v, v);
  lower(N);
  double s[N] = {0};
  column_sums(N, s);
  double sum = 0;
  for (int i = 0; i < 2 * N; i += 97)
    sum += v[i];
  for (int i = 0; i < N * N; i += 1001)
    sum += t[i] + u[i];
  for (int i = 0; i < N; i += 7)
    sum += A[i][(i * 5) % N] + W[i][(i * 3) % N] + s[i];
  int last = last_negative(2 * N);
  printf("%.6e %d %ld %d\n", sum, last, count_multiples(4 * N), last_cleared(2 * N, v));
  return 0;
}
