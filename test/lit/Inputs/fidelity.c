/* A comment that stays.   Odd   spacing too. */
#define N 1024
static float x[N],   y[N];

void saxpy(float a) {
#pragma acc parallel loop \
    copyin(x) copy(y)   /* keep me */
  for (int i = 0; i < N; i++)   // and me
    y[i] = a * x[i] + y[i];
}
