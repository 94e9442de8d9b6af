"""The generated project of bench/bench_project.py: N translation units from
the OpenACC samples, with shared plain and OpenACC headers and a CMake-style
compile_commands.json (see bench_project.py's docstring for the layout).
Python 3 standard library only.
"""
import json
import os
import re
import shlex

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SAMPLES = os.path.join(REPO, "samples")

# sample -> identifiers renamed per copy (main is handled separately)
RENAMES = {
    "saxpy": ["saxpy", "sum"],
    "jacobi": [],
    "heat": [],
    "kernels": ["grid", "colsum"],
    "histogram": ["histogram", "weighted"],
    "matmul": ["matmul", "trace", "row_abs_sums"],
    "routine": ["collatz_steps", "poly", "clamp"],
    "enterexit": ["field_to_device", "field_from_device", "kernel_affine",
                  "kernel_accumulate", "partial_sum"],
    "cpp_class": ["Grid", "scale"],
}
# round robin over these; the one C++ sample twice, so about a fifth of the TUs are C++
ROTATION = ["saxpy", "jacobi", "cpp_class", "heat", "kernels", "histogram", "matmul",
            "cpp_class", "routine", "enterexit"]
MODULE_SIZE = 20

HEADERS = {
    "proj_config.h": r"""/* Project configuration: plain macros and types, no OpenACC. */
#ifndef PROJ_CONFIG_H
#define PROJ_CONFIG_H

#ifdef __cplusplus
#define PROJ_RESTRICT __restrict__
#else
#define PROJ_RESTRICT restrict
#endif

#ifndef PROJ_ALPHA
#define PROJ_ALPHA 2.0
#endif

#define PROJ_VERSION_MAJOR 1
#define PROJ_VERSION_MINOR 7

typedef double proj_real;

#endif
""",
    "proj_util.h": r"""/* Host helpers shared by every module: static inline, no OpenACC. */
#ifndef PROJ_UTIL_H
#define PROJ_UTIL_H

#include "proj_config.h"

static inline proj_real proj_checksum(const proj_real *v, int n)
{
  proj_real s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * (proj_real)(i % 7 + 1);
  return s;
}

static inline int proj_clampi(int v, int lo, int hi)
{
  return v < lo ? lo : (v > hi ? hi : v);
}

#endif
""",
    "proj_acc.h": r"""/* Device kernels shared by the modules: OpenACC in static inline functions. */
#ifndef PROJ_ACC_H
#define PROJ_ACC_H

#include "proj_config.h"

#pragma acc routine seq
static inline proj_real proj_sq(proj_real v)
{
  return v * v;
}

static inline void proj_axpy(int n, proj_real a, const proj_real *PROJ_RESTRICT x,
                             proj_real *PROJ_RESTRICT y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static inline proj_real proj_dot(int n, const proj_real *PROJ_RESTRICT x,
                                 const proj_real *PROJ_RESTRICT y)
{
  proj_real s = 0.0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += x[i] * proj_sq(y[i]);
  return s;
}

#endif
""",
    "proj_acc.hpp": r"""// Device code shared by the C++ modules: OpenACC in templates and class members.
#ifndef PROJ_ACC_HPP
#define PROJ_ACC_HPP

#include "proj_config.h"

namespace proj {

template <typename T>
void fill(T *x, int n, T v)
{
#pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] = v;
}

template <typename T>
T dot(const T *x, const T *y, int n)
{
  T s = T(0);
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

class Field {
public:
  explicit Field(int n) : n_(n), d_(new double[n]) {}
  ~Field() { delete[] d_; }
  Field(const Field &) = delete;
  Field &operator=(const Field &) = delete;

  void set(double v)
  {
#pragma acc parallel loop copyout(d_[0:n_])
    for (int i = 0; i < n_; ++i)
      d_[i] = v + static_cast<double>(i % 5);
  }

  void scale(double f)
  {
#pragma acc parallel loop copy(d_[0:n_])
    for (int i = 0; i < n_; ++i)
      d_[i] *= f;
  }

  double total() const
  {
    const double *d = d_;
    const int n = n_;
    double s = 0.0;
#pragma acc parallel loop copyin(d[0:n]) reduction(+:s)
    for (int i = 0; i < n; ++i)
      s += d[i];
    return s;
  }

private:
  int n_;
  double *d_;
};

} // namespace proj

#endif
""",
}

