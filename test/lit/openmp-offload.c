// --offload=openmp: CPU OpenMP loops become target kernels. A `parallel for`
// keeps private, firstprivate, reduction, collapse and if, drops schedule
// and num_threads (a note each), and gets the maps of its arrays; a
// `parallel` region of `for` loops becomes one kernel per loop (the region's
// line goes, its thread-private temporary is private to the loop that
// writes it); `parallel for simd` keeps simd. Data placement hoists one
// target data region around the time loop that runs the kernels. Run
// against the original built with gcc -fopenmp; a second run changes
// nothing. With --loop-style=loop the kernels are `target teams loop`.
// RUN: %omp-migrate --offload=openmp --explain %s -- > %t.c 2> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=openmp %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
// RUN: %omp-migrate --offload=openmp --loop-style=loop %s -- | grep -v "^ *//" | %FileCheck %s --check-prefix=LOOP
#include <stdio.h>
#define N 4096
#define M 64

double a[N], b[N], c[M][M];

int main(void) {
  double scale = 0.5, s = 0;
  int use_gpu = 0;
  for (int i = 0; i < N; i++)
    a[i] = i % 13;
  // OUT:      {{^ *}}#pragma omp target data map(tofrom: b) map(to: a)
  // OUT-NEXT: {{^ *}}for (int t = 0; t < 4; t++) {
  for (int t = 0; t < 4; t++) {
    // OUT-NEXT: {{^ *}}#pragma omp target teams distribute parallel for firstprivate(scale) map(tofrom: b) map(to: a)
    #pragma omp parallel for schedule(dynamic, 4) num_threads(2) firstprivate(scale)
    for (int i = 0; i < N; i++)
      b[i] = a[i] * scale + t;
    // OUT:      {{^ *}}{
    // OUT-NEXT: {{^ *}}double tmp;
    // OUT-NEXT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b) private(tmp)
    // OUT-NEXT: {{^ *}}for (int i = 1; i < N; i++) {
    // OUT:      {{^ *}}#pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s) map(to: b)
    #pragma omp parallel
    {
      double tmp;
      #pragma omp for
      for (int i = 1; i < N; i++) {
        tmp = b[i] * 2;
        b[i] = tmp - b[i];
      }
      #pragma omp for reduction(+: s)
      for (int i = 0; i < N; i++)
        s += b[i];
    }
  }
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for collapse(2) private(j) map(tofrom: c)
  int j;
  #pragma omp parallel for collapse(2) private(j)
  for (int i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      c[i][j] = i * M + j;
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for simd map(tofrom: a)
  #pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    a[i] = a[i] + 1;
  // A kernel that may run on the host (if clause) maps its own data: no
  // region may keep it on the device (use_gpu is 0 in this run).
  // OUT: {{^ *}}for (int t = 0; t < 2; t++)
  // OUT-NEXT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a) if(use_gpu)
  for (int t = 0; t < 2; t++)
    #pragma omp parallel for if(use_gpu)
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 2;
  printf("%.1f %.1f %.1f %.1f\n", s, b[7], c[3][5], a[9]);
  return 0;
}
// NOTE: note: dropped: schedule(dynamic, 4) (the device schedules its own teams and threads)
// NOTE: note: dropped: num_threads(2) (the device schedules its own teams and threads)
// NOTE: note: the region becomes 2 kernels, one per work-sharing loop (its barriers are kernel boundaries)
// NOTE: note: no data region around this loop: a kernel inside may run on the host (its if clause, line {{[0-9]+}}), where the device's copies would not be seen
// NOTE: 6 of 6 constructs translated
// LOOP: {{^ *}}#pragma omp target teams loop firstprivate(scale) map(tofrom: b) map(to: a)
// LOOP: {{^ *}}#pragma omp target teams loop map(tofrom: a)
// LOOP: {{^ *}}#pragma omp target teams loop map(tofrom: a) if(use_gpu)
