// --offload=serial and pointer parameters of unknown extent (NPB CG's
// conj_grad(..., double a[], ...) and its sparse matrix-vector product,
// `sum += a[k] * p[colidx[k]]` for k from rowstr[j]): no section bounds
// them, but every call of the static function passes the same global
// arrays, so each maps whole at the extent the callers pass. Calls that
// pass arrays of different extents, or a function that moves its pointer,
// leave the loop on the host. Run against the serial original.
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

#define NA 3000
#define NZ (NA * 3)

static int colidx[NZ + 1], rowstr[NA + 2];
static double a[NZ + 1], p[NA + 1], q[NA + 1], w[NA + 1], small[NA / 2];

static void matvec(int n, int colidx[], int rowstr[], double a[], double p[],
                   double q[]) {
  int j, k;
  double sum;
  // NOTE: [[@LINE+5]]:3: note: 'a' mapped whole, a[0:9001]: every call of 'matvec' passes an array of 9001 elements
  // NOTE: [[@LINE+4]]:3: note: 'p' mapped whole, p[0:3001]: every call of 'matvec' passes an array of 3001 elements
  // NOTE: [[@LINE+3]]:3: note: 'colidx' mapped whole, colidx[0:9001]
  // OUT:      {{^}}  #pragma omp target teams distribute parallel for map(to: rowstr[1:n + 1], a[0:9001], p[0:3001], colidx[0:9001]) map(tofrom: q[1:n]) private(sum, k)
  // OUT-NEXT: {{^}}  for (j = 1; j <= n; j++) {
  for (j = 1; j <= n; j++) {
    sum = 0.0;
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum = sum + a[k] * p[colidx[k]];
    q[j] = sum;
  }
}

// Called with arrays of two extents: no one section.
static void gather(int n, const int idx[], const double v[], double out[]) {
  int i;
  // NOTE: [[@LINE+2]]:3: note: kept on the host: no array section can be inferred for 'v'
  // OUT-NOT: {{^ *}}#pragma omp target
  for (i = 0; i < n; i++)
    out[i] = v[idx[i]];
}

// Moves its pointer before the loop: what it reaches is not the callers'.
static void shifted(int n, const int idx[], double v[], double out[]) {
  int i;
  v = v + 1;
  // NOTE: [[@LINE+2]]:3: note: kept on the host: no array section can be inferred for 'v'
  // OUT-NOT: {{^ *}}#pragma omp target
  for (i = 0; i < n; i++)
    out[i] = v[idx[i]];
  // OUT: {{^}}  return;
  return;
}

int main(void) {
  int j, k, nz = 0;
  double s = 0;
  for (j = 1; j <= NA; j++) {
    rowstr[j] = nz;
    for (k = 0; k < 3; k++) {
      colidx[nz] = 1 + (j * 7 + k * 13) % NA;
      a[nz] = 1.0 / (j + k);
      nz++;
    }
    p[j] = j % 17;
  }
  rowstr[NA + 1] = nz;
  for (j = 0; j < NA / 2; j++)
    small[j] = j;
  matvec(NA, colidx, rowstr, a, p, q);
  for (j = 1; j <= NA; j++)
    p[j] = q[j] * 0.5;
  matvec(NA, colidx, rowstr, a, p, q);
  gather(NA / 2, colidx, p, w);
  gather(NA / 2, colidx, small, w + 1);
  shifted(NA / 2, colidx, p, w);
  for (j = 1; j <= NA; j++)
    s += q[j] + w[j];
  printf("%.10e\n", s);
  return 0;
}
