// Data indexed through pointers (double **a) that no data clause names would
// need a deep copy of an inferred section: an implicit map copies the
// pointers, not the rows they point to. It is reported and left intact (data
// clauses with two-level sections are translated: test/lit/deep-copy.c).
// Fixed-size 2-D arrays and pointers to arrays are contiguous and are
// translated.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %omp-migrate %t.c -- > %t.second.c 2>/dev/null; cmp %t.c %t.second.c
#define M 16

void pointers(int n, int m, double **a) {
  // CHECK: {{^ *}}#pragma acc parallel loop{{$}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += 1;
}

void contiguous(int n, double (*b)[M], double c[4][M]) {
  double d[4][M];
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b[0:n][0:M], c[0:4][0:M]) map(from: d[0:4][0:M])
  #pragma acc parallel loop copy(b[0:n][0:M], c[0:4][0:M]) copyout(d[0:4][0:M])
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < M; j++)
      d[i][j] = b[i][j] += c[i][j];
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: b[0:n]) map(to: d)
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      b[i][j] += d[i % 4][j];
}
// DIAG: deep-sections.c:17:3: warning: 'parallel loop' not translated: 'a' ('double **') is indexed through pointers: an implicit map copies only the pointers, not the data they point to (no deep copy); use one contiguous array or map each row [omp-migrate]
// DIAG: 3 of 4 constructs translated
// DIAG: exit=1
