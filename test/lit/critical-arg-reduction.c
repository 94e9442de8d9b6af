// An arg-max under a critical of a CPU OpenMP loop (--offload=openmp): the
// value and its index pack into one 64-bit key, the value's order in the
// high half, the index's in the low half (reversed, so that the lowest
// index of the maximum wins, as the tie rule says), and the critical
// becomes the loop's reduction(max: key); the key is set up before the
// loop in a block of its own and unpacked after it. An arg-min of shorts
// with ties to the highest index reverses the value's order and keeps the
// index's. `>` alone keeps the index when nothing exceeds the value before.
// The translation prints what the original prints (clang-19 on the CPU
// stand-in device, and gcc), and a second run changes nothing.
// RUN: %omp-migrate --offload=openmp --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: python3 -c "import json; f = json.load(open('%t.json'))['files'][0]; print('\n'.join('%%d %%s' %% (c['line'], c['form']) for c in f['criticals']))" | %FileCheck %s --check-prefix=JSON
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=openmp %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <math.h>
#include <stdio.h>
#define N 5000

int v[N];
short s[N];
unsigned u[N];
double d[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (i * 7919) % 1009 - 500;
    s[i] = (short)((i * 131) % 307 - 150);
    u[i] = (unsigned)((i * 7919) % 4001);
    d[i] = (double)((i * 37) % 1001 - 500) / 4.0;
  }
  u[1234] = 9000; // one maximum: `>` alone leaves no choice of index
  int best = -1000, at = -1;
  long total = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    if (v[i] > best || (v[i] == best && i < at)) {
      best = v[i];
      at = i;
    }
