/* A CPU OpenMP histogram whose shared update is a critical section: N keys
 * (from a linear congruential generator, so every run sees the same ones)
 * fall into B bins, and each thread of `parallel for` adds its keys to the one
 * shared histogram inside `omp critical`. The loop runs REPS + 1 times; the
 * first run is a warm-up (a translation's device start-up and the copy-in of
 * a data region around the repetitions fall in it), the other REPS are timed
 * together and their mean is printed to stderr as "time_ms <per repetition>".
 * omp_get_wtime is called between repetitions on the host, never inside the
 * parallel loop. stdout has the histogram's checksum only (the bins, counted
 * REPS + 1 times, folded together), so that translations can be compared
 * with the original.
 * N, B and REPS can be set with -D. Used by bench/bench_critical.py.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 4194304
#endif
#ifndef B
#define B 64
#endif
#ifndef REPS
#define REPS 5
#endif

static double now_ms(void)
{
  return omp_get_wtime() * 1000.0;
}

int main(void)
{
  int *key = malloc(sizeof(int) * N);
  long hist[B];
  if (!key)
    return 1;
  unsigned int s = 12345u;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    key[i] = (int)((s >> 8) % B);
  }
  for (int b = 0; b < B; b++)
    hist[b] = 0;

  double t0 = 0.0;
  for (int r = 0; r <= REPS; r++) {
    if (r == 1)
      t0 = now_ms();
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      hist[key[i]]++;
    }
  }
  double t1 = now_ms();

  unsigned long sum = 0;
  for (int b = 0; b < B; b++)
    sum = sum * 31u + (unsigned long)hist[b];
  printf("checksum %lu\n", sum);
  fprintf(stderr, "time_ms %.6f\n", (t1 - t0) / REPS);
  free(key);
  return 0;
}
