// --offload=serial and local pointers whose subscripts bound no section
// (`a[idx[i]]`, an indirection): the whole allocation is mapped when it is
// in sight (`p = malloc(K * sizeof *p)`, `calloc(K, sizeof(T))`) and K
// keeps its value from the allocation to the loop. A count written after
// the allocation, a pointer moved or whose address is taken, a count read
// through a global leave the loop on the host with the reason. Run against
// the serial original on the CPU stand-in and with gcc.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload -Werror=openmp-target %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp && %t.gomp > %t.gout
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#include <stdlib.h>

int nglobal = 64;

static double gather(int n, int m) {
  int i;
  double s = 0;
  double *a = malloc(m * sizeof(double));
  double *b = (double *)malloc(sizeof *b * n);
  int *idx = calloc(n, sizeof(int));
  for (i = 0; i < m; i++)
    a[i] = i * 0.5;
  for (i = 0; i < n; i++)
    idx[i] = (i * 7) % m;
  // NOTE: [[@LINE+4]]:3: note: 'a' mapped whole, a[0:m], its allocation (no narrower section is proved: the subscript 'idx[i]' depends on a value computed in the region)
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(tofrom: b[0:n]) map(to: a[0:m], idx[0:n])
  // OUT-NEXT: {{^}}  for (i = 0; i < n; i++)
  // OUT-NEXT: {{^}}    b[i] = a[idx[i]] * 2.0;
  for (i = 0; i < n; i++)
    b[i] = a[idx[i]] * 2.0;
  for (i = 0; i < n; i++)
    s += b[i];
  free(a);
  free(b);
  free(idx);
  return s;
}

// The count changes after the allocation: a[0:m] would name other bytes.
static double grown(int n, int m) {
  int i;
  double s = 0;
  int mm = m;
  double *a = malloc(mm * sizeof(double));
  double *b = malloc(n * sizeof(double));
  int *idx = malloc(n * sizeof(int));
  for (i = 0; i < mm; i++)
    a[i] = i;
  for (i = 0; i < n; i++)
    idx[i] = i % mm;
  mm = mm * 2;
  // NOTE: [[@LINE+2]]:3: note: kept on the host: no array section can be inferred for 'a': the subscript 'idx[i]' depends on a value computed in the region (nor its allocation's size: its size reads 'mm', which is written more than once)
  // OUT: {{^}}  for (i = 0; i < n; i++) b[i] = a[idx[i]] + mm;
  for (i = 0; i < n; i++) b[i] = a[idx[i]] + mm;
  for (i = 0; i < n; i++)
    s += b[i];
  free(a);
  free(b);
  free(idx);
  return s;
}

// The pointer moves; the count is a global; the address is taken.
static double others(int n) {
  int i;
  double s = 0;
  double *a = malloc(n * sizeof(double));
  double *g = malloc(nglobal * sizeof(double));
  double *t = malloc(n * sizeof(double));
  double **pt = &t;
  double *b = malloc(n * sizeof(double));
  int *idx = malloc(n * sizeof(int));
  for (i = 0; i < n; i++) {
    a[i] = i;
    t[i] = 2 * i;
    idx[i] = (i * 3) % 16;
  }
  for (i = 0; i < nglobal; i++)
    g[i] = i;
  double *first = a;
  a = a + 1;
  // NOTE: [[@LINE+1]]:3: note: kept on the host: no array section can be inferred for 'a': the subscript 'idx[i]' depends on a value computed in the region (nor its allocation's size: it is assigned more than once)
  for (i = 0; i < n - 1; i++) b[i] = a[idx[i]];
  // NOTE: [[@LINE+1]]:3: note: kept on the host: no array section can be inferred for 'g': the subscript 'idx[i]' depends on a value computed in the region (nor its allocation's size: its size reads 'nglobal', which is not a local of the function)
  for (i = 0; i < n; i++) b[i] += g[idx[i]];
  // NOTE: [[@LINE+1]]:3: note: kept on the host: no array section can be inferred for 't': the subscript 'idx[i]' depends on a value computed in the region (nor its allocation's size: its address is taken)
  for (i = 0; i < n; i++) b[i] += t[idx[i]];
  for (i = 0; i < n; i++)
    s += b[i];
  free(first);
  free(g);
  free(*pt);
  free(b);
  free(idx);
  return s;
}

int main(void) {
  printf("%.3f\n", gather(4000, 50));
  printf("%.3f\n", grown(4000, 50));
  printf("%.3f\n", others(4000));
  return 0;
}
