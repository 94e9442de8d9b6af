/* Device functions with "#pragma acc routine seq", called from parallel loops.
 *
 *  - clamp() is marked with the unnamed form directly before its definition;
 *  - collatz_steps() and poly() are declared first and marked with the named
 *    form "#pragma acc routine(name) seq"; poly() calls clamp() (a routine
 *    calling another routine), collatz_steps() contains a loop of its own.
 *
 * Integer results are exact; the polynomial is evaluated in a fixed order on
 * values that are multiples of 1/64, which double represents exactly.
 */
#include <stdio.h>
#include <stdlib.h>

static int collatz_steps(long v);
#pragma acc routine(collatz_steps) seq

double poly(double x);
#pragma acc routine(poly) seq

#pragma acc routine seq
static double clamp(double v, double lo, double hi)
{
  return v < lo ? lo : (v > hi ? hi : v);
}

static int collatz_steps(long v)
{
  int steps = 0;
  while (v != 1) {
    v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
    steps++;
  }
  return steps;
}

double poly(double x)
{
  /* Horner: 2x^3 - x^2 + 0.5x - 3, clamped to [-100, 100] */
  double p = ((2.0 * x - 1.0) * x + 0.5) * x - 3.0;
  return clamp(p, -100.0, 100.0);
}

int main(void)
{
  const int n = 4096;
  int *steps = malloc(sizeof(int) * n);
  double *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  if (!steps || !x || !y)
    return 1;
  for (int i = 0; i < n; i++)
    x[i] = (double)(i - n / 2) / 64.0;

#pragma acc parallel loop copyout(steps[0:n])
  for (int i = 0; i < n; i++)
    steps[i] = collatz_steps((long)i + 1);

#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = poly(x[i]);

  long total = 0;
  int longest = 0, arg = 0;
  for (int i = 0; i < n; i++) {
    total += steps[i];
    if (steps[i] > longest) {
      longest = steps[i];
      arg = i + 1;
    }
  }
  double ysum = 0.0;
  int clamped = 0;
  for (int i = 0; i < n; i++) {
    ysum += y[i];
    clamped += (y[i] == 100.0 || y[i] == -100.0);
  }

  printf("collatz: steps(27) = %d, total = %ld, longest = %d at %d\n", steps[26], total, longest, arg);
  printf("poly: y(0) = %.6f y(1) = %.6f y(-1) = %.6f\n", y[n / 2], y[n / 2 + 64], y[n / 2 - 64]);
  printf("poly: clamped = %d sum = %.6f\n", clamped, ysum);
  free(steps);
  free(x);
  free(y);
  return 0;
}
