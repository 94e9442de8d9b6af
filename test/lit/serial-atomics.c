// --offload=serial and updates that commute: an array written only by one
// commutative operator at data-dependent places (a histogram) gets an atomic
// update per update statement, a scalar set to one constant in some
// iterations (a flag) an atomic write; an array also read, two operators,
// or an element the iterations share at an affine place, keep the loop.
// Run against the serial original built with gcc, with clang-19 (CPU
// stand-in) and gcc's OpenMP.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -fopenmp -O1 %t.c -o %t.gomp -lm && %t.gomp > %t.gout
// RUN: gcc -O1 %s -o %t.orig -lm && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref %t.gout
// RUN: %omp-migrate --offload=serial %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
// With --array-reductions the histograms (declared arrays of 64 elements)
// are reduced whole, each team its own copy, and the element the
// iterations share stays kept (it is no array).
// RUN: %omp-migrate --offload=serial --array-reductions %s -- > %t.red.c
// RUN: %FileCheck %s --check-prefix=RED < %t.red.c
// RUN: %clang19-offload %t.red.c -o %t.red -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.red > %t.red.out
// RUN: diff %t.ref %t.red.out
// RUN: gcc -fopenmp -O1 %t.red.c -o %t.gred -lm && %t.gred > %t.gred.out
// RUN: diff %t.ref %t.gred.out
// RED:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist) map(to: key) reduction(+: hist)
// RED-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
// RED-NEXT: {{^ *}}hist[key[i]]++;
// RED:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist2) map(to: key) reduction(+: hist2)
// RED:      {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: himg) map(to: img) reduction(+: himg)
// RED-NOT:  {{^ *}}#pragma omp atomic update
#include <stdio.h>

#define N 100000
#define K 64

static int key[N];
static long hist[K], hist2[K], both[K];
static int img[300][400];
static long himg[K];
static double w[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    key[i] = (i * 7919) % K;
    w[i] = (i % 13) * 0.25;
  }
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 400; j++)
      img[i][j] = (i * j) % K;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist) map(to: key)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // OUT-NEXT: {{^ *}}#pragma omp atomic update
  // OUT-NEXT: {{^ *}}hist[key[i]]++;
  // OUT-NEXT: {{^ *}}#pragma omp atomic update
  // OUT-NEXT: {{^ *}}hist[(key[i] + 1) % K] -= 2;
  // OUT-NEXT: {{^ *}}}
  for (int i = 0; i < N; i++) {
    hist[key[i]]++;
    hist[(key[i] + 1) % K] -= 2;
  }
  // x = x op e, and a 2-D image whose nest is collapsed.
  // OUT:      {{^ *}}#pragma omp atomic update
  // OUT-NEXT: {{^ *}}hist2[key[i]] = hist2[key[i]] + 3;
  for (int i = 0; i < N; i++)
    hist2[key[i]] = hist2[key[i]] + 3;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for collapse(2) map(tofrom: himg) map(to: img)
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 400; j++)
      himg[img[i][j]] += 1;
  // NOTE: serial-atomics.c:[[@LINE+1]]:3: note: kept on the host: a subscript of 'both' depends on a value computed in the loop
  for (int i = 0; i < N; i++)
    both[key[i]] = both[key[i]] * 2 + 1;
  // An element every iteration updates at an affine place: a reduction
  // into one element, proved but kept (atomics there would run one
  // iteration at a time, and the one-element section reduction is not
  // emitted).
  // NOTE: serial-atomics.c:[[@LINE+1]]:3: note: kept on the host: 'both[3]' is a reduction target of every iteration: OpenMP reduces an array element only as a one-element array section, which omp-migrate does not emit (clang 19 fails to link it for a global array; not checked on a GPU): accumulate into a scalar to offload the loop
  for (int i = 0; i < N; i++)
    both[3] += key[i];
  // A flag: set to one constant in some iterations.
  int found = 0;
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(to: w) map(tofrom: found)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++)
  // OUT-NEXT: {{^ *}}if (w[i] > 2.9)
  // OUT-NEXT: {{^ *}}#pragma omp atomic write
  // OUT-NEXT: {{^ *}}found = 1;
  for (int i = 0; i < N; i++)
    if (w[i] > 2.9)
      found = 1;
  long s = 0;
  for (int b = 0; b < K; b++)
    s += hist[b] * (b + 1) + hist2[b] * 3 + himg[b] * 7 + both[b];
  printf("%ld %d\n", s, found);
  return 0;
}
