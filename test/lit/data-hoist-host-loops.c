// Host loops between kernels: the update moves the section of the whole host
// loop once, before it, not once per host iteration; a nested loop that runs
// kernels itself keeps its updates inside, where the kernels see them.
// RUN: %omp-migrate %s -- > %t.c 2>/dev/null
// RUN: FileCheck %s --input-file=%t.c
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.exe -lm %}
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig -lm %}
// RUN: %if offload-cpu && gcc %{ %t.orig > %t.ref %}
// RUN: %if offload-cpu && gcc %{ env OMP_TARGET_OFFLOAD=MANDATORY %t.exe > %t.out %}
// RUN: %if offload-cpu && gcc %{ diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 64, nb = 4;
  double *a = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK: {{^  }}#pragma omp target data map(tofrom: a[0:n])
  for (int t = 0; t < 3; t++) {
    for (int b = 0; b < nb; b++) {
#pragma acc parallel loop
      for (int i = 0; i < n; i++)
        a[i] += b;
      // CHECK: {{^      }}#pragma omp target update from(a[b:1])
      // CHECK-NEXT: {{^      }}a[b] = a[b] * 0.5 + t;
      // CHECK-NEXT: {{^      }}#pragma omp target update to(a[b:1])
      a[b] = a[b] * 0.5 + t;
    }
    double s = 0;
    // CHECK: {{^    }}#pragma omp target update from(a[0:n])
    // CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++) {
    // CHECK-NEXT: {{^      }}s += a[i];
    for (int i = 0; i < n; i++) {
      s += a[i];
    }
    printf("%f\n", s);
  }
  free(a);
  return 0;
}
