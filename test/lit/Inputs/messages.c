#include <stdio.h>
int main(void) {
  float a[100];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 100; ++i) a[i] = i;
  int x = acc_hostptr(a) != 0; /* no OpenMP form: reported */
  printf("%f %d\n", a[3], x);
  return 0;
}
