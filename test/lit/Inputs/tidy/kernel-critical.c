/* A target kernel of the input with critical sections (test/lit/tidy-offload.test). */
double sum_max(int n, const double *a, double *m) {
  double s = 0;
  #pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: s, m[0:1])
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    s += a[i];
    #pragma omp critical (mx)
    { if (a[i] > m[0]) m[0] = a[i]; }
  }
  return s;
}
