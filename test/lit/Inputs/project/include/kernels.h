// Shared by both files of the project: OpenACC in a static inline function
// and, under #ifdef USE_GPU (which only a.c's compile command defines), in
// the GPU variant of another; the host variant is the #else branch.
#ifndef KERNELS_H
#define KERNELS_H

static inline void scale(int n, float *x, float a) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= a;
}

#ifdef USE_GPU
static inline void shift(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 1;
}
#else
static inline void shift(int n, float *x) {
  for (int i = 0; i < n; i++)
    x[i] += 1;
}
#endif

#endif
