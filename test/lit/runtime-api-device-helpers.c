// Device types used as values (issue #18): acc_get_device_type() kept in a
// variable, acc_set_device_type(t) and acc_on_device(t) with a type known
// only when the program runs. Their rewrites call helper functions that the
// translation defines before the first function that uses them (only those
// it uses); acc_device_t becomes int and its constants their values. The
// V&V suite's acc_set_device_type.c and acc_on_device.c do this.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^#include <openacc}}"
// No OpenACC call is left outside comments (the helpers' comments name them).
// RUN: not grep -E "^[^/]*acc_[a-z_]+ *\(" %t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
// RUN: %if gcc %{ %gcc-openmp -Wall -Werror -c %t.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
// DIAG: runtime-api-device-helpers.c: 9 of 9 constructs translated
// DIAG-NEXT: exit=0
// CHECK: {{^}}#include <omp.h>
#include <openacc.h>
#include <stdio.h>

// CHECK: {{^}}static int sum(int n, const int *x) {
static int sum(int n, const int *x) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

// CHECK:      {{^}}/* omp-migrate: acc_get_device_type(): 2 (acc_device_host) when the default
// CHECK:      {{^}}static int omp_migrate_device_type_(void) {
// CHECK:      {{^}}static void omp_migrate_set_device_type_(int t) {
// CHECK:      {{^}}#pragma omp declare target
// CHECK-NEXT: {{^}}static int omp_migrate_on_device_(int t) {
// CHECK:      {{^}}#pragma omp end declare target
// CHECK-NEXT: {{^}}int main(void) {
int main(void) {
  int ran[4] = {0, 0, 0, 0};
  // CHECK: {{^}}  int t = omp_migrate_device_type_();
  acc_device_t t = acc_get_device_type();
  // CHECK: {{^}}  omp_migrate_set_device_type_((t));
  acc_set_device_type(t);
  // CHECK: {{^}}  int same = omp_migrate_device_type_() == t;
  int same = acc_get_device_type() == t;
  // CHECK: {{^}}  if (t != 0 /* acc_device_none */) {
  if (t != acc_device_none) {
    // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: ran[0:4])
#pragma acc parallel loop copy(ran[0:4])
    for (int i = 0; i < 4; i++)
      // CHECK: {{^}}      ran[i] = omp_migrate_on_device_((t));
      ran[i] = acc_on_device(t);
  }
  // Back to the type it had: the host's value makes the host the default.
  // CHECK: {{^}}  omp_migrate_set_device_type_((2 /* acc_device_host */));
  acc_set_device_type(acc_device_host);
  // The host is what runs here (both ways).
  printf("%d %d %d %d\n", same, sum(4, ran) == 4 || sum(4, ran) == 0,
         acc_on_device(acc_device_host), acc_get_device_type() == acc_device_host);
  return 0;
}
