// private/firstprivate of an array section: OpenMP has none. A section that
// covers a fixed-size array whole becomes the array's name; any other
// section is reported and the construct left intact (exit status 1).
// RUN: %omp-migrate --report=%t.json %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// A second run changes nothing.
// RUN: %omp-migrate %t.c -- > %t.second.c 2>/dev/null; cmp %t.c %t.second.c
#define N 8

void whole(int n, float *x) {
  int c[N];
  float d[4][N];
  for (int k = 0; k < N; k++)
    d[0][k] = k;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) private(c) firstprivate(d)
  #pragma acc parallel loop private(c[0:N]) firstprivate(d[0:4][0:N]) copy(x[0:n])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < N; k++)
      c[k] = i + k + d[0][k];
    x[i] = c[i % N];
  }
  // CHECK: {{^ *}}#pragma omp target teams map(tofrom: x[0:n]) firstprivate(c)
  #pragma acc parallel firstprivate(c[:N]) copy(x[0:n])
  {
    // CHECK: {{^ *}}#pragma omp distribute parallel for private(c)
    #pragma acc loop private(c[0:8])
    for (int i = 0; i < n; i++) {
      c[0] = i;
      x[i] += c[0];
    }
  }
}

void reported(int n, float *x, float *p) {
  int c[N];
  // CHECK: {{^ *}}#pragma acc parallel num_gangs(10) private(p[0:n]) copy(x[0:n])
  #pragma acc parallel num_gangs(10) private(p[0:n]) copy(x[0:n])
  {
    // CHECK: {{^ *}}#pragma acc loop
    #pragma acc loop
    for (int i = 0; i < n; i++)
      x[i] += 1;
  }
  // CHECK: {{^ *}}#pragma acc parallel copy(x[0:n])
  #pragma acc parallel copy(x[0:n])
  {
    // CHECK: {{^ *}}#pragma acc loop private(c[0:n])
    #pragma acc loop private(c[0:n])
    for (int i = 0; i < n; i++) {
      c[0] = i;
      x[i] = c[0];
    }
  }
  // CHECK: {{^ *}}#pragma acc serial firstprivate(c[2:4]) copy(x[0:n])
  #pragma acc serial firstprivate(c[2:4]) copy(x[0:n])
  x[0] = c[2];
}
// DIAG: private-sections.c:41:3: warning: 'parallel' not translated: private(p[0:n]): OpenMP has no private array sections; declare a local array in the region instead [omp-migrate]
// DIAG: private-sections.c:44:5: warning: 'loop' not translated: inside an untranslated parallel construct [omp-migrate]
// DIAG: private-sections.c:49:3: warning: 'parallel' not translated: private(c[0:n]): OpenMP has no private array sections; declare a local array in the region instead [omp-migrate]
// DIAG: private-sections.c:52:5: warning: 'loop' not translated: inside an untranslated parallel construct [omp-migrate]
// DIAG: private-sections.c:59:3: warning: 'serial' not translated: firstprivate(c[2:4]): OpenMP has no firstprivate array sections; declare a local array in the region instead and copy the values into it [omp-migrate]
// DIAG: 4 of 9 constructs translated
// DIAG: exit=1
// JSON: "exit_status": 1
// JSON: "reason": "private(p[0:n]): OpenMP has no private array sections; declare a local array in the region instead",
