#!/usr/bin/env python3
"""Time and count the data traffic of omp-migrate's translations on an NVIDIA GPU.

A GPU machine often has the driver but no compiler, so the work is split:

  build  (on a machine with clang-19, libomp-19-dev, CUDA's ptxas and gcc)
      For every data-movement case (bench/data/cases/<name>/) at two sizes
      (the CPU benchmark's and a larger one), writes the four versions of
      bench/data/bench_data.py (naive per-kernel maps, the expert's OpenMP,
      omp-migrate's translation, --optimize-data on the naive OpenMP) and
      builds each with clang-19 -fopenmp --offload-arch=sm_XX -O2; the
      reference output comes from the OpenACC original built with
      gcc -fopenacc -foffload=disable -O2 (OpenACC run on the host) at the
      same size. Every sample in samples/ is translated and built the same
      way, with its expected.txt as reference, and every execution test of
      test/lit (its original under gcc -fopenacc as reference; default
      translation and --data=per-kernel then --optimize-data; no timing). A
      program with one empty target
      region measures the fixed cost of a run (CUDA and libomptarget start-up).
      Writes DIR/manifest.json, DIR/bin/*, DIR/ref/* and, packed by
      ../shared/tools/pack-offload-runtime (or --runtime-tar), the offload
      runtime DIR/offload-runtime.tar.xz.

  run DIR  (on the GPU machine; Python 3 standard library only)
      Unpacks the runtime, runs each binary once with LIBOMPTARGET_INFO=32
      (copies counted per direction, output compared with the reference:
      numbers within --rtol) and --repeat more times without it, and prints
      a Markdown table: median and minimum wall time per run, the time above
      the empty program's (the part the program itself costs), and the
      speed-up over the naive version. All runs use OMP_TARGET_OFFLOAD=MANDATORY.

Exit status of run: 0 every output correct, 1 otherwise, 2 setup errors.

Usage:
  bench/bench_gpu.py build DIR [--tool build/bin/omp-migrate] [--arch sm_90]
  bench/bench_gpu.py run DIR [--repeat 5] [--out FILE.md]
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "data"))
import bench_data  # noqa: E402  (count_copies, same_output, run)

VERSIONS = bench_data.VERSIONS
# the larger size of each case: arrays of 32 MiB (2D cases) or 128 MiB (1D)
LARGE = {
    "boundary": ["-DN=2048", "-DITERS=200"],
    "heat": ["-DN=2048", "-DITERS=200"],
    "jacobi": ["-DN=2048", "-DITERS=200"],
    "saxpy_iter": ["-DLEN=16777216", "-DITERS=100"],
    "sweep": ["-DLEN=16777216"],
}
EMPTY_C = r"""#include <stdio.h>
int main(void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf("%d\n", x);
  return 0;
}
"""


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def must(cmd, what, timeout=600, env=None):
    rc, so, se = bench_data.run(cmd, timeout, env=env)
    if rc != 0:
        die("%s failed (exit %d): %s\n  command: %s" % (what, rc, se.strip()[-800:], " ".join(cmd)))
    return so


SHIM_PTXAS = r"""#!/bin/sh
# Written by bench/bench_gpu.py: ptxas from CUDA 12.x, as asked (clang wants a
# relocatable cubin), plus a whole-program executable cubin of the same PTX,
# filed under the relocatable's hash, for the nvlink below to hand on.
"%(ptxas)s" "$@" || exit $?
out=""; ptx=""; prev=""
for a in "$@"; do
  case "$prev" in -o|--output-file) out=$a;; esac
  case "$a" in *.s|*.ptx) ptx=$a;; esac
  prev=$a
done
[ -n "$out" ] && [ -n "$ptx" ] || exit 0
h=$(sha256sum "$out" | cut -c1-64)
skip=""; for a in "$@"; do
  shift
  if [ -n "$skip" ]; then skip=""; continue; fi
  case "$a" in -c) continue;; -o|--output-file) skip=1; continue;; esac
  set -- "$@" "$a"
