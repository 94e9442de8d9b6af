#!/usr/bin/env python3
"""Differential fuzzing of omp-migrate's data placement.

Generates small OpenACC programs of the shapes the data planner handles (an
iteration loop around kernels on a few arrays, with host reads and writes of
single elements, rows of elements and whole arrays between them, guarded or
not, through helper functions, pointer swaps, early returns, kernels in
callees, phases around two iteration loops, and in some programs all of it
inside a data construct of the program's own, for a read-only array; since
issue #13 also kernels on structure members that alias the arrays, scalars
written in kernels loops, a reduction named on the outer loop only, kernels
in an included header, and a data construct the tool must refuse: a
program with the last two must exit 1, the others 0), builds each original
with gcc -fopenacc (OpenACC on the host) and
each translation with clang-19 OpenMP offload to the CPU stand-in device
(separate device memory, OMP_TARGET_OFFLOAD=MANDATORY), and compares the
outputs. Every value is an integer held in a double, so the outputs must be
equal to the character. Translations: the default (--data=hoist) and, with
--optimize-data, also --data=per-kernel followed by --optimize-data; with
--offload-serial, also --offload=serial (the serial loops offloaded too).

A mismatch is written to WORK/fail-SEED/ (original, translation, outputs).
Exit status: 0 no mismatch, 1 a mismatch or a translation/build failure of a
translation, 2 setup errors. Python 3 standard library only.

Usage: test/fuzz/fuzz_data.py --tool build/bin/omp-migrate [--seeds 1-200]
           [--optimize-data] [--offload-serial] [--work DIR] [-j 2]
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile

ARRAYS = ["a", "b", "c"]


class Gen:
    """One random program, from a seed."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.helpers = []
        # params: the arrays are parameters of work(); globals: file-scope
        # pointers that work() and the helpers use directly.
        self.globals = self.r.random() < 0.35
        # userdata: work() holds a read-only array d in a data region of its
        # own (acc data copyin) around all its statements, which the
        # translation must keep and complete with the other arrays.
        self.userdata = self.r.random() < 0.35
        # Features of issue #13, drawn from a second generator so that a
        # program without them is the same as before they existed:
        # structure members (a kernel on s.x or ps->x, s = {x, n}: an alias
        # of an array), scalars written in kernels loops (max, a flag),
        # a reduction named on the outer loop only, kernels in an included
        # header (reported), and a data construct the tool must refuse
        # (copyin(d) of a pointer without a section; the kernels inside it
        # map their own data).
        self.r2 = random.Random(seed * 1000003 + 17)
        self.members = self.r2.random() < 0.3
        self.kscalars = self.r2.random() < 0.4
        self.nested = self.r2.random() < 0.4
        self.header = self.r2.random() < 0.3
        self.refuse = self.userdata and self.r2.random() < 0.4
        self.hhelpers = []

    def idx(self):
        return self.r.choice(["0", "1", "n - 1", "n / 2", "t % n", "(t * 7) % n"])

    def arr(self):
        return self.r.choice(ARRAYS)

    def kernel(self, ind):
        x, y, z = self.arr(), self.arr(), self.arr()
        lo, hi = self.r.choice([(0, 0), (1, 1), (0, 1), (2, 0)])
        d = self.r.choice([0, 0, -1, 1]) if lo >= 1 and hi >= 1 else 0
        rhs = self.r.choice([
            "%s[i%s] + %s[i] + 1" % (y, "%+d" % d if d else "", z),
            "%s[i] - t" % y,
            "%s[i] + %s[i]" % (y, z) if y != x else "%s[i] + 2" % y,
            "(double)(i %% 5) + t" % (),
        ] + (["%s[i] + d[i]" % y] if self.userdata else []))
        if d and y == x:
            rhs = "%s[i] + 1" % y  # no loop-carried dependence
        if self.members and self.r2.random() < 0.4:
            return self.member_kernel(ind, x, rhs, lo, hi)
        return [ind + "#pragma acc parallel loop",
                ind + "for (int i = %d; i < n - %d; i++)" % (lo, hi),
                ind + "  %s[i] = %s;" % (x, rhs)]

    def member_kernel(self, ind, x, rhs, lo, hi):
        """The kernel writes x through a structure's pointer member."""
        ptr = self.r2.random() < 0.5
        path = "ps->x" if ptr else "s.x"
        size = "ps->n" if ptr else "s.n"
        clause = self.r2.choice(["", " copy(%s[0:%s])" % (path, size)])
        rhs = rhs.replace("%s[" % x, "%s[" % path)
        return [ind + "{",
                ind + "  Vec s = {%s, n};" % x] + (
                    [ind + "  Vec *ps = &s;"] if ptr else []) + [
                ind + "#pragma acc parallel loop" + clause,
                ind + "  for (int i = %d; i < %s - %d; i++)" % (lo, size, hi),
                ind + "    %s[i] = %s;" % (path, rhs),
                ind + "}"]

    def reduction(self, ind):
        x = self.arr()
        if self.nested and self.r2.random() < 0.5:
            # the reduction is named on the gang loop only
            return [ind + "{",
                    ind + "  double s = 0;",
                    ind + "#pragma acc parallel loop gang reduction(+:s)",
                    ind + "  for (int i = 0; i < n; i++) {",
                    ind + "#pragma acc loop worker",
                    ind + "    for (int j = 0; j < 4; j++)",
                    ind + "      s += %s[i] * (j + 1);" % x,
                    ind + "  }",
                    ind + "  chk += s;",
                    ind + "}"]
        if self.kscalars and self.r2.random() < 0.5:
            # kernels: a max reduction and a flag, shared, copied back
            return [ind + "{",
                    ind + "  double m = -1;",
                    ind + "  int flag = 0;",
                    ind + "#pragma acc kernels",
                    ind + "  for (int i = 0; i < n; i++) {",
                    ind + "    m = fmax(m, %s[i]);" % x,
                    ind + "    if (%s[i] > %d) flag = 1;" % (x, self.r2.choice([5, 50, 500])),
                    ind + "  }",
                    ind + "  chk += m + flag;",
                    ind + "}"]
        return [ind + "{",
                ind + "  double s = 0;",
                ind + "#pragma acc parallel loop reduction(+:s)",
                ind + "  for (int i = 0; i < n; i++)",
                ind + "    s += %s[i];" % x,
                ind + "  chk += s;",
                ind + "}"]

    def host(self, ind):
        x = self.arr()
        k = self.r.randrange(11)
        if k == 9:
            # the same text, other elements: the index changes in between
            return [ind + "{",
                    ind + "  int q = %s;" % self.idx(),
                    ind + "  chk += %s[q];" % x,
                    ind + "  q = (q + 1) % n;",
                    ind + "  chk += %s[q];" % x,
                    ind + "}"]
        if k == 10:
            # a read repeated after a guarded one
            i = self.idx()
            return [ind + "chk += %s[%s];" % (x, i),
                    ind + "if (t %% 2 == 0) chk += %s[%s];" % (self.arr(), self.idx()),
                    ind + "chk += 2 * %s[%s];" % (x, i)]
        if k == 0:
            return [ind + "chk += %s[%s];" % (x, self.idx())]
        if k == 1:
            return [ind + "%s[%s] = t + 3;" % (x, self.idx())]
        if k == 2:
            return [ind + "%s[%s] += 1;" % (x, self.idx())]
        if k == 3:
            step = self.r.choice(["1", "3"])
            return [ind + "for (int j = 0; j < n; j += %s)" % step,
                    ind + "  %s[j] = %s[j] + 1;" % (x, x)]
        if k == 4:
            return [ind + "for (int j = 0; j < n / 2; j++)",
                    ind + "  chk += %s[j];" % x]
        if k == 5:
            m = self.r.choice([2, 3])
            body = self.host(ind + "  ")
            if len(body) == 1 and self.r.random() < 0.5:
                # a one-line block: `if (c) { stmt; }`
                return [ind + "if (t %% %d == %d) { %s }" % (m, self.r.randrange(m),
                                                            body[0].strip())]
            return [ind + "if (t %% %d == 0) {" % m] + body + [ind + "}"]
        if k == 6:
            m = self.r.choice([2, 3])
            return [ind + "if (t %% %d == 1)" % m,
                    ind + "  %s[%s] = -t;" % (x, self.idx())]
        if k == 7:
            name = "bump%d" % (len(self.helpers) + len(self.hhelpers))
            if self.globals:
                self.helpers.append(
                    "static void %s(int n, int t) { %s[t %% n] += 10; }" % (name, x))
                return [ind + "%s(n, t);" % name]
            self.helpers.append(
                "static void %s(double *v, int n, int t) { v[t %% n] += 10; }" % name)
            return [ind + "%s(%s, n, t);" % (name, x)]
        name = "peek%d" % (len(self.helpers) + len(self.hhelpers))
        if self.globals:
            self.helpers.append(
                "static double %s(int n) { return %s[n - 1] + %s[0]; }" % (name, x, x))
            return [ind + "chk += %s(n);" % name]
        self.helpers.append(
            "static double %s(const double *v, int n) { return v[n - 1] + v[0]; }" % name)
        return [ind + "chk += %s(%s, n);" % (name, x)]

    def callee_kernel(self, ind):
        name = "step%d" % (len(self.helpers) + len(self.hhelpers))
        x, y = self.arr(), self.arr()
        if self.globals:
            self.helpers.append("\n".join([
                "static void %s(int n, int t) {" % name,
                "#pragma acc parallel loop",
                "  for (int i = 0; i < n; i++)",
                "    %s[i] = %s[i] + t + 1;" % (x, y),
                "}"]))
            call = "%s(n, t);" % name
        else:
            # In an included header: reported, not translated; the kernel
            # runs on the host and must see current data.
            where = self.hhelpers if self.header else self.helpers
            where.append("\n".join([
                "static void %s(double *x, const double *y, int n, int t) {" % name,
                "#pragma acc parallel loop",
                "  for (int i = 0; i < n; i++)",
                "    x[i] = y[i] + t + 1;" if x != y else "    x[i] = x[i] + t + 1;",
                "}"]))
            call = "%s(%s, %s, n, t);" % (name, x, y)
        if self.r.random() < 0.4:
            # one level more: a function that only calls the kernel's function
            outer = "chain%d" % (len(self.helpers) + len(self.hhelpers))
            params = "int n, int t" if self.globals else "double *a, double *b, double *c, int n, int t"
            self.helpers.append("static void %s(%s) { %s }" % (outer, params, call))
            call = "%s(n, t);" % outer if self.globals else "%s(a, b, c, n, t);" % outer
        return [ind + call]

    def swap(self, ind):
        x, y = self.r.sample(ARRAYS, 2)
        return [ind + "{",
                ind + "  double *tmp = %s;" % x,
                ind + "  %s = %s;" % (x, y),
                ind + "  %s = tmp;" % y,
                ind + "}"]

    def loop_body(self, ind):
        body = []
        items = self.r.randint(2, 6)
        kernels = 0
        for _ in range(items):
            k = self.r.random()
            if k < 0.40:
                body += self.kernel(ind)
                kernels += 1
            elif k < 0.50:
                body += self.reduction(ind)
                kernels += 1
            elif k < 0.58:
                body += self.callee_kernel(ind)
                kernels += 1
            elif k < 0.64:
                body += self.swap(ind)
            elif k < 0.66:
                if self.userdata:  # no return out of a data construct
                    continue
                body += [ind + "if (t == %d && chk > -1e300)" % self.r.randrange(1, 6),
                         ind + "  return chk;"]
            elif k < 0.69:
                body += [ind + "if (t == %d)" % self.r.randrange(1, 6), ind + "  break;"]
            else:
                body += self.host(ind)
        if kernels == 0:
            body = self.kernel(ind) + body
        return body

    def phase(self, ind):
        """Straight-line statements outside the iteration loops."""
        body = []
        for _ in range(self.r.randint(0, 3)):
            k = self.r.random()
            if k < 0.45:
                body += self.kernel(ind)
            elif k < 0.55:
                body += self.reduction(ind)
            elif k < 0.65:
                body += self.callee_kernel(ind)
            elif k < 0.72:
                body += self.swap(ind)
            else:
                body += self.host(ind)
        return body

    def program(self):
        ind = "    "
        # phases: statements before, between and after two iteration loops
        phases = self.r.random() < 0.5
        body = self.loop_body(ind)
        pre, mid, body2, post = [], [], [], []
        if phases:
            pre, mid, post = self.phase("  "), self.phase("  "), self.phase("  ")
            if self.r.random() < 0.5:
                body2 = self.loop_body(ind)
        iters = self.r.randint(3, 8)
        n = self.r.choice([17, 32, 100])
        out = ["#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>", ""]
        if self.hhelpers:
            out.insert(3, '#include "%s"' % self.header_name())
        out += ["typedef struct { double *x; int n; } Vec;", ""]
        if self.globals:
            out += ["static double *a, *b, *c;", ""]
        out += self.helpers + [""]
        out += ["static double work(%sint n, int T) {" % (
                    "" if self.globals else "double *a, double *b, double *c, "),
                "  double chk = 0;"]
        if phases:
            out += ["  int t = T;"]  # what t means outside the loops
        work = pre + ["  for (int t = 0; t < T; t++) {"] + body + ["  }"] + mid
        if body2:
            work += ["  for (int t = 0; t < T - 1; t++) {"] + body2 + ["  }"]
        work += post
        if self.userdata:
            out += ["  double *d = malloc(n * sizeof(double));",
                    "  for (int i = 0; i < n; i++)",
                    "    d[i] = i % 3;",
                    "#pragma acc data copyin(%s)" % ("d" if self.refuse else "d[0:n]"),
                    "  {"] + work + ["  }", "  free(d);"]
        else:
            out += work
        out += ["  return chk;", "}", "",
                "int main(void) {",
                "  int n = %d;" % n,
                "  %sa = malloc(n * sizeof(double));" % ("" if self.globals else "double *"),
                "  %sb = malloc(n * sizeof(double));" % ("" if self.globals else "double *"),
                "  %sc = malloc(n * sizeof(double));" % ("" if self.globals else "double *"),
                "  double *a0 = a, *b0 = b, *c0 = c;",
                "  for (int i = 0; i < n; i++) {",
                "    a[i] = i;",
                "    b[i] = 2 * i + 1;",
                "    c[i] = i % 7;",
                "  }",
                "  double chk = work(%sn, %d);" % ("" if self.globals else "a, b, c, ", iters),
                "  double sa = 0, sb = 0, sc = 0;",
                "  for (int i = 0; i < n; i++) {",
                "    sa += a0[i] * (i + 1);",
                "    sb += b0[i] * (i + 1);",
                "    sc += c0[i] * (i + 1);",
                "  }",
                '  printf("%.1f %.1f %.1f %.1f\\n", chk, sa, sb, sc);',
                "  free(a0);", "  free(b0);", "  free(c0);",
                "  return 0;", "}", ""]
        return "\n".join(out)

    def header_name(self):
        return "prog%d.h" % self.seed

    def header_text(self):
        """The header, when the program includes it."""
        return "\n".join(["#ifndef PROG_H", "#define PROG_H"] + self.hhelpers +
                         ["#endif", ""])

    def expects_report(self):
        """The tool must report something (exit 1): a refused data
        construct, or OpenACC in the header."""
        return self.refuse or bool(self.hhelpers)


