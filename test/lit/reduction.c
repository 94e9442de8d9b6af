// Reductions: every OpenACC operator, on combined constructs and on loops
// inside a parallel region (reduced across teams too).
// RUN: %omp-migrate %s -- > %t.c 2> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *#pragma acc}}"
// RUN: %if offload-cpu %{ %clang19-offload -c %t.c -o /dev/null %}
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}

void ops(int n, const int *restrict v, const double *restrict d) {
  int s = 0, p = 1, mx = 0, mn = 0, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
  double ds = 0;
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: s, p, mx, mn) map(to: v[0:n]) reduction(+: s) reduction(*: p) reduction(max: mx) reduction(min: mn)
  #pragma acc parallel loop reduction(+:s) reduction(*:p) reduction(max:mx) reduction(min:mn)
  for (int i = 0; i < n; i++) {
    s += v[i]; p *= v[i];
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
  }
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: band, bor, bxor, land, lor) map(to: v[0:n]) reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(&&: land) reduction(||: lor)
  #pragma acc parallel loop reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor)
  for (int i = 0; i < n; i++) {
    band &= v[i]; bor |= v[i]; bxor ^= v[i];
    land = land && v[i]; lor = lor || v[i];
  }
  // A gang loop's reduction inside a parallel region: teams reduce too.
  // CHECK: {{^ *}}#pragma omp target teams map(tofrom: ds) map(to: d[0:n]) reduction(+: ds)
  #pragma acc parallel
  {
    // CHECK: {{^ *}}#pragma omp distribute parallel for reduction(+: ds)
    #pragma acc loop gang vector reduction(+:ds)
    for (int i = 0; i < n; i++)
      ds += d[i];
  }
}
