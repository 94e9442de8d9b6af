// acc_attach/acc_detach and the attach/detach clauses of enter and exit
// data (issue #18): the helpers omp_migrate_attach_/omp_migrate_detach_
// set the device copy of a pointer (in a structure that is present) to its
// pointee's device address, or back to the host's value, in a one-statement
// target region. A zero-length map (map(to: s.a[:0])) would attach too, but
// counts one more reference to the pointee that no detach by a runtime call
// takes back: the later copyout copied nothing (V&V enter_data_attach.c).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
// DIAG: attach-detach.c: 17 of 17 constructs translated
// DIAG-NEXT: exit=0
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#define N 100

struct pair { double *a, *b; };

// CHECK: {{^}}static void omp_migrate_attach_(void **pp) {
// CHECK: {{^}}static void omp_migrate_detach_(void **pp) {

// How many of the device copy's pointers hold the host's values, read as
// raw words (a use of s->a in the kernel would map and attach it itself).
static int host_pointers(struct pair *s) {
  unsigned long long h[2] = {(unsigned long long)s->a, (unsigned long long)s->b};
  int same = 0;
  #pragma acc serial present(s[0:1]) copyin(h[0:2]) copy(same)
  {
    const unsigned long long *raw = (const unsigned long long *)s;
    same = (raw[0] == h[0]) + (raw[1] == h[1]);
  }
  return same;
}

int main(void) {
  struct pair s;
  s.a = malloc(N * sizeof(double));
  s.b = malloc(N * sizeof(double));
  double *ha = s.a, *hb = s.b;
  for (int i = 0; i < N; i++) {
    s.a[i] = i;
    s.b[i] = 0;
  }
  // The sections of members enter with their structure, attached; the
  // second enter data only counts it.
  #pragma acc enter data copyin(s.a[0:N], s.b[0:N])
  #pragma acc enter data copyin(s)
  // CHECK:      {{^}}  omp_migrate_attach_((void **)((void **)&s.a));
  // CHECK-NEXT: {{^}}  omp_migrate_attach_((void **)((void **)&s.b));
  acc_attach((void **)&s.a);
  acc_attach((void **)&s.b);
  printf("attached: %d host pointers on the device\n", host_pointers(&s));
  // OUT: attached: 0 host pointers on the device
  #pragma acc parallel loop default(present)
  for (int i = 0; i < N; i++)
    s.b[i] = 2 * s.a[i];
  // CHECK:      {{^}}  omp_migrate_detach_((void **)((void **)&s.a));
  acc_detach((void **)&s.a);
  acc_detach((void **)&s.b);
  printf("detached: %d host pointers on the device\n", host_pointers(&s));
  // OUT: detached: 2 host pointers on the device
  acc_attach((void **)&s.a);
  printf("a attached: %d host pointers on the device\n", host_pointers(&s));
  // OUT: a attached: 1 host pointers on the device
  acc_detach((void **)&s.a);
  // The clauses: attach after the enter data's maps, detach before the
  // exit data's.
  // CHECK:      {{^}}  #pragma omp target enter data map(to: s)
  // CHECK-NEXT: {{^}}  omp_migrate_attach_((void **)&(s.a));
  // CHECK-NEXT: {{^}}  omp_migrate_attach_((void **)&(s.b));
  #pragma acc enter data copyin(s) attach(s.a, s.b)
  printf("attach clause: %d host pointers on the device\n", host_pointers(&s));
  // OUT: attach clause: 0 host pointers on the device
  #pragma acc parallel loop default(present)
  for (int i = 0; i < N; i++)
    s.b[i] += 1;
  // CHECK:      {{^}}  omp_migrate_detach_((void **)&(s.a));
  // CHECK-NEXT: {{^}}  omp_migrate_detach_((void **)&(s.b));
  // CHECK-NEXT: {{^}}  #pragma omp target exit data map(release: s)
  #pragma acc exit data detach(s.a, s.b) delete(s)
  #pragma acc exit data copyout(s.a[0:N], s.b[0:N])
  #pragma acc exit data copyout(s)
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += s.b[i];
  printf("sum %g, host pointers kept %d, present after %d\n", sum,
         (s.a == ha) + (s.b == hb), acc_is_present(s.b, N * sizeof(double)) != 0);
  // OUT: sum 10000, host pointers kept 2, present after 0
  return 0;
}
