#include <stdio.h>
#include "grid.h"

int main(void) {
  grid g = grid_new(1000);
  for (int t = 0; t < 10; t++) {
    grid_smooth(g.n, g.u, g.v);
    double *w = g.u;
    g.u = g.v;
    g.v = w;
  }
  double *u = g.u;
  int n = g.n;
  /* Scale on the device too. */
#pragma acc parallel loop copy(u[0:n])
  for (int i = 0; i < n; i++)
    u[i] *= 0.5;
  printf("sum %.6f\n", grid_sum(n, u));
  grid_free(&g);
  return 0;
}
