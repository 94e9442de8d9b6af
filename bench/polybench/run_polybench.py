#!/usr/bin/env python3
"""Run omp-migrate --offload=serial on PolyBench/C 4.2.1 and check the results.

For every kernel of PolyBench/C (utilities/benchmark_list, 30 kernels):

  1. translate it: omp-migrate --offload=serial --report=R.json K.c --
     -I utilities -I <kernel dir> -DPOLYBENCH_DUMP_ARRAYS -DPOLYBENCH_TIME
     -D<DATASET>_DATASET (the same -D and -I as the builds below);
  2. build the serial original: gcc -O2 ... utilities/polybench.c K.c -lm;
  3. build the translation for the CPU stand-in device: clang-19 -fopenmp
     -fopenmp-targets=x86_64-pc-linux-gnu -O2 ... (run with
     OMP_TARGET_OFFLOAD=MANDATORY, LD_LIBRARY_PATH=/usr/lib/llvm-19/lib);
  4. run both and compare the arrays PolyBench dumps (stderr, between
     ==BEGIN DUMP_ARRAYS== and ==END DUMP_ARRAYS==) number by number:
     `identical` when the dumps are equal byte for byte, `within tol` when
     every pair satisfies |a-b| <= rtol*max(|a|,|b|) + atol (defaults
     rtol 1e-6, atol 1e-12), `MISMATCH` otherwise (with the first element
     that differs);
  5. count from the JSON report the serial loops considered, offloaded and
     kept on the host, with the reasons of the kept ones.

PolyBench prints doubles with "%0.2lf", which hides all but two decimals.
By default (--exact) the kernel's header is copied next to the copies of
K.c that are translated and built, with DATA_PRINTF_MODIFIER "%0.2lf "
(and "%0.2f ") replaced by "%a " (hexadecimal floating point: every bit of
the value), so `identical` means bit-identical results. --no-exact keeps
PolyBench's own format. Nothing else of PolyBench is changed; the tool and
both compilers see the same sources and flags.

Times are PolyBench's own timer (POLYBENCH_TIME: the kernel function only,
not initialization, dump or, for the translation, data moved by a
`target enter data` placed before the timer starts) and the wall time of
the whole process. Runs are serialized (one at a time, also with -j) so
that two runs never share the CPUs; compiles of other kernels may run
beside them.

--proxies runs each translation once more on the CPU stand-in with
LIBOMPTARGET_INFO=33 and prints a second table of what a GPU would see,
before a GPU confirms it (issue #31): kernel launches in the whole run
(libomptarget's "Entering OpenMP kernel" lines), bytes copied to and from
the device (its "Copying data" lines), and, from the report, the offloaded
loops of the timed kernel_* function with their collapse and their loops on
a team's threads (the loops whose iterations a kernel spreads over teams
and threads: gemm's i alone, or i and j with --tool-arg=--thread-loops).

--gpu-build DIR builds every translated kernel for an NVIDIA GPU
(clang-19 -fopenmp --offload-arch=sm_90 --libomptarget-nvptx-bc-path=
/usr/lib/llvm-19/lib -foffload-lto -O2, PATH with /usr/local/cuda/bin for
ptxas) and the gcc serial original into DIR, with this script, a
manifest and DIR/run.sh, which runs each pair on the GPU machine (Python 3
standard library only, no compiler), times them, compares the outputs and
prints the same table:

    DIR/run.sh RUNTIME_DIR [--repeat N]   # RUNTIME_DIR: libomptarget.so.19.1, libomp.so.5, ...

CUDA 13's ptxas writes cubins that libomptarget 19 does not load ("No
images found compatible with the installed hardware", docs/gpu.md): give a
CUDA 12.x ptxas with --ptxas, which uses bench/bench_gpu.py's toolchain
shim. --pack-runtime also writes DIR/offload-runtime.tar.xz with
../shared/tools/pack-offload-runtime; run.sh unpacks it when no
RUNTIME_DIR is given.

Exit status: 0 every kernel built, ran and matched (identical or within
tol); 1 otherwise; 2 usage errors.

Usage:
  bench/polybench/run_polybench.py --polybench DIR [--dataset SMALL] [-j 2]
      [--kernels gemm,atax] [--reasons] [--work DIR] [--tool PATH] [--restrict]
      [--gpu-build DIR [--ptxas CUDA12_PTXAS] [--pack-runtime]]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

# bench/gpu_run_sh.py; on the GPU machine, the copy beside this one.
sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)),
                os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
import gpu_run_sh  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATASETS = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")
LLVM_LIB = "/usr/lib/llvm-19/lib"
RUN_LOCK = threading.Lock()


# ---------------------------------------------------------------- helpers

def run(cmd, timeout, env=None, cwd=None):
    """(exit status, stdout, stderr, seconds); 124 on timeout, 127 on a missing program."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           cwd=cwd, timeout=timeout)
        rc, so, se = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, so, se = 124, e.stdout or b"", (e.stderr or b"") + b"\n(timed out)"
    except OSError as e:
        rc, so, se = 127, b"", str(e).encode()
    return (rc, so.decode("utf-8", "replace"), se.decode("utf-8", "replace"),
            time.perf_counter() - t0)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def kernel_list(pb):
    """(name, path relative to pb) of every kernel, in benchmark_list order."""
    lst = os.path.join(pb, "utilities", "benchmark_list")
    out = []
    if os.path.isfile(lst):
        for line in read(lst).split():
            rel = os.path.normpath(line)
            out.append((os.path.splitext(os.path.basename(rel))[0], rel))
    else:
        for root, _, files in os.walk(pb):
            for f in files:
                name = os.path.splitext(f)[0]
                if f.endswith(".c") and os.path.basename(root) == name and \
                        os.path.isfile(os.path.join(root, name + ".h")):
                    out.append((name, os.path.relpath(os.path.join(root, f), pb)))
        out.sort(key=lambda x: x[1])
    return out


