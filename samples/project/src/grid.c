#include <stdlib.h>
#include "grid.h"

grid grid_new(int n) {
  grid g = {n, calloc(n, sizeof(double)), calloc(n, sizeof(double))};
  for (int i = 0; i < n; i++)
    g.u[i] = i % 7;
  return g;
}

void grid_free(grid *g) {
  free(g->u);
  free(g->v);
}
