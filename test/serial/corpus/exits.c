// Early exits and flags: loops left by break, return or goto (not
// parallel), a continue (stays in the loop: parallel), a break of an inner
// loop only, flags set to one constant in some iterations (every order
// gives the same final value: parallel, with the flag as an || reduction or
// an atomic write), two different constants and a value set in some
// iterations (the last writer decides: not parallel), and a check that
// prints and exits.
#include <stdio.h>
#include <stdlib.h>

#define N 5000
#define R 300
#define C 200

static double a[N], b[N];
static int v[N], m2[R][C], rowpos[R];

static int find_first(int n, int target) {
  int pos = -1;
  for (int i = 0; i < n; i++) // L:break
    if (v[i] == target) {
      pos = i;
      break;
    }
  return pos;
}

static int index_of(int n, int target) {
  for (int i = 0; i < n; i++) // L:return
    if (v[i] == target)
      return i;
  return -1;
}

static int all_above(int n, double lo) {
  for (int i = 0; i < n; i++) // L:goto
    if (a[i] < lo)
      goto fail;
  return 1;
fail:
  return 0;
}

static void skip_odd(int n) {
  for (int i = 0; i < n; i++) { // L:continue
    if (v[i] % 2)
      continue;
    b[i] = a[i] * 2.0;
  }
}

static void first_per_row(int r, int c) {
  for (int i = 0; i < r; i++) { // L:rowbreak
    rowpos[i] = -1;
    for (int j = 0; j < c; j++) // L:rowbreak.j
      if (m2[i][j] == 7) {
        rowpos[i] = j;
        break;
      }
  }
}

static int any_flag(int n) {
  int found = 0;
  for (int i = 0; i < n; i++) // L:flag
    if (v[i] == 123)
      found = 1;
  return found;
}

static int two_flags(int n) {
  int neg = 0, big = 0;
  for (int i = 0; i < n; i++) { // L:flags2
    if (a[i] < 0.0)
      neg = 1;
    if (a[i] > 100.0)
      big = 1;
  }
  return neg + 2 * big;
}

static int state_flag(int n) {
  int state = 0;
  for (int i = 0; i < n; i++) { // L:state
    if (v[i] == 10)
      state = 1;
    if (v[i] == 20)
      state = 2;
  }
  return state;
}

static double last_low(int n) {
  double low = 0.0;
  for (int i = 0; i < n; i++) // L:lastlow
    if (a[i] < -1.0)
      low = a[i];
  return low;
}

static void validate(int n) {
  for (int i = 0; i < n; i++) // L:validate
    if (a[i] > 1e9) {
      fprintf(stderr, "bad value at %d\n", i);
      exit(1);
    }
}

int main(void) {
  for (int i = 0; i < N; i++) { // L:init
    v[i] = (i * 37) % 1001;
    a[i] = (double)((i * 29) % 61) / 4.0 - 3.0;
    b[i] = 0.0;
  }
  for (int i = 0; i < R; i++) // L:initm
    for (int j = 0; j < C; j++) // L:initm.j
      m2[i][j] = (i + j * j) % 50;
  validate(N);
  int f1 = find_first(N, 500), f2 = index_of(N, 700), f3 = all_above(N, -3.5);
  skip_odd(N);
  first_per_row(R, C);
  int f4 = any_flag(N), f5 = two_flags(N), f6 = state_flag(N);
  double low = last_low(N);
  double sb = 0.0;
  long sr = 0;
  for (int i = 0; i < N; i++) // L:sumb
    sb += b[i];
  for (int i = 0; i < R; i++) // L:sumr
    sr += rowpos[i] * (i % 7);
  printf("exits %d %d %d %d %d %d %.6e %.6e %ld\n", f1, f2, f3, f4, f5, f6, low, sb, sr);
  return 0;
}
