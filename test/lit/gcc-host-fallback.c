// OpenACC loops with a vector length on a kernel of their own, and a gang
// loop whose inner vector loop reduces into a scalar the gang loop resets
// (NPB-ACC CG's conj_grad, issue #32 item 4). Under gcc -fopenmp without an
// offload device (libgomp's host fallback) the translation of
// `kernels loop gang(...) vector(1024)` with num_threads(1024) created and
// ended 1,023 threads at every launch: CG ran 470 s instead of 2 s. The
// count goes to the kernel's target teams line as thread_limit (the same
// blocks of 1024 threads on a GPU). The scalar `d` is private to the gang
// loop: each iteration resets it before the inner reduction (with teams
// sharing it, gcc's teams raced on one copy). Run against the OpenACC
// original under gcc on the host.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: %gcc-openmp %t.c -o %t.gomp && env OMP_NUM_THREADS=2 timeout 120 %t.gomp > %t.gout
// RUN: gcc -fopenacc -foffload=disable -O1 %s -o %t.orig && env OMP_NUM_THREADS=2 %t.orig > %t.ref
// RUN: diff %t.ref %t.gout
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>

#define NA 1400
#define LAUNCHES 50

static double z[NA], r[NA], p[NA], q[NA], a[3 * NA];
static int rs[NA + 1];

int main(void) {
  int j, k, it, end = NA;
  double d, sum = 0;
  for (j = 0; j < NA; j++) {
    p[j] = 1.0 + j % 7;
    q[j] = 0.5;
    r[j] = 1.0;
    rs[j] = 3 * j;
  }
  rs[NA] = 3 * NA;
  for (k = 0; k < 3 * NA; k++)
    a[k] = 1.0 / (k + 1);
  #pragma acc data copy(z, r) copyin(p, q, a, rs)
  {
    for (it = 0; it < LAUNCHES; it++) {
      // CHECK: {{^ *}}#pragma omp target teams distribute parallel for thread_limit(1024){{$}}
      #pragma acc kernels loop gang((end + 1023) / 1024) vector(1024) independent
      for (j = 0; j < end; j++) {
        z[j] = z[j] + 0.25 * p[j];
        r[j] = r[j] - 0.25 * q[j];
      }
    }
    // CHECK: {{^ *}}#pragma omp target teams distribute num_teams(end) thread_limit(128) private(d, k){{$}}
    // CHECK: {{^ *}}#pragma omp parallel for reduction(+: d){{$}}
    #pragma acc parallel loop gang num_gangs(end) vector_length(128)
    for (j = 0; j < end; j++) {
      d = 0.0;
      #pragma acc loop vector reduction(+:d)
      for (k = rs[j]; k < rs[j + 1]; k++)
        d = d + a[k] * p[k / 3];
      r[j] = d;
    }
  }
  for (j = 0; j < NA; j++)
    sum += z[j] + r[j];
  printf("%.10e\n", sum);
  return 0;
}
