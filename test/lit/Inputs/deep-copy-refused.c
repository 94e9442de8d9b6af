// What the deep-copy translation reports (test/lit/deep-copy.c).
struct S { double **rows; int n; };
void refused(double ***p, double **a, struct S s, int n, int m) {
  // Three levels through pointers.
  // CHECK: deep-copy-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'data' not translated: 'p[0:n][0:n][0:m]': the section's elements are pointers ('double ***'); OpenMP maps only the pointers, not the data they point to (no deep copy); use one contiguous array or map each row (OpenMP deep copies here are translated only for a variable with two sections, a[lo:n][lo2:m])
  #pragma acc data copyin(p[0:n][0:n][0:m])
  { }
  // A structure member.
  // CHECK: deep-copy-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'enter data' not translated: 's.rows[0:s.n][0:m]': the section's elements are pointers ('double **'); OpenMP maps only the pointers, not the data they point to (no deep copy); use one contiguous array or map each row (OpenMP deep copies here are translated only for a variable with two sections, a[lo:n][lo2:m])
  #pragma acc enter data copyin(s.rows[0:s.n][0:m])
  // An async compute construct: its rows would enter on the host.
  // CHECK: deep-copy-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'parallel loop' not translated: a deep copy on an async construct is not translated
  #pragma acc parallel loop copy(a[0:n][0:m]) async(1)
  for (int i = 0; i < n; i++)
    a[i][0] += 1;
  // Not a statement of a { } block: no room for the loops beside it.
  // CHECK: deep-copy-refused.c:[[@LINE+2]]:{{[0-9]+}}: warning: 'parallel loop' not translated: a deep copy: the construct must be a statement of a { } block
  if (n)
  #pragma acc parallel loop copyin(a[0:n][0:m])
    for (int i = 0; i < n; i++)
      a[i][0] += 1;
  // A data region its block can leave early.
  // CHECK: deep-copy-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'data' not translated: a deep copy: the rows enter before the region and leave after it, but its block can be left early
  #pragma acc data copy(a[0:n][0:m])
  {
    if (m < 0)
      return;
  }
}
// A local declare.
void declared(double **a, int n) {
  // CHECK: deep-copy-refused.c:[[@LINE+1]]:{{[0-9]+}}: warning: 'declare' not translated: 'a[0:n][0:n]': the section's elements are pointers
  #pragma acc declare copyin(a[0:n][0:n])
  a[0][0] = n;
}
// CHECK: deep-copy-refused.c: 0 of 6 constructs translated
