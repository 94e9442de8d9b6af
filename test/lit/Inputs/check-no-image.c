/* Prints what libomptarget 19 prints when it finds no device image it can
 * load (CUDA 13 cubins), but only in the OpenMP build: the original (gcc,
 * no OpenMP) runs clean, so the check reports the translated run's failure. */
#include <stdio.h>

int main(void)
{
#ifdef _OPENMP
  fprintf(stderr, "omptarget error: No images found compatible with the installed hardware. Found 1 image(s): (sm_90)\n");
  return 1;
#else
  printf("ok\n");
  return 0;
#endif
}
