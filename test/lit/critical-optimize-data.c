// --optimize-data also converts the critical sections of the input's own
// target kernels, where a critical is a lock every thread of every team
// queues on and OpenMP does not promise exclusion across teams: a sum
// becomes an atomic update, a max an atomic compare (the input's directive
// keeps its clauses: no reduction is added to it), and one that must stay
// is reported (exit 1) with why. --no-critical-to-atomic leaves them all.
// RUN: not %omp-migrate --optimize-data --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.err
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --optimize-data --no-critical-to-atomic %s -- > %t.off.c
// RUN: diff %s %t.off.c
#include <stdio.h>
#define N 10000
double a[N];
int main(void) {
  double s = 0, m = 0, best = -1;
  int where = -1;
  for (int i = 0; i < N; i++)
    a[i] = i % 17;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: s, m, best, where)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // OUT-NEXT: {{^ *}}#pragma omp atomic update
  // OUT-NEXT: {{^ *}}s += a[i];
  // OUT-NEXT: {{^ *}}#pragma omp atomic compare
  // OUT-NEXT: {{^ *}}if (a[i] > m) { m = a[i]; }
  // OUT-NEXT: {{^ *}}#pragma omp critical (pair)
  #pragma omp target teams distribute parallel for map(to: a) map(tofrom: s, m, best, where)
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    s += a[i];
    #pragma omp critical (mx)
    { if (a[i] > m) m = a[i]; }
    #pragma omp critical (pair)
    if (a[i] > best || (a[i] == best && i < where)) { best = a[i]; where = i; }
  }
  printf("%.1f %.1f %.1f %d\n", s, m, best, where);
  return 0;
}
// CHECK: note: critical converted to atomic update
// CHECK: note: critical(mx) converted to atomic compare
// CHECK: critical-optimize-data.c:36:5: warning: 'omp critical' not translated: it stays a critical in a target kernel, where it does not exclude the threads of other teams: it updates 'best' and 'where' together (line 37): an invariant the lock keeps