def exact_header(text):
    """The kernel header with doubles and floats printed in full (%a)."""
    return text.replace('"%0.2lf "', '"%a "').replace('"%0.2f "', '"%a "')


# ---------------------------------------------------------------- comparing dumps

def dump_section(err):
    b = err.find("==BEGIN DUMP_ARRAYS==")
    e = err.find("==END   DUMP_ARRAYS==")
    if b < 0 or e < 0:
        return None
    return err[b:e + len("==END   DUMP_ARRAYS==")]


def number(tok):
    try:
        if "0x" in tok[:3].lower():
            return float.fromhex(tok)
        return float(tok)
    except ValueError:
        return None


def compare_dumps(want_err, got_err, rtol, atol):
    """(result, detail, max relative difference) of two runs' stderr."""
    a, b = dump_section(want_err), dump_section(got_err)
    if a is None:
        return "no dump", "the serial original printed no array dump", 0.0
    if b is None:
        return "MISMATCH", "the translation printed no array dump", None
    if a == b:
        return "identical", "", 0.0
    ta, tb = a.split(), b.split()
    if len(ta) != len(tb):
        return "MISMATCH", "%d tokens against %d" % (len(ta), len(tb)), None
    array, index, worst, bad, first = "?", -1, 0.0, 0, None
    for i, (x, y) in enumerate(zip(ta, tb)):
        if i >= 2 and ta[i - 2] == "begin" and ta[i - 1] == "dump:":
            array, index = x, -1
            if x != y:
                return "MISMATCH", "array %s against %s" % (x, y), None
            continue
        nx, ny = number(x), number(y)
        if nx is None or ny is None:
            if x != y:
                return "MISMATCH", "token %r against %r" % (x, y), None
            continue
        index += 1
        d = abs(nx - ny)
        scale = max(abs(nx), abs(ny))
        rel = d / scale if scale > 0 else 0.0
        if d != d:  # NaN on one side or both
            rel = 0.0 if (nx != nx and ny != ny) else float("inf")
        worst = max(worst, rel)
        if not (d <= rtol * scale + atol) and not (nx != nx and ny != ny):
            bad += 1
            if first is None:
                first = "%s[%d] (flat index of the dump): %s against %s" % (
                    array, index, x, y)
    if bad:
        return "MISMATCH", "%d values differ; first %s" % (bad, first), worst
    return "within tol", "max rel diff %.2g" % worst, worst


