// Sections of structure members in C++ (issue #13, item 1): structures by
// value and through pointers map as in C (`map(to: p[0:1]) map(tofrom:
// p->x[0:p->n])`); a pointer member of the class itself stays as before
// (`map(tofrom: w[0:n])`, with `this` mapped implicitly). Two forms gcc 12
// refuses are reported: a structure reference with its member's section
// ("'m' appears more than once in map clauses"; clang loses the section's
// writes without the structure's map), and a pointer member of a member
// structure (`this->a.x`: gcc refuses `this->` in map clauses).
// RUN: %omp-migrate %s -- -std=c++17 > %t.cpp 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if gcc %{ g++ -fopenmp -foffload=disable -std=c++17 -c %t.cpp -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ clang++-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 -Wno-unknown-pragmas -std=c++17 %t.cpp -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && g++ -fopenacc -foffload=disable -std=c++17 %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
#include <cstdio>
#include <cstdlib>

struct Vec {
  double *x;
  int n;
};

struct Grid {
  Vec a;
  double *w;
  int n;
  void scale(double f) {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: w[0:n]){{$}}
    #pragma acc parallel loop
    for (int i = 0; i < n; i++)
      w[i] *= f;
  }
  void nested() {
    // DIAG: struct-members.cpp:[[@LINE+2]]:5: warning: 'parallel loop' not translated: 'this->a.x' is a pointer member of a member structure: gcc refuses 'this->' in map clauses and 'a.x[...]' in a member function; copy the pointer to a local variable (double *x = a.x;) and use it
    // CHECK: {{^ *}}#pragma acc parallel loop{{$}}
    #pragma acc parallel loop
    for (int i = 0; i < a.n; i++)
      a.x[i] += 1;
  }
};

void by_value(Vec m) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: m) map(tofrom: m.x[0:m.n]){{$}}
  #pragma acc parallel loop
  for (int i = 0; i < m.n; i++)
    m.x[i] += 2;
}

void by_pointer(Vec *p) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: p[0:1]) map(tofrom: p->x[0:p->n]){{$}}
  #pragma acc parallel loop copy(p->x[0:p->n])
  for (int i = 0; i < p->n; i++)
    p->x[i] *= 2;
}

void by_reference(Vec &m) {
  // DIAG: struct-members.cpp:[[@LINE+2]]:3: warning: 'parallel loop' not translated: 'm' is a reference to a structure: gcc refuses it with a section of its member in one construct ('appears more than once in map clauses') and without its map the section's writes are lost; copy the pointer to a local variable (double *x = m.x;) or pass the structure by pointer
  // CHECK: {{^ *}}#pragma acc parallel loop{{$}}
  #pragma acc parallel loop
  for (int i = 0; i < m.n; i++)
    m.x[i] += 3;
}

int main() {
  int n = 32;
  double *b = static_cast<double *>(std::malloc(n * sizeof(double)));
  double *c = static_cast<double *>(std::malloc(n * sizeof(double)));
  for (int i = 0; i < n; i++) {
    b[i] = i;
    c[i] = 1;
  }
  Grid g{{b, n}, c, n};
  g.scale(3);
  g.nested();
  Vec v{b, n};
  by_value(v);
  by_pointer(&v);
  by_reference(v);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] + c[i];
  std::printf("%.1f\n", s);
  std::free(b);
  std::free(c);
}
// DIAG: 3 of 5 constructs translated
// DIAG: exit=1
