// Scalars in loops: temporaries declared outside the loop and written
// before they are read (privatizable), a temporary written only in some
// iterations and read in all (carried), a value carried to the next
// iteration, last values read after the loop (lastprivate: the loop is
// parallel), the loop variable read after the loop, a conditional "last
// index" (a max reduction), an induction variable, a compaction counter.
#include <stdio.h>

#define N 4000

static double a[N], b[N], c[N], d[N], e[N], out[N], ind[2 * N + 2];

int main(void) {
  for (int i = 0; i < N; i++) // L:init
    a[i] = (double)((i * 17) % 23) / 4.0 - 2.0;
  double t, u;
  for (int i = 0; i < N; i++) { // L:private
    t = a[i] * 2.0;
    u = t + 1.0;
    b[i] = t * u;
  }
  double keep = 0.0;
  for (int i = 0; i < N; i++) { // L:condtemp
    if (a[i] > 0.0)
      keep = a[i];
    c[i] = keep;
  }
  double carry = 0.0;
  for (int i = 0; i < N; i++) { // L:carried
    d[i] = a[i] + carry;
    carry = a[i] * 0.5;
  }
  double last;
  for (int i = 0; i < N; i++) { // L:lastprivate
    last = a[i] * 3.0;
    e[i] = last - 1.0;
  }
  printf("last %.6e\n", last);
  int i;
  for (i = 0; i < N; i++) // L:loopvar
    e[i] += 1.0;
  printf("i after loop %d\n", i);
  int lastpos = -1;
  for (int k = 0; k < N; k++) // L:lastpos
    if (a[k] > 3.0)
      lastpos = k;
  printf("last positive at %d\n", lastpos);
  int j = 0;
  for (int k = 0; k < N; k++) { // L:induction
    j += 2;
    ind[j] = a[k];
  }
  int cnt = 0;
  for (int k = 0; k < N; k++) // L:compact
    if (a[k] > 0.0)
      out[cnt++] = a[k];
  double sb = 0.0, sc = 0.0, sd = 0.0, se = 0.0, si = 0.0, so = 0.0;
  for (int k = 0; k < N; k++) { // L:sum
    sb += b[k];
    sc += c[k];
    sd += d[k];
    se += e[k];
    si += ind[2 * k + 2];
    so += out[k] * (k % 7);
  }
  printf("scalars %.6e %.6e %.6e %.6e %.6e %.6e j %d cnt %d\n", sb, sc, sd, se, si, so, j, cnt);
  return 0;
}
