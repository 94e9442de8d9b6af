// Deep copy against one contiguous block (issue #18): the same data, R rows
// of C doubles, entered, used by one kernel and copied out. The rows of
// `double **a` move as R separate copies, each followed by the small target
// region that points the device's pointer array at its row; the contiguous
// version moves one block. Prints a table: milliseconds per data region,
// best of REPS. Build the translation of this file (omp-migrate) with
// clang-19 for a GPU or for the CPU stand-in; see docs/gpu.md.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef REPS
#define REPS 5
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double rows_region(double **a, int r, int c) {
  double t0 = now();
  #pragma acc data copy(a[0:r][0:c])
  {
    #pragma acc parallel loop collapse(2)
    for (int i = 0; i < r; i++)
      for (int j = 0; j < c; j++)
        a[i][j] += 1;
  }
  return now() - t0;
}

static double block_region(double *b, int r, int c) {
  double t0 = now();
  #pragma acc data copy(b[0:r * c])
  {
    #pragma acc parallel loop collapse(2)
    for (int i = 0; i < r; i++)
      for (int j = 0; j < c; j++)
        b[i * c + j] += 1;
  }
  return now() - t0;
}

int main(void) {
  static const int shapes[][2] = {{256, 4096}, {4096, 256}, {16384, 64}};
  printf("| rows x columns | MB | rows (ms) | one block (ms) | ratio |\n");
  printf("|---|---|---|---|---|\n");
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int r = shapes[s][0], c = shapes[s][1];
    double **a = malloc(r * sizeof(double *));
    double *b = calloc((size_t)r * c, sizeof(double));
    for (int i = 0; i < r; i++)
      a[i] = calloc(c, sizeof(double));
    double best_a = 1e30, best_b = 1e30;
    for (int k = 0; k < REPS; k++) {
      double ta = rows_region(a, r, c), tb = block_region(b, r, c);
      best_a = ta < best_a ? ta : best_a;
      best_b = tb < best_b ? tb : best_b;
    }
    double sum = 0;
    for (int i = 0; i < r; i++)
      for (int j = 0; j < c; j++)
        sum += a[i][j] - b[i * c + j];
    printf("| %d x %d | %.0f | %.2f | %.2f | %.1f |%s\n", r, c,
           r * (double)c * 8 / 1e6, 1e3 * best_a, 1e3 * best_b, best_a / best_b,
           sum == 0 ? "" : " WRONG");
    for (int i = 0; i < r; i++)
      free(a[i]);
    free(a);
    free(b);
  }
  return 0;
}
