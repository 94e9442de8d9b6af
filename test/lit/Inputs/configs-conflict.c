/* The kernel exists only with -DUSE_GPU; its data region would go around the
   host loop, which the build without USE_GPU compiles too. */
void steps(int n, int t, float *x) {
  for (int s = 0; s < t; s++) {
#ifdef USE_GPU
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      x[i] += 1;
#else
    for (int i = 0; i < n; i++)
      x[i] += 1;
#endif
  }
}
