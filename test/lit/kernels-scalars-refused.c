// Scalars written in kernels loops that are neither a reduction, a flag nor
// a private temporary: under `independent` the construct is reported (in a
// kernels region every iteration shares the scalar); without it the loop
// stays sequential (issue #13, item 4).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
void f(int n, double *restrict a, double *restrict b) {
  double s = 0, t = 0;
  // A running value (s = s * 0.5 + e) is order dependent.
  // CHECK: {{^ *}}#pragma acc kernels loop independent
  // DIAG: [[@LINE+1]]:3: warning: 'kernels loop' not translated: loop at line [[@LINE+2]]: the loop writes 's', declared outside it, in a way that is neither a reduction, a flag set to one constant, nor a temporary written before it is read (in a kernels region every iteration shares it)
  #pragma acc kernels loop independent
  for (int i = 0; i < n; i++) {
    s = s * 0.5 + a[i];
    b[i] = s;
  }
  // A temporary read after the construct: its last value would need
  // lastprivate, which clang 19 does not give back from a GPU.
  // CHECK: {{^ *}}#pragma acc kernels
  // DIAG: [[@LINE+1]]:3: warning: 'kernels' not translated: loop at line [[@LINE+4]]: 't' is a temporary of each iteration whose value is read after the construct: its last value would need lastprivate, which clang 19 does not give back from a GPU
  #pragma acc kernels
  {
    #pragma acc loop independent
    for (int i = 0; i < n; i++) {
      #pragma acc loop independent
      for (int j = 0; j < n; j++) {
        t = a[i * n + j];
        b[i * n + j] = t;
      }
    }
  }
  a[0] = t;
}
// DIAG: exit=1
