// Not self-contained: 'real' is the includer's type.
static inline void zero(int n, real *x) {
#pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 0;
}
