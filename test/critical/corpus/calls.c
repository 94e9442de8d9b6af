// Criticals whose legality depends on the functions the loop calls. A
// function that touches none of the critical's variables changes nothing;
// one that reads the variable without the lock, or draws from a generator
// the lock also protects, keeps the critical; one that updates it with an
// atomic, or under a critical of the same name, does not.
#include <stdio.h>

#define N 20000

static int a[N];
static long hits, bumps, seen_neg;
static unsigned seed = 12345u;

static double poly(double x) { return 0.5 * x * x + 2.0 * x + 1.0; }
static int sq(int x) { return x * x; }
static long peek_hits(void) { return hits; }
static unsigned next_draw(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 1023u;
}
static void bump(void) {
#pragma omp atomic
  bumps++;
}
static long calls;
static void add_call(void) {
#pragma omp critical // C:orphan
  calls++;
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 17) % 61;

  // poly touches nothing shared.
  double s = 0.0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    double v = poly(a[i]);
#pragma omp critical // C:purecall
    s += v;
  }

  // The added value calls sq, a function of the file without side effects.
  long c = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:pureexpr
    c += sq(a[i]);
  }

  // peek_hits reads hits without the lock.
  long neg = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:readbycall
    hits += a[i];
    if (peek_hits() < 0)
      neg = 1;
  }

  // next_draw advances the generator: the lock protects seed too.
  long drawn = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical // C:sideeffect
    drawn += next_draw();
  }

  // bump updates bumps with an atomic, in the loop before the critical's
  // (an atomic and a critical do not exclude each other).
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      bump();
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical // C:atomicincall
      bumps += 2;
    }
  }

  // The critical is in add_call (an orphaned critical), calls is used
  // nowhere else.
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    add_call();

  seen_neg = neg;
  printf("%.6e %ld %ld %ld %ld %ld %ld %ld\n", s, c, hits, seen_neg, drawn, bumps, calls, (long)seed);
  return 0;
}
