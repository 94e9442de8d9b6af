// OpenACC in a header: an inline function, a template that nobody
// instantiates, a class member. Headers are not rewritten yet: each directive
// is reported, once per run, at its place in this file.
#ifndef ACC_HEADER_H
#define ACC_HEADER_H
#include <openacc.h>

static inline void scale(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}

template <typename T> void fill(int n, T *x, T v) {
  #pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = v;
}

struct Grid {
  float *data;
  int n;
  void zero() {
    #pragma acc kernels loop copyout(data[0:n])
    for (int i = 0; i < n; i++)
      data[i] = 0;
  }
};

#ifdef USE_GPU
#pragma acc routine seq
#endif
float twice(float v);

#endif
