// A _Pragma operator in a macro whose uses translate differently (the
// implicit data of each loop) cannot hold both translations: the file is
// left intact, with the reason; so is a _Pragma whose translation is more
// than one directive.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: diff %s %t.c
// RUN: FileCheck %s --input-file=%t.err
// CHECK: pragma-operator-conflict.c:[[@LINE+5]]:3: warning: 'parallel loop' not translated: the directive comes from a _Pragma operator in a macro used more than once (line [[@LINE+5]]), whose uses translate differently ('"omp target teams distribute parallel for map(tofrom: x[0:n])"' and '"omp target teams distribute parallel for map(tofrom: y[0:n])"'); the macro's definition can hold one [omp-migrate]
// CHECK: exit=1
#define LOOP _Pragma("acc parallel loop")

void f(int n, float *x, float *y) {
  LOOP
  for (int i = 0; i < n; i++)
    x[i] += 1;
  LOOP
  for (int i = 0; i < n; i++)
    y[i] *= 2;
}
