// Implicit data made explicit: sections inferred from loop bounds and
// subscripts; fixed-size arrays mapped whole; scalars left firstprivate.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
#define N 256
float fixed[N];

void stencil(int n, int m, float *restrict A, float *restrict Anew) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: Anew[m + 1:(m*n > 2*m + 2) * (m*n - 2*m - 2)]) map(to: A[1:(m*n > 2) * (m*n - 2)]) collapse(2)
  #pragma acc parallel loop collapse(2)
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < m - 1; i++)
      Anew[j * m + i] = 0.25f * (A[j * m + i + 1] + A[j * m + i - 1] +
                                 A[(j - 1) * m + i] + A[(j + 1) * m + i]);
}

void shapes(int n, int off, double *restrict t, double *restrict r, const double *restrict s) {
  // Triangular: j from i to n-1.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: t[0:n*n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      t[i * n + j] = 1.0;
  // Decreasing loop, an offset that is a parameter, a macro bound.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: r[off + 1:N]) map(to: s[0:N]){{$}}
  #pragma acc parallel loop
  for (int i = N; i > 0; i--)
    r[i + off] = s[N - i];
  // A fixed-size array is mapped whole.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: fixed){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    fixed[i] = 0;
}

void unknown(int n, float *restrict x, const int *restrict idx) {
  // CHECK: {{^ *}}#pragma acc parallel loop
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[idx[i]] = 1;
  // DIAG: implicit-data.c:[[# @LINE-3]]:3: warning: 'parallel loop' not translated: no array section can be inferred for 'x': the subscript 'idx[i]' depends on a value computed in the region; add a data clause [omp-migrate]
}
// DIAG: 4 of 5 constructs translated