def last_error(err):
    """The informative end of a failed run's stderr (not libomptarget's 'Consult ...' line)."""
    lines = [l for l in err.strip().splitlines() if l.strip() and "Consult https" not in l
             and not l.startswith("==") and not l.startswith("begin dump")]
    return " ".join(lines[-2:])[-300:]


def timer(out):
    """PolyBench's POLYBENCH_TIME line ("%0.6f\\n" on stdout)."""
    for line in reversed(out.split()):
        try:
            return float(line)
        except ValueError:
            pass
    return None


# ---------------------------------------------------------------- the report

FUNC = re.compile(r"^(?:static\s+)?(?:void|int)\s+(\w+)\s*\(", re.M)


def function_of(src_text):
    """line -> name of the function the line is in (by PolyBench's layout)."""
    starts = [(src_text.count("\n", 0, m.start()) + 1, m.group(1)) for m in FUNC.finditer(src_text)]

    def f(line):
        name = "?"
        for l, n in starts:
            if l <= line:
                name = n
        return name
    return f


def normalize(reason):
    r = re.sub(r"^kept on the host: ", "", reason)
    r = re.sub(r"'[^']*'", "'X'", r)
    r = re.sub(r"\b\d+\b", "N", r)
    return r


def kernel_loops(path, src_text):
    """The offloaded loops of the timed kernel_* function: [(line, collapse,
    [lines of its loops on a team's threads])]."""
    with open(path) as f:
        rep = json.load(f)
    fn = function_of(src_text)
    out = []
    for fl in rep.get("files", []):
        for lp in fl.get("loops", []):
            if lp.get("offloaded") and fn(lp.get("line", 0)).startswith("kernel_"):
                out.append((lp.get("line", 0), lp.get("collapse", 1), lp.get("thread_loops", [])))
    return out


def proxies(err):
    """(launches, bytes to the device, bytes from it) from LIBOMPTARGET_INFO=33 output."""
    launches = len(re.findall(r"info: Entering OpenMP kernel at ", err))
    to = sum(int(m) for m in re.findall(r"Copying data from host to device, .*?Size=(\d+)", err))
    frm = sum(int(m) for m in re.findall(r"Copying data from device to host, .*?Size=(\d+)", err))
    return launches, to, frm


def read_report(path, src_text):
    """(considered, offloaded, kept, [(line, function, reason)])."""
    with open(path) as f:
        rep = json.load(f)
    fn = function_of(src_text)
    off, kept = 0, []
    for fl in rep.get("files", []):
        for c in fl.get("constructs", []):
            if c.get("kind") == "serial loop" and c.get("translated"):
                off += 1
        for d in fl.get("decisions", []):
            if d.get("kind") != "serial loop":
                continue
            notes = d.get("notes") or ["(no reason given)"]
            reason = next((n for n in notes if n.startswith("kept on the host")), notes[0])
            kept.append((d.get("line", 0), fn(d.get("line", 0)), reason))
    return off + len(kept), off, len(kept), kept


# ---------------------------------------------------------------- one kernel

def prepare(a, name, rel, kdir):
    """Copies of K.c and K.h (print format made exact) in kdir/src; returns the copy of K.c."""
    src_dir = os.path.dirname(os.path.join(a.polybench, rel))
    src = os.path.join(kdir, "src")
    omp = os.path.join(kdir, "omp")
    for d in (src, omp):
        os.makedirs(d, exist_ok=True)
    shutil.copy(os.path.join(a.polybench, rel), os.path.join(src, name + ".c"))
    for f in os.listdir(src_dir):
        if f.endswith(".h"):
            text = read(os.path.join(src_dir, f))
            if a.exact:
                text = exact_header(text)
            for d in (src, omp):
                write(os.path.join(d, f), text)
    return os.path.join(src, name + ".c")


def defines(a):
    extra = ["-D" + d for d in (a.define or [])]
    if a.restrict:
        extra.append("-DPOLYBENCH_USE_RESTRICT")
    return ["-DPOLYBENCH_DUMP_ARRAYS", "-DPOLYBENCH_TIME", "-D%s_DATASET" % a.dataset] + extra


