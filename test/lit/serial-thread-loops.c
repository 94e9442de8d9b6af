// Loop mapping for a GPU (issue #31), --thread-loops: an offloaded loop whose body is no
// perfect nest (gemm's `i`: a scaling `j` loop, then `k` around an update
// `j` loop) spreads over teams, and each inner loop that is parallel for
// one outer iteration and writes along its own variable spreads over the
// threads of the team (`parallel for`): neighbouring threads write
// neighbouring elements and every (i, j) has a thread. A loop writing
// across (`C[j][i]`), a short one, one that reduces, and one whose
// variable is read after it keep the plain form. The translation prints
// what the serial original prints (clang-19 on the CPU stand-in, gcc).
// RUN: %omp-migrate --offload=serial --min-trip-count=0 --thread-loops --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: python3 -c "import json; print('\n'.join('%%d %%s' %% (l['line'], l.get('thread_loops')) for l in json.load(open('%t.json'))['files'][0]['loops'] if l['offloaded']))" | %FileCheck %s --check-prefix=JSON
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// RUN: %omp-migrate --offload=serial --min-trip-count=0 --thread-loops %t.c -- > %t.again.c
// Off by default (not yet checked on a GPU): the plain form.
// RUN: %omp-migrate --offload=serial --min-trip-count=0 %s -- | %FileCheck %s --check-prefix=DEFAULT
// DEFAULT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: C) map(to: A, B) private(j, k){{$}}
// DEFAULT-NOT: omp parallel for
// RUN: diff %t.c %t.again.c
#include <stdio.h>
#define NI 300
#define NJ 320
#define NK 200

static double A[NI][NK], B[NK][NJ], C[NI][NJ], D[NJ][NI], S[NI];

static void gemm(double alpha, double beta) {
  int i, j, k;
  // OUT:      {{^}}  #pragma omp target teams distribute map(tofrom: C) map(to: A, B) private(j, k){{$}}
  // OUT-NEXT: {{^}}  for (i = 0; i < NI; i++) {{{$}}
  // OUT-NEXT: {{^}}    #pragma omp parallel for{{$}}
  // OUT-NEXT: {{^}}    for (j = 0; j < NJ; j++){{$}}
  // OUT-NEXT: {{^}}      C[i][j] *= beta;{{$}}
  // OUT-NEXT: {{^}}    for (k = 0; k < NK; k++){{$}}
  // OUT-NEXT: {{^}}      #pragma omp parallel for{{$}}
  // OUT-NEXT: {{^}}      for (j = 0; j < NJ; j++){{$}}
  // NOTE: serial-thread-loops.c:[[@LINE+1]]:3: note: the loop at line [[@LINE+2]] runs on the threads of each team (parallel for): neighbouring threads write neighbouring elements; this loop spreads over teams
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < NK; k++)
      for (j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

static void others(void) {
  int i, j;
  double t;
  // Writes across: D[j][i] has i last.
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: S, D) map(to: C) private(j){{$}}
  for (i = 0; i < NI; i++) {
    S[i] = 1.0;
    for (j = 0; j < NJ; j++)
      D[j][i] = C[i][j];
  }
  // Eight iterations: fewer than a warp.
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: S, C) private(j){{$}}
  for (i = 0; i < NI; i++) {
    S[i] += 1.0;
    for (j = 0; j < 8; j++)
      C[i][j] += 1.0;
  }
  // The inner loop reduces into t.
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(to: C) map(tofrom: S) private(t, j){{$}}
  for (i = 0; i < NI; i++) {
    t = 0.0;
    for (j = 0; j < NJ; j++)
      t += C[i][j];
    S[i] = t;
  }
  // Its variable is read after it (the last column's index).
  // OUT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: C, S) private(j){{$}}
  for (i = 0; i < NI; i++) {
    for (j = 0; j < NJ; j++)
      C[i][j] *= 0.5;
    S[i] += j;
  }
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k + 1) % 17) / 8.0;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)((k * j + 2) % 13) / 4.0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i + j) % 7);
  gemm(1.5, 0.5);
  others();
  double s = 0.0, d = 0.0, c = 0.0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      c += C[i][j];
      d += D[j][i] * (j + 1);
    }
  for (int i = 0; i < NI; i++)
    s += S[i];
  printf("%.6f %.6f %.6f\n", c, d, s);
  return 0;
}
// JSON:      {{^}}44 [45, 48]{{$}}
// JSON-NEXT: {{^}}58 None{{$}}
