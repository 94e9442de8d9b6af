#!/usr/bin/env python3
"""How omp-migrate's time grows with the number of kernels in one function.

Generates C files with N OpenACC kernels in one function, in two shapes: a
straight run of kernels with a host read of an element after every tenth
("straight"), and the same inside an iteration loop ("loop"), so the data
planner places one region and its updates around all of them and asks the
fetch dataflow (lib/Facts/HostCopies.cpp) about every host read. With
--serial the files have no directives and the tool runs with
--offload=serial: the serial-loop analysis (lib/Facts/SerialLoops.cpp)
proves each loop parallel and the same planner follows. Runs each
tool given, one process at a time, and prints a markdown table of wall time
and peak resident memory (ru_maxrss) per file. A benchmark script, not a
test: the figures go to docs/performance.md with the command and the date.

"plain" is "straight" without the host reads (issue #32 item 2's shape).
"oneline" (--shapes oneline) is N `_Pragma("acc parallel loop")` loops on
one line of text, as generated or amalgamated sources have them.
A fourth shape, "nest" (--shapes nest), is one loop nest N deep: N nested
`#pragma acc loop seq` loops in one `acc parallel` construct (plain nested
loops with --serial), for the time per level of nesting (issue #32 item 1).
--emit SHAPE --sizes N --out FILE writes one generated file and runs
nothing (test/lit/nesting-depth.test uses it).

Usage: bench/bench_scale.py --tool build/bin/omp-migrate [--tool OTHER ...]
           [--sizes 250,500,1000,2000] [--timeout 300] [--serial]
           [--shapes straight,loop] [--tool-arg=--offload=serial]
Python 3 standard library only.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def nest(n, serial=False):
    out = ["#include <stdio.h>", "int main(void) {", "  static double a[2];"]
    out += [] if serial else ["#pragma acc parallel copy(a[0:2])"]
    out.append("{")
    for k in range(n):
        out += ([] if serial else ["#pragma acc loop seq"]) + [
            "for (int i%d = 0; i%d < 1; i%d++)" % (k, k, k)]
    out += ["  a[0] += 1;", "}", '  printf("%g\\n", a[0]);', "  return 0;", "}", ""]
    return "\n".join(out)


def one_line(n):
    """N `_Pragma` loops on one line (generated and amalgamated sources)."""
    loops = "".join('_Pragma("acc parallel loop copy(a[0:n])") for (int i = 0; i < n; i++) '
                    "a[i] += %d; " % (k % 5) for k in range(n))
    return ("#include <stdio.h>\nint main(void) { static double a[100]; int n = 100; " + loops +
            'printf("%g\\n", a[3]); return 0; }\n')


def program(n, shape, serial=False):
    if shape == "nest":
        return nest(n, serial)
    if shape == "oneline":
        return one_line(n)
    out = ["#include <stdio.h>", "#include <stdlib.h>", "int main(void) {",
           "  int n = 100;",
           "  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));",
           "  for (int i = 0; i < n; i++)", "    a[i] = b[i] = i;", "  double s = 0;"]
    if shape == "loop":
        out.append("  for (int t = 0; t < 3; t++) {")
    for k in range(n):
        out += ([] if serial else ["#pragma acc parallel loop"]) + [
            "  for (int i = 0; i < n; i++)", "    a[i] = b[i] + %d;" % k]
        if k % 10 == 0 and shape != "plain":
            out.append("  s += a[%d %% n];" % k)
    if shape == "loop":
        out.append("  }")
    out += ['  printf("%g\\n", s);', "  free(a);", "  free(b);", "  return 0;", "}", ""]
    return "\n".join(out)


def run(tool, path, timeout, serial=False, extra=()):
    """Wall seconds and peak RSS (MiB) of one run, or None on a timeout."""
    start = time.monotonic()
    args = [tool] + (["--offload=serial"] if serial else []) + list(extra) + [path, "--"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        _, status, usage = wait(proc, timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit("%s failed on %s" % (tool, path))
    return wall, usage.ru_maxrss / 1024.0


def wait(proc, timeout):
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return pid, status, usage
        if time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(proc.args, timeout)
        time.sleep(0.01)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tool", action="append", default=[])
    p.add_argument("--sizes", default="250,500,1000,2000")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--serial", action="store_true",
                   help="plain loops and --offload=serial instead of OpenACC")
    p.add_argument("--shapes", default="straight,loop",
                   help="comma-separated: straight, loop, plain, oneline, nest")
    p.add_argument("--tool-arg", action="append", default=[],
                   help="an argument for every tool run (repeatable)")
    p.add_argument("--emit", metavar="SHAPE",
                   help="write the file of SHAPE at the one size of --sizes to --out; run nothing")
    p.add_argument("--out", help="the file --emit writes")
    a = p.parse_args(argv)
    sizes = [int(s) for s in a.sizes.split(",")]
    if a.emit:
        if len(sizes) != 1 or not a.out or a.emit not in ("straight", "loop", "plain", "oneline", "nest"):
            p.error("--emit needs a shape (straight, loop, plain, oneline, nest), one size and --out")
        with open(a.out, "w") as f:
            f.write(program(sizes[0], a.emit, a.serial))
        return 0
    if not a.tool:
        p.error("--tool is required (or --emit)")
    with tempfile.TemporaryDirectory(prefix="bench-scale.") as d:
        unit = "depth" if a.shapes == "nest" else "loops" if a.serial else "kernels"
        head = "| shape | %s | lines |" % unit + "".join(
            " %s wall (s) | %s peak RSS (MiB) |" % (t, t) for t in a.tool)
        print(head)
        print("|---|--:|--:|" + "--:|--:|" * len(a.tool))
        for shape in a.shapes.split(","):
            for n in sizes:
                path = os.path.join(d, "%s%d.c" % (shape, n))
                text = program(n, shape, a.serial)
                with open(path, "w") as f:
                    f.write(text)
                row = "| %s | %d | %d |" % (shape, n, text.count("\n"))
                for tool in a.tool:
                    r = run(tool, path, a.timeout, a.serial, a.tool_arg)
                    row += (" > %.0f | - |" % a.timeout if r is None
                            else " %.2f | %.1f |" % r)
                print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
