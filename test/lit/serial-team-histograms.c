// Team-local histograms (issue #31), --team-histograms: an offloaded serial
// loop that only adds into the elements of small declared arrays at
// data-dependent places gets, per team, a copy of each array declared in a
// `target teams` region (its threads share it: on a GPU, shared memory),
// zeroed, filled with atomic updates by the loop's `distribute parallel
// for`, and added into the array once per team. A scalar reduction of the
// same loop goes on both constructs. Without the option the loops keep
// the combined construct and atomic updates of the arrays. A pointer whose mapped
// section is [0:B] for a constant B (`h[k & 15]`: [0:16]) takes the form as
// a declared array does; one whose section is run-time sized keeps its
// atomics; the team block ends before what data placement puts after the
// kernel. The translation prints
// what the serial original prints (clang-19 on the CPU stand-in, gcc), and
// a second run changes nothing.
// RUN: %omp-migrate --offload=serial --team-histograms --explain --report=%t.json %s -- > %t.c 2> %t.err
// RUN: %FileCheck %s --check-prefix=OUT < %t.c
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: python3 -c "import json; print('\n'.join('%%d %%s' %% (l['line'], l.get('team_histograms')) for l in json.load(open('%t.json'))['files'][0]['loops'] if l['offloaded']))" | %FileCheck %s --check-prefix=JSON
// RUN: %clang19-offload %t.c -o %t.omp
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: gcc -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: diff %t.ref %t.out
// RUN: %gcc-openmp %t.c -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: diff %t.ref %t.gcc.out
// RUN: %omp-migrate --offload=serial --team-histograms %t.c -- > %t.again.c
// RUN: diff %t.c %t.again.c
// RUN: %omp-migrate --offload=serial %s -- | %FileCheck %s --check-prefix=PLAIN
#include <stdio.h>
#define N 100000
#define BINS 64

int key[N];
double w[N];
long hist[BINS];
double whist[16];

// A pointer (the function is not static: no call site tells its size).
// OUT-LABEL: void masked(
// OUT:      {{^  }}#pragma omp target teams distribute parallel for map(tofrom: g[0:nb]) map(to: key[0:n]){{$}}
// OUT-NEXT: {{^  }}for (i = 0; i < n; i++)
// OUT-NEXT: {{^    }}#pragma omp atomic update
// OUT-NEXT: {{^    }}g[i % nb] += key[i];
// OUT-NEXT: {{^  }}#pragma omp target teams map(tofrom: h[0:16]) map(to: key[0:n]){{$}}
// OUT-NEXT: {{^  }}{{{$}}
// OUT-NEXT: {{^    }}long h_team[16];
// OUT:      {{^  }}#pragma omp distribute parallel for{{$}}
// OUT-NEXT: {{^  }}for (i = 0; i < n; i++)
// OUT-NEXT: {{^    }}#pragma omp atomic update
// OUT-NEXT: {{^    }}h_team[key[i] & 15] += 2;
// OUT:      {{^      }}h[h_bin] += h_team[h_bin];
// The team block ends before the data region's exit.
// OUT-NEXT: {{^    }}}
// OUT-NEXT: {{^  }}}
// OUT-NEXT: {{^  }}#pragma omp target exit data
// NOTE: serial-team-histograms.c:[[@LINE+7]]:3: note: no team-local histogram: 'g': a pointer whose mapped section is not [0:B] for a constant B
// NOTE: serial-team-histograms.c:[[@LINE+8]]:3: note: 'h' is a histogram of 16 bins
// JSON: [[@LINE+5]] None
// JSON: [[@LINE+6]] ['h']
void masked(int n, const int *restrict key, long *restrict h, long *restrict g,
            int nb) {
  int i;
  for (i = 0; i < n; i++)
    g[i % nb] += key[i];
  for (i = 0; i < n; i++)
    h[key[i] & 15] += 2;
}

