/* One file, two builds: with -DUSE_GPU the result is fetched for the host;
   without it, the host waits for the device. */
void step(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 1;
#ifdef USE_GPU
#pragma acc update self(x[0:n])
#else
#pragma acc wait
#endif
}
