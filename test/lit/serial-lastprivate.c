// --offload=serial and values live after a loop. A temporary that every
// iteration writes would need lastprivate, which clang 19 does not give
// back from an NVIDIA GPU (measured, docs/serial.md): instead the last
// iteration stores it into a copy declared at the top of the function and
// mapped from the device, and sets a flag; the host takes the value back
// after the kernel when the flag says the loop ran. A value written in some iterations only, or
// in a loop whose body has no braces for the store, keeps the loop on the
// host; a loop variable read after it gets its final value on the host. A
// variable that is assigned again before any read (the next loop's
// initialization, an inner loop's, the end of the function) is not live
// after the loop at all.
// Run against the serial original built with gcc.
// RUN: %omp-migrate --offload=serial --min-trip-count=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp -lm && %t.gomp > %t.gout
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-trip-count=0 %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#include <stdlib.h>

#define N 4096

// The copies, declared where C89 allows (a name the file does not use:
// 'w_last' is taken).
// OUT-LABEL: int main(int argc, char **argv) {
// OUT-NEXT:    int last_ran = 0;
// OUT-NEXT:    double t_last;
// OUT-NEXT:    double w_last2;
// OUT-NEXT:    static double a[N], b[N];
int main(int argc, char **argv) {
  static double a[N], b[N];
  double t = 0, u = -1, w = 2, w_last = 3;
  int i, j, k = 0;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: last_ran, a) map(from: t_last) private(t)
  // OUT-NEXT: {{^ *}}for (int x = 0; x < N; x++) {
  // OUT-NEXT: {{^ *}}t = 0.5 * x;
  // OUT-NEXT: {{^ *}}a[x] = t + 1;
  // OUT-NEXT: {{^    }}if (x + 1 >= (N)) { t_last = t; last_ran = 1; }
  // OUT-NEXT: {{^  }}}
  // OUT-NEXT: {{^  }}if (last_ran) { t = t_last; last_ran = 0; }
  // NOTE: serial-lastprivate.c:[[@LINE+2]]:3: note: offloaded
  // NOTE: serial-lastprivate.c:[[@LINE+1]]:3: note: 't' is read after the loop: the last iteration stores it into 't_last', mapped back, and the host sets it after the kernel (no lastprivate, which clang 19 loses on a GPU)
  for (int x = 0; x < N; x++) {
    t = 0.5 * x;
    a[x] = t + 1;
  }
  // A loop of a step -3 down to a bound read from a variable; one that
  // does not run (no argument: none is 0): w keeps its value.
  int n = N / 2, none = argc - 1;
  // OUT:      {{^    }}if (x - 3 < (n)) { w_last2 = w; last_ran = 1; }
  // OUT:      {{^  }}if (last_ran) { w = w_last2; last_ran = 0; }
  for (int x = N - 1; x >= n; x -= 3) {
    w = a[x] * 2;
    b[x] = w;
  }
  printf("%.3f\n", w);
  // OUT:      {{^    }}if (x + 1 >= (none * N)) { w_last2 = w; last_ran = 1; }
  // OUT:      {{^  }}if (last_ran) { w = w_last2; last_ran = 0; }
  for (int x = 0; x < none * N; x++) {
    w = a[x] * 2;
    b[x] = w;
  }
  printf("%.3f %.3f\n", w, w_last);
  // NOTE: serial-lastprivate.c:[[@LINE+1]]:3: note: kept on the host: 'u' is read after the loop, and only some iterations write it: its value would need lastprivate(conditional:), which clang 19 does not give back from a GPU
  for (int x = 0; x < N; x++) {
    if (x % 3)
      continue;
    u = a[x];
    b[x] = u;
  }
  // The loop variable, read after the loop: its final value is set on the
  // host after the kernel, no lastprivate.
  // OUT: {{^ *}}i = (0) < (N) ? (N) : (0); /* omp-migrate: the loop's final value */
  // NOTE: serial-lastprivate.c:[[@LINE+1]]:3: note: offloaded
  for (i = 0; i < N; i++)
    b[i] += a[i];
  k = i;
  // p and q are assigned again before any read (q by the inner loop of
  // the next outer iteration, or after the nest): not live after the
  // loops, so the nest is offloaded and collapsed.
  int p, q;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a) map(to: b)
  // OUT-NEXT: {{^ *}}for (p = 0; p < 64; p++)
  for (p = 0; p < 64; p++)
    for (q = 0; q < 64; q++)
      a[p * 64 + q] += b[p * 64 + q];
  for (p = 0; p < 64; p++)
    b[p] = 0;
  q = 1;
  // An inner loop's variable, read after the outer loop: lastprivate would
  // give it the value it has after the last outer iteration's inner loop;
  // the outer body has no braces for the last iteration's store.
  // NOTE: serial-lastprivate.c:[[@LINE+1]]:3: note: kept on the host: 'j' is read after the loop: its last value would need lastprivate, which clang 19 does not give back from a GPU
  for (int r = 0; r < 1000; r++)
    for (j = 0; j <= r; j++)
      a[r] += 1;
  printf("%.3f %.3f %.3f %.3f %d %d %d %d %d\n", t, u, a[10], a[N - 1], k, j, i,
         p, q);
  return 0;
}
