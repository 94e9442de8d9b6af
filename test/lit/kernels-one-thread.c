// A kernels loop that nothing partitions runs on one GPU thread (issue
// #13, item 11): a warning by default (not only an --explain note), counted
// in the summary and listed in the report; the construct is translated and
// the exit status stays 0. A nest whose inner loop is partitioned is not
// warned about.
// RUN: %omp-migrate --report=%t.json %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp -lm && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref && diff %t.ref %t.out %}
#include <stdio.h>

#define N 1000
double a[N], b[N], c[N][64];

void prefix(void) {
  // DIAG: kernels-one-thread.c:[[@LINE+2]]:3: warning: loop at line [[@LINE+3]] runs on one GPU thread: 'a' is written and accessed at different subscripts, which may be a loop-carried dependence; if its iterations are independent, say so (loop independent) [omp-migrate]
  // CHECK: {{^ *}}#pragma omp target map(tofrom: a) map(to: b){{$}}
  #pragma acc kernels
  for (int i = 1; i < N; i++)
    a[i] = a[i - 1] + b[i];
}

void prefix_loop(double *x, int n) {
  // DIAG: kernels-one-thread.c:[[@LINE+2]]:3: warning: loop at line [[@LINE+3]] runs on one GPU thread: 'x' is written and accessed at different subscripts
  // CHECK: {{^ *}}#pragma omp target map(tofrom: x[0:n]){{$}}
  #pragma acc kernels loop copy(x[0:n])
  for (int i = 1; i < n; i++)
    x[i] += x[i - 1];
}

// The outer loop carries a dependence, the inner one is partitioned: one
// team, many threads, no warning. (The loop directive inside the region's
// bare outer loop belongs to that loop's nest: it was once left out of it,
// and left as '#pragma acc loop'.)
void rows(void) {
  // CHECK: {{^ *}}#pragma omp target teams num_teams(1) map(tofrom: c){{$}}
  // CHECK: {{^ *}}#pragma omp distribute parallel for{{$}}
  #pragma acc kernels
  for (int i = 1; i < N; i++) {
    #pragma acc loop independent
    for (int j = 0; j < 64; j++)
      c[i][j] += c[i - 1][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = 0;
    b[i] = i % 7;
    for (int j = 0; j < 64; j++)
      c[i][j] = j;
  }
  prefix();
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = 1;
  prefix_loop(x, N);
  printf("%.1f %.1f %.1f\n", a[N - 1], x[N - 1], c[N - 1][63]);
  return 0;
}
// DIAG-NOT: warning
// DIAG: omp-migrate: {{.*}}kernels-one-thread.c: 4 of 4 constructs translated, 2 warnings
// DIAG: exit=0
// JSON: "warnings": [
// JSON-NEXT: "loop at line 20 runs on one GPU thread: {{.*}}"
// JSON: "warnings": [
// JSON-NEXT: "loop at line 28 runs on one GPU thread: {{.*}}"
// JSON: "warnings": 2
