// C++17 + OpenACC: a class that owns a raw new[] array and offloads work in
// its member functions, plus a function template instantiated for float and
// double.
//
//  - Grid::fill() names the members directly in its data clause
//    (copyout(data_[0:n_])), Grid::sum() uses local copies of the members, as
//    much hand-written OpenACC C++ does;
//  - scale<T>() is one template with one "parallel loop", used with T = float
//    and T = double.
//
// All values are multiples of 1/4, so every sum is exact.
#include <cstdio>

class Grid {
public:
  explicit Grid(int n) : n_(n), data_(new double[n]) {}
  ~Grid() { delete[] data_; }
  Grid(const Grid &) = delete;
  Grid &operator=(const Grid &) = delete;

  void fill(double base, double step)
  {
#pragma acc parallel loop copyout(data_[0:n_])
    for (int i = 0; i < n_; ++i)
      data_[i] = base + step * static_cast<double>(i % 100);
  }

  double sum() const
  {
    const double *d = data_;
    const int n = n_;
    double s = 0.0;
#pragma acc parallel loop copyin(d[0:n]) reduction(+:s)
    for (int i = 0; i < n; ++i)
      s += d[i];
    return s;
  }

  double *data() { return data_; }
  int size() const { return n_; }

private:
  int n_;
  double *data_;
};

template <typename T>
void scale(T *x, int n, T factor)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * factor;
}

int main()
{
  Grid g(5000);
  g.fill(1.0, 0.25);
  std::printf("grid: size %d, sum %.6f, data[99] = %.6f\n", g.size(), g.sum(), g.data()[99]);

  scale(g.data(), g.size(), 2.0); // scale<double>
  std::printf("grid scaled: sum %.6f\n", g.sum());

  const int m = 1000;
  float *f = new float[m];
  for (int i = 0; i < m; ++i)
    f[i] = 0.25f * static_cast<float>(i % 8);
  scale(f, m, 4.0f); // scale<float>
  double fsum = 0.0;
  for (int i = 0; i < m; ++i)
    fsum += f[i];
  std::printf("float scaled: f[7] = %.6f sum %.6f\n", static_cast<double>(f[7]), fsum);
  delete[] f;
  return 0;
}
