#!/usr/bin/env python3
"""What a critical section costs on an offload device, against what omp-migrate puts in its place.

bench/data/critical_histogram.c is a CPU OpenMP histogram: N keys from an
LCG, B bins (`long hist[B]`), `#pragma omp parallel for` over the keys with
`#pragma omp critical` around `hist[key[i]]++`, run REPS + 1 times (the first
one untimed, a warm-up). The program times the other REPS with omp_get_wtime()
between repetitions, outside the parallel loop, prints "time_ms <per
repetition>" to stderr and the histogram's checksum to stdout. Five variants
are built and run, each at the same -DN -DB -DREPS:

  CPU OpenMP critical   the original, gcc -fopenmp -O2, OMP_NUM_THREADS=--threads
                        (default: all cores)
  critical on device    the original with its `parallel for` replaced by this
                        script (text substitution) with `target teams distribute
                        parallel for map(to: key[0:N]) map(tofrom: hist)`, the
                        critical kept: the naive offload (maps on the kernel, so
                        key is copied in every repetition)
  atomic                omp-migrate --offload=openmp FILE -- -std=c11: the
                        critical becomes `omp atomic update`
  array reduction       omp-migrate --offload=openmp --array-reductions FILE --
                        -std=c11: the critical goes, the loop gets reduction(+: hist)
  team-local            omp-migrate --offload=openmp --team-histograms FILE --
                        -std=c11: each team adds into its own copy of the bins
                        (atomic updates), then into hist once (issue #31)

Before building, the two translations are checked for the directives they
should have (a warning with the tool's messages and the changed lines if
not). The offload variants are built with clang-19 -fopenmp
-fopenmp-targets=x86_64-pc-linux-gnu -O2 (the CPU stand-in for a device: the
host's cores behind libomptarget, with memory of its own) and run with
OMP_TARGET_OFFLOAD=MANDATORY. Each program runs --runs times. Prints a
Markdown table: the median time per repetition, the speed-up over "critical
on device" and whether the checksum equals the original's (in every run).

--gpu only builds, for an NVIDIA GPU (clang-19 -fopenmp --offload-arch=sm_90
--libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib -foffload-lto -O2, ptxas
from --cuda-bin; --ptxas takes a CUDA 12.x ptxas where CUDA is 13, see
docs/gpu.md; the original there with clang-19 -fopenmp -O2, so that it needs
only the libomp of the offload runtime), into --work DIR with a manifest and
DIR/run.sh, which runs them on the GPU machine (Python 3) and prints the same
table. --pack-runtime also writes DIR/offload-runtime.tar.xz. With clang-19
"critical on device" does not build for NVPTX: the device runtime has no
critical-section lock for NVPTX ("ptxas fatal: Unresolved extern function
'_ZN4impl15setCriticalLockEP10omp_lock_t'"; added after LLVM 19, in
llvm/llvm-project#110148); its row then says so and the speed-up column is n/a.

Published figures for comparison (a histogram on a GPU): 3,648 ms with a
critical section, 3.05 ms with an atomic update (1,196x faster), 0.11 ms with
team-local copies of the histogram (another 28x). A benchmark script, not a
test: figures go to docs/ with the command and the date.

Usage: bench/bench_critical.py [--tool build/bin/omp-migrate] [--n 4194304]
           [--bins 64] [--reps 5] [--runs 3] [--threads K] [--work DIR]
           [--gpu [--arch sm_90] [--ptxas CUDA12_PTXAS] [--pack-runtime]]
       DIR/run.sh [RUNTIME_DIR]      (on the GPU machine, after --gpu)
Python 3 standard library only.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# bench/gpu_run_sh.py; on the GPU machine, the copy beside this one.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_run_sh  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SOURCE = os.path.join(HERE, "data", "critical_histogram.c")
LLVM_LIB = "/usr/lib/llvm-19/lib"
STANDIN = ["-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O2"]
PUBLISHED = ("Published figures (a histogram on a GPU): critical 3,648 ms; atomic 3.05 ms "
             "(1,196x); team-local copies 0.11 ms (another 28x).")
# name, source file, {what the source must have: regex}, {what it must not have: regex}
TARGET = r"#pragma omp target teams distribute parallel for"
VARIANTS = (
    ("CPU OpenMP critical", "original", {}, {}),
    ("critical on device", "device_critical",
     {"target teams loop": TARGET, "critical": r"#pragma omp critical"}, {}),
    ("atomic", "atomic", {"target teams loop": TARGET, "atomic update": r"#pragma omp atomic update"},
     {"critical": r"#pragma omp critical"}),
    ("array reduction", "array_reduction",
     {"target teams loop with reduction(+: hist)": TARGET + r"[^\n]*reduction\(\+: *hist\)"},
     {"critical": r"#pragma omp critical", "atomic": r"#pragma omp atomic"}),
    ("team-local (--team-histograms)", "team_local",
     {"target teams region": r"#pragma omp target teams map",
      "distribute parallel for": r"#pragma omp distribute parallel for",
      "atomic update of the team's copy": r"#pragma omp atomic update\s*\n\s*hist_team\["},
     {"critical": r"#pragma omp critical"}),
)
NAIVE = "#pragma omp target teams distribute parallel for map(to: key[0:N]) map(tofrom: hist)"
BASE = "critical on device"


def run(cmd, timeout, env=None):
    """(exit status, stdout, stderr); 124 on a timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return 124, e.stdout or "", "timed out after %ss" % timeout
    except OSError as e:
        return 127, "", str(e)


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def must(cmd, what, timeout=600, env=None):
    rc, so, se = run(cmd, timeout, env=env)
    if rc != 0:
        die("%s failed (exit %d): %s\n  command: %s" % (what, rc, se.strip()[-800:], " ".join(cmd)))
    return so, se


