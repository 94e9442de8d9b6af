// Loop levels: gang -> distribute, worker -> parallel for, vector -> parallel
// for (simd under a worker), seq -> removed; automatic levels; collapse, tile.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %omp-migrate --loop-style=loop %s -- 2>/dev/null | FileCheck %s --check-prefix=LOOP
// DIAG: exit=0

void levels(int n, float *restrict a) {
  // CHECK: {{^ *}}#pragma omp target teams map(tofrom: a[0:n*n])
  // LOOP: {{^ *}}#pragma omp target teams map(tofrom: a[0:n*n])
  #pragma acc parallel
  {
    // CHECK: {{^ *}}#pragma omp distribute
    // LOOP: {{^ *}}#pragma omp loop
    #pragma acc loop gang
    for (int i = 0; i < n; i++) {
      // CHECK: {{^ *}}#pragma omp parallel for
      // LOOP: {{^ *}}#pragma omp loop
      #pragma acc loop worker
      for (int j = 0; j < n; j++) {
        // CHECK: {{^ *}}#pragma omp simd
        // LOOP: {{^ *}}#pragma omp loop
        #pragma acc loop vector
        for (int k = 0; k < 1; k++)
          a[i * n + j] += 1;
      }
    }
  }
  // No level given: the outer loop is gang, the innermost vector.
  // CHECK: {{^ *}}#pragma omp target teams distribute map(tofrom: a[0:n*n])
  // LOOP: {{^ *}}#pragma omp target teams loop map(tofrom: a[0:n*n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    // CHECK: {{^ *}}#pragma omp parallel for
    #pragma acc loop
    for (int j = 0; j < n; j++)
      a[i * n + j] *= 2;
  }
  // seq removes the directive; the loop variable declared outside the
  // construct becomes private so threads do not share it.
  int j;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n*n]) private(j)
  #pragma acc parallel loop gang vector
  for (int i = 0; i < n; i++) {
    // CHECK: {{^    }}for (j = 1; j < n; j++)
    #pragma acc loop seq
    for (j = 1; j < n; j++)
      a[i * n + j] += a[i * n + j - 1];
  }
}

void collapse_tile(int n, int m, double *restrict c) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: c[0:m*n]) collapse(2)
  #pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] = i + j;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: c[0:m*n]) collapse(2)
  // CHECK-NEXT: {{^ *}}#pragma omp tile sizes(32, 4)
  #pragma acc parallel loop tile(32, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] += 1;
}

void independent_auto(int n, float *restrict a, float *restrict b) {
  // auto: the dependence test decides. This loop is parallel...
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: b[0:n])
  #pragma acc parallel loop auto
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
  // ...this one carries a dependence and stays sequential.
  // CHECK: {{^ *}}#pragma omp target map(tofrom: a[0:n])
  #pragma acc parallel loop auto
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1;
}
