void f(int n, float *x) {
  #pragma acc parallel loop bogus(3)
  for (int i = 0; i < n; i++) x[i] = 1;
}
