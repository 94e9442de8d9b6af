/* A construct the tool reports and leaves intact (test/lit/tidy-refusals.test). */
void scatter(int n, float *restrict x, const int *restrict idx) {
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[i] = 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    x[idx[i]] = 2;
}
