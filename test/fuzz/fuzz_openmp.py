#!/usr/bin/env python3
"""Differential fuzzing of omp-migrate --offload=openmp.

Generates small CPU OpenMP programs of the shapes the translation handles:
global arrays or pointer parameters of a work() function (a 2-D array and a
histogram of ints beside them), variables declared at the top of functions
(C89 style: `int i, j, t;`) and reused across loops, a host loop around
`parallel for` loops (private, firstprivate, reduction(+:s), collapse(2),
schedule), `parallel` regions of several `for` loops with region-level
clauses (shared, private, firstprivate, and a loop reduction of a variable
the region lists as shared), partial sums combined under a critical, inner
`simd` loops (the inner variable declared at the top of the function, a
bound written with ?: as a min), critical sections that are legal atomics
(`sum += x`, `hist[k] += 1`, a max) and atomics, pure static helpers called
from the loops, and, between the kernels inside the host loop, constructs
that must stay on the host: a `parallel for` that calls printf("") or a
function that writes a global, one with lastprivate, a region with a
single, serial loops over the arrays, host reads and writes of single
elements. Every program is race-free by construction and every value is an
integer held in a double (or an int), so the outputs must be equal to the
character; the original is run with 2 and 3 threads and must print the
same both times (else the generator made a racy program: a setup error).

Each program is translated with `omp-migrate --offload=openmp` (exit 0, or
1 when a construct stays on the host; any other exit is a failure), the
translation is built with clang-19 for the CPU stand-in device (separate
device memory, OMP_TARGET_OFFLOAD=MANDATORY) and with gcc -fopenmp
-foffload=disable, and both outputs are compared with the original's, built
with gcc -fopenmp -foffload=disable. A failure is written to WORK/fail-SEED/
(original, translation, tool stderr, outputs, why.txt).
Exit status: 0 no failure, 1 a mismatch or a translation/build failure of a
translation, 2 setup errors. Python 3 standard library only.

Usage: test/fuzz/fuzz_openmp.py --tool build/bin/omp-migrate [--seeds 1-200]
           [--work DIR] [-j 2] [--tool-arg=--array-reductions] [--show SEED]
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile

MOD = 1009  # every array value is kept below MOD: sums stay exact
H = 16      # bins of the histograms


class Gen:
    """One random program, from a seed."""

    def __init__(self, seed):
        r = self.r = random.Random(seed)
        self.seed = seed
        # params: the 1-D arrays (and the 2-D one) are parameters of work();
        # else globals of fixed size.
        self.params = r.random() < 0.5
        # c89: loop variables and scalars declared at the top of functions
        # and reused; else `for (int i = ...)`.
        self.c89 = r.random() < 0.75
        self.arrays = ["a", "b", "c"] + (["d"] if r.random() < 0.3 else [])
        self.has2d = r.random() < 0.6
        self.n = r.choice([37, 64, 100, 128])
        self.R, self.C = r.choice([(8, 12), (16, 16), (10, 33), (24, 7)])
        self.T = r.randint(2, 5)
        self.helpers = {}   # name -> text, in order of first use
        self.uses = set()   # "hist", "hl", "logv", "m"
        self.ntemps = 0

    # -- pieces ------------------------------------------------------------

    def p(self, x):
        return self.r.random() < x

    def pick(self, *makers):
        """One of the makers' texts; only the one drawn is made (a helper is
        defined only when a call of it is made)."""
        return self.r.choice(makers)()

    def lv(self, v):
        """A loop variable in a for's init: reused (C89) or declared."""
        return v if self.c89 else "int " + v

    def helper(self, name, text):
        if name not in self.helpers:
            self.helpers[name] = text
        return name

    def wrap(self, e):
        if self.p(0.3):
            self.helper("wrap", "static double wrap(double x) { return (double)((long)x %% %d); }"
                        % MOD)
            return "wrap(%s)" % e
        return "(double)((long)(%s) %% %d)" % (e, MOD)

    def pure(self, arg, i):
        """A call of a pure static helper."""
        k = self.r.randrange(4)
        name = "h%d" % k
        if k == 3:
            # one helper calling another
            self.helper("h0", "static double h0(double x, int i) { return x * 2 + i % 3; }")
            self.helper(name, "static double h3(double x, int i) { return h0(x, i + 1) + 1; }")
        else:
            self.helper(name, "static double h%d(double x, int i) { return x * %d + i %% %d; }"
                        % (k, k + 1, [3, 5, 7][k]))
        return "%s(%s, %s)" % (name, arg, i)

    def bucket(self, e):
        if self.p(0.4):
            self.helper("bucket", "static int bucket(double v) { return (int)((long)v %% %d); }"
                        % H)
            return "bucket(%s)" % e
        return "(long)(%s) %% %d" % (e, H)

    def sched(self):
        if self.p(0.3):
            return " schedule(%s)" % self.r.choice(
                ["static", "static, 4", "dynamic", "dynamic, 2", "guided"])
        return ""

    def bounds(self):
        lo, hi = self.r.choice([(0, 0), (0, 0), (1, 1), (0, 1), (1, 0), (2, 2)])
        return lo, hi

    def hdr(self, v, lo, hi, n="n"):
        end = n if hi == 0 else "%s - %d" % (n, hi)
        return "for (%s = %d; %s < %s; %s++)" % (self.lv(v), lo, v, end, v)

    def rhs1(self, x, lo, hi, v="i"):
        """Terms for a write of x[v]: other arrays at v (v-1, v+1 when the
        bounds allow), x itself only at v."""
        others = [y for y in self.arrays if y != x]
        terms = []
        for _ in range(self.r.randint(1, 3)):
            y = self.r.choice(others)
            k = self.r.randrange(9)
            if k == 0 and lo >= 1:
                terms.append("%s[%s - 1]" % (y, v))
            elif k == 1 and hi >= 1:
                terms.append("%s[%s + 1]" % (y, v))
            elif k == 2:
                terms.append("%s[%s]" % (x, v))
            elif k == 3:
                terms.append(self.pure("%s[%s]" % (y, v), v))
            elif k == 4:
                terms.append("%s %% 7" % v)
            elif k == 5 and self.has2d:
                self.uses.add("m")
                terms.append("m[%s %% %d][%s %% %d]" % (v, self.R, v, self.C))
            else:
                terms.append("%s[%s]" % (y, v))
        if self.p(0.5):
            terms.append("t")
        return " + ".join(terms)

    # -- kernels (constructs the tool should offload) ----------------------

    def pf1d(self, ind, region=False):
        """A parallel for (or a region's for) writing one array."""
        x = self.r.choice(self.arrays)
        lo, hi = self.bounds()
        clauses, pre, body = [], [], []
        e = self.rhs1(x, lo, hi)
        k = self.r.randrange(5)
        if k == 0:
            # a private temporary
            body = ["x = %s;" % e, "%s[i] = %s;" % (x, self.wrap("x * 2 + 1"))]
            if not region:
                clauses.append("private(x)")
            self.region_private.add("x")
        elif k == 1:
            # a firstprivate value set by the host
            if not region:
                pre = ["f = t * 3 + %d;" % self.r.randrange(5)]
                clauses.append("firstprivate(f)")
            self.region_first.add("f")
            body = ["%s[i] = %s;" % (x, self.wrap(e + " + f"))]
        else:
            body = ["%s[i] = %s;" % (x, self.wrap(e))]
        if self.c89 and self.p(0.15) and not region:
            clauses.append("private(i)")
        d = "#pragma omp %s%s%s" % ("for" if region else "parallel for",
                                   "".join(" " + c for c in clauses), self.sched())
        out = [ind + s for s in pre] + [d, ind + self.hdr("i", lo, hi)]
        if len(body) > 1 or self.p(0.3):
            out += [ind + "{"] + [ind + "  " + s for s in body] + [ind + "}"]
        else:
            out += [ind + "  " + body[0]]
        return out

    def pf2d(self, ind, region=False):
        """A nest over the 2-D array: collapse(2), private(j), or an inner simd."""
        self.uses.add("m")
        y = self.r.choice(self.arrays)
        k = self.r.randrange(3)
        inner_hdr = "for (%s = 0; j < %d; j++)" % (self.lv("j"), self.C)
        e = self.pick(lambda: "m[i][j] + %s[i] + j" % y,
                      lambda: "m[i][j] * 2 + %s[j] + i" % y,
                      lambda: "%s[i] + %s[j] + t" % (y, self.r.choice(self.arrays)),
                      lambda: self.pure("m[i][j]", "j") + " + 1")
        body = "m[i][j] = %s;" % self.wrap(e)
        head = "for" if region else "parallel for"
        if k == 0:
            d = "#pragma omp %s collapse(2)%s" % (head, self.sched())
            return [d, ind + self.hdr("i", 0, 0, str(self.R)),
                    ind + "  " + inner_hdr, ind + "    " + body]
        priv = ""
        if self.c89:
            if region and self.p(0.5):
                self.region_private.add("j")
            else:
                priv = " private(j)"
        if k == 1:
            return ["#pragma omp %s%s%s" % (head, priv, self.sched()),
                    ind + self.hdr("i", 0, 0, str(self.R)),
                    ind + "  " + inner_hdr, ind + "    " + body]
        # an inner simd loop; its bound sometimes a min written with ?:
        lim = self.r.choice(["n", "n / 2", "t + 3", "i + 2"])
        bound = str(self.C) if self.p(0.4) else "(%d < %s ? %d : %s)" % (
            self.C, lim, self.C, lim)
        simd_clause = self.r.choice(["", "", " simdlen(4)", " safelen(8)"])
        return ["#pragma omp %s%s%s" % (head, priv, self.sched()),
                ind + self.hdr("i", 0, 0, str(self.R)),
                "#pragma omp simd" + simd_clause,
                ind + "  for (%s = 0; j < %s; j++)" % (self.lv("j"), bound),
                ind + "    " + body]

    def simd1d(self, ind):
        """Blocks of 16 elements, an inner simd loop over each block."""
        x = self.r.choice(self.arrays)
        y = self.r.choice([a for a in self.arrays if a != x])
        priv = " private(j)" if self.c89 else ""
        e = self.pick(lambda: "%s[j] + %s[j] + t" % (x, y),
                      lambda: "%s[j] * 2 + j %% 5" % y,
                      lambda: "%s[j] + %s" % (x, self.pure("%s[j]" % y, "j")))
        return ["#pragma omp parallel for" + priv,
                ind + "for (%s = 0; i < (n + 15) / 16; i++)" % self.lv("i"),
                "#pragma omp simd",
                ind + "  for (%s = 16 * i; j < (16 * i + 16 < n ? 16 * i + 16 : n); j++)"
                % self.lv("j"),
                ind + "    %s[j] = %s;" % (x, self.wrap(e))]

    def reduction(self, ind, region=False):
        """s += ... over the loop; in a region, s is listed shared there."""
        x = self.r.choice(self.arrays)
        y = self.r.choice(self.arrays)
        e = self.pick(lambda: "%s[i]" % x, lambda: "%s[i] * %s[i]" % (x, y),
                      lambda: "%s[i] + i" % x, lambda: self.pure("%s[i]" % x, "i"))
        head = "for" if region else "parallel for"
        if self.has2d and self.p(0.2):
            self.uses.add("m")
            return ["#pragma omp %s collapse(2) reduction(+:s)" % head,
                    ind + self.hdr("i", 0, 0, str(self.R)),
                    ind + "  for (%s = 0; j < %d; j++)" % (self.lv("j"), self.C),
                    ind + "    s += m[i][j];"]
        return ["#pragma omp %s reduction(+:s)%s" % (head, self.sched()),
                ind + self.hdr("i", 0, 0), ind + "  s = s + %s;" % e
                if self.p(0.3) else ind + "  s += %s;" % e]

    def critical(self, ind, region=False):
        """A critical that is a legal atomic (or an atomic) in a loop.
        Returns (lines, the scalar it accumulates or None)."""
        x = self.r.choice(self.arrays)
        k = self.r.randrange(6)
        also = []
        if self.p(0.3):
            # the iteration also writes its own element of another array
            y = self.r.choice([a for a in self.arrays if a != x])
            also = ["%s[i] = %s;" % (y, self.wrap("%s[i] + %d" % (x, self.r.randrange(1, 9))))]
        name = self.r.choice(["", "", "(upd)"])
        if k == 0:
            acc, upd, lock = "s", "s += %s[i];" % x, "critical" + name
        elif k == 1:
            acc, upd, lock = "s", "s = s + %s[i] * 2;" % x, "critical" + name
        elif k == 2:
            self.uses.add("hist")
            acc, upd, lock = None, "hist[%s] += 1;" % self.bucket("%s[i]" % x), \
                "critical" + name
        elif k == 3:
            self.uses.add("hist")
            acc, upd, lock = None, "hist[%s]++;" % self.bucket("%s[i]" % x), \
                self.r.choice(["atomic", "atomic update", "critical"])
        elif k == 4:
            acc, upd, lock = "mx", "if (%s[i] > mx) mx = %s[i];" % (x, x), "critical" + name
        else:
            if self.p(0.5):
                self.uses.add("hl")
                acc, upd = None, "hl[%s] += 1;" % self.bucket("%s[i]" % x)
            else:
                acc, upd = "s", "s += %s[i] + 1;" % x
            lock = self.r.choice(["atomic", "atomic update"])
        if k == 4 and lock.startswith("atomic"):
            lock = "critical"
        if lock.startswith("critical") and self.p(0.3):
            inner = [ind + "  {", ind + "    " + upd, ind + "  }"]
        else:
            inner = [ind + "  " + upd]
        if acc == "mx":
            self.uses.add("mx")
        head = "for" if region else "parallel for"
        return (["#pragma omp %s%s" % (head, self.sched()), ind + self.hdr("i", 0, 0),
                 ind + "{"] + [ind + "  " + s for s in also] +
                ["#pragma omp " + lock] + inner + [ind + "}"], acc)

    def region(self, ind):
        """A parallel region of several for loops, region-level clauses."""
        self.region_private, self.region_first = set(), set()
        loops, init, after = [], [], []
        reduced = False
        for _ in range(self.r.randint(2, 4)):
            k = self.r.random()
            if k < 0.45:
                loops.append(self.pf1d(ind + "  ", region=True))
            elif k < 0.6 and self.has2d:
                loops.append(self.pf2d(ind + "  ", region=True))
            elif k < 0.8 and not reduced:
                loops.append(self.reduction(ind + "  ", region=True))
                reduced = True
            else:
                lines, acc = self.critical(ind + "  ", region=True)
                loops.append(lines)
                if acc == "s" and not reduced:
                    reduced = True  # s updated under the lock, a kind of reduction
                elif acc == "s":
                    # two loops updating s: one under a lock, one a reduction
                    # would race; use the lock's own sum, t
                    loops[-1] = [l.replace("s +=", "s2 +=").replace("s = s", "s2 = s2")
                                 for l in lines]
                    init.append("s2 = 0;")
                    after.append("chk += s2;")
                    self.uses.add("s2")
                if acc == "mx":
                    init.append("mx = -1;")
                    after.append("chk += mx;")
        if reduced:
            init.insert(0, "s = 0;")
            after.insert(0, "chk += s;")
        clauses = []
        shared = []
        if reduced and self.p(0.6):
            shared.append("s")
        if self.p(0.3):
            shared += self.r.sample(self.arrays, self.r.randint(1, 2))
        if "s2" in " ".join(init) and self.p(0.5):
            shared.append("s2")
        if shared:
            clauses.append("shared(%s)" % ", ".join(shared))
        priv = sorted(self.region_private)
        if priv:
            clauses.append("private(%s)" % ", ".join(priv))
        if self.region_first:
            init.append("f = t + %d;" % self.r.randrange(4))
            clauses.append("firstprivate(f)")
        if self.p(0.15):
            clauses.append("default(shared)")
        if self.p(0.1):
            # the last loop needs no barrier: the region's end has one
            last = loops[-1]
            last[0] = last[0] + " nowait"
        body = []
        single = self.p(0.1)
        for j, l in enumerate(loops):
            body += l
            if single and j == 0:
                # every thread passes the single's barrier: stays on the host
                body += ["#pragma omp single", ind + "  chk += %s[0];" % self.r.choice(
                    self.arrays)]
        self.region_private, self.region_first = set(), set()
        return ([ind + s for s in init] +
                ["#pragma omp parallel" + "".join(" " + c for c in clauses), ind + "{"] +
                body + [ind + "}"] + [ind + s for s in after])

    def partial(self, ind):
        """Per-thread partial sums combined under a critical (or an atomic)."""
        x = self.r.choice(self.arrays)
        lock = self.r.choice(["critical", "critical", "atomic"])
        return [ind + "sum = 0;", "#pragma omp parallel", ind + "{",
                ind + "  double local = 0;", "#pragma omp for" + self.sched(),
                ind + "  " + self.hdr("i", 0, 0), ind + "    local += %s[i];" % x,
                "#pragma omp " + lock, ind + "  sum += local;", ind + "}",
                ind + "chk += sum;"]

    # -- constructs that stay on the host -------------------------------------

    def host(self, ind):
        x = self.r.choice(self.arrays)
        y = self.r.choice([a for a in self.arrays if a != x])
        k = self.r.randrange(10)
        if k == 0:
            return ["#pragma omp parallel for",
                    ind + self.hdr("i", 0, 0),
                    ind + '  %s[i] = %s;' % (x, self.wrap('%s[i] + 1 + (double)printf("")' % y))]
        if k == 1:
            # a function that writes a global: not pure
            self.uses.add("logv")
            self.helper("note", "static void note(int i, double v) { logv[i] = v + 1; }")
            return ["#pragma omp parallel for",
                    ind + self.hdr("i", 0, 0), ind + "{",
                    ind + "  %s[i] = %s;" % (x, self.wrap("%s[i] + t" % y)),
                    ind + "  note(i, %s[i]);" % x, ind + "}"]
        if k == 2:
            return ["#pragma omp parallel for lastprivate(x)",
                    ind + self.hdr("i", 0, 0), ind + "{",
                    ind + "  x = %s[i] + i;" % y,
                    ind + "  %s[i] = %s;" % (x, self.wrap("x")), ind + "}",
                    ind + "chk += x;"]
        if k == 3:
            return [ind + self.hdr("i", 0, 0),
                    ind + "  %s[i] = %s;" % (x, self.wrap("%s[i] + %s[i]" % (x, y)))]
        if k == 4:
            return [ind + self.hdr("i", 0, 0, "n / 2"), ind + "  chk += %s[i];" % x]
        if k == 5 and self.has2d:
            self.uses.add("m")
            return [ind + "chk += m[t %% %d][%d];" % (self.R, self.r.randrange(self.C)),
                    ind + "m[%d][t %% %d] += 1;" % (self.r.randrange(self.R), self.C)]
        if k == 6:
            return [ind + "if (t %% 2 == %d)" % self.r.randrange(2),
                    ind + "  %s[(t * 7) %% n] = t + 5;" % x]
        if k == 7:
            return [ind + "%s[t %% n] += 1;" % x, ind + "chk += %s[n - 1];" % y]
        if k == 8 and "hist" in self.uses:
            return [ind + "chk += hist[t %% %d];" % H]
        return [ind + "chk += %s[%s];" % (x, self.r.choice(["0", "n / 2", "t % n", "n - 1"]))]

    # -- the program ---------------------------------------------------------

    def item(self, ind):
        k = self.r.random()
        if k < 0.22:
            return self.pf1d(ind)
        if k < 0.32 and self.has2d:
            lines = self.pf2d(ind)
            return lines
        if k < 0.37:
            return self.simd1d(ind)
        if k < 0.47:
            return [ind + "s = 0;"] + self.reduction(ind) + [ind + "chk += s;"]
        if k < 0.57:
            lines, acc = self.critical(ind)
            pre = {"s": ["s = 0;"], "mx": ["mx = -1;"]}.get(acc, [])
            post = {"s": ["chk += s;"], "mx": ["chk += mx;"]}.get(acc, [])
            return [ind + s for s in pre] + lines + [ind + s for s in post]
        if k < 0.70:
            return self.region(ind)
        if k < 0.74:
            return self.partial(ind)
        return self.host(ind)

    def program(self):
        r = self.r
        self.region_private, self.region_first = set(), set()
        ind = "    "
        body = []
        for _ in range(r.randint(3, 8)):
            body += self.item(ind)
        pre = self.pf1d("  ") if r.random() < 0.3 else []
        post = []
        if r.random() < 0.3:
            post = ["  s = 0;"] + self.reduction("  ") + ["  chk += s;"]
        n, R, C = self.n, self.R, self.C
        arrs = self.arrays
        out = ["#include <stdio.h>", "#include <stdlib.h>", "",
               "#define N %d" % n, "#define R %d" % R, "#define C %d" % C, ""]
        # globals
        if not self.params:
            out.append("static double %s;" % ", ".join("%s[N]" % a for a in arrs))
        if "m" in self.uses and not self.params:
            out.append("static double m[R][C];")
        if "hist" in self.uses:
            out.append("static int hist[%d];" % H)
        if "logv" in self.uses:
            out.append("static double logv[N];")
        out.append("")
        out += list(self.helpers.values()) + [""]
        use_m = "m" in self.uses
        if self.params:
            ps = ", ".join("double *%s" % a for a in arrs) + ", "
            if use_m:
                ps += "double m[R][C], "
        else:
            ps = ""
        out.append("static double work(%sint n, int T) {" % ps)
        if self.c89:
            out.append("  int i, j, t;")
        else:
            out.append("  int t;")
        out.append("  double s, x, f, mx, sum, s2, chk;")
        if "hl" in self.uses:
            out.append("  int hl[%d];" % H)
        out.append("  chk = 0;")
        if "hl" in self.uses:
            out += ["  for (%s = 0; i < %d; i++)" % (self.lv("i"), H), "    hl[i] = 0;"]
        out += ["  t = 0;"] + pre
        out += ["  for (t = 0; t < T; t++) {"] + body + ["  }"]
        out += ["  t = T;"] + post
        if "hl" in self.uses:
            out += ["  for (%s = 0; i < %d; i++)" % (self.lv("i"), H),
                    "    chk += hl[i] * (i + 1);"]
        out += ["  (void)s; (void)x; (void)f; (void)mx; (void)sum; (void)s2;",
                "  return chk;", "}", ""]
        # main
        out += ["int main(void) {", "  int i, j;", "  double chk, cs;"]
        if self.params:
            for a in arrs:
                out.append("  double *%s = malloc(N * sizeof(double));" % a)
            if use_m:
                out.append("  double (*m)[C] = malloc(sizeof(double[R][C]));")
        init_par = r.random() < 0.4
        if init_par:
            out.append("#pragma omp parallel for" + (" private(j)" if use_m else ""))
        out.append("  for (i = 0; i < N; i++) {")
        for k, a in enumerate(arrs):
            out.append("    %s[i] = (i * %d + %d) %% %d;" % (a, 2 * k + 1, k, 11 + 2 * k))
        if use_m:
            out += ["    if (i < R)", "      for (j = 0; j < C; j++)",
                    "        m[i][j] = (i + 2 * j) % 9;"]
        out.append("  }")
        args = (", ".join(arrs) + ", " + ("m, " if use_m else "")) if self.params else ""
        out.append("  chk = work(%sN, %d);" % (args, self.T))
        out.append('  printf("chk %.0f\\n", chk);')
        for a in arrs:
            out += ["  cs = 0;", "  for (i = 0; i < N; i++)",
                    "    cs += %s[i] * (i %% 7 + 1);" % a,
                    '  printf("%s %%.0f\\n", cs);' % a]
        if use_m:
            out += ["  cs = 0;", "  for (i = 0; i < R; i++)", "    for (j = 0; j < C; j++)",
                    "      cs += m[i][j] * ((i + j) % 5 + 1);", '  printf("m %.0f\\n", cs);']
        if "hist" in self.uses:
            out += ["  cs = 0;", "  for (i = 0; i < %d; i++)" % H,
                    "    cs += hist[i] * (i + 1);", '  printf("hist %.0f\\n", cs);']
        if "logv" in self.uses:
            out += ["  cs = 0;", "  for (i = 0; i < N; i++)",
                    "    cs += logv[i] * (i % 3 + 1);", '  printf("logv %.0f\\n", cs);']
        if self.params:
            out += ["  free(%s);" % a for a in arrs]
            if use_m:
                out.append("  free(m);")
        out += ["  (void)j;", "  return 0;", "}", ""]
        return "\n".join(out)


