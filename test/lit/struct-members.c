// Sections of structure members (issue #13, item 1). A pointer member's
// data is mapped as a section of the member path, attached to a device copy
// of the structure, which the same construct maps first (clang-19 loses the
// section's writes when the structure's map comes after it, or is absent):
// by value `map(to: m) map(tofrom: m.x[0:m.n])`, through a pointer
// `map(to: p[0:1]) map(tofrom: p->x[0:p->n])`, nested members alike. Exit
// data releases the structure with the section. Without a clause the
// section is inferred from the subscripts, as for an array. A write through
// p[i].y writes p (map tofrom). Paths through a second pointer (a deep
// copy) and member pointers used other than through subscripts are
// reported.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp -lm && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig -lm && %t.orig > %t.ref && diff %t.ref %t.out %}
#include <stdio.h>
#include <stdlib.h>

typedef struct { double *x; int n; double sum; } Vec;
typedef struct { Vec a; double w; } Outer;
typedef struct { double x, y; } Point;
typedef struct { Vec *v; } Deep;

void by_value(Vec m) {
  // CHECK-LABEL: {{^ *}}void by_value(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: m) map(tofrom: m.x[0:m.n]){{$}}
  #pragma acc parallel loop copy(m.x[0:m.n])
  for (int i = 0; i < m.n; i++)
    m.x[i] += 1;
}

void by_pointer(Vec *p) {
  // CHECK-LABEL: {{^ *}}void by_pointer(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: p[0:1]) map(tofrom: p->x[0:p->n]){{$}}
  #pragma acc parallel loop copy(p->x[0:p->n])
  for (int i = 0; i < p->n; i++)
    p->x[i] *= 2;
}

void implicit(Vec *p, Vec m) {
  // CHECK-LABEL: {{^ *}}void implicit(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: p[0:1], m) map(to: m.x[0:p->n]) map(tofrom: p->x[0:p->n]){{$}}
  // NOTE: struct-members.c:[[@LINE+1]]:3: note: implicit copy of 'p->x' made explicit as p->x[0:p->n]
  #pragma acc parallel loop
  for (int i = 0; i < p->n; i++)
    p->x[i] += m.x[i];
}

void nested(Outer s, Outer *q) {
  // CHECK-LABEL: {{^ *}}void nested(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: s) map(tofrom: s.a.x[0:s.a.n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < s.a.n; i++)
    s.a.x[i] += s.w;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: q[0:1]) map(tofrom: q->a.x[0:q->a.n]){{$}}
  #pragma acc parallel loop copy(q->a.x[0:q->a.n])
  for (int i = 0; i < q->a.n; i++)
    q->a.x[i] -= q->w;
}

// The structure is written too: it comes back, mapped before its member.
void root_written(Vec *p, int n) {
  // CHECK-LABEL: {{^ *}}void root_written(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: p[0:1]) map(tofrom: p->x[0:n]){{$}}
  #pragma acc parallel loop copy(p->x[0:n])
  for (int i = 0; i < n; i++) {
    p->x[i] += 1;
    if (i == 0)
      p->sum = 7;
  }
}

void data_region(Vec m) {
  // CHECK-LABEL: {{^ *}}void data_region(
  // CHECK: {{^ *}}#pragma omp target data map(to: m) map(tofrom: m.x[0:m.n]){{$}}
  #pragma acc data copy(m.x[0:m.n])
  {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: m) map(alloc: m.x[:0]){{$}}
    #pragma acc parallel loop
    for (int i = 0; i < m.n; i++)
      m.x[i] += 3;
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: m) map(alloc: m.x[0:m.n]){{$}}
    #pragma acc parallel loop present(m.x[0:m.n])
    for (int i = 0; i < m.n; i++)
      m.x[i] *= 10;
  }
}

