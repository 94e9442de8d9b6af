// A critical that some other code relies on stays a critical, and its
// offloaded CPU OpenMP loop stays on the host (--offload=openmp), each with
// the rule and the place: an invariant across two variables, a read outside
// the critical, side effects in the expression, a differently named
// critical touching the variable, a called function that writes it, a
// capture into a shared variable, a pointer that may alias, and a critical
// of the same name that stays (which keeps the lock for the others). The
// file comes out as it went in; the exit code says constructs were left.
// --no-critical-to-atomic keeps every critical.
// RUN: not %omp-migrate --offload=openmp --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: diff %s %t.c
// RUN: %FileCheck %s < %t.err
// RUN: python3 -c "import json; f = json.load(open('%t.json'))['files'][0]; print('\n'.join('%%d %%s %%s' %% (c['line'], c['converted'], c['reason']) for c in f['criticals']))" | %FileCheck %s --check-prefix=JSON
// RUN: not %omp-migrate --offload=openmp --no-critical-to-atomic %S/critical-atomic.c -- 2>&1 > /dev/null | %FileCheck %s --check-prefix=OFF
#include <stdio.h>
#define N 1000

double x[N], best = -1;
int where = -1;
long cnt, acc, lock_a, lock_b, total, ctr, snap, z, w;
static int seed;

static int next_seed(void) { return ++seed; }
static void bump(void) { total++; }
static void twice(long *p, long *q) {
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    q[i] = i;
    // CHECK: note: critical kept: 'p[0]' is reached through 'p', and 'q' (line [[@LINE-1]]) may point to the same memory
    #pragma omp critical
    p[0] += 1;
  }
}

int main(void) {
  long arr[N];
  for (int i = 0; i < N; i++) x[i] = (i * 37) % 101;
  // CHECK: critical-refusals.c:[[@LINE+1]]:3: warning: 'omp parallel for' not translated: the critical at line [[@LINE+3]] must stay a critical: 'best' and 'where' are an arg-max, but 'best' is a 'double': only integers of at most 32 bits pack with the index into one 64-bit reduction key; and a second pass would read 'x' again, which the loop writes
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    if (x[i] > best) { best = x[i]; where = i; }
    x[i] = x[i] / 2;
  }
  // CHECK: warning: 'omp parallel for' not translated: the critical at line [[@LINE+4]] must stay a critical: 'cnt' is read at line [[@LINE+6]] outside the critical
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    long seen;
    #pragma omp critical
    cnt++;
    seen = cnt;
    x[i] += seen - seen;
  }
  // CHECK: note: critical kept: the expression 'next_seed()' would leave the lock: it calls 'next_seed', which may have side effects
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    acc += next_seed();
  }
  // CHECK: note: critical(a) kept: 'lock_a' is also used under critical(b) at line [[@LINE+6]], a different lock
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical (a)
    lock_a += 1;
    #pragma omp critical (b)
    lock_a += 2;
  }
  // CHECK: note: critical kept: 'bump' (called at line [[@LINE+5]]) uses 'total'
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    total += 2;
    bump();
  }
  // CHECK: note: critical kept: it stores into 'snap', which other threads share: only the update could be atomic
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    snap = ctr++;
  }
  twice(arr, arr);
  // CHECK: note: critical(u) kept: 'z' is also used at line [[@LINE+6]] under a critical of the same name that stays
  // CHECK: note: critical(u) kept: it updates 'z' and 'w' together (line [[@LINE+6]]): an invariant the lock keeps
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical (u)
    z += 1;
    #pragma omp critical (u)
    { z += 2; w = z; }
  }
  printf("%.1f %d %ld %ld %ld %ld %ld %ld %ld %ld\n", best, where, cnt, acc, lock_a,
         total, snap, z, w, arr[0]);
  return 0;
}
// CHECK: 0 of 8 constructs translated
// JSON: {{^}}30 False 'p[0]' is reached through 'p'
// JSON: {{^}}41 False 'best' and 'where' are an arg-max, but 'best' is a 'double'
// OFF: warning: 'omp parallel for' not translated: it holds a critical (line {{[0-9]+}}), which --no-critical-to-atomic keeps
