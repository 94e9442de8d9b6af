#!/usr/bin/env python3
"""Differential fuzzing of loop distribution (--offload=serial).

Generates small C programs whose function `work` holds loops of the shape
lib/Facts/Distribution.h looks for: `for (i ...) { HEAD; for (j ...) TAIL; }`
with HEAD and TAIL drawn from statements that make the split legal (an
array written at `[i]`, read at `[i]` by the tail; the variable of loops of
both parts) and statements that must keep the loop whole (a scalar the
head sets for the tail, an element the tail writes that another iteration
of the head reads, an element the head reads at `i + 1`, a write through a
pointer, a break). Each program is built with gcc -O0 as it is and, after
`omp-migrate --offload=serial`, with clang-19 for the CPU stand-in device
(separate device memory, OMP_TARGET_OFFLOAD=MANDATORY) and with gcc
-fopenmp; the three outputs must be equal to the character (every value is
an integer held in a double, sums of at most 2^20 terms). It also checks
that a second run of the tool changes nothing, and counts the programs
whose loop was distributed (the report's "distributed_tail").

A mismatch is written to WORK/fail-SEED/. Exit status: 0 no mismatch, 1 a
mismatch or a translation/build failure, 2 setup errors. Python 3 standard
library only.

Usage: test/fuzz/fuzz_distribute.py --tool build/bin/omp-migrate [--seeds 1-100]
           [--work DIR] [-j 2]
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

N = 48

# Head statements: (text, legal). Arrays a, b, c, d (length N); A (N x N);
# t, u scalars; j a loop variable of both parts.
HEAD = [
    ("a[i] = W(b[i] + 1);", True),
    ("a[i] = W(a[i] * 2 - i);", True),
    ("c[i] = W(a[i] + d[i]);", True),
    ("for (j = 0; j < n; j++)\n      a[i] = W(a[i] + A[i][j]);", True),
    ("for (j = 0; j < n; j++)\n      c[i] = W(c[i] + A[j][i] - b[j]);", True),
    ("if (b[i] > 3)\n      a[i] = b[i];", True),
    ("t = W(b[i] * 2);", False),              # t read by the tail (some tails)
    ("a[i] = c[(i + 1) % n];", False),        # another iteration's element
    ("*(a + i) = d[i];", False),              # through a pointer
    ("u = W(u + a[i]);", True),               # a scalar of the head alone
]
# Tail bodies (inside `for (j = 0; j < n; j++)`). W keeps every value a
# small integer (a remainder), so that any order of the same operations
# gives the same doubles.
TAIL = [
    ("c[j] = W(c[j] + A[i][j] * a[i]);", True),
    ("b[j] = W(b[j] + a[i]);", True),
    ("d[j] = W(d[j] + A[i][j] - c[i]);", True),
    ("c[j] = W(c[j] + t);", True),
    ("a[j] = W(a[j] + 1);", True),            # with a head reading a[i]: refused
    ("A[i][j] = W(A[i][j] + b[j]);", True),
]


def program(seed):
    r = random.Random(seed)
    heads = r.sample(HEAD, r.randint(1, 3))
    tail = r.choice(TAIL)
    braces = r.random() < 0.3
    lo = r.choice(["0", "1"])
    body = "\n    ".join(h for h, _ in heads)
    tail_text = ("for (j = 0; j < n; j++) {\n      %s\n    }" % tail[0]) if braces \
        else "for (j = 0; j < n; j++)\n      %s" % tail[0]
    brk = r.random() < 0.1
    if brk:
        body += "\n    if (a[i] < -1000)\n      break;"
    return """#include <stdio.h>
#define N %d
#define W(e) ((double)((long)(e) %% 1021))
static double A[N][N], a[N], b[N], c[N], d[N];

static void work(int n) {
  int i, j;
  double t = 1, u = 0;
  for (i = %s; i < n; i++) {
    %s
    %s
  }
  printf("u %%.1f t %%.1f\\n", u, t);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i %% 7;
    b[i] = (i * 3) %% 5;
    c[i] = i %% 4;
    d[i] = (i + 1) %% 6;
    for (int j = 0; j < N; j++)
      A[i][j] = (i + 2 * j) %% 9 - 4;
  }
  work(N);
  double s = 0;
  for (int i = 0; i < N; i++) {
    s += a[i] + 2 * b[i] + 3 * c[i] + 5 * d[i];
    for (int j = 0; j < N; j++)
      s += A[i][j] * (j %% 3);
  }
  printf("%%.1f\\n", s);
  return 0;
}
""" % (N, lo, body, tail_text)


def run(cmd, cwd, env=None, timeout=120):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout)


def one(seed, tool, work):
    d = os.path.join(work, "s%d" % seed)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "prog.c")
    with open(src, "w") as fh:
        fh.write(program(seed))
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY",
               LD_LIBRARY_PATH="/usr/lib/llvm-19/lib:" + os.environ.get("LD_LIBRARY_PATH", ""))
    r = run(["gcc", "-O0", "prog.c", "-o", "orig"], d)
    if r.returncode:
        return seed, "setup", r.stderr[-400:], False
    ref = run(["./orig"], d).stdout
    r = run([tool, "--offload=serial", "--report=rep.json", "--output-dir=out", "prog.c", "--"], d)
    if r.returncode not in (0, 1) or not os.path.exists(os.path.join(d, "out", "prog.c")):
        return seed, "fail", "translation: " + r.stderr[-400:], False
    out = os.path.join(d, "out", "prog.c")
    with open(os.path.join(d, "rep.json")) as fh:
        rep = json.load(fh)
    split = any("distributed_tail" in l for f in rep["files"] for l in f.get("loops", []))
    again = run([tool, "--offload=serial", out, "--"], d)
    with open(out) as fh:
        text = fh.read()
    if again.stdout != text:
        return seed, "fail", "a second run changes the translation", split
    for name, cmd in [("clang", ["clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu",
                                 "-O1", out, "-o", "omp"]),
                      ("gcc", ["gcc", "-fopenmp", "-foffload=disable", "-O1", out, "-o", "omp"])]:
        r = run(cmd, d)
        if r.returncode:
            return seed, "fail", name + " build: " + r.stderr[-400:], split
        got = run(["./omp"], d, env=env).stdout
        if got != ref:
            return seed, "fail", "%s output differs:\n%s---\n%s" % (name, ref, got), split
    shutil.rmtree(d)
    return seed, "ok", "", split


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", required=True)
    ap.add_argument("--seeds", default="1-100")
    ap.add_argument("--work")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    tool = os.path.abspath(args.tool)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="fuzz-dist-")
    os.makedirs(work, exist_ok=True)
    bad = setup = split = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
        for seed, status, why, was_split in ex.map(lambda s: one(s, tool, work), seeds):
            split += was_split
            if status == "setup":
                setup += 1
                print("seed %d: setup: %s" % (seed, why))
            elif status == "fail":
                bad += 1
                kept = os.path.join(work, "fail-%d" % seed)
                if os.path.exists(os.path.join(work, "s%d" % seed)):
                    shutil.move(os.path.join(work, "s%d" % seed), kept)
                print("seed %d: MISMATCH: %s" % (seed, why))
    print("%d programs, %d distributed, %d mismatches, %d setup errors" %
          (len(seeds), split, bad, setup))
    return 1 if bad else 2 if setup else 0


if __name__ == "__main__":
    sys.exit(main())
