#define OFFLOAD _Pragma("acc parallel loop")
void f(int n, float *restrict x, int *restrict idx) {
  OFFLOAD
  for (int i = 0; i < n; i++) x[i] = 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++) x[idx[i]] = 2;
}
