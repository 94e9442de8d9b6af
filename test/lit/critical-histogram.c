// A histogram under a critical (or an atomic of the input) in an offloaded
// CPU OpenMP loop: by default each update becomes an atomic update; with
// --array-reductions, the bins being a declared array of 64 elements that
// nothing else in the region touches, the critical and the atomic go and
// the loop reduces the array whole (each team its own copy: the
// team-local histograms of the published technique); with --team-histograms
// each team adds into a copy of the bins of its own with atomic updates and
// adds it into the array once (a `target teams` region around the loop's
// `distribute parallel for`). A histogram that the loop also reads keeps
// its atomics. Each translation prints what the
// original prints (gcc -fopenmp), on the CPU stand-in device and with gcc.
// RUN: %omp-migrate --offload=openmp %s -- > %t.c
// RUN: grep -v "^ *//" %t.c | %FileCheck %s --check-prefix=ATOMIC
// RUN: %omp-migrate --offload=openmp --array-reductions --explain %s -- > %t.red.c 2> %t.err
// RUN: grep -v "^ *//" %t.red.c | %FileCheck %s --check-prefix=RED
// RUN: %FileCheck %s --check-prefix=NOTE < %t.err
// RUN: gcc -fopenmp -O1 %s -o %t.orig && %t.orig > %t.ref
// RUN: %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out
// RUN: diff %t.ref %t.out
// RUN: %clang19-offload %t.red.c -o %t.red && env OMP_TARGET_OFFLOAD=MANDATORY %t.red > %t.red.out
// RUN: diff %t.ref %t.red.out
// RUN: gcc -fopenmp -O1 %t.red.c -o %t.gred && %t.gred > %t.gred.out
// RUN: diff %t.ref %t.gred.out
// RUN: %omp-migrate --offload=openmp --team-histograms --explain %s -- > %t.team.c 2> %t.team.err
// RUN: grep -v "^ *//" %t.team.c | %FileCheck %s --check-prefix=TEAM
// RUN: %FileCheck %s --check-prefix=TEAMNOTE < %t.team.err
// RUN: %clang19-offload %t.team.c -o %t.team && env OMP_TARGET_OFFLOAD=MANDATORY %t.team > %t.team.out
// RUN: diff %t.ref %t.team.out
// RUN: gcc -fopenmp -O1 %t.team.c -o %t.gteam && %t.gteam > %t.gteam.out
// RUN: diff %t.ref %t.gteam.out
// RUN: %omp-migrate --offload=openmp --team-histograms %t.team.c -- | diff %t.team.c -
#include <stdio.h>
#define N 100000
#define BINS 64

int key[N];
long hist[BINS], hist2[BINS], hist3[BINS];
int seen[BINS], out[N];

