#include <omp.h>
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif
int main(void) {
  int t = acc_get_device_type();
  printf("%d\n", t != 0);
  return 0;
}
