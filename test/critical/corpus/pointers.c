// Criticals on objects reached through pointer parameters. Whether a
// critical is needed depends on what the pointers point to in this
// program: main passes distinct objects everywhere except to
// probe_count, whose two pointers are the same object (its loop reads the
// counter without the lock).
#include <stdio.h>

#define N 20000

static double data[N];
static long buf[N], flags[N];

static void accum(double *sum, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical // C:sumptr
    *sum += x[i];
  }
}

static void tally(long *cnt, long *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    out[i] = 2L * i;
#pragma omp critical // C:cntptr
    *cnt += 1;
  }
}

static void two(long *x, long *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(px) // C:px
    *x += i % 3;
#pragma omp critical(py) // C:py
    *y += i % 5;
  }
}

static void probe_count(long *cnt, const long *probe, long *seen, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical // C:aliased
    *cnt += 1;
    seen[i] = *probe >= 0 && *probe <= n;
  }
}

static void accum_r(double *restrict sum, const double *restrict x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical // C:restrict
    *sum += x[i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    data[i] = (double)((i * 7) % 100) * 0.5;
  }
  double total = 0.0;
  long c = 0, x = 0, y = 0, same = 0;
  double total_r = 0.0;
  accum(&total, data, N);
  tally(&c, buf, N);
  two(&x, &y, N);
  probe_count(&same, &same, flags, N);
  accum_r(&total_r, data, N);
  long bs = 0, fs = 0;
  for (int i = 0; i < N; i++) {
    bs += buf[i];
    fs += flags[i];
  }
  printf("%.6e %ld %ld %ld %ld %ld %ld\n", total, c, bs, x, y, same, fs);
  printf("%.6e\n", total_r);
  return 0;
}