def one_kernel(a, name, rel):
    kdir = os.path.join(a.work, name)
    row = {"kernel": name, "loops": None, "offloaded": None, "kept": None, "kept_list": [],
           "result": "", "detail": "", "serial_s": None, "offload_s": None,
           "serial_wall": None, "offload_wall": None}
    util = os.path.join(a.polybench, "utilities")
    src = prepare(a, name, rel, kdir)
    omp = os.path.join(kdir, "omp", name + ".c")
    report = os.path.join(kdir, "report.json")
    D = defines(a)

    # 1. translate, with the same -I and -D as the builds
    rc, so, se, _ = run([a.tool, "--offload=serial", "--report=" + report] + a.tool_arg + [src, "--",
                         "-I", util, "-I", os.path.dirname(src)] + D, a.timeout)
    write(os.path.join(kdir, "tool.stderr"), se)
    if rc not in (0, 1) or not so.strip():
        row["result"] = "tool error"
        row["detail"] = "omp-migrate exit %d: %s" % (rc, se.strip()[-300:])
        return row
    write(omp, so)
    if os.path.isfile(report):
        row["loops"], row["offloaded"], row["kept"], row["kept_list"] = \
            read_report(report, read(src))

    # 2., 3. build
    ser_exe = os.path.join(kdir, name + ".serial")
    omp_exe = os.path.join(kdir, name + ".omp")
    rc, _, se, _ = run([a.gcc, "-O2", "-I", util, "-I", os.path.dirname(src),
                        os.path.join(util, "polybench.c"), src, "-lm"] + D + ["-o", ser_exe],
                       a.timeout)
    write(os.path.join(kdir, "build-serial.log"), se)
    if rc != 0:
        row["result"], row["detail"] = "build error", "serial original (gcc): " + se.strip()[-300:]
        return row
    rc, _, se, _ = run([a.clang, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O2",
                        "-I", util, "-I", os.path.dirname(omp),
                        os.path.join(util, "polybench.c"), omp, "-lm"] + D + ["-o", omp_exe],
                       a.timeout)
    write(os.path.join(kdir, "build-omp.log"), se)
    if rc != 0:
        row["result"], row["detail"] = "build error", "translation (clang-19): " + se.strip()[-300:]
        return row

    # 4. run (one run at a time) and compare
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY", LC_ALL="C")
    env["LD_LIBRARY_PATH"] = LLVM_LIB + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG"):
        env.pop(k, None)
    with RUN_LOCK:
        r1 = run([ser_exe], a.timeout, env=dict(os.environ, LC_ALL="C"))
        r2 = run([omp_exe], a.timeout, env=env)
    for tag, r in (("serial", r1), ("omp", r2)):
        write(os.path.join(kdir, tag + ".stdout"), r[1])
        write(os.path.join(kdir, tag + ".stderr"), r[2])
    row["serial_s"], row["serial_wall"] = timer(r1[1]), r1[3]
    row["offload_s"], row["offload_wall"] = timer(r2[1]), r2[3]
    if r1[0] != 0:
        row["result"], row["detail"] = "run error", "serial original exit %d" % r1[0]
        return row
    if r2[0] != 0:
        row["result"] = "run error"
        row["detail"] = "translation exit %d: %s" % (r2[0], last_error(r2[2]))
        return row
    row["result"], row["detail"], _ = compare_dumps(r1[2], r2[2], a.rtol, a.atol)
    if a.proxies:
        with RUN_LOCK:
            r4 = run([omp_exe], a.timeout, env=dict(env, LIBOMPTARGET_INFO="33"))
        row["launches"], row["bytes_to"], row["bytes_from"] = proxies(r4[2])
        row["kernel_loops"] = kernel_loops(report, read(src)) if os.path.isfile(report) else []
    if "MISMATCH" in row["result"]:
        # One team of one thread runs the offloaded loops in the serial
        # order: bit-identical then, the difference is the order of the
        # reductions (amplified by the kernel's own numerics), not a wrong
        # translation; still different, it is one.
        env1 = dict(env, OMP_NUM_TEAMS="1", OMP_TEAMS_THREAD_LIMIT="1", OMP_NUM_THREADS="1")
        with RUN_LOCK:
            r3 = run([omp_exe], a.timeout, env=env1)
        if r3[0] == 0 and compare_dumps(r1[2], r3[2], 0.0, 0.0)[0] == "identical":
            row["result"] = "reduction order"
            row["detail"] = (row["detail"] + "; bit-identical with one team of one thread "
                             "(OMP_NUM_TEAMS=1 OMP_TEAMS_THREAD_LIMIT=1 OMP_NUM_THREADS=1)")
    return row


