// C89 temporaries assigned and read in one branch only (NPB LU's setiv:
// `if (jglob != 0 && jglob != ny0-1) { eta = ...; for (i ...) ... eta ... }`,
// `eta` declared at the top of the function): no read of them can see
// another iteration's value, so they are private. Read after the branch,
// or after a branch whose inner loop may run no iteration, they may be
// carried: the loop stays. Run against the serial original built with gcc.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define NY 40
#define NZ 30
#define NX 20
static double u[NX][NY][NZ];
static int ny = NY, nz = NZ, nx = NX;

static void setiv(void) {
  int i, j, k, jglob;
  double eta, zeta;
  // NOTE: serial-branch-temporaries.c:[[@LINE+3]]:3: note: offloaded: the dependence test proves its iterations independent
  // OUT: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: u) private(jglob, k, zeta, eta, i)
  // OUT-NEXT: {{^ *}}for (j = 0; j < ny; j++) {
  for (j = 0; j < ny; j++) {
    jglob = j;
    for (k = 1; k < nz - 1; k++) {
      zeta = ((double)k) / (nz - 1);
      if (jglob != 0 && jglob != ny - 1) {
        eta = ((double)jglob) / (ny - 1);
        for (i = 0; i < nx; i++)
          u[i][j][k] = eta + zeta * i;
      }
    }
  }
}

static double carried(int m) {
  int j, k;
  double t = 0.5, s[NY];
  // Read after the branch: the value may come from an earlier iteration.
  // NOTE: serial-branch-temporaries.c:[[@LINE+1]]:3: note: kept on the host: the loop writes 't', declared outside it, in a way that is neither a reduction, a flag set to one constant, nor a temporary written before it is read
  for (j = 0; j < NY; j++) {
    if (j % 3 == 0) {
      t = j * 2.0;
    }
    s[j] = t;
  }
  // The branch's loop may run no iteration (m == 0): `t = 1` on the other
  // branch does not make the read after the if safe.
  // NOTE: serial-branch-temporaries.c:[[@LINE+1]]:3: note: kept on the host: the loop writes 't', declared outside it, in a way that is neither a reduction, a flag set to one constant, nor a temporary written before it is read
  for (j = 0; j < NY; j++) {
    if (j % 2 == 0) {
      for (k = 0; k < m; k++)
        t = k + j;
    } else
      t = 1.0;
    s[j] += t;
  }
  return s[NY - 1] + s[NY - 2] + s[7];
}

int main(void) {
  setiv();
  printf("%g %g %g\n", u[3][5][7], u[NX - 1][NY - 2][NZ - 2], u[2][0][3]);
  printf("%g %g\n", carried(0), carried(3));
  return 0;
}
