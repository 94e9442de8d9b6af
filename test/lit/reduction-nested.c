// A reduction named only on an outer loop, or on the construct, reaches
// the partitioned loops inside that update the variable (issue #13, item
// 5; NPB LU's gang loop over a worker loop raced). With --loop-style=loop a
// reduction on a loop bound to teams (a loop directive of its own in a
// target teams region, NPB CG/EP/FT) takes the distribute form: clang-19
// and gcc refuse 'omp loop reduction' there (item 6).
// RUN: %omp-migrate %s -- > %t.c
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: %omp-migrate --loop-style=loop %s -- > %t.loop.c
// RUN: FileCheck %s --check-prefix=LOOP --input-file=%t.loop.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null && %gcc-openmp -c %t.loop.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.loop.c -o %t.lomp && env OMP_TARGET_OFFLOAD=MANDATORY %t.lomp > %t.lout && diff %t.ref %t.lout %}
#include <stdio.h>

#define N 300
#define M 400
static double a[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i * 3 + j) % 7;
  double s = 0, t = 0, u = 0, v = 0;

  // CHECK: {{^ *}}#pragma omp target teams distribute map(tofrom: s) map(to: a) reduction(+: s){{$}}
  // CHECK: {{^ *}}#pragma omp parallel for reduction(+: s){{$}}
  // LOOP: {{^ *}}#pragma omp target teams loop map(tofrom: s) map(to: a) reduction(+: s){{$}}
  // LOOP: {{^ *}}#pragma omp loop reduction(+: s){{$}}
  #pragma acc parallel loop gang reduction(+:s)
  for (int i = 0; i < N; i++) {
    #pragma acc loop worker
    for (int j = 0; j < M; j++)
      s += a[i][j];
  }

  // The construct's reduction: every loop updating t reduces.
  // CHECK: {{^ *}}#pragma omp target teams map(tofrom: t) map(to: a) reduction(+: t){{$}}
  // CHECK: {{^ *}}#pragma omp distribute parallel for simd reduction(+: t){{$}}
  // LOOP: {{^ *}}#pragma omp target teams map(tofrom: t) map(to: a) reduction(+: t){{$}}
  // LOOP: {{^ *}}#pragma omp distribute parallel for simd reduction(+: t){{$}}
  #pragma acc parallel reduction(+:t)
  {
    #pragma acc loop gang worker vector
    for (int i = 0; i < N; i++)
      t += a[i][0];
  }

  // A gang loop with its own reduction inside a parallel region.
  // LOOP: {{^ *}}#pragma omp target teams map(tofrom: u) map(to: a) reduction(+: u){{$}}
  // LOOP: {{^ *}}#pragma omp distribute parallel for simd reduction(+: u){{$}}
  #pragma acc parallel
  {
    #pragma acc loop gang worker vector reduction(+:u)
    for (int i = 0; i < N; i++)
      u += a[i][1];
  }

  // Three levels: the reduction reaches the vector loop too.
  // CHECK: {{^ *}}#pragma omp target teams distribute map(tofrom: v) map(to: a) reduction(max: v){{$}}
  // CHECK: {{^ *}}#pragma omp parallel for reduction(max: v){{$}}
  // CHECK: {{^ *}}#pragma omp simd reduction(max: v){{$}}
  #pragma acc parallel loop gang reduction(max:v)
  for (int i = 0; i < N; i++) {
    #pragma acc loop worker
    for (int j = 0; j < M / 20; j++) {
      #pragma acc loop vector
      for (int k = 0; k < 20; k++)
        v = v > a[i][j * 20 + k] * (i + 1) ? v : a[i][j * 20 + k] * (i + 1);
    }
  }
  printf("%.1f %.1f %.1f %.1f\n", s, t, u, v);
  return 0;
}
