// gang(dim:2) around gang(dim:1) (the V&V suite's gang_dimensions): OpenMP
// has one level of teams and no distribute inside a distribute, so the
// construct is reported and left intact (before issue #18's VLA maps this
// test stopped earlier; then the self-check caught the invalid nest).
// RUN: not %omp-migrate %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: diff %s %t.c
// CHECK: gang-dimensions.c:[[@LINE+5]]:1: warning: 'parallel' not translated: a gang loop inside a gang loop (line [[@LINE+10]]) is not translated: OpenMP has one level of teams [omp-migrate]
// CHECK: gang-dimensions.c: 0 of 3 constructs translated
#define N 8
void nest(double a[N][N]) {
  // Two gang levels.
#pragma acc parallel num_gangs(N, N)
#pragma acc loop gang(dim:2)
  for (int i = 0; i < N; i++) {
    // The inner one.
#pragma acc loop gang(dim:1)
    for (int j = 0; j < N; j++)
      a[i][j] += 1;
  }
}