def changed_lines(before, after):
    old = set(before.splitlines())
    return [l for l in after.splitlines() if l not in old]


def sources(a, srcdir, defines):
    """Write the five sources into srcdir; {stem: note}, note "" if as expected."""
    with open(SOURCE) as f:
        orig = f.read()
    notes = {}
    texts = {"original": orig}
    naive, count = re.subn(r"(?m)^#pragma omp parallel for$", NAIVE, orig)
    if count != 1:
        die("%s: expected one `#pragma omp parallel for` line, found %d" % (SOURCE, count))
    texts["device_critical"] = naive
    for stem, extra in (("atomic", []), ("array_reduction", ["--array-reductions"]),
                        ("team_local", ["--team-histograms"])):
        cmd = [a.tool, "--offload=openmp"] + extra + [SOURCE, "--", "-std=c11"] + defines
        rc, so, se = run(cmd, 600)
        texts[stem] = so
        if rc != 0:
            print("omp-migrate failed (exit %d): %s\n%s" % (rc, " ".join(cmd), se), file=sys.stderr)
            notes[stem] = "omp-migrate exit %d" % rc
            texts[stem] = None
            continue
        print(se.strip(), file=sys.stderr)
    for name, stem, want, unwanted in VARIANTS:
        text = texts[stem]
        if text is None:
            continue
        missing = [w for w, rx in want.items() if not re.search(rx, text)]
        extra = [u for u, rx in unwanted.items() if re.search(rx, text)]
        if missing or extra:
            notes[stem] = ", ".join(["no " + w for w in missing] + ["has " + u for u in extra])
            print("warning: %s (%s) is not as expected: %s\n  changed lines:\n    %s" % (
                name, stem, notes[stem], "\n    ".join(changed_lines(orig, text)) or "(none)"),
                file=sys.stderr)
        with open(os.path.join(srcdir, stem + ".c"), "w") as f:
            f.write(text)
    return notes


