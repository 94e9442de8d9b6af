// A program that never ends.
#include <stdio.h>

int main(void) {
  int n = 100;
  double x[100];
  #pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = i;
  printf("x[1] = %f\n", x[1]);
  fflush(stdout);
  volatile int forever = 1;
  while (forever)
    ;
  return 0;
}
