#!/usr/bin/env python3
"""Time of `omp-migrate --offload=serial` per file against a plain parse.

For every NPB 3.0 C program (the OpenMP C version with its `#pragma omp`
lines blanked out, as bench/legacy/score_legacy.py strips them: the serial
legacy code a user would bring), runs, one process at a time and
alternating,

    clang-22 -fopenmp -fsyntax-only -idirafter OMP_H_DIR FLAGS FILE
    omp-migrate --offload=serial --output-dir=TMP FILE -- FLAGS

--repeat rounds (each round runs every command once, in turn, so that a slow
moment of a shared machine falls on all of them), and prints a markdown
table of the best wall times and their ratio (the issue's target: at most
2x the parse on every file). A second --tool (an older build) gets its own
columns, measured in the same rounds.
OMP_H_DIR is where the tool's build finds omp.h (clang-22 has none of its
own without libomp-22-dev); a parse that fails stops the script. With
--tool-arg the tool gets more options (--optimize-data, --self-check=off).

  python3 bench/legacy/time_serial.py --tool build/bin/omp-migrate \\
      --npb /work/ext/NPB3.0-omp-C --repeat 5

Python 3 standard library only; NPB itself is fetched, not part of the
repository.
"""
import argparse
import glob
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from score_legacy import omp_pragmas, read, strip_pragmas, write  # noqa: E402
from run_openmp_suites import npb_prepare  # noqa: E402


def omp_h_dir():
    """Where omp-migrate's build finds omp.h (CMakeLists.txt: clang's
    resource directories first, then gcc's): clang-22 gets it too, or it
    stops at `#include <omp.h>` (no libomp-22-dev here) and is timed on a
    parse it never finished."""
    found = sorted(glob.glob("/usr/lib/llvm-*/lib/clang/*/include/omp.h"))
    if not found:
        r = subprocess.run(["gcc", "-print-file-name=include"], capture_output=True, text=True)
        cand = os.path.join(r.stdout.strip(), "omp.h")
        found = [cand] if os.path.exists(cand) else []
    return os.path.dirname(found[0]) if found else None


def run_once(cmd, cwd, ok=(0, 1)):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t = time.perf_counter() - t0
    if r.returncode not in ok:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.decode()[-300:]))
    return t


def best_alternating(cmds, repeat, cwd, oks):
    """The best time of each command over --repeat rounds, the commands run
    one after the other in each round (a slow moment of a shared machine
    falls on all of them alike)."""
    times = [[] for _ in cmds]
    for _ in range(repeat):
        for i, c in enumerate(cmds):
            times[i].append(run_once(c, cwd, oks[i]))
    return [min(t) for t in times]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", action="append", required=True,
                    help="the tool; a second --tool (an older build) gets its own columns")
    ap.add_argument("--npb", required=True)
    ap.add_argument("--class", dest="cls", default="S")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--tool-arg", action="append", default=[])
    a = ap.parse_args()
    tools = [os.path.abspath(t) for t in a.tool]
    omp_dir = omp_h_dir()
    with tempfile.TemporaryDirectory() as work:
        rows = []
        for p in npb_prepare(os.path.abspath(a.npb), work, a.cls):
            for src in p["translate"]:
                d = os.path.dirname(src)
                for f in os.listdir(d):  # the program's own headers too
                    if f.endswith((".c", ".h")):
                        path = os.path.join(d, f)
                        text = read(path)
                        write(path, strip_pragmas(text, omp_pragmas(text)))
                out = os.path.join(work, "out-" + p["name"])
                parse = ["clang-22", "-fopenmp", "-fsyntax-only"] + p["flags"] + [src]
                if omp_dir:
                    parse[3:3] = ["-idirafter", omp_dir]
                migs = [[t, "--offload=serial", "--output-dir=" + out] + a.tool_arg + [src, "--"] +
                        p["flags"] for t in tools]
                ts = best_alternating([parse] + migs, a.repeat, d, [(0,)] + [(0, 1)] * len(migs))
                rows.append((os.path.basename(src), read(src).count("\n"), ts[0], ts[1:]))
    print("$ python3 " + " ".join(shlex.quote(x) for x in sys.argv))
    print()
    head = "| file | lines | clang-22 -fsyntax-only (s) |"
    for i in range(len(tools)):
        head += " tool %d --offload=serial (s) | ratio |" % (i + 1)
    print(head)
    print("|---|--:|--:|" + "--:|--:|" * len(tools))
    for name, lines, tp, tms in rows:
        print("| %s | %d | %.3f |" % (name, lines, tp) +
              "".join(" %.3f | %.2f |" % (tm, tm / tp) for tm in tms))
    print()
    print("tools: " + ", ".join("%d = %s" % (i + 1, t) for i, t in enumerate(tools)) +
          "; best of %d rounds, each round one process at a time, alternating" % a.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
