// Plain serial C (no OpenACC): built with gcc alone; nothing to translate.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  long s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  printf("args = %d, sum = %ld\n", argc - 1, s);
  return 0;
}
