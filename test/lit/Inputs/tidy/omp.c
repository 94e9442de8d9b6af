/* Serial loops and CPU OpenMP for the clang-tidy module's tests
   (test/lit/tidy-offload.test). */
#define N 1000
double x[N], y[N];
int hist[16];

void init(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 7;
}

double total(void) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    y[i] = 2 * x[i];
#pragma omp critical
    s += y[i];
  }
  return s;
}

void count(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    hist[(int)x[i] % 16]++;
  }
}
