// A construct that stays on the host for a reason of its own (host I/O, a
// `single`) still gets its critical sections converted to atomics there,
// when every one of them may become one: a CPU speed-up the user asked
// for. No reduction clause is added to the input's directive (a sum
// becomes an atomic update). When one critical must stay, the others stay
// too (an atomic and a critical of the same data do not exclude each
// other). The constructs still count as not translated (exit 1). Run
// against the original built with gcc -fopenmp; with
// --no-critical-to-atomic nothing changes.
// RUN: not %omp-migrate --offload=openmp --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.err
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.gout
// RUN: not %omp-migrate --offload=openmp --no-critical-to-atomic %s -- | diff %s -
// REQUIRES: gcc
#include <stdio.h>
#define N 10000

int main(void) {
  int hist[16] = {0};
  double sum = 0, best = -1;
  long where = -1, seen = 0;
  // CHECK: openmp-host-atomics.c:[[@LINE+2]]:1: warning: 'omp parallel for' not translated: the loop calls 'fprintf', which is not a pure function of the C library
  // CHECK: openmp-host-atomics.c:[[@LINE+1]]:1: note: it stays on the host; its 2 criticals become atomics there
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int b = (i * 7) % 16;
    if (i == N - 1)
      fprintf(stderr, "last\n");
    // OUT: {{^}}#pragma omp atomic update
    // OUT-NEXT: {{^}}    hist[b]++;
#pragma omp critical
    hist[b]++;
    // OUT: {{^}}#pragma omp atomic update
    // OUT-NEXT: {{^}}    sum += i * 0.5;
#pragma omp critical
    sum += i * 0.5;
  }
  // The arg-max must stay a critical (best and where together): the count
  // stays one too.
  // CHECK: openmp-host-atomics.c:[[@LINE+2]]:1: warning: 'omp parallel' not translated: it holds '#pragma omp single'
  // OUT: {{^}}#pragma omp parallel
#pragma omp parallel
  {
#pragma omp single
    seen = 0;
#pragma omp for
    for (int i = 0; i < N; i++) {
      double v = (i * 37) % 1001;
      // OUT: {{^}}#pragma omp critical
#pragma omp critical
      {
        if (v > best) {
          best = v;
          where = i;
        }
      }
      // OUT: {{^}}#pragma omp critical
#pragma omp critical
      seen++;
    }
  }
  printf("%d %d %.1f %.1f %ld %ld\n", hist[3], hist[15], sum, best, where >= 0 ? 1L : 0L, seen);
  return 0;
}