# ---------------------------------------------------------------- GPU build

def gpu_build(a, rows):
    out = os.path.abspath(a.gpu_build)
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ)
    env["PATH"] = a.cuda_bin + os.pathsep + env.get("PATH", "")
    flags = ["-fopenmp", "--offload-arch=" + a.arch, "--libomptarget-nvptx-bc-path=" + LLVM_LIB,
             "-foffload-lto", "-O2"]
    if a.ptxas:
        sys.path.insert(0, os.path.join(REPO, "bench"))
        sys.path.insert(0, os.path.join(REPO, "bench", "data"))
        import bench_gpu  # noqa: E402  (cuda12_toolchain: the CUDA 12 ptxas shim)
        tc = bench_gpu.cuda12_toolchain(out, a.ptxas, os.path.dirname(a.cuda_bin.rstrip("/")))
        flags.insert(2, "--cuda-path=" + tc)
        env["PATH"] = os.path.join(tc, "bin") + os.pathsep + env["PATH"]
    ptxas = a.ptxas or shutil.which("ptxas", path=env["PATH"]) or "ptxas (not found)"
    ptxas_version = run([ptxas, "--version"], 60)[1].strip().splitlines()
    util = os.path.join(a.polybench, "utilities")
    manifest = {"dataset": " ".join(d[2:] for d in defines(a)[2:]), "exact": a.exact, "rtol": a.rtol, "atol": a.atol,
                "flags": " ".join(f for f in flags if not f.startswith("--cuda-path")),
                "ptxas": ptxas_version[-1] if ptxas_version else ptxas, "kernels": []}
    for r in rows:
        name = r["kernel"]
        kdir = os.path.join(a.work, name)
        omp = os.path.join(kdir, "omp", name + ".c")
        entry = {k: r[k] for k in ("kernel", "loops", "offloaded", "kept")}
        entry["build"] = ""
        if not os.path.isfile(omp) or not os.path.isfile(os.path.join(kdir, name + ".serial")):
            entry["build"] = "no translation or serial build (%s)" % r["result"]
        else:
            os.makedirs(os.path.join(out, name), exist_ok=True)
            shutil.copy(os.path.join(kdir, name + ".serial"), os.path.join(out, name, name + ".serial"))
            rc, _, se, _ = run([a.clang] + flags + ["-I", util, "-I", os.path.dirname(omp),
                                os.path.join(util, "polybench.c"), omp, "-lm"] + defines(a) +
                               ["-o", os.path.join(out, name, name + ".gpu")], a.timeout, env=env)
            if rc != 0:
                entry["build"] = "GPU build failed: " + se.strip()[-300:]
        print("gpu build %-16s %s" % (name, entry["build"] or "ok"), file=sys.stderr)
        manifest["kernels"].append(entry)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    shutil.copy(os.path.abspath(__file__), os.path.join(out, "run_polybench.py"))
    shutil.copy(gpu_run_sh.__file__, os.path.join(out, "gpu_run_sh.py"))
    write(os.path.join(out, "run.sh"), RUN_SH)
    os.chmod(os.path.join(out, "run.sh"), 0o755)
    if a.pack_runtime:
        rc, so, se, _ = run([a.pack, out], 1800)
        if rc != 0:
            print("pack-offload-runtime failed: " + se.strip()[-300:], file=sys.stderr)
    print("wrote %s: run it there with %s/run.sh RUNTIME_DIR" % (out, out), file=sys.stderr)


RUN_SH = gpu_run_sh.run_sh("run_polybench.py", (
    '# Written by bench/polybench/run_polybench.py --gpu-build: runs each PolyBench\n'
    "# kernel's serial original and its omp-migrate --offload=serial translation\n"
    '# (built for the GPU), times them, compares the dumped arrays, prints the table.\n'
    '#   run.sh RUNTIME_DIR [--repeat N] [--rtol X] [--atol X]\n'
))