EXTRA_C_ACC = r"""
/* added by bench_project.py: calls the shared OpenACC header */
double NAME(int n, proj_real *x, proj_real *y)
{
  proj_axpy(n, PROJ_ALPHA, x, y);
  return proj_dot(n, x, y) + proj_checksum(y, proj_clampi(n, 0, 64));
}
"""
EXTRA_C_PLAIN = r"""
/* added by bench_project.py: calls the shared plain header */
double NAME(const proj_real *v, int n)
{
  return proj_checksum(v, proj_clampi(n, 0, 64)) * PROJ_ALPHA;
}
"""
EXTRA_CXX_ACC = r"""
// added by bench_project.py: calls the shared OpenACC headers
double NAME(int n)
{
  proj::Field f(n);
  f.set(1.0);
  f.scale(PROJ_ALPHA);
  double *x = new double[n];
  double *y = new double[n];
  proj::fill(x, n, 0.5);
  proj::fill(y, n, 0.25);
  proj_axpy(n, PROJ_ALPHA, x, y);
  double s = proj::dot(x, y, n) + proj_dot(n, x, y) + f.total() + proj_checksum(y, proj_clampi(n, 0, 64));
  delete[] x;
  delete[] y;
  return s;
}
"""
EXTRA_CXX_PLAIN = r"""
// added by bench_project.py: calls the shared plain header
double NAME(const proj_real *v, int n)
{
  return proj_checksum(v, proj_clampi(n, 0, 64)) * PROJ_ALPHA;
}
"""


def sample_source(name):
    d = os.path.join(SAMPLES, name)
    srcs = sorted(f for f in os.listdir(d) if f.endswith((".c", ".cpp")))
    if len(srcs) != 1:
        raise SystemExit("bench_project: expected one source in %s, found %s" % (d, srcs))
    with open(os.path.join(d, srcs[0])) as f:
        return srcs[0], f.read()


def make_tu(name, text, k, with_acc):
    """The text of copy k of sample NAME."""
    suf = "_%04d" % k
    cxx = name == "cpp_class"
    out = re.sub(r"\bint main\s*\(", "int %s_main%s(" % (name, suf), text)
    for ident in RENAMES[name]:
        out = re.sub(r"\b%s\b" % re.escape(ident), ident + suf, out)
    if out == text and k > 0:
        raise SystemExit("bench_project: nothing renamed in %s" % name)
    inc = ['#include "proj_config.h"', '#include "proj_util.h"']
    if with_acc:
        inc.append('#include "proj_acc.h"')
        if cxx:
            inc.append('#include "proj_acc.hpp"')
    cmt = "//" if cxx else "/*"
    end = "" if cxx else " */"
    head = "%s generated by bench/bench_project.py: copy %d of samples/%s%s\n" % (
        cmt, k, name, end)
    if cxx:
        extra = EXTRA_CXX_ACC if with_acc else EXTRA_CXX_PLAIN
    else:
        extra = EXTRA_C_ACC if with_acc else EXTRA_C_PLAIN
    extra = extra.replace("NAME", "%s_extra%s" % (name, suf))
    return head + "\n".join(inc) + "\n" + out + extra


def generate(work, n, acc_every, dup_every):
    """Write the project; returns its description (files, entries, sources)."""
    os.makedirs(os.path.join(work, "include"))
    os.makedirs(os.path.join(work, "build"))
    for h, text in HEADERS.items():
        with open(os.path.join(work, "include", h), "w") as f:
            f.write(text)
    with open(os.path.join(work, ".bench_project"), "w") as f:
        f.write("generated by bench/bench_project.py\n")
    samples = {s: sample_source(s) for s in set(ROTATION)}
    build = os.path.join(work, "build")
    entries, tus = [], []
    n_acc = 0
    for k in range(n):
        name = ROTATION[k % len(ROTATION)]
        src_name, text = samples[name]
        ext = os.path.splitext(src_name)[1]
        # shifted by one every round of the rotation, so each sample has copies with and without
        with_acc = bool(acc_every) and (k + k // len(ROTATION)) % acc_every == 0
        n_acc += with_acc
        rel = os.path.join("src", "mod_%02d" % (k // MODULE_SIZE), "%s_%04d%s" % (name, k, ext))
        path = os.path.join(work, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(make_tu(name, text, k, with_acc))
        cxx = ext == ".cpp"
        compiler = "/usr/bin/c++" if cxx else "/usr/bin/cc"
        std = "-std=c++17" if cxx else "-std=gnu11"
        obj = "CMakeFiles/proj.dir/%s.o" % rel
        flags = ["-DNDEBUG", "-I../include", "-fopenacc", "-O2", std]
        configs = [[]]
        # among the TUs that call the OpenACC header, so that the macro reaches a call
        if dup_every and with_acc and n_acc % dup_every == 0:
            configs.append(["-DPROJ_ALPHA=3.0"])
        for extra in configs:
            cmd = [compiler] + flags[:1] + extra + flags[1:] + ["-o", obj, "-c", path]
            entries.append({"directory": build, "command": " ".join(shlex.quote(c) for c in cmd),
                            "file": path, "output": obj})
        tus.append({"rel": rel, "path": path, "sample": name, "cxx": cxx, "acc": with_acc,
                    "commands": len(configs), "flags": flags})
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=2)
        f.write("\n")
    return {"tus": tus, "entries": len(entries)}


# ---------------------------------------------------------------- measurement
