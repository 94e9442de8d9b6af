// Output that depends on the compiler: a word, a number, an exit code.
// The translation is built with clang, the original with gcc.
#include <stdio.h>

#ifdef __clang__
#define WORD "clang"
#define DELTA 1e-7
#define STATUS 3
#else
#define WORD "gcc"
#define DELTA 0.0
#define STATUS 0
#endif

int main(void) {
  int n = 1000;
  double s = 0.0;
  #pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; i++)
    s += 1.0;
  printf("n = %d\n", n);
  printf("sum = %.9f\n", s / n + DELTA);
#ifdef SHOW_WORD
  printf("built by %s\n", WORD);
#endif
  printf("done\n");
#ifdef SHOW_STATUS
  return STATUS;
#else
  return 0;
#endif
}