int main(void) {
  int i, b;
  long sum = 0, total = 0, h16[16] = {0}, g7[7] = {0};
  double wsum = 0;
  for (i = 0; i < N; i++) {
    key[i] = (int)((i * 2654435761u) % BINS);
    w[i] = (i % 7) * 0.5;
  }
  for (b = 0; b < BINS; b++)
    hist[b] = b;
  // OUT:      {{^  }}#pragma omp target teams map(tofrom: hist, whist) map(to: key, w){{$}}
  // OUT-NEXT: {{^  }}{{{$}}
  // OUT-NEXT: {{^    }}long hist_team[64];
  // OUT-NEXT: {{^    }}int hist_bin;
  // OUT-NEXT: {{^    }}double whist_team[16];
  // OUT-NEXT: {{^    }}int whist_bin;
  // OUT-NEXT: {{^    }}#pragma omp parallel for
  // OUT-NEXT: {{^    }}for (hist_bin = 0; hist_bin < 64; hist_bin++)
  // OUT-NEXT: {{^      }}hist_team[hist_bin] = 0;
  // OUT-NEXT: {{^    }}#pragma omp parallel for
  // OUT-NEXT: {{^    }}for (whist_bin = 0; whist_bin < 16; whist_bin++)
  // OUT-NEXT: {{^      }}whist_team[whist_bin] = 0;
  // OUT-NEXT: {{^  }}#pragma omp distribute parallel for{{$}}
  // OUT-NEXT: {{^  }}for (i = 0; i < N; i++) {
  // OUT-NEXT: {{^    }}#pragma omp atomic update
  // OUT-NEXT: {{^    }}hist_team[key[i]]++;
  // OUT-NEXT: {{^    }}#pragma omp atomic update
  // OUT-NEXT: {{^    }}whist_team[key[i] & 15] += w[i];
  // OUT-NEXT: {{^    }}#pragma omp atomic update
  // OUT-NEXT: {{^    }}hist_team[key[i] / 2] -= 2;
  // OUT-NEXT: {{^  }}}
  // OUT-NEXT: {{^    }}#pragma omp parallel for
  // OUT-NEXT: {{^    }}for (hist_bin = 0; hist_bin < 64; hist_bin++) {
  // OUT-NEXT: {{^      }}#pragma omp atomic update
  // OUT-NEXT: {{^      }}hist[hist_bin] += hist_team[hist_bin];
  // OUT-NEXT: {{^    }}}
  // OUT-NEXT: {{^    }}#pragma omp parallel for
  // OUT-NEXT: {{^    }}for (whist_bin = 0; whist_bin < 16; whist_bin++) {
  // OUT-NEXT: {{^      }}#pragma omp atomic update
  // OUT-NEXT: {{^      }}whist[whist_bin] += whist_team[whist_bin];
  // OUT-NEXT: {{^    }}}
  // OUT-NEXT: {{^  }}}
  // NOTE: serial-team-histograms.c:[[@LINE+5]]:3: note: 'hist' is a histogram of 64 bins: each team adds into a copy of its own ('hist_team', atomic updates in the memory the team's threads share), added into 'hist' once per team
  // NOTE: serial-team-histograms.c:[[@LINE+4]]:3: note: 'whist' is a histogram of 16 bins
  // JSON: [[@LINE+3]] ['hist', 'whist']
  // PLAIN:      {{^  }}#pragma omp target teams distribute parallel for map(tofrom: hist, whist) map(to: key, w){{$}}
  // PLAIN-NEXT: {{^  }}for (i = 0; i < N; i++) {
  for (i = 0; i < N; i++) {
    hist[key[i]]++;
    whist[key[i] & 15] += w[i];
    hist[key[i] / 2] -= 2;
  }
  // A scalar reduction beside the histogram: on both constructs (each
  // team reduces its threads' copies, the teams reduce into total).
  // OUT:      {{^  }}#pragma omp target teams map(tofrom: hist, total) map(to: key) reduction(+: total){{$}}
  // OUT-NEXT: {{^  }}{{{$}}
  // OUT-NEXT: {{^    }}long hist_team2[64];
  // OUT:      {{^  }}#pragma omp distribute parallel for reduction(+: total){{$}}
  // OUT-NEXT: {{^  }}for (i = 0; i < N; i++) {
  // OUT-NEXT: {{^    }}#pragma omp atomic update
  // OUT-NEXT: {{^    }}hist_team2[key[i] & 7] += 1;
  // OUT-NEXT: {{^    }}total += key[i];
  // JSON: [[@LINE+1]] ['hist']
  for (i = 0; i < N; i++) {
    hist[key[i] & 7] += 1;
    total += key[i];
  }
  for (b = 0; b < BINS; b++)
    sum = sum * 31 + hist[b];
  for (b = 0; b < 16; b++)
    wsum += whist[b];
  masked(N, key, h16, g7, 7);
  for (b = 0; b < 16; b++)
    sum = sum * 7 + h16[b];
  for (b = 0; b < 7; b++)
    sum = sum * 5 + g7[b];
  printf("%ld %ld %.3f\n", sum, total, wsum);
  return 0;
}