def run(cmd, timeout=60, env=None):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def check(seed, a, env):
    """None if every translation matches the original, else a reason."""
    d = tempfile.mkdtemp(prefix="fuzz%d." % seed, dir=a.work)
    src = os.path.join(d, "prog.c")
    g = Gen(seed)
    with open(src, "w") as f:
        f.write(g.program())
    if g.hhelpers:
        with open(os.path.join(d, g.header_name()), "w") as f:
            f.write(g.header_text())
    want_rc = 1 if g.expects_report() else 0
    rc, _, err = run(["gcc", "-fopenacc", "-foffload=disable", "-O1", src, "-o",
                      os.path.join(d, "orig"), "-lm"])
    if rc:
        return "setup: gcc failed: " + err[-300:], d
    rc, want, err = run([os.path.join(d, "orig")])
    if rc:
        return "setup: original failed: " + err[-300:], d
    variants = [("hoist", [[]])]
    if a.optimize_data:
        variants.append(("optimize-data", [["--data=per-kernel"], ["--optimize-data"]]))
    if a.offload_serial:
        # The program's serial loops (set-up, checks) offloaded too, when
        # proved parallel, with the data placement around them all.
        variants.append(("serial", [["--offload=serial"]]))
    for name, steps in variants:
        cur = src
        for k, flags in enumerate(steps):
            nxt = os.path.join(d, "%s.%d.c" % (name, k))
            rc, so, err = run([a.tool] + flags + [cur, "--"])
            if rc != want_rc:
                return "%s: omp-migrate %s exit %d (expected %d): %s" % (
                    name, " ".join(flags), rc, want_rc, err.strip()[-300:]), d
            with open(nxt, "w") as f:
                f.write(so)
            cur = nxt
        exe = os.path.join(d, name)
        rc, _, err = run(["clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu",
                          "-O1", "-Wno-unknown-pragmas", cur, "-o", exe, "-lm"])
        if rc:
            return "%s: build failed: %s" % (name, err[-300:]), d
        rc, got, err = run([exe], env=env)
        if rc or got != want:
            return "%s: output %r (exit %d), original %r" % (name, got.strip(), rc,
                                                             want.strip()), d
    shutil.rmtree(d)
    return None, None


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tool", required=True)
    p.add_argument("--seeds", default="1-100", help="a range LO-HI (inclusive)")
    p.add_argument("--optimize-data", action="store_true")
    p.add_argument("--offload-serial", action="store_true",
                   help="also translate with --offload=serial and compare")
    p.add_argument("--work", default=None)
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--show", type=int, default=None, help="print the program of this seed")
    p.add_argument("--header", action="store_true",
                   help="with --show: print the header the program includes instead")
    a = p.parse_args(argv)
    if a.show is not None:
        g = Gen(a.show)
        text = g.program()
        sys.stdout.write(g.header_text() if a.header else text)
        return 0
    for t in ("gcc", "clang-19"):
        if not shutil.which(t):
            print("error: %s not found" % t, file=sys.stderr)
            return 2
    lo, _, hi = a.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    a.tool = os.path.abspath(a.tool)
    a.work = a.work or tempfile.mkdtemp(prefix="fuzz_data.")
    os.makedirs(a.work, exist_ok=True)
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY")
    env["LD_LIBRARY_PATH"] = "/usr/lib/llvm-19/lib" + (
        ":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    failed = setup = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for seed, (why, d) in zip(seeds, ex.map(lambda s: check(s, a, env), seeds)):
            if why is None:
                continue
            if why.startswith("setup:"):
                setup += 1
                print("seed %d: %s" % (seed, why), file=sys.stderr)
                continue
            failed += 1
            print("seed %d: MISMATCH %s\n  kept in %s" % (seed, why, d))
    print("%d programs, %d mismatches, %d setup errors" % (len(seeds), failed, setup))
    return 1 if failed else (2 if setup else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
