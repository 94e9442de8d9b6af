// Data clauses and constructs: data, enter/exit data, update, host_data.
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// DIAG: exit=0
#include <stddef.h>
void use(float *);

void data(int n, float *a, float *b, float *c, float *d, float *e) {
  // CHECK: {{^ *}}#pragma omp target data map(tofrom: a[0:n]) map(to: b[0:n]) map(from: c[0:n]) map(alloc: d[0:n])
  #pragma acc data copy(a[0:n]) copyin(b[0:n]) copyout(c[0:n]) create(d[0:n])
  {
    // present: nothing moves; the pointer attaches to the present data.
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: a[0:n], b[:0])
    #pragma acc parallel loop present(a[0:n], b)
    for (int i = 0; i < n; i++)
      a[i] += b[i];
    // Arrays of the enclosing data region need no map.
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for{{$}}
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      c[i] = a[i] + d[i];
  }
  // Modifiers and aliases.
  // CHECK: {{^ *}}#pragma omp target data map(to: a[0:n]) map(always, tofrom: b[0:n]) map(tofrom: e[0:n])
  #pragma acc data pcopyin(a[0:n]) copy(always: b[0:n]) no_create(e[0:n])
  {
  }
}

void unstructured(int n, float *a, float *b) {
  // CHECK: {{^ *}}#pragma omp target enter data map(to: a[0:n]) map(alloc: b[0:n])
  #pragma acc enter data copyin(a[0:n]) create(b[0:n])
  // CHECK: {{^ *}}#pragma omp target update to(b[0:n]) from(a[0:1]) if(n > 0)
  #pragma acc update self(a[0:1]) device(b[0:n]) if(n > 0) if_present
  // CHECK: {{^ *}}#pragma omp target update from(a[n - 1:1]){{$}}
  #pragma acc update host(a[n - 1:1])
  // CHECK: {{^ *}}#pragma omp target exit data map(from: a[0:n]) map(release: b[0:n])
  #pragma acc exit data copyout(a[0:n]) delete(b[0:n])
  // CHECK: {{^ *}}#pragma omp target exit data map(delete: b[0:n]) depend(inout: omp_migrate_async_[(-1) & 63])
  #pragma acc exit data delete(b[0:n]) finalize async
  // CHECK: {{^ *}}#pragma omp taskwait{{$}}
  #pragma acc wait
}

void hostdata(int n, float *a) {
  // CHECK: {{^ *}}#pragma omp target data use_device_ptr(a){{$}}
  #pragma acc host_data use_device(a)
  {
    use(a);
  }
}

void in_and_out(int n, float *x) {
  // One array in two clauses that move it in and out: tofrom.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: x[0:n]){{$}}
  #pragma acc parallel loop copyin(x[0:n]) copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 1;
}
