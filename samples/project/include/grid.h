// The grid and its kernels, shared by every file of the project.
#ifndef GRID_H
#define GRID_H

typedef struct {
  int n;
  double *u, *v;
} grid;

grid grid_new(int n);
void grid_free(grid *g);

/* One smoothing step: v = average of u's neighbours. */
static inline void grid_smooth(int n, const double *u, double *v) {
#pragma acc parallel loop copyin(u[0:n]) copyout(v[1:n-2])
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
}

#ifdef USE_GPU
/* The GPU build also reduces on the device. */
static inline double grid_sum(int n, const double *u) {
  double s = 0;
#pragma acc parallel loop reduction(+:s) copyin(u[0:n])
  for (int i = 0; i < n; i++)
    s += u[i];
  return s;
}
#else
static inline double grid_sum(int n, const double *u) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i];
  return s;
}
#endif

#endif
