// DRACC-style mapping regression: update of a sub-range. Inside a data
// region the host fetches one row of a flattened grid (update self with a
// computed start), changes a window of another array and sends only that
// window back (update device), and an update with an if clause; the host only
// reads what was updated, so the sections must be exactly right.
// RUN: %omp-migrate %s -- > %t.c
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --data=per-kernel %s -- > %t.pk.c
// RUN: %clang19-offload %t.pk.c -o %t.pk -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.pk > %t.pk.out
// RUN: diff %t.ref %t.pk.out
// The same program as OpenMP input (the per-kernel translation), optimized:
// RUN: %omp-migrate --optimize-data %t.pk.c -- > %t.od.c
// RUN: %clang19-offload %t.od.c -o %t.od -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.od > %t.od.out
// RUN: diff %t.ref %t.od.out
// REQUIRES: offload-cpu, gcc
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 32, m = 40;
  double *a = malloc(n * m * sizeof(double));
  double *b = malloc(n * m * sizeof(double));
  for (int k = 0; k < n * m; k++) {
    a[k] = k % 11;
    b[k] = 0;
  }
  double rowsum = 0;
#pragma acc data copyin(a[0:n*m]) copyout(b[0:n*m])
  {
    for (int it = 0; it < 4; it++) {
#pragma acc parallel loop collapse(2)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
          b[j * m + i] = a[j * m + i] * 2 + it;

      int r = 3 + it;  // fetch row r of b only
#pragma acc update self(b[r * m:m])
      for (int i = 0; i < m; i++)
        rowsum += b[r * m + i];

      // change a window of a on the host, send just the window
      int lo = it * 5 + 1, len = 7;
      for (int k = lo; k < lo + len; k++)
        a[k] = -k;
#pragma acc update device(a[lo:len])

      // one element, only on odd steps
#pragma acc update self(b[(n - 1) * m + m - 1:1]) if(it % 2 == 1)
      if (it % 2 == 1)
        printf("it %d last %.2f\n", it, b[(n - 1) * m + m - 1]);

#pragma acc parallel loop
      for (int k = 0; k < n * m; k++)
        a[k] = a[k] + 1;
    }
  }
  double s = 0;
  for (int k = 0; k < n * m; k++)
    s += b[k] * (k % 4);
  printf("rowsum %.2f checksum %.2f\n", rowsum, s);
  free(a);
  free(b);
  return 0;
}
