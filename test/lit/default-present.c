// default(present) needs no section (miniWeather): the data is on the
// device already, set up by enter data in another function; computed
// indices that no section can be inferred for are fine (issue #13, item 7).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu && gcc %{ %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>

static int n = 1000;
static double *state, *flux;
static double weights[4] = {0.5, 0.25, 0.125, 0.125};

void init(void) {
  state = malloc(n * sizeof(double));
  flux = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    state[i] = i % 17;
    flux[i] = 0;
  }
  // CHECK: {{^ *}}#pragma omp target enter data map(to: state[0:n], flux[0:n], weights)
  #pragma acc enter data copyin(state[0:n], flux[0:n], weights)
}

void step(void) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: flux[:0], weights, state[:0]){{$}}
  #pragma acc parallel loop default(present)
  for (int i = 1; i < n - 1; i++) {
    int k = (i * 7) % (n - 2) + 1;
    flux[i] = weights[i % 4] * (state[k] + state[k - 1]);
  }
}

int main(void) {
  init();
  step();
  #pragma acc exit data copyout(flux[0:n]) delete(state[0:n], weights)
  double s = 0;
  for (int i = 0; i < n; i++)
    s += flux[i] * (i % 13);
  printf("%.3f\n", s);
  return 0;
}
// DIAG: exit=0
