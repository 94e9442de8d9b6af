// A data construct of the input is kept as written and completed: inside
// it, the arrays it does not name get regions of their own (here one
// target enter/exit data pair over the iteration loop and the two kernels
// after it, with the fetch the host read needs), while the arrays it names
// are left to it, with no region or update added for them (a host read of
// such an array inside it keeps reading the host's copy, as the input
// does). A swap with an array of the construct keeps per-kernel maps. The
// same holds for a target data region of OpenMP input (--optimize-data),
// and for enter/exit data pairs around the code, which makes a second run
// change nothing. Host/device copies (LIBOMPTARGET_INFO=32): 20, where the
// per-kernel translation, which keeps only the data construct, makes 98.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %omp-migrate --optimize-data %t.c -- 2>/dev/null | diff %t.c -
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.omp > %t.out 2> %t.log
// RUN: %gcc-openacc %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: grep -c "Copying data" %t.log | FileCheck %s --check-prefix=COPIES
// OpenMP input: the per-kernel translation, whose data construct became a
// target data region, given to --optimize-data.
// RUN: %omp-migrate --data=per-kernel %s -- > %t.pk.c 2>/dev/null
// RUN: %clang19-offload %t.pk.c -o %t.pk
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.pk 2>&1 > /dev/null | grep -c "Copying data" | FileCheck %s --check-prefix=PK
// RUN: %omp-migrate --optimize-data %t.pk.c -- > %t.od.c 2>/dev/null
// RUN: FileCheck %s --check-prefix=OD < %t.od.c
// RUN: %omp-migrate --optimize-data %t.od.c -- 2>/dev/null | diff %t.od.c -
// RUN: %clang19-offload %t.od.c -o %t.od
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 %t.od > %t.od.out 2> %t.od.log
// RUN: diff %t.ref %t.od.out
// RUN: grep -c "Copying data" %t.od.log | FileCheck %s --check-prefix=COPIES
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

// COPIES: {{^}}20{{$}}
// PK: {{^}}98{{$}}
// CHECK-LABEL: {{^}}static double swapped(
// CHECK:      {{^}}#pragma omp target data map(tofrom: u[0:n])
// CHECK-NEXT: {{^  }}{
// CHECK-NEXT: {{^    }}for (int t = 0; t < 10; t++) {
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(tofrom: w[1:(n > 2) * (n - 2)])
static double swapped(int n) {
  double *u = malloc(n * sizeof(double)), *w = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u[i] = w[i] = i % 5;
  double s = 0;
#pragma acc data copy(u[0:n])
  {
    for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
      for (int i = 1; i < n - 1; i++)
        w[i] = 0.5 * (u[i - 1] + u[i + 1]);
      double *tmp = u;
      u = w;
      w = tmp;
    }
  }
  for (int i = 0; i < n; i++)
    s += u[i] * (i + 1) + w[i];
  free(u);
  free(w);
  return s;
}

// NOTE: data-complete-user-region.c:[[@LINE+30]]:5: note: b[0:n]: (n)*sizeof(double) bytes, moved in once and out once for the whole run of statements
// NOTE: data-complete-user-region.c:[[@LINE+29]]:5: note: a: mapped by a data region of the input around this one, left to it
// CHECK-LABEL: {{^}}int main(
// CHECK:      {{^}}#pragma omp target data map(to: a[0:n])
// CHECK-NEXT: {{^  }}{
// CHECK-NEXT: {{^    }}#pragma omp target enter data map(to: b[0:n]) map(alloc: c[0:n])
// CHECK-NEXT: {{^    }}for (int t = 0; t < 40; t++) {
// CHECK-NEXT: {{^}}#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
// CHECK:      {{^          }}#pragma omp target update from(b[7:1])
// CHECK-NEXT: {{^          }}printf("t %d b[7] %g\n", t, b[7]);
// CHECK:      {{^    }}#pragma omp target exit data map(from: b[0:n], c[0:n])
// CHECK-NEXT: {{^  }}}
// CHECK-NOT:  {{^ *}}#pragma omp target {{(enter |exit )?}}data
// OD-LABEL:   {{^}}int main(
// OD:         {{^}}#pragma omp target data map(to: a[0:n])
// OD-NEXT:    {{^  }}{
// OD-NEXT:    {{^    }}#pragma omp target enter data map(to: b[0:n]) map(alloc: c[0:n])
// OD:         {{^    }}#pragma omp target exit data map(from: b[0:n], c[0:n])
// OD-NEXT:    {{^  }}}
int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  double *c = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i % 11;
    b[i] = 0;
    c[i] = 1;
  }
#pragma acc data copyin(a[0:n])
  {
    for (int t = 0; t < 40; t++) {
#pragma acc parallel loop copyin(a[0:n])
      for (int i = 0; i < n; i++)
        b[i] += a[i] * t;
      if (t % 10 == 0)
        printf("t %d b[7] %g\n", t, b[7]);
    }
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      c[i] = b[i] + a[i];
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      c[i] *= 0.5;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] + c[i] * i;
  printf("%g %g\n", s, swapped(n));
  free(a);
  free(b);
  free(c);
  return 0;
}
