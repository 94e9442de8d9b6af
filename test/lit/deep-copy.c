// Deep copies (issue #18): a two-level section through pointers
// (a[0:n][0:m] with double **a, or with double *c[4]) copies the rows and
// points the device's pointer array at them. The translation enters the
// pointer array, then each row through a local copy of its pointer, and
// sets the device's slot in a one-statement target region; rows leave
// first, then the pointer array, which is never copied back. The program
// checks on the device that no slot holds a host pointer, that the host's
// pointers are unchanged and that nothing stays mapped after the exit.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
// RUN: not %omp-migrate %S/Inputs/deep-copy-refused.c -- 2>&1 | FileCheck %S/Inputs/deep-copy-refused.c
// DIAG: deep-copy.c: 11 of 11 constructs translated
// DIAG-NEXT: exit=0
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#define N 40
#define M 24

// How many of the device's row pointers still hold the host's (an
// attached slot holds a device address: 0 on a device with its own
// memory, the CPU stand-in included).
static int host_slots(double **a, int n) {
  unsigned long long host[N];
  for (int i = 0; i < n; i++)
    host[i] = (unsigned long long)a[i];
  int same = 0;
  // CHECK: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: same) map(alloc: a[0:n]) map(to: host[0:n]) reduction(+: same)
  #pragma acc parallel loop reduction(+:same) present(a[0:n][0:M]) copyin(host[0:n])
  for (int i = 0; i < n; i++)
    same += (unsigned long long)a[i] == host[i];
  return same;
}

static double total(double **a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j];
  return s;
}