done
exec "%(ptxas)s" "$@" --output-file "%(cache)s/$h.exec"
"""
SHIM_NVLINK = r"""#!/bin/sh
# Written by bench/bench_gpu.py: the image of a single device object is the
# executable cubin the ptxas above made of it (CUDA 13's nvlink would rewrite
# it in the new ELF ABI, which libomptarget 19 does not read).
out=""; ins=""; n=0
while [ $# -gt 0 ]; do
  case "$1" in -o) out=$2; shift 2;; *.cubin|*.o) ins=$1; n=$((n+1)); shift;; *) shift;; esac
done
[ "$n" = 1 ] && [ -n "$out" ] || { echo "nvlink shim: one device object expected, got $n" >&2; exit 1; }
h=$(sha256sum "$ins" | cut -c1-64)
[ -f "%(cache)s/$h.exec" ] || { echo "nvlink shim: no executable cubin for $ins" >&2; exit 1; }
exec cp "%(cache)s/$h.exec" "$out"
"""


def cuda12_toolchain(out, ptxas, cuda):
    """A --cuda-path whose ptxas is a CUDA 12.x one and whose nvlink keeps its output.

    CUDA 13 writes cubins in a new ELF ABI (EI_ABIVERSION 8, the SM number in
    bits 8-15 of e_flags); libomptarget 19 reads the SM from the low byte and
    finds no image for the GPU ("No images found compatible with the installed
    hardware"). CUDA 12.x ptxas writes the old ABI, which every driver loads.
    """
    tc = os.path.join(out, "toolchain")
    cache = os.path.join(tc, "cubins")
    os.makedirs(os.path.join(tc, "bin"), exist_ok=True)
    os.makedirs(cache, exist_ok=True)
    for name, text in (("ptxas", SHIM_PTXAS), ("nvlink", SHIM_NVLINK)):
        path = os.path.join(tc, "bin", name)
        with open(path, "w") as f:
            f.write(text % {"ptxas": os.path.abspath(ptxas), "cache": cache})
        os.chmod(path, 0o755)
    for sub in ("include", "nvvm", "lib64"):
        link = os.path.join(tc, sub)
        if not os.path.lexists(link) and os.path.exists(os.path.join(cuda, sub)):
            os.symlink(os.path.join(cuda, sub), link)
    return tc


def build(a):
    out = os.path.abspath(a.dir)
    bindir, refdir = os.path.join(out, "bin"), os.path.join(out, "ref")
    srcdir = os.path.join(out, "src")
    for d in (bindir, refdir, srcdir):
        os.makedirs(d, exist_ok=True)
    env = dict(os.environ)
    env["PATH"] = a.cuda_bin + os.pathsep + env.get("PATH", "")
    offload = ["-fopenmp", "--offload-arch=" + a.arch,
               "--libomptarget-nvptx-bc-path=" + a.libdir, "-foffload-lto", "-O2",
               "-Wno-unknown-pragmas"]
    if a.ptxas:
        tc = cuda12_toolchain(out, a.ptxas, os.path.dirname(a.cuda_bin.rstrip("/")))
        offload.insert(2, "--cuda-path=" + tc)
        env["PATH"] = os.path.join(tc, "bin") + os.pathsep + env["PATH"]
        ver = must([a.ptxas, "--version"], "ptxas --version").strip().splitlines()
        ptxas_version = ver[-1] if ver else a.ptxas
    else:
        ver = must([os.path.join(a.cuda_bin, "ptxas"), "--version"], "ptxas --version")
        ptxas_version = ver.strip().splitlines()[-1]
    tool_version = must([a.tool, "--version"], "omp-migrate --version").strip().splitlines()
    manifest = {"arch": a.arch, "clang": must([a.clang, "--version"], "clang").splitlines()[0],
                "flags": " ".join(o for o in offload if not o.startswith("--cuda-path")),
                "ptxas": ptxas_version, "tool": tool_version[-1] if tool_version else "",
                "built_on": platform.node(), "programs": []}

    def compile_(src, exe, defines, cxx=False):
        cc = a.clang.replace("clang-", "clang++-") if cxx else a.clang
        must([cc] + offload + (["-std=c++17"] if cxx else []) + defines + [src, "-o", exe, "-lm"],
             "build of " + os.path.basename(src), env=env)

    def translate(src, dst, extra, defines):
        rc, so, se = bench_data.run([a.tool] + extra + [src, "--"] + defines, 600)
        if rc != 0:
            die("omp-migrate %s %s: exit %d: %s" % (" ".join(extra), src, rc, se.strip()[-400:]))
        with open(dst, "w") as f:
            f.write(so)

    empty = os.path.join(srcdir, "empty.c")
    with open(empty, "w") as f:
        f.write(EMPTY_C)
    compile_(empty, os.path.join(bindir, "empty"), [])
    with open(os.path.join(refdir, "empty.txt"), "w") as f:
        f.write("1\n")
    manifest["programs"].append({"group": "baseline", "name": "empty", "size": "-",
                                 "version": "empty target region", "exe": "bin/empty",
                                 "ref": "ref/empty.txt"})

    cases_dir = os.path.join(REPO, "bench", "data", "cases")
    for name in sorted(os.listdir(cases_dir)):
        cdir = os.path.join(cases_dir, name)
        if not os.path.isfile(os.path.join(cdir, name + ".c")):
            continue
        for size, defines in (("small", []), ("large", LARGE.get(name, []))):
            if size == "large" and not defines:
                continue
            tag = "%s.%s" % (name, size)
            print("building %s ..." % tag, file=sys.stderr)
            orig = os.path.join(cdir, name + ".c")
            ref_exe = os.path.join(srcdir, tag + ".gcc")
            must([a.gcc, "-fopenacc", "-foffload=disable", "-O2"] + defines +
                 [orig, "-o", ref_exe, "-lm"], "gcc reference build of " + tag)
            with open(os.path.join(refdir, tag + ".txt"), "w") as f:
                f.write(must([ref_exe], "gcc reference run of " + tag))
            paths = {"expert": os.path.join(cdir, "expert.c")}
            paths["naive"] = os.path.join(srcdir, tag + ".naive.c")
            translate(orig, paths["naive"], ["--data=per-kernel"], defines)
            paths["omp-migrate"] = os.path.join(srcdir, tag + ".omp-migrate.c")
            translate(orig, paths["omp-migrate"], [], defines)
            paths["optimize-data"] = os.path.join(srcdir, tag + ".optimize-data.c")
            translate(paths["naive"], paths["optimize-data"], ["--optimize-data"], defines)
            for v in VERSIONS:
                exe = "bin/%s.%s" % (tag, v)
                compile_(paths[v], os.path.join(out, exe), defines)
                manifest["programs"].append({"group": name, "name": name, "size": size,
                                             "defines": " ".join(defines), "version": v,
                                             "exe": exe, "ref": "ref/%s.txt" % tag})

    samples = os.path.join(REPO, "samples")
    for name in sorted(os.listdir(samples)):
        sdir = os.path.join(samples, name)
        srcs = [s for s in sorted(os.listdir(sdir)) if s.startswith(name + ".")] \
            if os.path.isdir(sdir) else []
        if not srcs:
            continue
        src = os.path.join(sdir, srcs[0])
        cxx = not src.endswith(".c")
        print("building sample %s ..." % name, file=sys.stderr)
        dst = os.path.join(srcdir, "sample." + srcs[0])
        translate(src, dst, [], ["-O1", "-std=c++17" if cxx else "-std=c11"])
        exe = "bin/sample.%s" % name
        compile_(dst, os.path.join(out, exe), [], cxx=cxx)
        shutil.copy(os.path.join(sdir, "expected.txt"), os.path.join(refdir, "sample.%s.txt" % name))
        manifest["programs"].append({"group": "samples", "name": name, "size": "-",
                                     "version": "omp-migrate", "exe": exe,
                                     "ref": "ref/sample.%s.txt" % name})

    # The execution tests of the translation suite: every test/lit/*.c that
    # runs its original under gcc -fopenacc, in the default translation and
    # through --data=per-kernel then --optimize-data.
    lit = os.path.join(REPO, "test", "lit")
    for f in sorted(os.listdir(lit)):
        src = os.path.join(lit, f)
        if not f.endswith(".c"):
            continue
        with open(src) as fh:
            if "%gcc-openacc" not in fh.read():
                continue
        name = f[:-2]
        print("building test %s ..." % name, file=sys.stderr)
        ref_exe = os.path.join(srcdir, name + ".gcc")
        must([a.gcc, "-fopenacc", "-foffload=disable", "-O2", src, "-o", ref_exe, "-lm"],
             "gcc reference build of " + name)
        with open(os.path.join(refdir, "test.%s.txt" % name), "w") as fh:
            fh.write(must([ref_exe], "gcc reference run of " + name))
        default = os.path.join(srcdir, "test.%s.c" % name)
        translate(src, default, [], [])
        naive = os.path.join(srcdir, "test.%s.naive.c" % name)
        translate(src, naive, ["--data=per-kernel"], [])
        optimized = os.path.join(srcdir, "test.%s.optimize-data.c" % name)
        translate(naive, optimized, ["--optimize-data"], [])
        for v, path in (("omp-migrate", default), ("optimize-data", optimized)):
            exe = "bin/test.%s.%s" % (name, v)
            compile_(path, os.path.join(out, exe), [])
            manifest["programs"].append({"group": "tests", "name": name, "size": "-",
                                         "version": v, "exe": exe,
                                         "ref": "ref/test.%s.txt" % name})

    tar = os.path.join(out, "offload-runtime.tar.xz")
    if a.runtime_tar:
        shutil.copy(a.runtime_tar, tar)
    elif not os.path.exists(tar):
        must([a.pack, out], "pack-offload-runtime")
    if not a.keep_sources:
        shutil.rmtree(srcdir)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print("wrote %s (%d programs)" % (out, len(manifest["programs"])), file=sys.stderr)
    return 0


def timed(cmd, env, timeout):
    t0 = time.perf_counter()
    rc, so, se = bench_data.run(cmd, timeout, env=env)
    return time.perf_counter() - t0, rc, so, se


def run(a):
    root = os.path.abspath(a.dir)
    with open(os.path.join(root, "manifest.json")) as f:
        manifest = json.load(f)
    rt = os.path.join(root, "rt")
    if not os.path.isdir(rt):
        os.makedirs(rt)
        with tarfile.open(os.path.join(root, "offload-runtime.tar.xz")) as t:
            t.extractall(rt)
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = rt + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    env.update(OMP_TARGET_OFFLOAD="MANDATORY", OMP_WAIT_POLICY="passive", LC_ALL="C")
    for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG", "LIBOMPTARGET_PROFILE"):
        env.pop(k, None)
    info_env = dict(env, LIBOMPTARGET_INFO="32")
    gpu = bench_data.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         60)[1].strip() or "unknown GPU"
    rows, failed = [], False
    for p in manifest["programs"]:
        exe = os.path.join(root, p["exe"])
        with open(os.path.join(root, p["ref"])) as f:
            want = f.read()
        _, rc, so, se = timed([exe], info_env, a.timeout)
        row = dict(p, ok=False, note="", times=[])
        if rc != 0:
            row["note"] = "exit %d: %s" % (rc, " ".join(
                l for l in se.splitlines()[-3:] if "Copying data" not in l)[:200])
        else:
            why = bench_data.same_output(so, want, a.rtol)
            row["ok"] = why is None
            row["note"] = why or ""
        h2d_n, h2d_b, d2h_n, d2h_b, _ = bench_data.count_copies(se)
        row.update(h2d_n=h2d_n, h2d_b=h2d_b, d2h_n=d2h_n, d2h_b=d2h_b)
        if row["ok"] and p["group"] != "tests":
            for _ in range(a.repeat):
                t, rc, _, _ = timed([exe], env, a.timeout)
                if rc != 0:
                    row["ok"], row["note"] = False, "exit %d in a timed run" % rc
                    break
                row["times"].append(t)
        failed |= not row["ok"]
        print("%-12s %-6s %-14s %s" % (p["name"], p["size"], p["version"],
                                        "ok" if row["ok"] else "FAILED " + row["note"]),
              file=sys.stderr)
        rows.append(row)

    base = [r for r in rows if r["group"] == "baseline" and r["times"]]
    base_t = statistics.median(base[0]["times"]) if base else None

    def ms(x):
        return "n/a" if x is None else "%.1f" % (1000 * x)

    lines = ["GPU: %s; built with %s (`%s`, ptxas %s); %d timed runs each after one run with "
             "LIBOMPTARGET_INFO=32; times are wall-clock per process, in ms." % (
                 gpu, manifest["clang"], manifest["flags"], manifest.get("ptxas", "?"),
                 a.repeat), ""]
    if base_t is not None:
        lines.append("Fixed cost of a run (a program with one empty target region): "
                     "median %s ms. *Above fixed* is the median minus that." % ms(base_t))
        lines.append("")
    lines.append("| case | size | version | H2D copies | H2D bytes | D2H copies | D2H bytes | "
                 "median ms | min ms | above fixed ms | speed-up vs naive | output OK |")
    lines.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
    naive = {}
    for r in rows:
        if r["version"] == "naive" and r["times"]:
            naive[(r["name"], r["size"])] = statistics.median(r["times"])
    for r in rows:
        if r["group"] in ("baseline", "samples", "tests"):
            continue
        med = statistics.median(r["times"]) if r["times"] else None
        mn = min(r["times"]) if r["times"] else None
        above = None if med is None or base_t is None else med - base_t
        nv = naive.get((r["name"], r["size"]))
        speed = "n/a" if med is None or nv is None else "%.2fx" % (nv / med)
        size = r["size"] + (" (%s)" % r["defines"] if r.get("defines") else "")
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], size, r["version"], bench_data.cell(r["h2d_n"]),
            bench_data.cell(r["h2d_b"]), bench_data.cell(r["d2h_n"]),
            bench_data.cell(r["d2h_b"]), ms(med), ms(mn), ms(above), speed,
            "yes" if r["ok"] else "**NO** " + r["note"]))
    samples = [r for r in rows if r["group"] == "samples"]
    if samples:
        lines += ["", "Samples (omp-migrate's translation; output compared with expected.txt):", "",
                  "| sample | output OK | H2D bytes | D2H bytes | median ms |", "|---|---|--:|--:|--:|"]
        for r in samples:
            lines.append("| %s | %s | %s | %s | %s |" % (
                r["name"], "yes" if r["ok"] else "**NO** " + r["note"],
                bench_data.cell(r["h2d_b"]), bench_data.cell(r["d2h_b"]),
                ms(statistics.median(r["times"]) if r["times"] else None)))
    tests = [r for r in rows if r["group"] == "tests"]
    if tests:
        lines += ["", "Execution tests of test/lit (output compared with the original's under "
                  "gcc -fopenacc):", "",
                  "| test | version | output OK | H2D copies | H2D bytes | D2H copies | D2H bytes |",
                  "|---|---|---|--:|--:|--:|--:|"]
        for r in tests:
            lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
                r["name"], r["version"], "yes" if r["ok"] else "**NO** " + r["note"],
                bench_data.cell(r["h2d_n"]), bench_data.cell(r["h2d_b"]),
                bench_data.cell(r["d2h_n"]), bench_data.cell(r["d2h_b"])))
    bench_data.emit(lines, a.out)
    return 1 if failed else 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("dir")
    b.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"))
    b.add_argument("--arch", default="sm_90")
    b.add_argument("--clang", default="clang-19")
    b.add_argument("--gcc", default="gcc")
    b.add_argument("--libdir", default="/usr/lib/llvm-19/lib")
    b.add_argument("--cuda-bin", default="/usr/local/cuda/bin", help="where ptxas is")
    b.add_argument("--ptxas", default=None,
                   help="a CUDA 12.x ptxas, for a CUDA 13 installation with clang-19 (see docs/gpu.md)")
    b.add_argument("--pack", default=os.path.join(REPO, "..", "shared", "tools", "pack-offload-runtime"))
    b.add_argument("--runtime-tar", default=None, help="an offload-runtime.tar.xz to use as is")
    b.add_argument("--keep-sources", action="store_true")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--repeat", type=int, default=5)
    r.add_argument("--rtol", type=float, default=1e-6)
    r.add_argument("--timeout", type=float, default=300.0)
    r.add_argument("--out", default=None)
    a = p.parse_args(argv)
    return build(a) if a.cmd == "build" else run(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