void enter_exit(Vec *p, Vec m) {
  // CHECK-LABEL: {{^ *}}void enter_exit(
  // CHECK: {{^ *}}#pragma omp target enter data map(to: p[0:1]) map(to: p->x[0:p->n]){{$}}
  #pragma acc enter data copyin(p->x[0:p->n])
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(alloc: p[0:1]) map(alloc: p->x[0:p->n]){{$}}
  #pragma acc parallel loop present(p->x[0:p->n])
  for (int i = 0; i < p->n; i++)
    p->x[i] += 5;
  // CHECK: {{^ *}}#pragma omp target exit data map(release: p[0:1]) map(from: p->x[0:p->n]){{$}}
  #pragma acc exit data copyout(p->x[0:p->n])
  // CHECK: {{^ *}}#pragma omp target enter data map(to: m) map(to: m.x[0:m.n]){{$}}
  #pragma acc enter data copyin(m.x[0:m.n])
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: m) map(tofrom: m.x[0:m.n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < m.n; i++)
    m.x[i] -= 1;
  // CHECK: {{^ *}}#pragma omp target update from(m.x[0:m.n]){{$}}
  #pragma acc update self(m.x[0:m.n])
  // CHECK: {{^ *}}#pragma omp target exit data map(release: m) map(release: m.x[0:m.n]){{$}}
  #pragma acc exit data delete(m.x[0:m.n])
}

// An array of structures: writing p[i].y writes p.
void aos(Point *p, int n) {
  // CHECK-LABEL: {{^ *}}void aos(
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: p[0:n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    p[i].y = 2 * p[i].x;
}

// kernels: the dependence test does not follow member pointers (m.x may
// hold any other array's data): the loop stays sequential, and says so.
void kernels_member(Vec m) {
  // CHECK-LABEL: {{^ *}}void kernels_member(
  // CHECK: {{^ *}}#pragma omp target map(to: m) map(tofrom: m.x[0:m.n]){{$}}
  // NOTE: struct-members.c:[[@LINE+1]]:3: note: loop at line [[@LINE+2]]: kept sequential: the loop writes 'm.x[i]', which the dependence test does not follow
  #pragma acc kernels
  for (int i = 0; i < m.n; i++)
    m.x[i] = 2 * m.x[i] + 1;
}

double use(const double *x);

// Reported, left as they are.
void reported(Deep d, Vec m, int n) {
  // NOTE: struct-members.c:[[@LINE+1]]:3: warning: 'parallel loop' not translated: 'd.v->x' is reached through a second pointer ('d.v'): OpenMP maps one level of pointer members, not the data behind a pointer inside the pointed-to structure (no deep copy); give the data a pointer variable of its own
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    d.v->x[i] = 0;
  // NOTE: struct-members.c:[[@LINE+1]]:3: warning: 'parallel loop' not translated: 'd.v->x' is reached through a second pointer
  #pragma acc parallel loop copy(d.v->x[0:n])
  for (int i = 0; i < n; i++)
    d.v->x[i] = 0;
  // NOTE: struct-members.c:[[@LINE+1]]:3: warning: 'parallel loop' not translated: no array section can be inferred for 'm.x': 'm.x' is used other than through subscripts (passed to a function, offset or compared); add a data clause
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    m.sum = use(m.x + i);
}
// CHECK-LABEL: {{^ *}}void reported(
// CHECK: {{^ *}}#pragma acc parallel loop{{$}}
// CHECK: {{^ *}}#pragma acc parallel loop copy(d.v->x[0:n]){{$}}
// CHECK: {{^ *}}#pragma acc parallel loop{{$}}

double use(const double *x) { return *x; }

int main(void) {
  int n = 64;
  double *buf = malloc(n * sizeof(double));
  double *other = malloc(n * sizeof(double));
  Point *pts = malloc(n * sizeof(Point));
  for (int i = 0; i < n; i++) {
    buf[i] = i;
    other[i] = 1;
    pts[i].x = i;
    pts[i].y = 0;
  }
  Vec v = {buf, n, 0}, w = {other, n, 0};
  Outer o = {{buf, n, 0}, 0.5};
  by_value(v);
  by_pointer(&v);
  implicit(&v, w);
  nested(o, &o);
  root_written(&v, n);
  data_region(v);
  enter_exit(&v, v);
  aos(pts, n);
  kernels_member(v);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += buf[i] + pts[i].y;
  printf("%.2f %.1f\n", s, v.sum);
  free(buf);
  free(other);
  free(pts);
  return 0;
}
// NOTE: exit=1
