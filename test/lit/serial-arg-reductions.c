// Arg-max and arg-min in serial loops, and values read after the loop
// that only some iterations set: `if (a[i] > best) { best = a[i];
// at = i; }` is offloaded with `reduction(max: best) private(at)`, and a
// second kernel after the loop finds the index: the first iteration whose
// value equals the maximum (`>`: ties go to the first index, as the loop
// gives them; `>=`, `<=`: to the last). With `>` or `<` the second pass
// runs only when the loop changed the value (else the index stays as it
// was). Run with ties, negative values, a starting value no element beats
// and one some elements equal, against the serial original.
// RUN: %omp-migrate --offload=serial --explain %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// The report lists the index that starts from the host's value.
// RUN: %omp-migrate --offload=serial --report=%t.json %s -- > /dev/null 2>&1
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// JSON: "firstprivate": [
// JSON-NEXT: "at"
// JSON-NEXT: ],
// A second run changes nothing.
// RUN: %omp-migrate --offload=serial %t.c -- | diff %t.c -
// REQUIRES: offload-cpu, gcc
#include <stdio.h>

#define N 50000

static double v[N];
static int w[N];

// The first index of the maximum (ties: v repeats every 4001 values).
static int argmax(const double *restrict a, int n, double start) {
  // CHECK: {{^  }}long long at_first;
  // CHECK-NEXT: {{^  }}double best_before;
  int i, at = -1;
  double best = start;
  // CHECK: {{^  }}best_before = best;
  // CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: best) private(at) reduction(max: best)
  // NOTE: serial-arg-reductions.c:[[@LINE+1]]:3: note: 'best' and 'at' are an arg-max: reduction(max: best), then a second kernel after the loop finds the first iteration where a[i] equals it, when the loop raised it
  for (i = 0; i < n; i++)
    if (a[i] > best) {
      best = a[i];
      at = i;
    }
  // CHECK: {{^  }}if (best > best_before) {
  // CHECK-NEXT: {{^    }}at_first = 0x7fffffffffffffffLL;
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(min: at_first)
  // CHECK-NEXT: {{^    }}for (i = 0; i < n; i++)
  // CHECK-NEXT: {{^      }}if (a[i] == best && i < at_first)
  // CHECK-NEXT: {{^        }}at_first = i;
  // CHECK-NEXT: {{^    }}if (at_first != 0x7fffffffffffffffLL)
  // CHECK-NEXT: {{^      }}at = at_first;
  // CHECK-NEXT: {{^  }}}
  printf("max %g at %d\n", best, at);
  return at;
}

// The last index of the minimum (`<=`), the compare written the other way
// round, negative values.
static int argminlast(int n, int start) {
  int i, wat = 7;
  int wmin = start;
  // CHECK: {{^  }}#pragma omp target teams distribute parallel for map(tofrom: wmin) map(to: w) private(wat) reduction(min: wmin)
  for (i = 0; i < n; i++)
    if (wmin >= w[i]) {
      wat = i;
      wmin = w[i];
    }
  // CHECK: {{^  }}{
  // CHECK-NEXT: {{^    }}wat_last = -0x7fffffffffffffffLL - 1;
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(to: w) reduction(max: wat_last)
  printf("min %d at %d\n", wmin, wat);
  return wat;
}

// A decreasing loop: its first iteration among the ties is the largest
// index.
static int argmaxdown(int n) {
  int i, at = -1;
  double best = -1.0;
  // CHECK: {{^  }}best_before = best;
  for (i = n - 1; i >= 0; i--)
    if (v[i] > best) {
      best = v[i];
      at = i;
    }
  // CHECK: {{^    }}at_first = -0x7fffffffffffffffLL - 1;
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(to: v) reduction(max: at_first)
  // CHECK-NEXT: {{^    }}for (i = n - 1; i >= 0; i--)
  // CHECK-NEXT: {{^      }}if (v[i] == best && i > at_first)
  printf("max %g at %d (down)\n", best, at);
  return at;
}