int main(void) {
  double **a = malloc(N * sizeof(double *));
  double **b = malloc(N * sizeof(double *));
  double *c[4];
  double *saved[N];
  for (int i = 0; i < N; i++) {
    a[i] = malloc(M * sizeof(double));
    b[i] = malloc(M * sizeof(double));
    saved[i] = a[i];
    for (int j = 0; j < M; j++) {
      a[i][j] = i + 0.5 * j;
      b[i][j] = -1;
    }
  }
  for (int i = 0; i < 4; i++) {
    c[i] = malloc(M * sizeof(double));
    for (int j = 0; j < M; j++)
      c[i][j] = i * j;
  }

  // A data region: rows in, rows out; the kernel finds them through the
  // device's pointer array.
  // CHECK:      {{^}}  #pragma omp target enter data map(to: a[0:N], b[0:N])
  // CHECK-NEXT: {{^}}  for (long omp_migrate_i_ = 0; omp_migrate_i_ < (N); ++omp_migrate_i_) {
  // CHECK-NEXT: {{^}}    double *omp_migrate_a_ = a[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    double *omp_migrate_b_ = b[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    #pragma omp target enter data map(to: omp_migrate_a_[0:M]) map(alloc: omp_migrate_b_[0:M])
  // CHECK-NEXT: {{^}}    #pragma omp target map(alloc: a[omp_migrate_i_:1], omp_migrate_a_[0:M], b[omp_migrate_i_:1], omp_migrate_b_[0:M])
  // CHECK-NEXT: {{^}}    { a[omp_migrate_i_] = omp_migrate_a_; b[omp_migrate_i_] = omp_migrate_b_; }
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  {
  #pragma acc data copyin(a[0:N][0:M]) copyout(b[0:N][0:M])
  {
    #pragma acc parallel loop
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        b[i][j] = 2 * a[i][j];
    printf("data: host pointers on the device %d of %d\n", host_slots(a, N), N);
  }
  // CHECK:      {{^}}  for (long omp_migrate_i_ = 0; omp_migrate_i_ < (N); ++omp_migrate_i_) {
  // CHECK-NEXT: {{^}}    double *omp_migrate_a_ = a[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    double *omp_migrate_b_ = b[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    #pragma omp target exit data map(release: omp_migrate_a_[0:M]) map(from: omp_migrate_b_[0:M])
  // CHECK-NEXT: {{^}}    (void)omp_migrate_a_; (void)omp_migrate_b_;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target exit data map(release: a[0:N], b[0:N])
  // OUT: data: host pointers on the device 0 of 40
  // OUT: data: 48480 (expect 48480)
  printf("data: %g (expect %g)\n", total(b, N), 2 * total(a, N));

  // A compute construct with an array of pointers, under an if clause.
  int on = 1;
  // CHECK:      {{^}}  #pragma omp target enter data map(to: c[0:4]) if((on))
  // CHECK-NEXT: {{^}}  for (long omp_migrate_i_ = 0; omp_migrate_i_ < 4; ++omp_migrate_i_) {
  // CHECK-NEXT: {{^}}    double *omp_migrate_c_ = c[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    #pragma omp target enter data map(to: omp_migrate_c_[0:M]) if((on))
  // CHECK-NEXT: {{^}}    #pragma omp target map(alloc: c[omp_migrate_i_:1], omp_migrate_c_[0:M]) if((on))
  // CHECK-NEXT: {{^}}    c[omp_migrate_i_] = omp_migrate_c_;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for if(target: (on)) map(alloc: c[0:4])
  #pragma acc parallel loop copy(c[0:4][0:M]) if(on)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < M; j++)
      c[i][j] += 1;
  // CHECK:      {{^}}  for (long omp_migrate_i_ = 0; omp_migrate_i_ < 4; ++omp_migrate_i_) {
  // CHECK-NEXT: {{^}}    double *omp_migrate_c_ = c[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    #pragma omp target exit data map(from: omp_migrate_c_[0:M]) if((on))
  // CHECK-NEXT: {{^}}    (void)omp_migrate_c_;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target exit data map(release: c[0:4]) if((on))
  // OUT: compute: 1752
  printf("compute: %g\n", total(c, 4));

  // Enter data, updates of some rows and of one column, exit data.
  // CHECK:      {{^}}  #pragma omp target enter data map(to: a[0:N])
  // CHECK-NEXT: {{^}}  for (long omp_migrate_i_ = 0; omp_migrate_i_ < (N); ++omp_migrate_i_) {
  #pragma acc enter data copyin(a[0:N][0:M])
  for (int i = 0; i < N; i++)
    a[i][0] = 1000;
  // CHECK:      {{^}}  for (long omp_migrate_i_ = 1; omp_migrate_i_ < 1 + (N-1); ++omp_migrate_i_) {
  // CHECK-NEXT: {{^}}    double *omp_migrate_a_ = a[omp_migrate_i_];
  // CHECK-NEXT: {{^}}    #pragma omp target update to(omp_migrate_a_[0:M])
  // CHECK-NEXT: {{^}}    (void)omp_migrate_a_;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(alloc: a[0:N])
  #pragma acc update device(a[1:N-1][0:M])
  #pragma acc parallel loop present(a[0:N][0:M])
  for (int i = 0; i < N; i++)
    a[i][1] = a[i][0] + 1;
  // CHECK:      {{^}}    #pragma omp target update from(omp_migrate_a_[1:1])
  #pragma acc update self(a[0:N][1:1])
  printf("update: %g %g %g\n", a[0][1], a[1][1], a[N - 1][1]);
  // CHECK:      {{^}}    #pragma omp target update from(omp_migrate_a_[0:M])
  // CHECK-NEXT: {{^}}    #pragma omp target exit data map(delete: omp_migrate_a_[0:M])
  // CHECK-NEXT: {{^}}    (void)omp_migrate_a_;
  // CHECK-NEXT: {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target exit data map(delete: a[0:N])
  #pragma acc exit data copyout(a[0:N][0:M]) finalize
  int moved = 0;
  for (int i = 0; i < N; i++)
    moved += a[i] != saved[i];
  printf("exit: host pointers changed %d, present after %d, a[0][0] %g\n",
         moved, acc_is_present(a, N * sizeof(double *)) != 0, a[0][0]);
  // OUT: update: 1 1001 1001
  // OUT: exit: host pointers changed 0, present after 0, a[0][0] 0
  return 0;
}
