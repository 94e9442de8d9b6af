// A runtime helper used in an #if branch that includes <openacc.h> (miniBUDE
// in one file: the OpenACC back end sits in the `#elif defined(ACC)` branch
// of a back-end chain; issue #29, item 2). The helper that replaces
// acc_get_device_type() goes outside every #if block, above the branch whose
// <openacc.h> becomes <omp.h>: omp.h is included before the helpers, so the
// translation compiles (the self-check rejected it before, exit 2).
// RUN: %omp-migrate %s -- -std=c++17 -DACC > %t.cpp 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if gcc %{ g++ -fopenmp -foffload=disable -std=c++17 -DACC -Wall -c %t.cpp -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ clang++-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 -std=c++17 -DACC %t.cpp -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && g++ -fopenacc -foffload=disable -O1 -std=c++17 -DACC %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
// RUN: %omp-migrate %t.cpp -- -std=c++17 -DACC 2>/dev/null | diff %t.cpp -
// A file that includes omp.h before the helpers gets no second include.
// RUN: %omp-migrate %S/Inputs/runtime-helper-omp-first.c -- > %t2.c
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t2.c
#include <cstdio>
// CHECK: {{^}}#include <omp.h> /* omp-migrate: for the helpers below */
// CHECK: static int omp_migrate_device_type_(void)
// CHECK: {{^}}#if defined(CUDA)
#if defined(CUDA)
  #include "cuda/fasten.hpp"
// CHECK: {{^}}#include <omp.h>{{$}}
#elif defined(ACC)
#include <openacc.h>
static int count_devices() {
  acc_device_t device_type = acc_get_device_type();
  return acc_get_num_devices(device_type);
}
#endif
int main() {
  double a[100];
  int n = count_devices();
  #pragma acc parallel loop copyout(a[0:100])
  for (int i = 0; i < 100; i++) a[i] = i;
  std::printf("a[99] = %.1f, devices %d\n", a[99], n >= 0);
  return 0;
}
// DIAG: exit=0
// FIRST-NOT: for the helpers below
// FIRST: static int omp_migrate_device_type_(void)
