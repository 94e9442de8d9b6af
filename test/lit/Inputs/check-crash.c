// A program that always crashes (abort) after a correct kernel.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100;
  double x[100];
  #pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 2.0 * i;
  printf("x[99] = %f\n", x[99]);
  fflush(stdout);
  abort();
}
