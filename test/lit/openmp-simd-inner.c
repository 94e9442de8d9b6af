// --offload=openmp: a `parallel for` whose nest holds an inner `omp simd`
// loop with a variable declared at the top of the function and a bound that
// is not canonical (`min` written as ?:), reduced from DataRaceBench
// DRB044/DRB056 (issue #29, item 3). The write analysis sees through the
// nested directive: B is written (tofrom), and its first subscript, the
// inner loop's private variable, bounds no section. B is an array parameter
// with declared extents, so it is mapped whole. Before: `map(to: B[c15:1])`,
// a section at the uninitialized private variable, and a segmentation
// fault. Run against the original built with gcc -fopenmp.
// RUN: %omp-migrate --offload=openmp %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %if gcc %{ %gcc-openmp %s -o %t.orig && %t.orig > %t.ref %}
// RUN: %if gcc %{ %gcc-openmp %t.c -o %t.gomp && %t.gomp > %t.gout && diff %t.ref %t.gout %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>
#define N 500
static void kernel(int n, double B[N][N]) {
  int c2, c9, c15;
// CHECK: #pragma omp target teams distribute parallel for private(c15, c9) map(tofrom: B[0:N][0:N])
#pragma omp parallel for private(c15, c9)
  for (c2 = 0; c2 <= (n - 1) / 16; c2++)
    for (c9 = 1; c9 < n; c9++)
// CHECK: #pragma omp simd
#pragma omp simd
      for (c15 = 16 * c2; c15 <= (16 * c2 + 15 < n - 1 ? 16 * c2 + 15 : n - 1); c15++)
        B[c15][c9] = B[c15][c9] + B[c15][c9 - 1];
}
// A pointer with no declared extent: nothing bounds the section, the loop
// stays on the host with the reason.
static void kernel_ptr(int n, double *B) {
  int c2, c15;
// DIAG: [[@LINE+1]]:1: warning: 'omp parallel for' not translated: no array section can be inferred for 'B'
#pragma omp parallel for private(c15)
  for (c2 = 0; c2 <= (n - 1) / 16; c2++)
#pragma omp simd
    for (c15 = 16 * c2; c15 <= (16 * c2 + 15 < n - 1 ? 16 * c2 + 15 : n - 1); c15++)
      B[c15] = B[c15] * 2;
}
int main(void) {
  double (*B)[N] = malloc(sizeof(double) * N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = (i + j) % 7;
  kernel(N, B);
  kernel_ptr(N, &B[0][0]);
  printf("%f %f\n", B[3][N - 1], B[N - 1][N - 1]);
  free(B);
  return 0;
}
// DIAG: exit=1
