// Scalars written in kernels loops (issue #13, item 4). In a kernels region
// a scalar is shared and copied back (OpenACC's default is copy): Rodinia
// bfs's `stop = 1`, the training lab's `error = fmax(error, ...)` under
// `kernels loop independent`, Pawsey Laplace's `dt = fmax(dt, ...)`
// without `independent`. A flag set to one constant stays shared; max/min
// forms are reductions; a temporary written before it is read is private;
// when the host reads it after, its last value would need lastprivate,
// which clang 19 does not give back from a GPU: the loop runs on one GPU
// thread, with a warning (with `independent`: reported, left intact). Loop
// variables declared outside the loops are private to their loops: no map.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp -lm && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref && diff %t.ref %t.out %}
#include <math.h>
#include <stdio.h>

#define N 4000
static double a[N], b[N];
static int level[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37) % 101;
    level[i] = i % 5;
  }
  int stop = 0, i;
  double error = 0.0, dt = 0.0, mx = -1.0, mn = 1e9, t = 0.0, last = 0.0;

  // bfs: a flag set to one constant: shared, copied back, not private.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: level) map(tofrom: stop){{$}}
  // NOTE: 'stop' is only set to one constant: shared, copied back, not privatized
  #pragma acc kernels loop independent
  for (int k = 0; k < N; k++)
    if (level[k] == 3)
      stop = 1;

  // The Jacobi lab: a max reduction under independent.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: error) reduction(max: error){{$}}
  #pragma acc kernels loop independent
  for (int k = 0; k < N; k++)
    error = fmax(error, fabs(a[k] - 50.0));

  // Laplace: the same without independent, found by the dependence test.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: dt) reduction(max: dt){{$}}
  #pragma acc kernels
  for (int k = 0; k < N; k++)
    dt = fmax(dt, a[k]);

  // if (e > m) m = e; and the conditional-operator min.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: mx) reduction(max: mx){{$}}
  #pragma acc kernels
  for (int k = 0; k < N; k++) {
    if (a[k] > mx)
      mx = a[k];
  }
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: mn) reduction(min: mn){{$}}
  #pragma acc kernels loop independent
  for (int k = 0; k < N; k++)
    mn = a[k] < mn ? a[k] : mn;

  // A temporary nobody reads after: private. One the host reads: the loop
  // runs on one thread (no lastprivate).
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: a) map(tofrom: b, t) private(t){{$}}
  #pragma acc kernels loop independent
  for (int k = 0; k < N; k++) {
    t = a[k] * 2;
    b[k] = t + 1;
  }
  // CHECK: {{^ *}}#pragma omp target map(to: a) map(tofrom: b, last){{$}}
  // NOTE: kept sequential: loop at line [[@LINE+2]]: 'last' is a temporary of each iteration whose value is read after the construct: its last value would need lastprivate, which clang 19 does not give back from a GPU
  #pragma acc kernels loop
  for (int k = 0; k < N; k++) {
    last = a[k] * 3;
    b[k] += last;
  }

  // The loop variable declared outside the loop is not mapped.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b){{$}}
  #pragma acc kernels loop independent
  for (i = 0; i < N; i++)
    b[i] = b[i] / 2;

  printf("%d %.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", stop, error, dt, mx, mn, b[7], b[N - 1], last);
  return 0;
}
// NOTE: exit=0
