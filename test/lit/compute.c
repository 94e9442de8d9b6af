// Compute constructs and their clauses.
// RUN: %omp-migrate %s -- -std=c11 > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %omp-migrate --async=nowait %s -- -std=c11 2>/dev/null | FileCheck %s --check-prefix=NOWAIT
// RUN: %if offload-cpu %{ %clang19-offload -std=c11 -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -std=c11 -c %t.c -o /dev/null %}
// DIAG: 7 of 7 constructs translated
// DIAG: exit=0

// The async queues' dependence objects are declared before the function.
// CHECK: {{^ *}}static char omp_migrate_async_[64];
// CHECK-NEXT: {{^ *}}void compute(
void compute(int n, float *restrict x, float *restrict y, float a, int c) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];

  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for if(target: (n > 100)) num_teams(64) thread_limit((4) * (32)) map(to: x[0:n]) map(from: y[0:n]) depend(inout: omp_migrate_async_[(2) & 63])
  // NOWAIT: {{^ *}}#pragma omp target teams distribute parallel for {{.*}} map(from: y[0:n]) nowait depend(inout: omp_migrate_async_[(2) & 63])
  #pragma acc parallel loop if(n > 100) num_gangs(64) num_workers(4) vector_length(32) copyin(x[0:n]) copyout(y[0:n]) async(2)
  for (int i = 0; i < n; i++)
    y[i] = x[i];

  // CHECK: {{^ *}}#pragma omp target if(target: !(c)) map(tofrom: y[0:1])
  #pragma acc serial self(c) copy(y[0:1])
  {
    y[0] = 1;
  }

  float t = 0;
  // The kernels with an if clause may run on the host: the run of kernels
  // after them keeps its data on the device.
  // CHECK: {{^ *}}#pragma omp target enter data map(to: x[0:n], y[0:n])
  // CHECK-NEXT: {{^ *}}#pragma omp target teams thread_limit(128) map(to: x[0:n]) map(tofrom: y[0:n]) firstprivate(t)
  #pragma acc parallel vector_length(128) copyin(x[0:n]) copy(y[0:n]) firstprivate(t) default(none)
  {
    // CHECK: {{^ *}}#pragma omp distribute parallel for
    #pragma acc loop gang vector
    for (int i = 0; i < n; i++)
      y[i] += t + x[i];
  }

  // A serial loop runs sequentially: no work-sharing directive.
  // CHECK: {{^ *}}#pragma omp target map(tofrom: y[0:n])
  #pragma acc serial loop
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
