// Loops that are kernels of their own with worker or vector but no gang
// level (LULESH's `kernels loop independent vector(256)`) and variables
// used through macros in clauses (NPB MG's I3D with deviceptr): the output
// must be OpenMP that clang-19 and gcc accept (issue #13, item 6).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: %omp-migrate --loop-style=loop %s -- > %t.loop.c
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null && %clang19-offload -c %t.loop.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null && %gcc-openmp -c %t.loop.c -o /dev/null %}
#define I3D(arr, i, j) arr[(i) * n + (j)]

void levels(int n, double *restrict a, const double *restrict b) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: b[0:n]) thread_limit(256){{$}}
  #pragma acc kernels loop independent vector(256)
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: b[0:n]){{$}}
  #pragma acc parallel loop worker
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 2;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for simd map(tofrom: a[0:n]) map(to: b[0:n]){{$}}
  #pragma acc parallel loop worker vector
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 3;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for{{$}}
  #pragma acc kernels
  {
    #pragma acc loop vector
    for (int i = 0; i < n; i++)
      a[i] = b[i] + 4;
  }
}

void macros(int n, double *d, double *e) {
  // The variable's name, not the macro call it was first seen in.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: e[0:n*n]) is_device_ptr(d){{$}}
  #pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      I3D(d, i, j) += I3D(e, i, j);
}