def run_built(a):
    """On the GPU machine: run the pairs of --gpu-build's DIR and print the table."""
    root = os.path.abspath(a.run_built)
    with open(os.path.join(root, "manifest.json")) as f:
        m = json.load(f)
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY", LC_ALL="C")
    env["LD_LIBRARY_PATH"] = a.runtime + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG"):
        env.pop(k, None)
    gpu = run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], 60)[1]
    rows = []
    for k in m["kernels"]:
        name = k["kernel"]
        row = dict(k, result="", detail="", serial_s=None, offload_s=None,
                   serial_wall=None, offload_wall=None, kept_list=[])
        rows.append(row)
        if k.get("build"):
            row["result"], row["detail"] = "build error", k["build"]
            continue
        ser = [run([os.path.join(root, name, name + ".serial")], a.timeout, env=dict(os.environ, LC_ALL="C"))
               for _ in range(a.repeat)]
        gpu_runs = [run([os.path.join(root, name, name + ".gpu")], a.timeout, env=env)
                    for _ in range(a.repeat)]
        row["serial_s"] = min_or_none([timer(r[1]) for r in ser])
        row["offload_s"] = min_or_none([timer(r[1]) for r in gpu_runs])
        row["serial_wall"] = min(r[3] for r in ser)
        row["offload_wall"] = min(r[3] for r in gpu_runs)
        bad = next((r for r in gpu_runs if r[0] != 0), None)
        if ser[0][0] != 0:
            row["result"], row["detail"] = "run error", "serial original exit %d" % ser[0][0]
        elif bad:
            row["result"] = "run error"
            row["detail"] = "GPU build exit %d: %s" % (bad[0], last_error(bad[2]))
        else:
            row["result"], row["detail"], _ = compare_dumps(ser[0][2], gpu_runs[0][2], a.rtol, a.atol)
            if "MISMATCH" in row["result"]:
                # As on the CPU (one_kernel): one team of one thread gives
                # the serial order of the reductions.
                env1 = dict(env, OMP_NUM_TEAMS="1", OMP_TEAMS_THREAD_LIMIT="1", OMP_NUM_THREADS="1")
                r3 = run([os.path.join(root, name, name + ".gpu")], a.timeout, env=env1)
                if r3[0] == 0 and compare_dumps(ser[0][2], r3[2], 0.0, 0.0)[0] == "identical":
                    row["result"] = "reduction order"
                    row["detail"] += "; bit-identical with one team of one thread"
        print("%-16s %s %s" % (name, row["result"], row["detail"]), file=sys.stderr)
    head = "GPU: %s; %s; `clang-19 %s` (ptxas: %s); best of %d runs" % (
        gpu.strip() or "unknown", m["dataset"], m["flags"], m["ptxas"], a.repeat)
    return emit(rows, head, a, "offload (GPU)")


def min_or_none(xs):
    xs = [x for x in xs if x is not None]
    return min(xs) if xs else None


# ---------------------------------------------------------------- the table

def fmt(x, digits=4):
    return "n/a" if x is None else ("%.*f" % (digits, x))


def emit(rows, head, a, offload_name="offload"):
    ok = sum(1 for r in rows if r["result"] in ("identical", "within tol"))
    ident = sum(1 for r in rows if r["result"] == "identical")
    lines = [head, ""]
    lines.append("| kernel | loops | offloaded | kept | result | serial s | %s s | "
                 "serial wall s | %s wall s |" % (offload_name, offload_name))
    lines.append("|---|--:|--:|--:|---|--:|--:|--:|--:|")
    for r in rows:
        res = r["result"]
        if res == "within tol":
            res += " (%s)" % r["detail"]
        elif res not in ("identical",):
            res = "**%s** %s" % (res, r["detail"].replace("|", "\\|").replace("\n", " ")[:160])
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["kernel"], fmt(r["loops"], 0) if r["loops"] is not None else "n/a",
            r["offloaded"] if r["offloaded"] is not None else "n/a",
            r["kept"] if r["kept"] is not None else "n/a", res,
            fmt(r["serial_s"]), fmt(r["offload_s"]), fmt(r["serial_wall"], 3),
            fmt(r["offload_wall"], 3)))
    tot = [sum(r[k] or 0 for r in rows) for k in ("loops", "offloaded", "kept")]
    lines.append("| **total** | %d | %d | %d | %d of %d match (%d identical) | | | | |" % (
        tot[0], tot[1], tot[2], ok, len(rows), ident))
    if getattr(a, "reasons", False):
        lines += [""] + reasons_table(rows)
    if getattr(a, "proxies", False):
        lines += [""] + proxies_table(rows, a)
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        write(a.out, text)
    return 0 if ok == len(rows) else 1


