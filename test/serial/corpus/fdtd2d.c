// fdtd-2d (PolyBench-like): a sequential time loop around four field
// updates, each parallel over the grid.
#include <stdio.h>

#define TMAX 20
#define NX 300
#define NY 320

static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];

static void fdtd(int tmax, int nx, int ny) {
  for (int t = 0; t < tmax; t++) { // L:time
    for (int j = 0; j < ny; j++) // L:ey0
      ey[0][j] = fict[t];
    for (int i = 1; i < nx; i++) // L:ey
      for (int j = 0; j < ny; j++) // L:ey.j
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++) // L:ex
      for (int j = 1; j < ny; j++) // L:ex.j
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < nx - 1; i++) // L:hz
      for (int j = 0; j < ny - 1; j++) // L:hz.j
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  for (int t = 0; t < TMAX; t++) // L:fict
    fict[t] = (double)t;
  for (int i = 0; i < NX; i++) // L:init
    for (int j = 0; j < NY; j++) { // L:init.j
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  fdtd(TMAX, NX, NY);
  double sx = 0.0, sy = 0.0, sz = 0.0;
  for (int i = 0; i < NX; i++) // L:sum
    for (int j = 0; j < NY; j++) { // L:sum.j
      sx += ex[i][j];
      sy += ey[i][j];
      sz += hz[i][j];
    }
  printf("fdtd-2d %.6e %.6e %.6e\n", sx, sy, sz);
  return 0;
}
