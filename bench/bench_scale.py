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

Usage: bench/bench_scale.py --tool build/bin/omp-migrate [--tool OTHER ...]
           [--sizes 250,500,1000,2000] [--timeout 300] [--serial]
Python 3 standard library only.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def program(n, shape, serial=False):
    out = ["#include <stdio.h>", "#include <stdlib.h>", "int main(void) {",
           "  int n = 100;",
           "  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));",
           "  for (int i = 0; i < n; i++)", "    a[i] = b[i] = i;", "  double s = 0;"]
    if shape == "loop":
        out.append("  for (int t = 0; t < 3; t++) {")
    for k in range(n):
        out += ([] if serial else ["#pragma acc parallel loop"]) + [
            "  for (int i = 0; i < n; i++)", "    a[i] = b[i] + %d;" % k]
        if k % 10 == 0:
            out.append("  s += a[%d %% n];" % k)
    if shape == "loop":
        out.append("  }")
    out += ['  printf("%g\\n", s);', "  free(a);", "  free(b);", "  return 0;", "}", ""]
    return "\n".join(out)


def run(tool, path, timeout, serial=False):
    """Wall seconds and peak RSS (MiB) of one run, or None on a timeout."""
    start = time.monotonic()
    args = [tool] + (["--offload=serial"] if serial else []) + [path, "--"]
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
    p.add_argument("--tool", action="append", required=True)
    p.add_argument("--sizes", default="250,500,1000,2000")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--serial", action="store_true",
                   help="plain loops and --offload=serial instead of OpenACC")
    a = p.parse_args(argv)
    sizes = [int(s) for s in a.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench-scale.") as d:
        head = "| shape | %s | lines |" % ("loops" if a.serial else "kernels") + "".join(
            " %s wall (s) | %s peak RSS (MiB) |" % (t, t) for t in a.tool)
        print(head)
        print("|---|--:|--:|" + "--:|--:|" * len(a.tool))
        for shape in ("straight", "loop"):
            for n in sizes:
                path = os.path.join(d, "%s%d.c" % (shape, n))
                text = program(n, shape, a.serial)
                with open(path, "w") as f:
                    f.write(text)
                row = "| %s | %d | %d |" % (shape, n, text.count("\n"))
                for tool in a.tool:
                    r = run(tool, path, a.timeout, a.serial)
                    row += (" > %.0f | - |" % a.timeout if r is None
                            else " %.2f | %.1f |" % r)
                print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
