// C++: a critical whose update is an overloaded operator stays (the
// operator is a call whose effects the lock covers), and keeps its loop on
// the host; a built-in sum into a double in the same file becomes its loop's
// reduction. A construct in a template is reported and left as written
// (each instantiation decides its types), its critical too, not skipped
// in silence: it counts in the exit code.
// RUN: not %omp-migrate --offload=openmp --explain %s -- -std=c++17 > %t.cpp 2> %t.err
// RUN: %FileCheck %s < %t.err
// RUN: grep -v "^ *//" %t.cpp | %FileCheck %s --check-prefix=OUT
#include <cstdio>
#define N 1000

struct Acc {
  double v = 0;
  Acc &operator+=(double d) { v += d; return *this; }
};

double a[N];

// CHECK: critical-cxx.cpp:[[@LINE+3]]:3: warning: 'omp parallel for' not translated: it is in a template, whose types each instantiation decides: --offload=openmp offloads no template code
// OUT: {{^}}  #pragma omp parallel for{{$}}
template <typename T> void argmax(const T *v, int n, T &b, int &at) {
  #pragma omp parallel for
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    if (v[i] > b || (v[i] == b && i < at)) { b = v[i]; at = i; }
  }
}

int main() {
  Acc acc;
  double s = 0;
  for (int i = 0; i < N; i++) a[i] = i;
  // CHECK: critical-cxx.cpp:[[@LINE+2]]:3: warning: 'omp parallel for' not translated: the loop calls 'operator+=', which does not compute a scalar value from scalars
  // CHECK: critical-cxx.cpp:[[@LINE+3]]:5: note: critical kept: its update is an overloaded operator
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    acc += a[i];
  }
  // OUT:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: s) map(to: a) reduction(+: s)
  // OUT-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // OUT-NEXT: {{^ *}}s += a[i];
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    s += a[i];
  }
  double b = -1;
  int at = -1;
  argmax(a, N, b, at);
  std::printf("%.1f %.1f %.1f %d\n", acc.v, s, b, at);
  return 0;
}
