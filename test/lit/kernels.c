// kernels: each loop nest becomes its own kernel when the dependence test
// proves it parallel; scalar-only statements stay on the host; statements
// touching arrays run in a single-thread target; the data moves once.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}

void region(int n, float *restrict a, float *restrict b, float *c, float *d) {
  float s;
  // CHECK: {{^ *}}#pragma omp target data map(tofrom: a[0:n], b[0:n])
  #pragma acc kernels
  {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for{{$}}
    for (int i = 0; i < n; i++)
      a[i] = i;
    s = 2.0f;
    // CHECK: {{^    }}s = 2.0f;
    // CHECK: {{^ *}}#pragma omp target map(tofrom: s){{$}}
    // CHECK-NEXT: {{^    }}s = a[0] + 1;
    s = a[0] + 1;
    // A loop-carried dependence: a single-thread kernel.
    // CHECK: {{^ *}}#pragma omp target{{$}}
    // CHECK-NEXT: {{^    }}for (int i = 1; i < n; i++)
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + s;
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for{{$}}
    // CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++)
    for (int i = 0; i < n; i++)
      b[i] = a[i] * s;
  }
  // NOTE: loop at line 16: the dependence test proves it parallel
  // NOTE: loop at line 26: kept sequential: 'a' is written and accessed at different subscripts, which may be a loop-carried dependence
  // NOTE: loop at line 30: the dependence test proves it parallel

  // kernels loop with possibly aliased pointers stays sequential, with a reason.
  // CHECK: {{^ *}}#pragma omp target map(tofrom: c[0:n]) map(to: d[0:n])
  #pragma acc kernels loop
  for (int i = 0; i < n; i++)
    c[i] = d[i];
  // NOTE: kept sequential: 'c' and 'd' may alias (declare one of them restrict, or add independent)

  // independent asserts what the test cannot prove.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: c[0:n]) map(to: a[0:n])
  #pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    c[i] = a[i];

  // A reduction found by the test.
  float sum = 0;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: b[0:n]) map(tofrom: sum) reduction(+: sum)
  #pragma acc kernels loop
  for (int i = 0; i < n; i++)
    sum += b[i];
}

void seq_reduction(int n, float *a) {
  // A kernels loop the test keeps sequential, with an explicit reduction: a
  // single-thread target takes no reduction clause, only the map.
  float m = 0;
  // CHECK: {{^ *}}#pragma omp target map(tofrom: m, a[0:n]){{$}}
  #pragma acc kernels loop reduction(max:m)
  for (int i = 1; i < n; i++) {
    a[i] = a[i - 1] + 1;
    m = a[i] > m ? a[i] : m;
  }
}

// kernels over one loop, with and without braces: one combined kernel, and
// no OpenACC directive left behind (a second run changes nothing).
// RUN: %omp-migrate %t.c -- 2>/dev/null | diff %t.c -
void single_loop(int n, double *restrict a) {
  // CHECK: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  // CHECK-NEXT: {{^  }}for (int i = 0; i < n; i++)
#pragma acc kernels
  for (int i = 0; i < n; i++)
    a[i] += 1.0;
}

void single_loop_braced(int n, double *restrict a) {
  // CHECK: {{^  }}{
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  // CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++)
#pragma acc kernels
  {
    for (int i = 0; i < n; i++)
      a[i] *= 2.0;
  }
}
