// The zero modifier (issue #18): create(zero: ...) and copyout(zero: ...)
// allocate and zero the data on the device when it is not present, and
// leave present data as it is. The translation calls the helper
// omp_migrate_enter_zero_ before the construct (or in place of an enter
// data's map) and ends the data's lifetime with an exit data after it. The
// V&V suite's *_create_zero and *_copyout_zero tests do this.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// The device memory of a block just freed is reused (a value of 9 shows
// through where nothing zeroed it).
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
// RUN: not %omp-migrate %S/Inputs/data-zero-refused.c -- 2>&1 | FileCheck %S/Inputs/data-zero-refused.c
// DIAG: data-zero.c: 11 of 11 constructs translated
// DIAG-NEXT: exit=0
// CHECK: {{^}}#include <omp.h>
#include <stdio.h>
#define N 1000

static double a[N], b[N], c[N];

// Device memory holding 9s, then freed: the next allocation gets it.
static void dirty(void) {
  for (int i = 0; i < N; i++)
    c[i] = 9;
  // CHECK: {{^}}#pragma omp target enter data map(to: c[0:N])
#pragma acc enter data copyin(c[0:N])
  // CHECK: {{^}}#pragma omp target exit data map(release: c[0:N])
#pragma acc exit data delete(c[0:N])
}

static double sum(const double *x) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x[i];
  return s;
}

// CHECK:      {{^}}/* omp-migrate: the zero modifier (create(zero: ...), copyout(zero: ...)) on
// CHECK:      {{^}}static void omp_migrate_enter_zero_(void *p, unsigned long long bytes) {
// CHECK:      {{^}}int main(void) {
int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 7;
  }
  dirty();
  // A data region: b is zeroed, then copied out with the other clause.
  // CHECK:      {{^}}  omp_migrate_enter_zero_(b, (N) * sizeof(b[0]));
  // CHECK-NEXT: {{^}}  #pragma omp target data map(to: a[0:N]) map(from: b[0:N])
  #pragma acc data copyin(a[0:N]) create(zero: b[0:N]) copyout(b[0:N])
  {
    #pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] += a[i];
  }
  // CHECK:      {{^}}  }
  // CHECK-NEXT: {{^}}  #pragma omp target exit data map(from: b[0:N])
  printf("data: %g\n", sum(b) - sum(a));
  // OUT: data: 0

  // A compute construct with copyout(zero:), under an if clause.
  dirty();
  int on = 1;
  // CHECK:      {{^}}  if ((on)) omp_migrate_enter_zero_(&b[10], (N - 10) * sizeof(b[0]));
  // CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for if(target: (on)) map(from: b[10:N - 10])
#pragma acc parallel loop copyout(zero: b[10:N - 10]) if(on)
  for (int i = 10; i < N; i++)
    b[i] += 1;
  // CHECK-NEXT: {{^}}  for (int i = 10; i < N; i++)
  // CHECK-NEXT: {{^}}    b[i] += 1;
  // CHECK-NEXT: {{^}}#pragma omp target exit data map(from: b[10:N - 10]) if((on))
  printf("parallel loop: %g\n", sum(b) - sum(a) + 10);
  // OUT: parallel loop: -498455

  // Present data is not zeroed: b holds 7s on the device.
  for (int i = 0; i < N; i++)
    b[i] = 7;
  // CHECK: {{^}}#pragma omp target enter data map(to: b[0:N])
#pragma acc enter data copyin(b[0:N])
  // CHECK:      {{^}}  omp_migrate_enter_zero_(b, (N) * sizeof(b[0]));
  // CHECK-NEXT: {{^}}#pragma omp target map(alloc: b[0:N])
#pragma acc serial create(zero: b[0:N])
  {
    for (int i = 0; i < N; i++)
      b[i] += 1;
  }
  // CHECK:      {{^}}#pragma omp target exit data map(release: b[0:N])
  // CHECK:      {{^}}#pragma omp target exit data map(from: b[0:N])
#pragma acc exit data copyout(b[0:N])
  printf("present: %g\n", sum(b));
  // OUT: present: 8000

  // An enter data: the helper does the entry; the exit copies out.
  dirty();
  // CHECK:      {{^}}#pragma omp target enter data map(to: a[0:N])
  // CHECK-NEXT: {{^}}  omp_migrate_enter_zero_(b, (N) * sizeof(b[0]));
#pragma acc enter data copyin(a[0:N]) create(zero: b[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; i++)
    b[i] += 2 * a[i];
#pragma acc exit data copyout(b[0:N]) delete(a[0:N])
  printf("enter data: %g\n", sum(b) - 2 * sum(a));
  // OUT: enter data: 0
  return 0;
}