def build(a):
    out = os.path.abspath(a.work)
    srcdir, bindir = os.path.join(out, "src"), os.path.join(out, "bin")
    for d in (srcdir, bindir):
        os.makedirs(d, exist_ok=True)
    defines = ["-DN=%d" % a.n, "-DB=%d" % a.bins, "-DREPS=%d" % a.reps]
    notes = sources(a, srcdir, defines)
    env = dict(os.environ)
    if a.gpu:
        env["PATH"] = a.cuda_bin + os.pathsep + env.get("PATH", "")
        offload = ["-fopenmp", "--offload-arch=" + a.arch, "--libomptarget-nvptx-bc-path=" + a.libdir,
                   "-foffload-lto", "-O2"]
        if a.ptxas:
            sys.path.insert(0, HERE)
            sys.path.insert(0, os.path.join(HERE, "data"))
            import bench_gpu  # noqa: E402  (cuda12_toolchain: the CUDA 12 ptxas shim)
            tc = bench_gpu.cuda12_toolchain(out, a.ptxas, os.path.dirname(a.cuda_bin.rstrip("/")))
            offload.insert(2, "--cuda-path=" + tc)
            env["PATH"] = os.path.join(tc, "bin") + os.pathsep + env["PATH"]
        host = [a.clang, "-fopenmp", "-O2"]
        ptxas = a.ptxas or shutil.which("ptxas", path=env["PATH"]) or "ptxas"
        ver = must([ptxas, "--version"], "ptxas --version")[0].strip().splitlines()
    else:
        offload = list(STANDIN)
        host = [a.gcc, "-fopenmp", "-O2"]
        ver = []
    manifest = {"n": a.n, "bins": a.bins, "reps": a.reps, "threads": a.threads,
                "device": "gpu" if a.gpu else "stand-in",
                "host_flags": " ".join(host), "flags": " ".join(
                    [a.clang] + [o for o in offload if not o.startswith("--cuda-path")]),
                "ptxas": ver[-1] if ver else "",
                "tool": "%s (built %s)" % (a.tool, time.strftime(
                    "%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(a.tool)))),
                "variants": []}
    for name, stem, _, _ in VARIANTS:
        src = os.path.join(srcdir, stem + ".c")
        entry = {"name": name, "exe": "bin/" + stem, "offload": stem != "original",
                 "note": notes.get(stem, "")}
        manifest["variants"].append(entry)
        if not os.path.exists(src):
            entry["build"] = "no source: " + entry["note"]
            continue
        cmd = (host if stem == "original" else [a.clang] + offload) + defines + \
            [src, "-o", os.path.join(out, entry["exe"])]
        print("building %s ..." % name, file=sys.stderr)
        rc, _, se = run(cmd, 600, env=env)
        why = [l.strip() for l in se.splitlines() if re.search(r"fatal|error:", l)]
        entry["build"] = "" if rc == 0 else "build failed (exit %d): %s" % (
            rc, (why[0] if why else se.strip()[-300:])[:300])
        if rc != 0:
            print(entry["build"] + "\n  command: " + " ".join(cmd), file=sys.stderr)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    if a.gpu:
        shutil.copy(os.path.abspath(__file__), os.path.join(out, "bench_critical.py"))
        shutil.copy(gpu_run_sh.__file__, os.path.join(out, "gpu_run_sh.py"))
        with open(os.path.join(out, "run.sh"), "w") as f:
            f.write(RUN_SH)
        os.chmod(os.path.join(out, "run.sh"), 0o755)
        if a.pack_runtime:
            must([a.pack, out], "pack-offload-runtime", timeout=1800)
        print("wrote %s: run it on the GPU machine with %s/run.sh [RUNTIME_DIR]" % (out, out),
              file=sys.stderr)
    return manifest


RUN_SH = gpu_run_sh.run_sh("bench_critical.py", (
    '# Written by bench/bench_critical.py --gpu: runs the five histogram variants\n'
    '# (CPU critical, critical on device, atomic, array reduction) and prints the table.\n'
    '#   run.sh [RUNTIME_DIR] [--threads K] [--runs K] [--timeout S] [--out FILE.md]\n'
))


def run_built(root, runtime, threads, runs, timeout, out=None):
    """Run the variants built in root and print the table; exit status 0 if all checksums match."""
    with open(os.path.join(root, "manifest.json")) as f:
        m = json.load(f)
    threads = threads or m.get("threads") or os.cpu_count()
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), LC_ALL="C")
    for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG", "LIBOMPTARGET_PROFILE"):
        env.pop(k, None)
    off_env = dict(env, OMP_TARGET_OFFLOAD="MANDATORY")
    off_env["LD_LIBRARY_PATH"] = runtime + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    if m["device"] == "gpu":  # the original is built with clang-19: libomp from the runtime
        env = dict(env, LD_LIBRARY_PATH=off_env["LD_LIBRARY_PATH"])
    rows = []
    for v in m["variants"]:
        row = dict(v, ms=None, checksum=None)
        rows.append(row)
        if v.get("build"):
            row["error"] = v["build"]
            continue
        print("running %s ..." % v["name"], file=sys.stderr)
        times = []
        for _ in range(runs):
            rc, so, se = run([os.path.join(root, v["exe"])], timeout, env=off_env if v["offload"] else env)
            t = re.search(r"time_ms\s+([0-9.eE+-]+)", se)
            c = re.search(r"checksum\s+(\d+)", so)
            if rc != 0 or not t or not c:
                row["error"] = "exit %d: %s" % (rc, " ".join(se.strip().splitlines()[-2:])[:200])
                break
            if row["checksum"] not in (None, c.group(1)):
                row["error"] = "checksums differ between runs: %s, %s" % (row["checksum"], c.group(1))
                break
            row["checksum"] = c.group(1)
            times.append(float(t.group(1)))
        if "error" in row:
            row["checksum"] = None
            continue
        row["ms"] = statistics.median(times)
    ref = rows[0]["checksum"]
    base = next((r["ms"] for r in rows if r["name"] == BASE), None)
    dev = "GPU: " + (run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         60)[1].strip() or "unknown") if m["device"] == "gpu" else \
        "device: the CPU stand-in (x86_64 offload, %d cores)" % os.cpu_count()
    lines = ["N = %d keys, B = %d bins (long), %d timed repetitions after one warm-up, "
             "median of %d runs; %s; "
             "OMP_NUM_THREADS=%s; CPU original: `%s`; offload variants: `%s`%s; omp-migrate: %s." % (
                 m["n"], m["bins"], m["reps"], runs, dev, threads, m["host_flags"], m["flags"],
                 " (ptxas %s)" % m["ptxas"] if m.get("ptxas") else "", m["tool"]), "",
             "| variant | time per repetition (ms) | vs critical on device | checksum ok |",
             "|---|--:|--:|---|"]
    failed = False
    for r in rows:
        ok = r["checksum"] is not None and r["checksum"] == ref
        failed |= not ok
        speed = "n/a" if r["ms"] is None or not base or not r["ms"] else \
            "%.2fx" % (base / r["ms"]) if base / r["ms"] < 100 else "{:,.0f}x".format(base / r["ms"])
        cell = "yes" if ok else ("**NO** " + (r.get("error") or "checksum %s" % r["checksum"]))
        if r.get("note"):
            cell += " (translation not as expected: %s)" % r["note"]
        lines.append("| %s | %s | %s | %s |" % (
            r["name"], "n/a" if r["ms"] is None else "{:,.3f}".format(r["ms"]), speed, cell))
    lines += ["", PUBLISHED]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if out:
        with open(out, "w") as f:
            f.write(text)
    return 1 if failed else 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"))
    p.add_argument("--n", type=int, default=1 << 22, help="keys (default 2^22)")
    p.add_argument("--bins", type=int, default=64, help="bins (default 64; --array-reductions "
                   "takes arrays of at most 256 elements)")
    p.add_argument("--reps", type=int, default=5, help="timed repetitions (default 5)")
    p.add_argument("--threads", type=int, default=None, help="OMP_NUM_THREADS (default: all cores)")
    p.add_argument("--work", default=None, metavar="DIR",
                   help="sources, binaries and manifest go here (default: a temporary folder, removed)")
    p.add_argument("--runs", type=int, default=3,
                   help="runs of each program; the table has the median (default 3)")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    p.add_argument("--out", default=None, help="also write the table to this file")
    p.add_argument("--gcc", default="gcc")
    p.add_argument("--clang", default="clang-19")
    p.add_argument("--libdir", default=LLVM_LIB, help="libomptarget and the device bitcode")
    g = p.add_argument_group("GPU build (only builds; DIR/run.sh runs on the GPU machine)")
    g.add_argument("--gpu", action="store_true")
    g.add_argument("--arch", default="sm_90")
    g.add_argument("--cuda-bin", default="/usr/local/cuda/bin", help="where ptxas is")
    g.add_argument("--ptxas", default=None, help="a CUDA 12.x ptxas (CUDA 13's cubins are not "
                   "loaded by libomptarget 19: docs/gpu.md)")
    g.add_argument("--pack-runtime", action="store_true",
                   help="also write DIR/offload-runtime.tar.xz (../shared/tools/pack-offload-runtime)")
    g.add_argument("--pack", default=os.path.join(REPO, "..", "shared", "tools", "pack-offload-runtime"))
    p.add_argument("--run-built", default=None, metavar="DIR", help=argparse.SUPPRESS)
    p.add_argument("--runtime", default=LLVM_LIB, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.run_built:
        return run_built(os.path.abspath(a.run_built), a.runtime, a.threads, a.runs, a.timeout, a.out)
    if min(a.n, a.bins, a.reps, a.runs) < 1:
        p.error("--n, --bins, --reps and --runs must be positive")
    if a.gpu and not a.work:
        p.error("--gpu needs --work DIR (the folder to carry to the GPU machine)")
    a.tool = os.path.abspath(a.tool)
    if not os.access(a.tool, os.X_OK):
        p.error("no omp-migrate at %s (--tool)" % a.tool)
    tmp = None
    if not a.work:
        tmp = a.work = tempfile.mkdtemp(prefix="bench-critical-")
    try:
        build(a)
        if a.gpu:
            return 0
        return run_built(os.path.abspath(a.work), a.libdir, a.threads, a.runs, a.timeout, a.out)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
