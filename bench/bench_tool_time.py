#!/usr/bin/env python3
"""Tool time per file against a plain clang-22 parse (issue #32 item 9).

For each file, runs one process at a time and alternating, --repeat times,

    clang-22 -fsyntax-only -fopenacc -idirafter include/ FLAGS FILE   (clang++-22 for C++)
    TOOL [ARGS] --output-dir=TMP FILE -- FLAGS                        (for every --tool)
    TOOL --self-check=off [ARGS] --output-dir=TMP FILE -- FLAGS       (the first --tool)

and prints a markdown table of the medians and their ratios to clang's. The
files: the largest C and C++ tests of the OpenACC V&V suite (--vv), the
OpenMP C files of NPB 3.0 translated with --offload=openmp (--npb), BT's
bt.c as a port in progress (its OpenMP pragmas blanked out and one OpenACC
loop added: one kernel in a large file), and
LULESH's OpenACC lulesh.cc (--lulesh DIR, built as its Makefile does:
-DUSE_MPI=0 -Drestrict=__restrict__ -DSEDOV_SYNC_POS_VEL_LATE). The bundled
openacc.h (include/) is on clang's path so that both parse the same code.
A second --tool (an older build) gets its own column.

  python3 bench/bench_tool_time.py --tool build/bin/omp-migrate \\
      --vv OpenACCV-V --npb NPB3.0-omp-C --lulesh LULESH/openacc/src --repeat 9

Python 3 standard library only; the suites are fetched, not part of the
repository.
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench", "openmp_suites"))
from run_openmp_suites import npb_prepare  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "bench", "legacy"))
from score_legacy import omp_pragmas, read, strip_pragmas, write  # noqa: E402


def omp_h_dir():
    """Clang 22 ships no omp.h: the directory of an installed one."""
    found = sorted(glob.glob("/usr/lib/llvm-*/lib/clang/*/include/omp.h"))
    return os.path.dirname(found[-1]) if found else None


def elapsed(cmd, cwd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t = time.perf_counter() - t0
    if r.returncode >= 2 or (r.returncode == 1 and cmd[0].startswith("clang")):
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.decode()[-400:]))
    return t


def one_kernel(bt):
    """A port in progress: NPB BT's bt.c with its OpenMP pragmas blanked out
    and one OpenACC loop (`parallel loop collapse(3)` on add()'s first loop),
    written next to it as bt-one-loop.c: one kernel in a 3,600-line file."""
    text = read(bt)
    lines = strip_pragmas(text, omp_pragmas(text)).split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("static void add(") and "{" in l)
    loop = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("for ("))
    lines.insert(loop, "#pragma acc parallel loop collapse(3)")
    out = os.path.join(os.path.dirname(bt), "bt-one-loop.c")
    write(out, "\n".join(lines))
    return out


def files(a, work):
    """(label, path, flags, tool args)"""
    out = []
    if a.vv:
        tests = os.path.join(a.vv, "Tests") if os.path.isdir(os.path.join(a.vv, "Tests")) else a.vv
        for ext, n in (("c", 2), ("cpp", 1)):
            for p in sorted(glob.glob(os.path.join(tests, "*." + ext)), key=os.path.getsize,
                            reverse=True)[:n]:
                out.append(("V&V " + os.path.basename(p), p, ["-I" + tests], []))
    if a.npb:
        for prog in npb_prepare(os.path.abspath(a.npb), work, "S"):
            for p in prog["translate"]:
                if os.path.basename(os.path.dirname(p)) in ("BT", "LU", "SP", "CG", "MG"):
                    out.append(("NPB " + os.path.basename(p), p,
                                prog["flags"] + ["-I" + prog["dir"], "-fopenmp"],
                                ["--offload=openmp"]))
                if os.path.basename(p) == "bt.c":
                    out.append(("NPB bt.c, one OpenACC loop", one_kernel(p),
                                prog["flags"] + ["-I" + prog["dir"]], []))
    if a.lulesh:
        p = os.path.join(a.lulesh, "lulesh.cc")
        out.append(("LULESH lulesh.cc", p, ["-I" + a.lulesh, "-DUSE_MPI=0",
                                            "-Drestrict=__restrict__",
                                            "-DSEDOV_SYNC_POS_VEL_LATE"], []))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", action="append", required=True)
    ap.add_argument("--vv")
    ap.add_argument("--npb")
    ap.add_argument("--lulesh")
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args()
    tools = [os.path.abspath(t) for t in a.tool]
    inc = os.path.join(ROOT, "include")
    omp = omp_h_dir()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "out")
        for label, path, flags, targs in files(a, work):
                cxx = path.endswith((".cc", ".cpp"))
                cwd = os.path.dirname(path)
                cmds = [[("clang++-22" if cxx else "clang-22"), "-fsyntax-only", "-fopenacc",
                         "-idirafter", inc] + (["-idirafter", omp] if omp else []) + flags + [path]]
                for t in tools:
                    cmds.append([t] + targs + ["--output-dir=" + out, path, "--"] + flags)
                cmds.append([tools[0], "--self-check=off"] + targs + ["--output-dir=" + out, path,
                                                                     "--"] + flags)
                times = [[] for _ in cmds]
                for _ in range(a.repeat):
                    for i, c in enumerate(cmds):
                        times[i].append(elapsed(c, cwd))
                rows.append((label, [statistics.median(t) for t in times]))
    head = ["file", "clang-22 (s)"] + ["tool %d (s)" % (i + 1) for i in range(len(tools))] + \
        ["tool 1, self-check off (s)"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" + "--:|" * (len(head) - 1))
    for label, m in rows:
        cells = ["%.3f" % m[0]] + ["%.3f (%.2fx)" % (x, x / m[0]) for x in m[1:]]
        print("| " + label + " | " + " | ".join(cells) + " |")
    print()
    print("tools: " + ", ".join("%d = %s" % (i + 1, t) for i, t in enumerate(tools)) +
          "; medians of %d alternating runs" % a.repeat)


if __name__ == "__main__":
    main()