def proxies_table(rows, a):
    """The CPU-side proxies of a GPU run, one row per kernel."""
    out = ["CPU-side proxies (`--proxies`, %s): kernel launches in the whole run and MB copied "
           "to and from the device (libomptarget's LIBOMPTARGET_INFO=33 on the CPU stand-in); "
           "the timed kernel_* function's offloaded loops as line:collapse, with the lines of "
           "their loops on a team's threads (--thread-loops)." % a.dataset, "",
           "| kernel | launches | MB to device | MB from device | kernel_* loops offloaded (line:collapse) |",
           "|---|--:|--:|--:|---|"]
    for r in rows:
        if "launches" not in r:
            out.append("| %s | n/a | n/a | n/a | %s |" % (r["kernel"], r["result"]))
            continue
        loops = ", ".join("%d:%d%s" % (l, c, " (threads %s)" % "+".join(map(str, t)) if t else "")
                          for l, c, t in r["kernel_loops"]) or "none"
        out.append("| %s | %d | %.3f | %.3f | %s |" % (r["kernel"], r["launches"],
                                                      r["bytes_to"] / 1e6, r["bytes_from"] / 1e6,
                                                      loops))
    return out


def reasons_table(rows):
    """Histogram of the reasons loops stayed on the host, kernel functions apart from the rest."""
    hist = collections.Counter()
    where = collections.defaultdict(set)
    for r in rows:
        for line, fn, reason in r["kept_list"]:
            part = "kernel" if fn.startswith("kernel_") else "init/print/main"
            key = (normalize(reason), part)
            hist[key] += 1
            where[key].add(r["kernel"])
    out = ["Reasons loops were kept on the host (names replaced by 'X', numbers by N; "
           "*kernel*: loops of the timed kernel_* function; *init/print/main*: the rest):", "",
           "| reason | in | loops | kernels |", "|---|---|--:|---|"]
    for (reason, part), n in sorted(hist.items(), key=lambda kv: (-kv[1], kv[0])):
        ks = sorted(where[(reason, part)])
        out.append("| %s | %s | %d | %s |" % (reason.replace("|", "\\|"), part, n,
                                               ", ".join(ks) if len(ks) <= 8 else
                                               ", ".join(ks[:8]) + ", ... (%d)" % len(ks)))
    return out


# ---------------------------------------------------------------- main

