// --offload=openmp: the clauses of a `parallel` region go onto the kernel of
// each of its work-sharing loops, but a variable the loop reduces or makes
// private is no longer shared there (NPB CG's conj_grad: `shared(rho)` on
// the region, `reduction(+:rho)` on its loop; issue #29, item 5).
// `shared(rho) reduction(+:rho)` on one directive is invalid OpenMP: the
// self-check rejected the file before. Run against the original built with
// gcc -fopenmp.
// RUN: %omp-migrate --offload=openmp %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: grep -v "^ *//" %t.c | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %if gcc %{ %gcc-openmp %s -o %t.orig && %t.orig > %t.ref %}
// RUN: %if gcc %{ %gcc-openmp %t.c -o %t.gomp && %t.gomp > %t.gout && diff %t.ref %t.gout %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
// RUN: %omp-migrate --offload=openmp %t.c -- 2>/dev/null | diff %t.c -
#include <stdio.h>
#define N 4000
double r[N + 1], q[N + 1], m[16][16];
int main(void) {
  double rho = 0.0, alpha = 2.0;
  int j;
// CHECK: #pragma omp target teams distribute parallel for private(j) shared(rho, alpha) map(tofrom: r)
// CHECK: #pragma omp target teams distribute parallel for private(j) shared(alpha) reduction(+:rho) map(tofrom: rho) map(to: r)
#pragma omp parallel private(j) shared(rho, alpha)
  {
#pragma omp for
    for (j = 0; j < N; j++)
      r[j] = j * 0.5 * alpha;
#pragma omp for reduction(+:rho)
    for (j = 0; j < N; j++)
      rho = rho + r[j] * r[j];
  }
  printf("%f\n", rho);
  // The region's private(j) and its loop's private(j): one private(j) on
  // the kernel (gcc rejects a variable twice in data clauses; found by
  // test/fuzz/fuzz_openmp.py).
  int i;
// CHECK: #pragma omp target teams distribute parallel for private(j) map(tofrom: m)
#pragma omp parallel private(j)
  {
#pragma omp for private(j)
    for (i = 0; i < 16; i++)
      for (j = 0; j < 16; j++)
        m[i][j] = i + j;
  }
  printf("%f\n", m[15][15]);
  return 0;
}
// DIAG: exit=0