#pragma omp critical
    total += v[i];
  }
  // OUT:      {{^}}  {{{$}}
  // OUT-NEXT: {{^}}    unsigned long long best_at_key = ((unsigned long long)((long long)(best) + 2147483648LL) << 32 | (4294967295ULL - (unsigned long long)((long long)(at) + 2147483648LL)));{{$}}
  // OUT-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: best_at_key, total) map(to: v) reduction(max: best_at_key) reduction(+: total){{$}}
  // OUT-NEXT: {{^}}  for (int i = 0; i < N; i++) {{{$}}
  // OUT-NEXT: {{^}}    { unsigned long long best_at_item = ((unsigned long long)((long long)(v[i]) + 2147483648LL) << 32 | (4294967295ULL - (unsigned long long)((long long)(i) + 2147483648LL))); if (best_at_item > best_at_key) best_at_key = best_at_item; }{{$}}
  // OUT-NEXT: {{^}}    total += v[i];{{$}}
  // OUT-NEXT: {{^}}  }{{$}}
  // OUT-NEXT: {{^}}    best = (int)((long long)(best_at_key >> 32) - 2147483648LL);{{$}}
  // OUT-NEXT: {{^}}    at = (int)((long long)(4294967295ULL - (best_at_key & 4294967295ULL)) - 2147483648LL);{{$}}
  // OUT-NEXT: {{^}}  }{{$}}
  // NOTE: critical-arg-reduction.c:[[@LINE-18]]:1: note: critical removed: 'best' and 'at' are an arg-max with a tie rule, packed into 'best_at_key': reduction(max: best_at_key) on the loop at line [[@LINE-20]]
  printf("%d %d %ld\n", best, at, total);

  short lo = 1000;
  int lat = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    {
      if (s[i] < lo || (s[i] == lo && i > lat)) {
        lo = s[i];
        lat = i;
      }
    }
  }
  // OUT:      {{^}}    unsigned long long lo_lat_key = ((4294967295ULL - (unsigned long long)((long long)(lo) + 32768LL)) << 32 | (unsigned long long)((long long)(lat) + 2147483648LL));{{$}}
  // OUT:      {{^}}    lo = (short)((long long)(4294967295ULL - (lo_lat_key >> 32)) - 32768LL);{{$}}
  // OUT-NEXT: {{^}}    lat = (int)((long long)(lo_lat_key & 4294967295ULL) - 2147483648LL);{{$}}
  printf("%d %d\n", lo, lat);

  unsigned top = 600;
  int tat = 3;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    if (u[i] > top) {
      top = u[i];
      tat = i;
    }
  }
  // OUT:      {{^}}    unsigned long long top_tat_key = ((unsigned long long)((long long)(top)) << 32);{{$}}
  // OUT:      {{^}}    if ((top_tat_key >> 32) != (unsigned long long)((long long)(top))) {{{$}}
  // OUT-NEXT: {{^}}      top = (unsigned int)((long long)(top_tat_key >> 32));{{$}}
  // OUT-NEXT: {{^}}      tat = (int)((long long)(4294967295ULL - (top_tat_key & 4294967295ULL)) - 2147483648LL);{{$}}
  // OUT-NEXT: {{^}}    }{{$}}
  // NOTE: note: critical removed: 'top' and 'tat' are an arg-max, packed into 'top_tat_key': reduction(max: top_tat_key) on the loop at line {{[0-9]+}} (ties go to the lowest index, one of the outcomes the critical allows)
  printf("%u %d\n", top, tat);

  // The loop as an if's branch, code after it on its line: the block is
  // the branch, and the value and index are unpacked before that code. A
  // comment in the critical's statement stays, on a line before the key's
  // update.
  int b2 = -1000, at2 = -1;
  if (top > 0)
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      if (v[i] > b2 || (v[i] == b2 && i < at2)) { b2 = v[i]; /* the value */ at2 = i; }
    } printf("%d %d\n", b2, at2);
  // OUT:      {{^}}  if (top > 0){{$}}
  // OUT-NEXT: {{^}}    {{{$}}
  // OUT:      {{^}}      /* the value */{{$}}
  // OUT-NEXT: {{^}}      { unsigned long long b2_at2_item = {{.*}}; }{{$}}
  // OUT-NEXT: {{^}}    }{{$}}
  // OUT-NEXT: {{^}}      b2 = (int)((long long)(b2_at2_key >> 32) - 2147483648LL);{{$}}
  // OUT-NEXT: {{^}}      at2 = (int)((long long)(4294967295ULL - (b2_at2_key & 4294967295ULL)) - 2147483648LL);{{$}}
  // OUT-NEXT: {{^}}    }{{$}}
  // OUT-NEXT: {{^}}    printf("%d %d\n", b2, at2);{{$}}

  // A pivot search on doubles: no packed key holds a double, so the value
  // gets its own max reduction, the index is firstprivate (the tie rule
  // reads it), and a second kernel after the loop finds the lowest index
  // where fabs(d[i]) equals the maximum (the index before competes when the
  // value did not change).
  double piv = 0.0;
  int ip = -1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    if (fabs(d[i]) > piv || (fabs(d[i]) == piv && i < ip)) {
      piv = fabs(d[i]);
      ip = i;
    }
  }
  // OUT:      {{^}}  {{{$}}
  // OUT-NEXT: {{^}}    long long ip_first;{{$}}
  // OUT-NEXT: {{^}}    double piv_before;{{$}}
  // OUT-NEXT: {{^}}    piv_before = piv;{{$}}
  // OUT-NEXT: {{^}}#pragma omp target teams distribute parallel for map(to: d) map(tofrom: piv) firstprivate(ip) reduction(max: piv){{$}}
  // OUT-NEXT: {{^}}  for (int i = 0; i < N; i++) {{{$}}
  // OUT-NEXT: {{^}}    if (fabs(d[i]) > piv || (fabs(d[i]) == piv && i < ip)) {{{$}}
  // OUT-NEXT: {{^}}      piv = fabs(d[i]);{{$}}
  // OUT-NEXT: {{^}}      ip = i;{{$}}
  // OUT-NEXT: {{^}}    }{{$}}
  // OUT-NEXT: {{^}}  }{{$}}
  // OUT-NEXT: {{^}}    {{{$}}
  // OUT-NEXT: {{^}}      ip_first = 0x7fffffffffffffffLL;{{$}}
  // OUT-NEXT: {{^}}      #pragma omp target teams distribute parallel for map(to: d) reduction(min: ip_first){{$}}
  // OUT-NEXT: {{^}}      for (int i = 0; i < N; i++){{$}}
  // OUT-NEXT: {{^}}        if (fabs(d[i]) == piv && i < ip_first){{$}}
  // OUT-NEXT: {{^}}          ip_first = i;{{$}}
  // OUT-NEXT: {{^}}      if (ip_first != 0x7fffffffffffffffLL && (piv != piv_before || ip_first < ip)){{$}}
  // OUT-NEXT: {{^}}        ip = ip_first;{{$}}
  // OUT-NEXT: {{^}}    }{{$}}
  // OUT-NEXT: {{^}}  }{{$}}
  // NOTE: note: critical removed: 'piv' and 'ip' are an arg-max with a tie rule: reduction(max: piv) on the loop at line {{[0-9]+}}, then a second kernel after it finds the index
  printf("%g %d\n", piv, ip);

  // An omp for in a parallel region of nothing else: the region's line
  // goes, the loop becomes the kernel, the key's block goes around it.
  int rb = -1000, rat = -1;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      if (v[i] > rb || (v[i] == rb && i < rat)) { rb = v[i]; rat = i; }
    }
  }
  // OUT:      {{^}}  int rb = -1000, rat = -1;{{$}}
  // OUT-NEXT: {{^}}  {{{$}}
  // OUT-NEXT: {{^}}    {{{$}}
  // OUT-NEXT: {{^}}      unsigned long long rb_rat_key = {{.*}};{{$}}
  // OUT-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: rb_rat_key) map(to: v) reduction(max: rb_rat_key){{$}}
  printf("%d %d\n", rb, rat);
  return 0;
}
// JSON:      {{^}}44 arg-reduction{{$}}
// JSON-NEXT: {{^}}49 reduction{{$}}
// JSON-NEXT: {{^}}69 arg-reduction{{$}}
// JSON-NEXT: {{^}}86 arg-reduction{{$}}
// JSON-NEXT: {{^}}108 arg-reduction{{$}}
// JSON-NEXT: {{^}}130 arg-reduction{{$}}
// JSON-NEXT: {{^}}167 arg-reduction{{$}}
