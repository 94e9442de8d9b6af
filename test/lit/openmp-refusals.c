// --offload=openmp leaves on the host, with the reason, every parallel
// construct whose meaning a kernel would not keep: single, master, barrier,
// sections and task in a region, threadprivate data (and copyin), calls to
// the OpenMP runtime whose value differs on a device, host I/O, ordered
// iterations, lastprivate, a shared scalar the input races on, code every
// thread runs outside a work-sharing loop, per-thread state across
// iterations, and a reduction that spans loops. The file comes out as it
// went in, and the exit code says constructs were left.
// RUN: not %omp-migrate --offload=openmp %s -- > %t.c 2> %t.err
// RUN: diff %s %t.c
// RUN: %FileCheck %s < %t.err
#include <omp.h>
#include <stdio.h>
#define N 100

double a[N];
int tp;
#pragma omp threadprivate(tp)

int main(void) {
  double s = 0, last = 0, acc = 0;
  int k = 0;
  // CHECK: openmp-refusals.c:[[@LINE+1]]:3: warning: 'omp parallel' not translated: it holds '#pragma omp single' (line [[@LINE+5]])
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < N; i++) a[i] = i;
    #pragma omp single
    s = 1;
  }
  // CHECK: warning: 'omp parallel' not translated: it holds '#pragma omp master' (line [[@LINE+3]])
  #pragma omp parallel
  {
    #pragma omp master
    s = 2;
  }
  // CHECK: warning: 'omp parallel' not translated: it holds '#pragma omp barrier' (line [[@LINE+5]])
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < N; i++) a[i] = i;
    #pragma omp barrier
  }
  // CHECK: warning: 'omp parallel' not translated: it holds '#pragma omp sections' (line [[@LINE+3]])
  #pragma omp parallel
  {
    #pragma omp sections
    {
      s = 3;
    }
  }
  // CHECK: warning: 'omp parallel for' not translated: it holds '#pragma omp task' (line [[@LINE+3]])
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp task
    a[i] = 1;
  }
  // CHECK: warning: 'omp parallel for' not translated: it uses the threadprivate 'tp' (line [[@LINE+3]])
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = tp;
  // CHECK: warning: 'omp parallel for' not translated: it copies threadprivate data in (copyin(tp))
  #pragma omp parallel for copyin(tp)
  for (int i = 0; i < N; i++)
    a[i] = i;
  // CHECK: warning: 'omp parallel for' not translated: it calls omp_get_thread_num() (line [[@LINE+3]]), whose value differs on a device
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = omp_get_thread_num();
  // CHECK: warning: 'omp parallel for' not translated: the loop calls 'printf', which is not a pure function of the C library
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    printf("%d\n", i);
  // CHECK: warning: 'omp parallel for' not translated: its iterations are ordered (ordered)
  #pragma omp parallel for ordered
  for (int i = 0; i < N; i++) {
    #pragma omp ordered
    a[i] = i;
  }
  // CHECK: warning: 'omp parallel for' not translated: its lastprivate(last) would not give the last value back from a GPU
  #pragma omp parallel for lastprivate(last)
  for (int i = 0; i < N; i++)
    last = a[i];
  // CHECK: warning: 'omp parallel for' not translated: 'k' is shared and written by the iterations without a lock: a data race in the input
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    k = i * 2;
    a[i] = k;
  }
  // CHECK: warning: 'omp parallel' not translated: every thread runs the statement at line [[@LINE+6]], outside a work-sharing loop
  #pragma omp parallel
  {
    double mine = 0;
    #pragma omp for
    for (int i = 0; i < N; i++) mine += a[i];
    a[0] = mine;
  }
  // CHECK: warning: 'omp parallel' not translated: 'mine' (line [[@LINE+3]]) is each thread's own across iterations: state of a thread has no kernel form
  #pragma omp parallel
  {
    double mine = 0;
    #pragma omp for
    for (int i = 0; i < N; i++) { mine += a[i]; a[i] = mine; }
  }
  // CHECK: warning: 'omp parallel' not translated: its reduction spans 2 loops
  #pragma omp parallel reduction(+: s)
  {
    #pragma omp for
    for (int i = 0; i < N; i++) s += a[i];
    #pragma omp for
    for (int i = 0; i < N; i++) s += 2 * a[i];
  }
  // CHECK: 0 of 15 constructs translated
  printf("%f %f %f %d\n", s, last, acc, k);
  return 0;
}
