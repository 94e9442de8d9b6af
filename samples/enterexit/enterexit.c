/* Unstructured data lifetimes: "enter data" in one function, kernels using
 * "present(...)" in others, "update self" of a sub-range between kernels,
 * "update device" after a host write, and "exit data" in another function.
 *
 * The program only reads host memory that was made valid by an update or an
 * exit data copyout, and only relies on device memory that was made valid by
 * an enter data copyin, an update device or a kernel, so its output is the
 * same whether host and device memory are shared or separate.
 */
#include <stdio.h>
#include <stdlib.h>

/* a is an input (copied in), b an output (only created on the device). */
static void field_to_device(double *a, double *b, int n)
{
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
}

static void field_from_device(double *a, double *b, int n)
{
#pragma acc exit data copyout(b[0:n]) delete(a[0:n])
}

/* b = 2a + 1 */
static void kernel_affine(int n, const double *restrict a, double *restrict b)
{
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * a[i] + 1.0;
}

/* b += a*a */
static void kernel_accumulate(int n, const double *restrict a, double *restrict b)
{
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 0; i < n; i++)
    b[i] += a[i] * a[i];
}

static double partial_sum(const double *v, int lo, int hi)
{
  double s = 0.0;
  for (int i = lo; i < hi; i++)
    s += v[i];
  return s;
}

int main(void)
{
  const int n = 1024;
  double *a = malloc(sizeof(double) * n);
  double *b = malloc(sizeof(double) * n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 32);

  field_to_device(a, b, n);
  kernel_affine(n, a, b);

  /* Bring back only the middle half of b. */
  int lo = n / 4, len = n / 2;
#pragma acc update self(b[lo:len])
  printf("after affine: b[lo] = %.6f b[lo+len-1] = %.6f sum(b[lo:len]) = %.6f\n",
         b[lo], b[lo + len - 1], partial_sum(b, lo, lo + len));

  /* Host writes to a, then refreshes the device copy. */
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 8) * 0.5;
#pragma acc update device(a[0:n])

  kernel_accumulate(n, a, b);

  /* Refresh just the first 16 elements on the host. */
#pragma acc update self(b[0:16])
  printf("after accumulate: b[0:4] = %.6f %.6f %.6f %.6f\n", b[0], b[1], b[2], b[3]);

  field_from_device(a, b, n);
  printf("final: sum(b) = %.6f b[n-1] = %.6f\n", partial_sum(b, 0, n), b[n - 1]);
  free(a);
  free(b);
  return 0;
}
