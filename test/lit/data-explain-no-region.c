// --explain says why a loop that runs kernels gets no data region (its
// kernels then keep their own maps, as in the per-kernel translation), and
// the JSON report lists it under "decisions", apart from the constructs (the
// count of translated constructs is unchanged). One loop per reason: a
// function of another file or a call through a pointer that the array is
// passed to (it may run kernels on it), a data directive of the input
// inside, an asynchronous kernel, a pointer whose address escapes, a section
// whose bound the loop changes, a loop that is not a statement of a block.
// RUN: %omp-migrate --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %omp-migrate %s -- 2>/dev/null | diff %t.c -
// CHECK-NOT: no data region
// JSON:      "decisions": [
// JSON-NEXT:   {
// JSON-NEXT:     "column": 3,
// JSON-NEXT:     "kind": "data placement",
// JSON-NEXT:     "line": {{[0-9]+}},
// JSON-NEXT:     "notes": [
// JSON-NEXT:       "no data region around this loop: a: passed to 'ext' (defined in another file), which may run kernels on it; its kernels keep their own maps"
// JSON:      "total": 10,
// JSON-NEXT:  "translated": 10
#include <stdio.h>
void ext(double *p);
void (*hook)(double *);
void swap2(double **x, double **y);

static void unknown_callee(double *a, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: a: passed to 'ext' (defined in another file), which may run kernels on it; its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] += 1;
    ext(a);
  }
}

static void through_pointer(double *a, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: a: passed to a call through a pointer, which may run kernels on it; its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] += 1;
    hook(a);
  }
}

static void own_update(double *a, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: it holds an OpenACC 'update' directive (line [[#@LINE+5]]); its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma acc update self(a[0:1])
    printf("%g\n", a[0]);
  }
}

static void asynchronous(double *a, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: a kernel inside is asynchronous (async, nowait or depend); its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
#pragma acc wait
}

static void address_taken(double *a, double *b, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: the address of 'a' is taken; its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
    swap2(&a, &b);
  }
}

static void growing(double *a, int n) {
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: a: its section names 'm', which changes inside; its kernels keep their own maps
  for (int m = 1; m < n; m *= 2) {
#pragma acc parallel loop
    for (int i = 0; i < m; i++)
      a[i] += 1;
  }
}

static void data_of_its_own(double *a, int n) {
#pragma acc data copy(a[0:n])
  // CHECK: data-explain-no-region.c:[[@LINE+1]]:3: note: no data region around this loop: it is not a statement of a block ({{[{] ... [}]}}), where a directive could go before it; its kernels keep their own maps
  for (int t = 0; t < 10; t++) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
}