// A value read after the loop that only some iterations set: private,
// then the last iteration whose condition holds (a max reduction on the
// index; min for a decreasing loop) and the value there, evaluated on the
// device.
static double lastvalue(int n) {
  int i;
  double lv = -7.0;
  // CHECK: {{^  }}#pragma omp target teams distribute parallel for map(to: w, v) private(lv)
  for (i = n - 1; i >= 0; i--)
    if (w[i] == 5)
      lv = v[i] * 2.0 + i;
  // CHECK: {{^  }}lv_at = 0x7fffffffffffffffLL;
  // CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(to: w) reduction(min: lv_at)
  // CHECK-NEXT: {{^  }}for (i = n - 1; i >= 0; i--)
  // CHECK-NEXT: {{^    }}if ((w[i] == 5) && i < lv_at)
  // CHECK-NEXT: {{^      }}lv_at = i;
  // CHECK-NEXT: {{^  }}if (lv_at != 0x7fffffffffffffffLL) {
  // CHECK-NEXT: {{^    }}#pragma omp target map(tofrom: lv) map(to: v)
  // CHECK-NEXT: {{^    }}{
  // CHECK-NEXT: {{^      }}int i = lv_at;
  // CHECK-NEXT: {{^      }}lv = v[i] * 2.0 + i;
  printf("last %g\n", lv);
  return lv;
}

// A tie rule on the index (the deterministic form parallel code uses): the
// lowest index of the maximum whatever the order of the iterations; the
// index before the loop competes when the value stays what it was.
static int argmaxtie(int n, double start, int from) {
  int i, at = from;
  double best = start;
  // CHECK: {{^  }}best_before = best;
  // CHECK-NEXT: {{^  }}#pragma omp target teams distribute parallel for map(to: v) map(tofrom: best) firstprivate(at) reduction(max: best)
  // NOTE: serial-arg-reductions.c:[[@LINE+1]]:3: note: 'best' and 'at' are an arg-max with ties to the lowest index: reduction(max: best), firstprivate(at), then a second kernel after the loop finds the lowest index where v[i] equals it (or keeps 'at' when the value did not change and it is lower)
  for (i = n - 1; i >= 0; i--)
    if (v[i] > best || (v[i] == best && i < at)) {
      best = v[i];
      at = i;
    }
  // CHECK: {{^  }}{
  // CHECK-NEXT: {{^    }}at_first = 0x7fffffffffffffffLL;
  // CHECK-NEXT: {{^    }}#pragma omp target teams distribute parallel for map(to: v) reduction(min: at_first)
  // CHECK-NEXT: {{^    }}for (i = n - 1; i >= 0; i--)
  // CHECK-NEXT: {{^      }}if (v[i] == best && i < at_first)
  // CHECK-NEXT: {{^        }}at_first = i;
  // CHECK-NEXT: {{^    }}if (at_first != 0x7fffffffffffffffLL && (best != best_before || at_first < at))
  // CHECK-NEXT: {{^      }}at = at_first;
  // CHECK-NEXT: {{^  }}}
  printf("max %g at %d (tie rule, from %d)\n", best, at, from);
  return at;
}

// The value is written by the loop: a second pass would not see what the
// comparison saw.
static int written(double *restrict a, int n) {
  int i, at = 0;
  double best = -1.0;
  // NOTE: serial-arg-reductions.c:[[@LINE+1]]:3: note: kept on the host: the loop writes 'best', declared outside it, in a way that is neither a reduction, a flag set to one constant, nor a temporary written before it is read
  for (i = 0; i < n; i++) {
    if (a[i] > best) {
      best = a[i];
      at = i;
    }
    a[i] = 0.5 * a[i];
  }
  return at;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (double)((i * 7919) % 4001);
    w[i] = (i * 31) % 53 - 20;
  }
  int s = 0;
  s += argmax(v, N, -1.0);    // raised: the first of the ties
  s += argmax(v, N, 5000.0);  // nothing beats it: the index stays -1
  s += argmax(v, N, 4000.0);  // equal is not more: stays -1
  s += argminlast(N, 100);    // lowered: the last of the ties
  s += argminlast(N, -20);    // equal to the minimum: the last such index
  s += argminlast(N, -30);    // nothing below: stays 7
  s += argmaxdown(N);
  s += (int)lastvalue(N);
  s += (int)lastvalue(30); // no w[i] == 5 below 30: stays -7
  s += argmaxtie(N, -1.0, -1);     // raised: the lowest of the ties
  s += argmaxtie(N, 4000.0, N);    // equal to the maximum: the lowest index of it
  s += argmaxtie(N, 4000.0, 2);    // equal, and the index before is lower: stays 2
  s += argmaxtie(N, 5000.0, 9);    // nothing reaches it: stays 9
  s += written(v, N);
  printf("%d %g\n", s, v[1]);
  return 0;
}
