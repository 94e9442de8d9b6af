// What the zero modifier's translation reports (test/lit/data-zero.c).
// A structure member and a two-dimensional section are reported.
struct S { double *x; int n; };
void refused(struct S s, double (*m)[8], int n) {
  // CHECK: data-zero-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'data' not translated: the zero modifier on a structure member ('s.x[0:s.n]') is not translated
#pragma acc data create(zero: s.x[0:s.n])
  { }
  // CHECK: data-zero-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'data' not translated: the zero modifier on a multi-dimensional section ('m[0:n][0:8]') is not translated
#pragma acc data create(zero: m[0:n][0:8])
  { }
  // CHECK: data-zero-refused.c:[[@LINE+2]]:{{[0-9]+}}: warning: 'data' not translated: the zero modifier: the construct must be a statement of a { } block
  if (n)
#pragma acc data create(zero: m[0:n])
    { }
}
// A declare's zero modifier (Clang parses it; it used to be dropped).
void declared(double *c, int n) {
  // CHECK: data-zero-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'declare' not translated: the zero modifier on a declare directive is not translated
#pragma acc declare create(zero: c[0:n])
  c[0] = n;
}
// CHECK: data-zero-refused.c: 0 of 4 constructs translated
