// The per-thread partial result of CPU OpenMP: a `parallel` region declares
// `local = 0`, its `for` loop accumulates into it, and a critical (or an
// atomic) adds it to the shared total. With --offload=openmp the loop
// becomes a kernel that reduces `local` (reduction(+: local)), and the
// combine, its critical line gone, runs once on the host after it: the same
// total whatever the number of threads, because each thread started from
// the operator's identity. A partial that starts elsewhere (every thread
// would add its start) keeps the region on the host, its critical an
// atomic update there. Run against the original built with gcc -fopenmp.
// RUN: not %omp-migrate --offload=openmp --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.err
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: python3 -c "import json; f = json.load(open('%t.json'))['files'][0]; print('\n'.join('%%d %%s' %% (c['line'], c.get('form', 'kept')) for c in f['criticals']))" | %FileCheck %s --check-prefix=JSON
#include <stdio.h>
#define N 100000
double a[N];

int main(void) {
  double sum = 0, s2 = 10, other = 0;
  long cnt = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i % 7) * 0.5;
  // OUT:      {{^ *}}{
  // OUT-NEXT: {{^ *}}double local = 0;
  // OUT-NEXT: {{^ *}}long c = 0;
  // OUT-NEXT: {{^ *}}#pragma omp target teams distribute parallel for reduction(+: local) reduction(+: c) map(tofrom: local, c) map(to: a)
  // OUT:      {{^ *}}sum += local;
  // OUT-NEXT: {{^ *}}cnt += c;
  // OUT-NEXT: {{^ *}}}
  #pragma omp parallel
  {
    double local = 0;
    long c = 0;
    #pragma omp for nowait
    for (int i = 0; i < N; i++) {
      local += a[i];
      if (a[i] > 1)
        c++;
    }
    #pragma omp critical
    sum += local;
    #pragma omp atomic
    cnt += c;
  }
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for reduction(+: part) map(tofrom: part) map(to: a)
  // OUT: {{^ *}}s2 -= part;
  #pragma omp parallel
  {
    double part = 0.0;
    #pragma omp for
    for (int i = 0; i < N; i++)
      part = part + a[i] * 2;
    #pragma omp critical
    s2 -= part;
  }
  // CHECK: warning: 'omp parallel' not translated: the partial result 'part' starts from a value other than 0, which every thread would add
  // CHECK: note: it stays on the host; its critical becomes an atomic there
  // OUT: {{^ *}}#pragma omp parallel
  #pragma omp parallel
  {
    double part = 1.0;
    #pragma omp for
    for (int i = 0; i < N; i++)
      part += a[i];
    // OUT: {{^ *}}#pragma omp atomic update
    // OUT-NEXT: {{^ *}}other += part;
    #pragma omp critical
    other += part;
  }
  printf("%.2f %ld %.2f %.2f\n", sum, cnt, s2, other);
  return 0;
}
// CHECK: 2 of 3 constructs translated
// JSON:      {{^}}45 reduction{{$}}
// JSON-NEXT: {{^}}47 reduction{{$}}
// JSON-NEXT: {{^}}58 reduction{{$}}
// JSON-NEXT: {{^}}72 update{{$}}
