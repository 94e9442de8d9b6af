// Sources that include <omp.h> (a timer, or OpenMP input for
// --optimize-data) parse although Clang 22 ships no omp.h: the tool finds
// the installed one (clang-19's libomp, else gcc's libgomp).
// RUN: %omp-migrate --data=per-kernel %s -- > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: %omp-migrate --optimize-data %t.c -- | FileCheck %s --check-prefix=OPT
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
#include <omp.h>
#include <stdio.h>

double run(int n, int steps, double *a) {
  double t0 = omp_get_wtime();
  // CHECK-NOT: {{^ *}}#pragma omp target data
  // OPT: {{^  }}#pragma omp target data map(tofrom: a[0:n])
  for (int t = 0; t < steps; t++) {
    // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 0.5 + t;
  }
  return omp_get_wtime() - t0;
}