def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"))
    p.add_argument("--polybench", help="PolyBench/C 4.2.1 source tree (utilities/, the kernels)")
    p.add_argument("--dataset", default="SMALL", type=str.upper, choices=DATASETS)
    p.add_argument("-j", type=int, default=2, help="kernels translated and built at once")
    p.add_argument("--work", default=None, help="work directory (default /tmp/polybench-<dataset>)")
    p.add_argument("--kernels", default=None, help="comma-separated subset (gemm,atax,...)")
    p.add_argument("--reasons", action="store_true", help="print a histogram of the keep reasons")
    p.add_argument("--tool-arg", action="append", default=[],
                   help="another option for omp-migrate (repeatable): --tool-arg=--thread-loops")
    p.add_argument("--proxies", action="store_true",
                   help="also print the CPU-side proxies of a GPU run: launches, bytes moved, "
                   "the kernel's offloaded loops and their collapse")
    p.add_argument("--restrict", action="store_true",
                   help="-DPOLYBENCH_USE_RESTRICT: the kernels' array parameters are declared restrict")
    p.add_argument("-D", "--define", action="append", metavar="NAME[=VALUE]",
                   help="another -D for the tool and both builds (repeatable)")
    p.add_argument("--rtol", type=float, default=1e-6)
    p.add_argument("--atol", type=float, default=1e-12)
    p.add_argument("--exact", dest="exact", action="store_true", default=True,
                   help="print doubles with %%a in the dumps (default): identical = bit-identical")
    p.add_argument("--no-exact", dest="exact", action="store_false",
                   help="keep PolyBench's %%0.2lf dump format")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per command")
    p.add_argument("--out", default=None, help="also write the table to this file")
    p.add_argument("--json", default=None, help="write the rows as JSON")
    p.add_argument("--gcc", default="gcc")
    p.add_argument("--clang", default="clang-19")
    g = p.add_argument_group("GPU build (to run on a GPU machine without a compiler)")
    g.add_argument("--gpu-build", default=None, metavar="DIR")
    g.add_argument("--arch", default="sm_90")
    g.add_argument("--cuda-bin", default="/usr/local/cuda/bin", help="where ptxas is")
    g.add_argument("--ptxas", default=None, help="a CUDA 12.x ptxas (CUDA 13's cubins are not "
                   "loaded by libomptarget 19: docs/gpu.md)")
    g.add_argument("--pack-runtime", action="store_true",
                   help="also write DIR/offload-runtime.tar.xz (../shared/tools/pack-offload-runtime)")
    g.add_argument("--pack", default=os.path.join(REPO, "..", "shared", "tools", "pack-offload-runtime"))
    r = p.add_argument_group("on the GPU machine (run.sh calls these)")
    r.add_argument("--run-built", default=None, metavar="DIR", help=argparse.SUPPRESS)
    r.add_argument("--runtime", default=LLVM_LIB, help=argparse.SUPPRESS)
    r.add_argument("--repeat", type=int, default=3, help="runs per program on the GPU machine")
    a = p.parse_args(argv)

    if a.run_built:
        return run_built(a)
    if not a.polybench or not os.path.isfile(os.path.join(a.polybench, "utilities", "polybench.c")):
        p.error("--polybench DIR: a PolyBench/C tree with utilities/polybench.c")
    a.polybench = os.path.abspath(a.polybench)
    a.tool = os.path.abspath(a.tool)
    a.work = os.path.abspath(a.work or "/tmp/polybench-%s" % a.dataset.lower())
    kernels = kernel_list(a.polybench)
    if a.kernels:
        want = a.kernels.split(",")
        unknown = set(want) - {k for k, _ in kernels}
        if unknown:
            p.error("unknown kernels: " + ", ".join(sorted(unknown)))
        kernels = [k for k in kernels if k[0] in want]
    os.makedirs(a.work, exist_ok=True)
    tool_id = "%s, %s" % (a.tool, time.strftime(
        "%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(a.tool)))) if os.path.isfile(a.tool) else a.tool
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        futs = [ex.submit(one_kernel, a, n, rel) for n, rel in kernels]
        rows = []
        for f, (n, _) in zip(futs, kernels):
            try:
                row = f.result()
            except Exception as e:  # a bug of this script: report it as the kernel's result
                row = {"kernel": n, "loops": None, "offloaded": None, "kept": None, "kept_list": [],
                       "result": "script error", "detail": repr(e), "serial_s": None,
                       "offload_s": None, "serial_wall": None, "offload_wall": None}
            print("%-16s %s %s" % (n, row["result"], row["detail"][:200]), file=sys.stderr)
            rows.append(row)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    head = ("PolyBench/C 4.2.1, %s, %s; omp-migrate --offload=serial%s (%s); serial: "
            "`gcc -O2`; offload: `clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O2` "
            "(CPU stand-in device); dumps %s; tolerance |a-b| <= %g*max(|a|,|b|) + %g; "
            "*serial s*/*offload s*: PolyBench's timer (the kernel function), wall: the process." % (
                " ".join(d[2:] for d in defines(a)[2:]), "%d kernels" % len(rows),
                "".join(" " + t for t in a.tool_arg), tool_id,
                "in %a (identical = bit-identical)" if a.exact else "in PolyBench's %0.2lf",
                a.rtol, a.atol))
    status = emit(rows, head, a)
    if a.gpu_build:
        gpu_build(a, rows)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
