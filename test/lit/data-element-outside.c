// A data clause item that is one element outside its array's constant
// extents (LULESH's `copyin(gamma[4][8])` for `Real_t gamma[4][8]`, issue
// #29, item 6) is reported with the section that was probably meant, and
// the construct left intact: `map(to: gamma[4][8])` would copy 8 bytes from
// past the array. So is an element inside the array where the compute
// construct uses other elements of it; an element that is all the construct
// uses is a legal one-element map.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
#define NB 4
double gamma_[NB][8], x[100];
double sum(int n) {
  double s = 0;
  // DIAG: [[@LINE+2]]:3: warning: 'parallel loop' not translated: 'gamma_[NB][8]' is one element, outside the array 'gamma_' ('double[4][8]'): the clause would map bytes past its end; a section was probably meant: gamma_[0:4][0:8]
  // CHECK: {{^}}  #pragma acc parallel loop copyin(gamma_[NB][8]) reduction(+:s)
  #pragma acc parallel loop copyin(gamma_[NB][8]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += gamma_[i % NB][i % 8];
  // DIAG: [[@LINE+2]]:3: warning: 'enter data' not translated: 'x[-1]' is one element, outside the array 'x' ('double[100]'): the clause would map bytes past its end; a section was probably meant: x[0:100]
  // CHECK: {{^}}  #pragma acc enter data copyin(x[-1])
  #pragma acc enter data copyin(x[-1])
  // CHECK: {{^}}  #pragma omp target enter data map(to: x[99])
  #pragma acc enter data copyin(x[99])
  // An element inside the array, where the construct uses others of it.
  // DIAG: [[@LINE+2]]:3: warning: 'parallel loop' not translated: 'gamma_[1][2]' maps one element of 'gamma_', but the construct uses others ('gamma_[i % NB][i % 8]', line [[#@LINE+4]]): a section was probably meant: gamma_[0:4][0:8]
  // CHECK: {{^}}  #pragma acc parallel loop copyin(gamma_[1][2]) reduction(+:s)
  #pragma acc parallel loop copyin(gamma_[1][2]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += gamma_[i % NB][i % 8];
  // The element it maps is the one it uses.
  // CHECK: {{^}}  #pragma omp target teams distribute parallel for map(to: gamma_[1][2]) map(from: x[0:n])
  #pragma acc parallel loop copyin(gamma_[1][2]) copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = gamma_[1][2] * i;
  return s;
}
// DIAG: exit=1
