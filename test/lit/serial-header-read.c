// Data placement around a host loop whose header reads an array the
// kernels inside only read (legacy C's `i < grid_points[0]`): the host copy
// stays current, so the arrays stay on the device for the whole loop (one
// target data region) instead of moving for every kernel. When a kernel
// writes the array the header reads, the loop gets no region. Run against
// the serial original built with gcc, and with LIBOMPTARGET_INFO the copies
// are counted: 12 for the whole program (a copy of a each way for each of
// sweep's 199 kernels would make more than 600).
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp 2>&1 | grep -c "Copying data" | FileCheck %s --check-prefix=COPIES
// COPIES: {{^}}12{{$}}
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

int n[2] = {200, 1000};
int cnt[1000];
double a[200][1000];
long rows; // (after the inner loop: sweep's nest imperfect, no interchange
           // and no distribution)

static void sweep(void) {
  // OUT: {{^ *}}#pragma omp target data map(to: n) map(tofrom: a)
  // OUT-NEXT: {{^ *}}for (int i = 1; i < n[0]; i++) {
  for (int i = 1; i < n[0]; i++) {
    for (int j = 0; j < n[1]; j++)
      a[i][j] = a[i][j] + 0.5 * a[i - 1][j];
    rows++;
  }
}

static void shrink(void) {
  // A kernel writes cnt, which the header reads: no region.
  // NOTE: serial-header-read.c:[[@LINE+1]]:3: note: no data region around this loop: 'cnt' is used in the loop's own header
  for (int i = 0; i < cnt[0]; i++)
    for (int j = 0; j < 1000; j++)
      cnt[j] = cnt[j] > 0 ? cnt[j] - 1 : 0;
}

int main(void) {
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 1000; j++)
      a[i][j] = (i + j) % 7;
  sweep();
  cnt[0] = 3;
  shrink();
  double s = 0;
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 1000; j++)
      s += a[i][j];
  printf("%.6f %d %ld\n", s, cnt[0], rows);
  return 0;
}
