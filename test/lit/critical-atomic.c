// Critical sections of an offloaded CPU OpenMP loop (--offload=openmp), each
// one update of an atomic form, become the atomic of that form; a sum, a
// product, a min or a max under a critical becomes a reduction of its loop
// (every use of the variable is such an update) and a min or max an atomic
// compare when another loop also updates it. The results depend on the lock being kept (counters, sums of
// integers, captured tickets): the translation must print what the
// original prints built with gcc -fopenmp, on the CPU stand-in device and
// with gcc's OpenMP; a second run changes nothing.
// RUN: %omp-migrate --offload=openmp --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: python3 -c "import json; f = json.load(open('%t.json'))['files'][0]; print('\n'.join('%%d %%s %%s' %% (c['line'], c['form'], c['name'] or '-') for c in f['criticals']))" | %FileCheck %s --check-prefix=JSON
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=openmp %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#define N 20000

int key[N];
long hits[N];
long count, total, prod_bits = 0, shifted = 1;
double sum, lo = 1e30, hi = -1e30, hi2 = -1e30;
long last, ticket_sum, flag;

int main(void) {
  for (int i = 0; i < N; i++)
    key[i] = (i * 7919) % 1000;
  long tickets[N];
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: count, total, sum, prod_bits, lo, hi) map(to: key) reduction(+: count) reduction(+: total) reduction(+: sum) reduction(min: lo) reduction(max: hi)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    // OUT-NEXT: {{^ *}}count++;
    #pragma omp critical
    count++;
    // OUT-NEXT: {{^ *}}{
    // OUT-NEXT: {{^ *}}total += key[i];
    // OUT-NEXT: {{^ *}}}
    #pragma omp critical
    {
      total += key[i];
    }
    // OUT-NEXT: {{^ *}}sum = sum + key[i] * 0.5;
    #pragma omp critical (s)
    sum = sum + key[i] * 0.5;
    // OUT-NEXT: {{^ *}}#pragma omp atomic update
    // OUT-NEXT: {{^ *}}prod_bits = (1L << (key[i] % 8)) | prod_bits;
    #pragma omp critical (s)
    prod_bits = (1L << (key[i] % 8)) | prod_bits;
    // OUT-NEXT: {{^ *}}if (key[i] < lo) lo = key[i];
    #pragma omp critical (m)
    if (key[i] < lo) lo = key[i];
    // OUT-NEXT: {{^ *}}{ if (hi < key[i]) hi = key[i]; }
    #pragma omp critical (m)
    { if (hi < key[i]) hi = key[i]; }
  }
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: ticket_sum, tickets, hits, last, flag) map(to: key) reduction(+: flag)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    // OUT-NEXT: {{^ *}}long t;
    long t;
    // OUT-NEXT: {{^ *}}#pragma omp atomic capture
    // OUT-NEXT: {{^ *}}t = ticket_sum++;
    #pragma omp critical
    t = ticket_sum++;
    tickets[i] = t;
    // OUT-NEXT: {{^ *}}tickets[i] = t;
    // OUT-NEXT: {{^ *}}#pragma omp atomic capture
    // OUT-NEXT: {{^ *}}{ t = hits[key[i]]; hits[key[i]] += 2; }
    #pragma omp critical
    { t = hits[key[i]]; hits[key[i]] += 2; }
    // OUT-NEXT: {{^ *}}#pragma omp atomic read
    // OUT-NEXT: {{^ *}}t = shifted;
    #pragma omp critical (sh)
    t = shifted;
    // OUT-NEXT: {{^ *}}#pragma omp atomic write
    // OUT-NEXT: {{^ *}}last = 7;
    #pragma omp critical (w)
    last = 7;
    // OUT-NEXT: {{^ *}}flag -= t - t + 1;
    #pragma omp critical
    flag -= t - t + 1;
  }
  // Another loop updates hi2 too: no reduction of one loop covers both, so
  // each is an atomic compare (braces around its assignment, which gcc
  // wants).
  // OUT: {{^ *}}#pragma omp atomic compare
  // OUT-NEXT: {{^ *}}if (key[i] > hi2) { hi2 = key[i]; }
  // OUT: {{^ *}}#pragma omp atomic compare
  // OUT-NEXT: {{^ *}}if (hi2 < key[i] + 1) { hi2 = key[i] + 1; }
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < N; i++) {
      #pragma omp critical
      if (key[i] > hi2) hi2 = key[i];
    }
    #pragma omp for
    for (int i = 0; i < N / 2; i++) {
      #pragma omp critical
      if (hi2 < key[i] + 1) hi2 = key[i] + 1;
    }
  }
  long tsum = 0;
  for (int i = 0; i < N; i++)
    tsum += tickets[i];
  long hsum = 0;
  for (int i = 0; i < N; i++)
    hsum += hits[i];
  printf("%ld %ld %.1f %ld %.1f %.1f %.1f\n", count, total, sum, prod_bits, lo, hi, hi2);
  printf("%ld %ld %ld %ld %ld\n", tsum, hsum, ticket_sum, last, flag);
  return 0;
}
// NOTE: critical removed: reduction(+: count) on the loop at line
// NOTE: critical removed: reduction(+: total) on the loop at line
// NOTE: critical(s) removed: reduction(+: sum) on the loop at line
// NOTE: critical(s) converted to atomic update
// NOTE: critical(m) removed: reduction(min: lo) on the loop at line
// NOTE: critical(m) removed: reduction(max: hi) on the loop at line
// NOTE: critical converted to atomic capture
// NOTE: critical(sh) converted to atomic read
// NOTE: critical(w) converted to atomic write
// NOTE: critical removed: reduction(+: flag) on the loop at line
// NOTE: critical converted to atomic compare
// JSON: {{^}}39 reduction -{{$}}
// JSON-NEXT: {{^}}44 reduction -{{$}}
// JSON-NEXT: {{^}}49 reduction s{{$}}
// JSON-NEXT: {{^}}53 update s{{$}}
// JSON-NEXT: {{^}}56 reduction m{{$}}
// JSON-NEXT: {{^}}59 reduction m{{$}}
// JSON-NEXT: {{^}}70 capture -{{$}}
// JSON-NEXT: {{^}}76 capture -{{$}}
// JSON-NEXT: {{^}}80 read sh{{$}}
// JSON-NEXT: {{^}}84 write w{{$}}
// JSON-NEXT: {{^}}87 reduction -{{$}}
// JSON-NEXT: {{^}}101 compare -{{$}}
// JSON-NEXT: {{^}}106 compare -{{$}}
