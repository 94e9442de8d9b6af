// declare, routine, atomic, and the small directives (wait, init, shutdown,
// set, cache).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// DIAG: exit=0
#include <openacc.h>
// CHECK: {{^ *}}#include <omp.h>

float table[64];
// CHECK: {{^}}#pragma omp declare target(table){{$}}
#pragma acc declare create(table)

// CHECK: {{^}}#pragma omp declare target{{$}}
// CHECK-NEXT: {{^}}static float square(float x) { return x * x; }
// CHECK-NEXT: {{^}}#pragma omp end declare target{{$}}
#pragma acc routine seq
static float square(float x) { return x * x; }

static float twice(float x) { return 2 * x; }
// CHECK: {{^}}#pragma omp declare target(twice){{$}}
#pragma acc routine(twice) vector

void kernels(int n, int *restrict hist, const float *restrict v) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist[0:16]) map(to: v[0:n])
  #pragma acc parallel loop copy(hist[0:16])
  for (int i = 0; i < n; i++) {
    int b = (int)square(v[i]) & 15;
    // CHECK: {{^ *}}#pragma omp atomic update{{$}}
    #pragma acc atomic update
    hist[b] += 1;
  }
  int x = 0, y;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: x) map(to: v[0:n]) private(y)
  #pragma acc parallel loop copy(x)
  for (int i = 0; i < n; i++) {
    int old;
    // CHECK: {{^ *}}#pragma omp atomic capture{{$}}
    #pragma acc atomic capture
    old = x++;
    (void)old;
    // CHECK: {{^ *}}#pragma omp atomic read{{$}}
    #pragma acc atomic read
    y = x;
    (void)y;
    // CHECK: {{^ *}}#pragma omp atomic write{{$}}
    #pragma acc atomic write
    x = 1;
    // CHECK: {{^ *}}#pragma omp atomic update{{$}}
    #pragma acc atomic
    x += (int)twice(v[i]);
  }
}

void misc(int dev) {
  // init and shutdown have no OpenMP counterpart: their lines go.
  // CHECK-NOT: {{^ *}}#pragma omp init
  #pragma acc init
  // CHECK: {{^  }}omp_set_default_device(dev);{{$}}
  #pragma acc set device_num(dev)
  // CHECK: {{^  }}#pragma omp taskwait{{$}}
  #pragma acc wait(1, 2)
  #pragma acc shutdown
}

// nohost is dropped: a target region needs a host version of what it calls.
// CHECK: {{^}}#pragma omp declare target{{$}}
// CHECK-NEXT: {{^}}static float dev_only(float x) { return x + 1; }
// CHECK-NEXT: {{^}}#pragma omp end declare target{{$}}
#pragma acc routine seq nohost
static float dev_only(float x) { return x + 1; }

float g2[8], g3[8];
// CHECK: {{^}}#pragma omp declare target(g2){{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(g3){{$}}
#pragma acc declare copyin(g2) link(g3)

void device_types(int n, float *restrict x) {
  // Clauses after device_type(host) are dropped; after nvidia, kept.
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for num_teams(8) map(tofrom: x[0:n]){{$}}
  #pragma acc parallel loop device_type(nvidia) num_gangs(8) device_type(host) num_gangs(1)
  for (int i = 0; i < n; i++)
    x[i] = dev_only(x[i]) + g2[i % 8];
}