int main(void) {
  for (int i = 0; i < N; i++)
    key[i] = (int)((i * 2654435761u) % BINS);
  // ATOMIC:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist, hist2) map(to: key)
  // ATOMIC-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // ATOMIC-NEXT: {{^ *}}#pragma omp atomic update
  // ATOMIC-NEXT: {{^ *}}hist[key[i]]++;
  // ATOMIC-NEXT: {{^ *}}#pragma omp atomic
  // ATOMIC-NEXT: {{^ *}}hist2[key[i] / 2] += 2;
  // TEAM:      {{^ *}}#pragma omp target teams map(tofrom: hist, hist2) map(to: key){{$}}
  // TEAM-NEXT: {{^ *}}{{{$}}
  // TEAM-NEXT: {{^ *}}long hist_team[64];
  // TEAM-NEXT: {{^ *}}int hist_bin;
  // TEAM-NEXT: {{^ *}}long hist2_team[64];
  // TEAM-NEXT: {{^ *}}int hist2_bin;
  // TEAM-NEXT: {{^ *}}#pragma omp parallel for
  // TEAM-NEXT: {{^ *}}for (hist_bin = 0; hist_bin < 64; hist_bin++)
  // TEAM-NEXT: {{^ *}}hist_team[hist_bin] = 0;
  // TEAM-NEXT: {{^ *}}#pragma omp parallel for
  // TEAM-NEXT: {{^ *}}for (hist2_bin = 0; hist2_bin < 64; hist2_bin++)
  // TEAM-NEXT: {{^ *}}hist2_team[hist2_bin] = 0;
  // TEAM-NEXT: {{^ *}}#pragma omp distribute parallel for{{$}}
  // TEAM-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // TEAM-NEXT: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}hist_team[key[i]]++;
  // TEAM-NEXT: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}hist2_team[key[i] / 2] += 2;
  // TEAM-NEXT: {{^ *}}}
  // TEAM-NEXT: {{^ *}}#pragma omp parallel for
  // TEAM-NEXT: {{^ *}}for (hist_bin = 0; hist_bin < 64; hist_bin++) {
  // TEAM-NEXT: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}hist[hist_bin] += hist_team[hist_bin];
  // TEAM-NEXT: {{^ *}}}
  // TEAM-NEXT: {{^ *}}#pragma omp parallel for
  // TEAM-NEXT: {{^ *}}for (hist2_bin = 0; hist2_bin < 64; hist2_bin++) {
  // TEAM-NEXT: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}hist2[hist2_bin] += hist2_team[hist2_bin];
  // TEAM-NEXT: {{^ *}}}
  // TEAM-NEXT: {{^ *}}}
  // RED:      {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: hist, hist2) map(to: key) reduction(+: hist) reduction(+: hist2)
  // RED-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // RED-NEXT: {{^ *}}hist[key[i]]++;
  // RED-NEXT: {{^ *}}hist2[key[i] / 2] += 2;
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    hist[key[i]]++;
    #pragma omp atomic
    hist2[key[i] / 2] += 2;
  }
  // Read in the loop too: its updates stay atomic.
  // RED: {{^ *}}#pragma omp atomic update
  // RED-NEXT: {{^ *}}seen[key[i]] += 1;
  // TEAM: {{^ *}}#pragma omp target teams distribute parallel for
  // TEAM: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}seen[key[i]] += 1;
  // RED-NEXT: {{^ *}}#pragma omp atomic read
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    int v;
    #pragma omp critical (s)
    seen[key[i]] += 1;
    #pragma omp critical (s)
    v = seen[0];
    out[i] = v;
  }
  // With a reduction of the loop (the input's and a critical's): the
  // team form takes both reductions on both constructs.
  // TEAM:      {{^ *}}#pragma omp target teams map(tofrom: hist3, total, twice) map(to: key) reduction(+: total) reduction(+: twice){{$}}
  // TEAM:      {{^ *}}#pragma omp distribute parallel for reduction(+: total) reduction(+: twice){{$}}
  // TEAM-NEXT: {{^ *}}for (int i = 0; i < N; i++) {
  // TEAM-NEXT: {{^ *}}#pragma omp atomic update
  // TEAM-NEXT: {{^ *}}hist3_team[key[i] % 16]++;
  long total = 0, twice = 0;
  #pragma omp parallel for reduction(+: total)
  for (int i = 0; i < N; i++) {
    #pragma omp critical
    hist3[key[i] % 16]++;
    total += key[i];
    #pragma omp critical (tw)
    twice += 2;
  }
  long sum = 0, sum2 = 0, s3 = 0;
  for (int b = 0; b < BINS; b++) {
    sum += hist[b] * (b + 1);
    sum2 += hist2[b] * (b + 1);
    s3 += seen[b] * (b + 1) + hist3[b] * (b + 7);
  }
  printf("%ld %ld %ld %ld %d %ld %ld\n", sum, sum2, s3, hist[5], out[0] >= 0, total, twice);
  return 0;
}
// NOTE: note: critical removed: reduction(+: hist) on the loop at line {{[0-9]+}} (each team its own copy of the array)
// NOTE: note: atomic removed: reduction(+: hist2) on the loop at line {{[0-9]+}} (each team its own copy of the array)
// TEAMNOTE: note: critical converted to atomic update of 'hist_team', the team's copy of 'hist' (64 bins), added into 'hist' once per team after the loop at line {{[0-9]+}}
// TEAMNOTE: note: atomic converted to atomic update of 'hist2_team', the team's copy of 'hist2' (64 bins), added into 'hist2' once per team after the loop at line {{[0-9]+}}