def run(cmd, timeout=120, env=None):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def write(d, name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)


def check(seed, a, env):
    """(None, None) if the translation matches the original, else (reason,
    the directory kept)."""
    d = os.path.join(a.work, "seed-%d" % seed)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    src = os.path.join(d, "prog.c")
    write(d, "prog.c", Gen(seed).program())
    why = check_in(d, src, a, env)
    if why is None:
        shutil.rmtree(d)
        return None, None
    write(d, "why.txt", why + "\n")
    if why.startswith("setup:"):
        return why, d
    fail = os.path.join(a.work, "fail-%d" % seed)
    shutil.rmtree(fail, ignore_errors=True)
    os.rename(d, fail)
    return why, fail


def check_in(d, src, a, env):
    orig = os.path.join(d, "orig")
    rc, _, err = run(["gcc", "-fopenmp", "-foffload=disable", "-O1", src, "-o", orig])
    if rc:
        return "setup: gcc failed on the original: " + err[-300:]
    rc, want, err = run([orig], env=env)
    if rc:
        return "setup: original failed: " + err[-300:]
    write(d, "orig.out", want)
    # Race-free by construction: another thread count prints the same.
    rc, want3, err = run([orig], env=dict(env, OMP_NUM_THREADS="3"))
    if rc or want3 != want:
        return "setup: the original is not deterministic (3 threads: %r)" % want3.strip()
    rc, so, err = run([a.tool, "--offload=openmp"] + a.tool_arg + [src, "--"])
    write(d, "tool.err", err)
    if rc == 1:
        a.kept_host.add(os.path.basename(d))
    if rc not in (0, 1):
        return "omp-migrate exit %d: %s" % (rc, err.strip()[-300:])
    tr = os.path.join(d, "prog.omp.c")
    write(d, "prog.omp.c", so)
    builds = [("clang", ["clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu",
                         "-O1", "-Wno-unknown-pragmas"]),
              ("gcc", ["gcc", "-fopenmp", "-foffload=disable", "-O1"])]
    for name, cc in builds:
        exe = os.path.join(d, name)
        rc, _, err = run(cc + [tr, "-o", exe])
        if rc:
            write(d, name + ".build.err", err)
            return "%s: build failed: %s" % (name, err.strip()[-300:])
        rc, got, err = run([exe], env=env)
        write(d, name + ".out", got)
        if rc or got != want:
            write(d, name + ".err", err)
            return "%s: output %r (exit %d%s), original %r" % (
                name, " ".join(got.split()), rc, ", " + err.strip()[-200:] if rc else "",
                " ".join(want.split()))
    return None


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tool", help="the omp-migrate binary")
    p.add_argument("--seeds", default="1-100", help="a range LO-HI (inclusive)")
    p.add_argument("--work", default=None, help="where failures are kept (WORK/fail-SEED)")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--tool-arg", action="append", default=[],
                   help="another flag for omp-migrate (repeatable)")
    p.add_argument("--show", type=int, default=None, help="print the program of this seed")
    a = p.parse_args(argv)
    if a.show is not None:
        sys.stdout.write(Gen(a.show).program())
        return 0
    if not a.tool:
        p.error("--tool is required")
    for t in ("gcc", "clang-19"):
        if not shutil.which(t):
            print("error: %s not found" % t, file=sys.stderr)
            return 2
    lo, _, hi = a.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    a.tool = os.path.abspath(a.tool)
    a.work = os.path.abspath(a.work or tempfile.mkdtemp(prefix="fuzz_openmp."))
    os.makedirs(a.work, exist_ok=True)
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY", OMP_NUM_THREADS="2")
    env["LD_LIBRARY_PATH"] = "/usr/lib/llvm-19/lib" + (
        ":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    failed = setup = 0
    a.kept_host = set()  # seeds whose translation kept a construct on the host
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for seed, (why, d) in zip(seeds, ex.map(lambda s: check(s, a, env), seeds)):
            if why is None:
                continue
            if why.startswith("setup:"):
                setup += 1
                print("seed %d: %s\n  kept in %s" % (seed, why, d), file=sys.stderr)
                continue
            failed += 1
            print("seed %d: MISMATCH %s\n  kept in %s" % (seed, why, d), flush=True)
    print("omp-migrate kept a construct on the host (exit 1) in %d of %d programs"
          % (len(a.kept_host), len(seeds)))
    print("%d programs, %d mismatches, %d setup errors" % (len(seeds), failed, setup))
    return 1 if failed else (2 if setup else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
