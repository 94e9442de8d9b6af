// Read, write and capture forms. A critical that only reads a shared
// scalar into a variable of the iteration becomes an atomic read, one that
// only stores becomes an atomic write, and a ticket counter (v = x++,
// {v = x; x += e;}, {x += e; v = x;}, v = x += e, {v = x; x = e;}) an
// atomic capture, provided every other use of x in the loop is a critical
// of the same name that is converted as well. The values the iterations
// see depend on the schedule; what the program prints does not (sums,
// permutation checks, bounds that hold in every order).
#include <stdio.h>

#define N 20000

static int a[N];
static long seen[N];
static int slot_of[N];
static int base_of[N];
static long level_at[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 29) % 97;
  long total = 0, level = 0, level2 = 0;
  int found = 0, ticket = 0, used = 0, taken = 0, winners = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:upd
    total += a[i];
    long snap;
#pragma omp critical // C:read
    snap = total;
    seen[i] = snap;
    if (a[i] > 95) {
#pragma omp critical // C:write
      found = 1;
    }
    int t;
#pragma omp critical // C:postinc
    t = ticket++;
    slot_of[t] = i;
    int b;
#pragma omp critical // C:before
    {
      b = used;
      used += a[i] % 3 + 1;
    }
    base_of[i] = b;
    long lv;
#pragma omp critical // C:after
    {
      level += a[i];
      lv = level;
    }
    level_at[i] = lv;
    long lv2;
#pragma omp critical // C:assign
    lv2 = level2 += 2;
    int old;
#pragma omp critical // C:swap
    {
      old = taken;
      taken = 1;
    }
    if (old == 0) {
#pragma omp atomic
      winners++;
    }
    if (lv2 > 2 * N) {
#pragma omp atomic
      winners += 100;
    }
  }
  long ok_seen = 0, ok_level = 0, slots = 0, max_base = 0;
  static char hit[N];
  for (int i = 0; i < N; i++) {
    ok_seen += seen[i] >= a[i] && seen[i] <= total;
    ok_level += level_at[i] >= a[i] && level_at[i] <= level;
    if (slot_of[i] >= 0 && slot_of[i] < N && !hit[slot_of[i]]) {
      hit[slot_of[i]] = 1;
      slots++;
    }
    if (base_of[i] > max_base)
      max_base = base_of[i];
  }
  printf("%ld %d %d %d %ld %ld %d\n", total, found, ticket, used, level, level2, winners);
  printf("%ld %ld %ld %d\n", ok_seen, ok_level, slots, max_base < used);
  return 0;
}
