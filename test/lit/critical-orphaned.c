// Criticals outside any construct of their function (orphaned: they belong
// to whatever parallel region calls the function). One becomes an atomic
// when nothing else relies on its lock: one update of a `static` variable
// of the file, or of a local, whose other references under a lock are such
// criticals or atomics, adding what the function's own variables and
// constants compute. An external variable (another file may use it under
// the same lock), a value read from a global, a variable also updated
// under a critical in a construct, and a conditional update stay. Run
// against the original built with gcc -fopenmp.
// RUN: not %omp-migrate --offload=openmp --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.err
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.gout
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: diff %t.ref %t.out
// RUN: python3 -c "import json; f = json.load(open('%t.json'))['files'][0]; print('\n'.join('%%d %%s' %% (c['line'], c.get('form', 'kept')) for c in f['criticals']))" | %FileCheck %s --check-prefix=JSON
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#define N 1000

static long calls, both, scaled;
long shared_out;
static double scale = 2.0;

static void add_call(int k) {
  // OUT: {{^}}#pragma omp atomic update
  // OUT-NEXT: {{^}}  calls += k * 2 + 1;
#pragma omp critical
  calls += k * 2 + 1;
}

static void add_out(int k) {
  // CHECK: critical-orphaned.c:[[@LINE+2]]:1: note: critical kept: 'shared_out' may be used by another file, under a lock this critical shares
  // OUT: {{^}}#pragma omp critical
#pragma omp critical
  shared_out += k;
}

static void add_scaled(int k) {
  // CHECK: critical-orphaned.c:[[@LINE+2]]:1: note: critical kept: it reads 'scale', which the lock may keep still for it
  // OUT: {{^}}#pragma omp critical
#pragma omp critical
  scaled += k * scale;
}

static void add_both(int k) {
  // CHECK: critical-orphaned.c:[[@LINE+2]]:1: note: critical kept: 'both' is also used under another critical, whose lock this one shares
  // OUT: {{^}}#pragma omp critical
#pragma omp critical
  both += k;
}

int main(void) {
  // The constructs call functions: they stay on the host.
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    add_call(i);
    add_out(i);
    add_both(i);
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    add_scaled(i % 3);
#pragma omp critical
    {
      both += 2;
      shared_out -= 1;
    }
  }
  printf("%ld %ld %ld %ld\n", calls, shared_out, both, scaled);
  return 0;
}
// (the constructs' criticals first, then the orphaned ones)
// JSON: {{^}}66 kept{{$}}
// JSON-NEXT: {{^}}30 update{{$}}
// JSON-NEXT: {{^}}37 kept{{$}}
// JSON-NEXT: {{^}}44 kept{{$}}
// JSON-NEXT: {{^}}51 kept{{$}}
