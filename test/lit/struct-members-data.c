// A data construct with a member section through a pointer (issue #13,
// item 1): gcc 12 crashes compiling `target data map(to: p[0:1])
// map(tofrom: p->x[0:p->n])` (and its own OpenACC crashes on the original),
// so the region becomes enter data before its block and exit data after
// it, which is the same region when nothing leaves the block early; a block
// that can be left early (return, goto, break) is reported. The program
// checks its own result (gcc cannot build the original for a reference).
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if offload-cpu %{ %clang19-offload %t.c -o %t.omp -lm && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp | FileCheck %s --check-prefix=OUT %}
#include <stdio.h>
#include <stdlib.h>

typedef struct { double *x; int n; } Vec;

void scale(Vec *p) {
  // CHECK-LABEL: {{^ *}}void scale(
  // CHECK: {{^ *}}#pragma omp target enter data map(to: p[0:1]) map(to: p->x[0:p->n]){{$}}
  // NOTE: struct-members-data.c:[[@LINE+1]]:3: note: a member section through a pointer: the data region becomes enter data before its block and exit data after it (gcc 12 fails to compile it in target data)
  #pragma acc data copy(p->x[0:p->n])
  {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: p[0:1]) map(alloc: p->x[:0]){{$}}
    #pragma acc parallel loop
    for (int i = 0; i < p->n; i++)
      p->x[i] *= 3;
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: p[0:1]) map(alloc: p->x[:0]){{$}}
    #pragma acc parallel loop
    for (int i = 0; i < p->n; i++)
      p->x[i] += 1;
  } // the region ends here
  // CHECK: {{^ *}}} // the region ends here
  // CHECK-NEXT: {{^ *}}#pragma omp target exit data map(release: p[0:1]) map(from: p->x[0:p->n]){{$}}
}

int early(Vec *p) {
  // NOTE: struct-members-data.c:[[@LINE+1]]:3: warning: 'data' not translated: a member section through a pointer in a data construct becomes enter and exit data (gcc 12 fails to compile it in target data), but its block can be left early (line [[@LINE+7]])
  #pragma acc data copy(p->x[0:p->n])
  {
    #pragma acc parallel loop
    for (int i = 0; i < p->n; i++)
      p->x[i] += 1;
    if (p->n > 1000)
      return 1;
  }
  return 0;
}
// CHECK-LABEL: {{^ *}}int early(
// CHECK: {{^ *}}#pragma acc data copy(p->x[0:p->n]){{$}}
// The kernel inside the untranslated region maps its own data.
// CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: p[0:1]) map(tofrom: p->x[0:p->n]){{$}}

int main(void) {
  int n = 100;
  Vec v = {malloc(n * sizeof(double)), n};
  for (int i = 0; i < n; i++)
    v.x[i] = i;
  scale(&v);
  early(&v);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += v.x[i] != 3.0 * i + 2;
  // OUT: ok 0 wrong
  printf("%s %d wrong\n", bad ? "FAILED" : "ok", bad);
  free(v.x);
  return bad != 0;
}
// NOTE: exit=1
