// Loops over the rows of a compressed sparse row (CSR) structure that write
// the elements of their rows (NPB CG: `for (k = rowstr[j]; k < rowstr[j+1];
// k++) colidx[k] = ...`). Different rows are disjoint when rowstr does not
// decrease, which no analysis of the code that built it proves: the loop
// is versioned, a helper function the file gets once tests rowstr before
// it, and the original loop runs when the test fails (`scramble` makes it
// fail, and the answer is still the serial one). An element past the row
// (`ci[k]` after the row loop), a shifted subscript or two row arrays are
// not separated: those loops stay. Run against the serial original built
// with gcc; a second run changes nothing (nor offloads the loops inside
// the host copy).
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: gcc -fopenmp -foffload=disable %t.c -o %t.gcc && %t.gcc > %t.gout
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial --min-launch-work=0 %t.c -- | diff %t.c -
// RUN: %omp-migrate --offload=serial --min-launch-work=0 --suggest %s -- 2>&1 | %FileCheck %s --check-prefix=SUGGEST
// SUGGEST: serial-sparse-rows.c:{{[0-9]+}}:3: remark: loop can be offloaded when 'rowstr' does not decrease (versioned: a run-time test chooses it)
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define NR 500
#define NZ 4000
static int rowstr[NR + 2], colidx[NZ], other[NR + 2];
static double a[NZ];

// OUT: {{^}}/* omp-migrate: whether rows[from..to] does not decrease, so that the rows of a
// OUT-NEXT: {{^}}   sparse structure a versioned loop reaches are disjoint */
// OUT-NEXT: {{^}}static int omp_migrate_rows_ascend_int(const int *rows, long long from, long long to) {
// OUT-NEXT: {{^}}  long long x;
// OUT-NEXT: {{^}}  for (x = from; x < to; x++)
// OUT-NEXT: {{^}}    if (rows[x] > rows[x + 1])
// OUT-NEXT: {{^}}      return 0;
// OUT-NEXT: {{^}}  return 1;
// OUT-NEXT: {{^}}}
// OUT-EMPTY:
// OUT-NEXT: {{^}}static void shift(int firstrow, int lastrow, int firstcol) {
static void shift(int firstrow, int lastrow, int firstcol) {
  int j, k;
  // NOTE: serial-sparse-rows.c:[[@LINE+6]]:3: note: the iterations write the rows of a sparse structure that 'rowstr' delimits: disjoint when 'rowstr' does not decrease from index 1 to -firstrow + lastrow + 2, tested before the loop
  // NOTE: serial-sparse-rows.c:[[@LINE+5]]:3: note: versioned: offloaded when omp_migrate_rows_ascend_int(rowstr, 1, -firstrow + lastrow + 2), else the loop as it was
  // OUT: {{^}}  if (omp_migrate_rows_ascend_int(rowstr, 1, -firstrow + lastrow + 2)) {
  // OUT-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(always, to: rowstr) map(always, tofrom: colidx) private(k)
  // OUT-NEXT: {{^}}    for (j = 1; j <= lastrow - firstrow + 1; j++) {
  // OUT: {{^}}  } else
  for (j = 1; j <= lastrow - firstrow + 1; j++) {
    for (k = rowstr[j]; k < rowstr[j + 1]; k++) {
      colidx[k] = colidx[k] - firstcol + 1;
    }
  }
}

// A parameter every call passes `a` to, rows ended by `<= rowstr[j+1] - 1`.
static void zero(double aa[], int nrows) {
  int j, k;
  // OUT: {{^}}  if (omp_migrate_rows_ascend_int(rowstr, 0, nrows)) {
  // OUT-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(always, to: rowstr) map(always, tofrom: aa[0:4000]) private(k)
  for (j = 0; j <= nrows - 1; j++) {
    for (k = rowstr[j]; k <= rowstr[j + 1] - 1; k++)
      aa[k] = aa[k] * 0.5 + j;
  }
}

static void kept(int n) {
  int j, k;
  // NOTE: serial-sparse-rows.c:[[@LINE+1]]:3: note: kept on the host: a subscript of 'colidx' depends on a value computed in the loop
  for (j = 0; j < n; j++) {
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      colidx[k] = 2 * colidx[k] % 1000;
    colidx[k] = colidx[k] % 300;
  }
  // NOTE: serial-sparse-rows.c:[[@LINE+1]]:3: note: kept on the host: a subscript of 'colidx' depends on a value computed in the loop
  for (j = 0; j < n; j++)
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      colidx[k + 1] = 2 * colidx[k + 1] % 1000;
  // NOTE: serial-sparse-rows.c:[[@LINE+1]]:3: note: kept on the host: a subscript of 'colidx' depends on a value computed in the loop
  for (j = 0; j < n; j++) {
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      colidx[k] = 2 * colidx[k] % 1000;
    for (k = other[j]; k < other[j + 1]; k++)
      colidx[k] = 3 * colidx[k] % 1000;
  }
}

static long sum(void) {
  long s = 0;
  int k;
  for (k = 0; k < NZ; k++)
    s += colidx[k] * (k % 13) + (long)a[k];
  return s;
}

// Rows that overlap: the test fails, the original loop runs.
static void scramble(void) {
  int j;
  for (j = 0; j <= NR; j += 7)
    rowstr[j] = rowstr[j] + 9;
}

int main(void) {
  int j, k;
  rowstr[0] = 0;
  for (j = 0; j <= NR; j++) {
    rowstr[j + 1] = rowstr[j] + (j * 7) % 8;
    other[j] = j;
  }
  other[NR + 1] = NR + 1;
  for (k = 0; k < NZ; k++) {
    colidx[k] = k % 97 + 3;
    a[k] = k;
  }
  shift(1, NR - 1, 3);
  zero(a, NR / 2);
  printf("%ld %d\n", sum(), rowstr[NR + 1]);
  kept(NR / 3);
  scramble();
  shift(1, NR - 1, 3);
  zero(a, NR);
  printf("%ld\n", sum());
  return 0;
}
