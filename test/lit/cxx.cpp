// C++: class members, templates (the pattern is rewritten once, not each
// instantiation), lambdas.
// RUN: %omp-migrate %s -- -std=c++17 > %t.cpp 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.cpp --implicit-check-not="{{^ *#pragma acc}}"
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %if offload-cpu %{ clang++-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -std=c++17 -c %t.cpp -o /dev/null %}
// RUN: %if gcc %{ g++ -fopenmp -foffload=disable -std=c++17 -c %t.cpp -o /dev/null %}
// DIAG: 4 of 4 constructs translated
// DIAG: exit=0

class Field {
public:
  explicit Field(int n) : n_(n), v_(new double[n]) {}
  ~Field() { delete[] v_; }
  void fill(double x) {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: v_[0:n_])
    #pragma acc parallel loop
    for (int i = 0; i < n_; i++)
      v_[i] = x;
  }
private:
  int n_;
  double *v_;
};

template <typename T> void scale(T *__restrict a, int n, T s) {
  // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    a[i] *= s;
}
template void scale<float>(float *, int, float);
template void scale<double>(double *, int, double);

void lambdas(int n, float *__restrict y) {
  auto body = [&](float a) {
    // CHECK: {{^ *}}#pragma omp target teams distribute parallel for map(to: y[0:n])
    #pragma acc parallel loop copyin(y[0:n])
    for (int i = 0; i < n; i++)
      (void)(a * y[i]);
  };
  body(2.0f);
  // CHECK: {{^ *}}#pragma omp target enter data map(to: y[0:n])
  #pragma acc enter data copyin(y[0:n])
}
