#!/usr/bin/env python3
"""Host<->device data movement of omp-migrate's translations against an expert's.

For every case in bench/data/cases/<name>/ (an OpenACC program <name>.c without
the data regions an expert would add, the expert's OpenMP version expert.c, and
expected.txt, the output of `gcc -fopenacc -foffload=disable -O1 -lm`), builds
and runs four versions with the CPU stand-in for a GPU (clang-19 OpenMP offload
to x86_64, a device with its own memory):

    naive        omp-migrate --data=per-kernel <name>.c   ("n/a" if the tool rejects the flag)
    expert       expert.c
    omp-migrate  omp-migrate <name>.c                    (the default translation)
    optimize-data  omp-migrate --optimize-data on the naive version's OpenMP
                 (OpenMP input with a map on every kernel)

Each run has LIBOMPTARGET_INFO=32, which makes libomptarget log every copy
between host and device with its size; the copies are counted per direction
(copies of zero bytes are not counted). Each output is checked against
expected.txt (same lines; numbers equal within a relative tolerance, 1e-6 by
default). Prints a Markdown table, and per case whether omp-migrate moves no
more bytes than the expert.

--iters-scale also runs every case whose source has `#define ITERS <k>` at
2*k iterations (-DITERS=2k; the reference output then comes from gcc -fopenacc
on the host) and reports whether omp-migrate's traffic grows with the iteration
count beyond what the expert's does (scalars the host tests each iteration, or
an element it prints, grow in both). For jacobi, heat and saxpy_iter it must
not grow.

Exit status: 0 all outputs correct (and, with --iters-scale, no required case
grows), 1 otherwise, 2 setup errors. Python 3 standard library only.

Usage: bench/data/bench_data.py [--tool build/bin/omp-migrate] [--case NAME]...
           [--iters-scale] [--out FILE.md] [--keep] [--rtol 1e-6]
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CLANG_OFFLOAD = ["-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1", "-Wno-unknown-pragmas"]
GCC_OPENACC = ["-fopenacc", "-foffload=disable", "-O1"]
MUST_NOT_GROW = ("jacobi", "heat", "saxpy_iter")
VERSIONS = ("naive", "expert", "omp-migrate", "optimize-data")

# libomptarget (LIBOMPTARGET_INFO=32), e.g.
#   omptarget device 0 info: Copying data from host to device, HstPtr=0x..., TgtPtr=0x..., Size=800, Name=a
#   omptarget device 0 info: Copying data from device to host, TgtPtr=0x..., HstPtr=0x..., Size=8, Name=unknown
COPY_RE = re.compile(r"Copying\s+data\s+from\s+(host|device)\s+to\s+(device|host)\b(.*)", re.I)
# the debug-build / older spellings: "data submit" (host->device), "data retrieve" (device->host)
SUBMIT_RE = re.compile(r"\b(?:data\s+)?(submit(?:ting)?|retriev(?:e|ing))\b(.*)", re.I)
SIZE_RE = re.compile(r"\bSize\s*[=:]\s*(\d+)|\b(\d+)\s+bytes\b", re.I)
NUM_RE = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b", re.I)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"))
    p.add_argument("--cases", default=os.path.join(HERE, "cases"), help="directory of cases")
    p.add_argument("--case", action="append", default=[], help="only this case (repeatable)")
    p.add_argument("--clang", default="clang-19")
    p.add_argument("--gcc", default="gcc")
    p.add_argument("--libdir", default="/usr/lib/llvm-19/lib", help="libomptarget's directory")
    p.add_argument("--iters-scale", action="store_true",
                   help="also run at 2x ITERS and report whether the traffic grows")
    p.add_argument("--rtol", type=float, default=1e-6, help="relative tolerance for numbers")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per process")
    p.add_argument("--out", default=None, help="also write the Markdown here")
    p.add_argument("--keep", action="store_true", help="keep the work directory")
    return p.parse_args(argv)


class Setup(Exception):
    pass


def run(cmd, timeout, env=None, cwd=None):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           cwd=cwd, timeout=timeout)
        return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %gs" % timeout
    except OSError as e:
        return 127, "", str(e)


def count_copies(log):
    """(h2d copies, h2d bytes, d2h copies, d2h bytes, unparsed lines) from libomptarget's log."""
    h2d_n = h2d_b = d2h_n = d2h_b = 0
    unparsed = []
    for line in log.splitlines():
        m = COPY_RE.search(line)
        if m:
            src, dst, rest = m.group(1).lower(), m.group(2).lower(), m.group(3)
            if src == dst:
                continue
            to_device = dst == "device"
        else:
            m = SUBMIT_RE.search(line)
            if not m or "omptarget" not in line.lower():
                continue
            to_device = m.group(1).lower().startswith("submit")
            rest = m.group(2)
        s = SIZE_RE.search(rest)
        if not s:
            unparsed.append(line)
            continue
        size = int(s.group(1) or s.group(2))
        if size == 0:
            continue
        if to_device:
            h2d_n, h2d_b = h2d_n + 1, h2d_b + size
        else:
            d2h_n, d2h_b = d2h_n + 1, d2h_b + size
    return h2d_n, h2d_b, d2h_n, d2h_b, unparsed


def same_output(got, want, rtol):
    """None if equal (numbers within rtol), else a short reason."""
    g, w = got.splitlines(), want.splitlines()
    while g and not g[-1].strip():
        g.pop()
    while w and not w[-1].strip():
        w.pop()
    if len(g) != len(w):
        return "%d lines, expected %d" % (len(g), len(w))
    for k, (a, b) in enumerate(zip(g, w), 1):
        if NUM_RE.sub("#", a).split() != NUM_RE.sub("#", b).split():
            return "line %d: %r, expected %r" % (k, a.strip(), b.strip())
        for x, y in zip(NUM_RE.findall(a), NUM_RE.findall(b)):
            fx, fy = float(x), float(y)
            if math.isnan(fx) and math.isnan(fy):
                continue
            if fx == fy:
                continue
            if not (math.isfinite(fx) and math.isfinite(fy)) or \
                    abs(fx - fy) > rtol * max(abs(fx), abs(fy)):
                return "line %d: %s, expected %s" % (k, x, y)
    return None


def iters_default(src_text):
    m = re.search(r"^\s*#\s*define\s+ITERS\s+(\d+)\b", src_text, re.M)
    return int(m.group(1)) if m else None


class Bench:
    def __init__(self, args, work):
        self.a = args
        self.work = work
        self.env = dict(os.environ)
        ld = self.env.get("LD_LIBRARY_PATH")
        self.env["LD_LIBRARY_PATH"] = args.libdir + (os.pathsep + ld if ld else "")
        self.env.update(OMP_TARGET_OFFLOAD="MANDATORY", OMP_WAIT_POLICY="passive",
                        LIBOMPTARGET_INFO="32")
        self.ref_env = dict(os.environ)
        for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG"):
            self.ref_env.pop(k, None)

    def translate(self, src, out, defines, extra):
        rc, so, se = run([self.a.tool] + extra + [src, "--"] + defines, self.a.timeout)
        if rc == 2 and re.search(r"Cannot find option|Unknown command line argument", se):
            return "n/a", None
        if rc not in (0, 1):
            return "translation failed (exit %d): %s" % (rc, se.strip().splitlines()[-1:] or ""), None
        with open(out, "w") as f:
            f.write(so)
        return ("some constructs not translated" if rc == 1 else None), out

    def build_run(self, src, exe, defines):
        rc, so, se = run([self.a.clang] + CLANG_OFFLOAD + defines + [src, "-o", exe, "-lm"],
                         self.a.timeout)
        if rc != 0:
            return "build failed: " + " ".join(se.strip().splitlines()[:3]), None, None
        rc, so, se = run([exe], self.a.timeout, env=self.env)
        if rc != 0:
            tail = [l for l in se.splitlines() if "Copying data" not in l][-2:]
            return "run failed (exit %d) %s" % (rc, " ".join(tail)), so, se
        return None, so, se

    def reference(self, case_dir, name, defines, tag):
        """expected.txt at default size; gcc -fopenacc on the host otherwise."""
        if not defines:
            with open(os.path.join(case_dir, "expected.txt")) as f:
                return f.read()
        exe = os.path.join(self.work, "%s%s.ref" % (name, tag))
        rc, _, se = run([self.a.gcc] + GCC_OPENACC + defines +
                        [os.path.join(case_dir, name + ".c"), "-o", exe, "-lm"], self.a.timeout)
        if rc != 0:
            raise Setup("gcc reference build of %s failed: %s" % (name, se.strip()[:300]))
        rc, so, se = run([exe], self.a.timeout, env=self.ref_env)
        if rc != 0:
            raise Setup("gcc reference run of %s failed (exit %d)" % (name, rc))
        return so

    def measure(self, case_dir, name, defines, tag=""):
        """{version: row dict} for one case at one size."""
        want = self.reference(case_dir, name, defines, tag)
        rows = {}
        src = os.path.join(case_dir, name + ".c")
        for version in VERSIONS:
            row = {"note": None, "ok": None, "h2d_n": None, "h2d_b": None, "d2h_n": None,
                   "d2h_b": None}
            rows[version] = row
            stem = os.path.join(self.work, "%s%s.%s" % (name, tag, version))
            if version == "expert":
                path = os.path.join(case_dir, "expert.c")
            elif version == "optimize-data":
                naive = os.path.join(self.work, "%s%s.naive.c" % (name, tag))
                if not os.path.exists(naive):
                    row["note"] = "no naive version"
                    continue
                note, path = self.translate(naive, stem + ".c", defines, ["--optimize-data"])
                row["note"] = note
                if path is None:
                    continue
            else:
                extra = ["--data=per-kernel"] if version == "naive" else []
                note, path = self.translate(src, stem + ".c", defines, extra)
                row["note"] = note
                if path is None:
                    continue
            err, so, se = self.build_run(path, stem + ".exe", defines)
            if err:
                row["note"] = err if not row["note"] else row["note"] + "; " + err
                row["ok"] = False
                continue
            h2d_n, h2d_b, d2h_n, d2h_b, unparsed = count_copies(se)
            row.update(h2d_n=h2d_n, h2d_b=h2d_b, d2h_n=d2h_n, d2h_b=d2h_b)
            if unparsed:
                row["note"] = ("%d copy lines without a size, e.g. %r" %
                               (len(unparsed), unparsed[0][:120]))
            why = same_output(so, want, self.a.rtol)
            row["ok"] = why is None
            if why:
                row["note"] = why if not row["note"] else row["note"] + "; " + why
        return rows


def emit(lines, out):
    """Prints the Markdown lines, and writes them to out too if given."""
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if out:
        with open(out, "w") as f:
            f.write(text)


def total(row):
    if row["h2d_b"] is None:
        return None
    return row["h2d_b"] + row["d2h_b"]


def cell(v):
    return "n/a" if v is None else ("{:,}".format(v) if isinstance(v, int) else str(v))


def main(argv):
    a = parse_args(argv)
    for exe in (a.tool, ):
        if not os.access(exe, os.X_OK):
            print("error: %s is not an executable" % exe, file=sys.stderr)
            return 2
    for exe in (a.clang, a.gcc):
        if not shutil.which(exe):
            print("error: %s not found" % exe, file=sys.stderr)
            return 2
    names = sorted(d for d in os.listdir(a.cases)
                   if os.path.isfile(os.path.join(a.cases, d, d + ".c")))
    if a.case:
        missing = [c for c in a.case if c not in names]
        if missing:
            print("error: no such case: %s" % ", ".join(missing), file=sys.stderr)
            return 2
        names = [n for n in names if n in a.case]
    work = tempfile.mkdtemp(prefix="bench_data.")
    # every version and size is translated by the same binary, even if the
    # build directory is rebuilt while the benchmark runs
    snap = os.path.join(work, "omp-migrate")
    shutil.copy2(a.tool, snap)
    a.tool = snap
    b = Bench(a, work)
    lines, failed = [], False
    results, scaled = {}, {}
    try:
        for name in names:
            d = os.path.join(a.cases, name)
            print("case %s ..." % name, file=sys.stderr)
            results[name] = b.measure(d, name, [])
            if a.iters_scale:
                with open(os.path.join(d, name + ".c")) as f:
                    k = iters_default(f.read())
                if k is not None:
                    print("case %s at ITERS=%d ..." % (name, 2 * k), file=sys.stderr)
                    scaled[name] = (k, b.measure(d, name, ["-DITERS=%d" % (2 * k)], ".x2"))
    except Setup as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    finally:
        if a.keep:
            print("work directory kept: %s" % work, file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)

    lines.append("| case | version | H2D copies | H2D bytes | D2H copies | D2H bytes | total bytes | output OK |")
    lines.append("|---|---|--:|--:|--:|--:|--:|---|")
    notes = []
    for name in names:
        for version in VERSIONS:
            r = results[name][version]
            ok = "n/a" if r["ok"] is None else ("yes" if r["ok"] else "**NO**")
            if r["ok"] is False:
                failed = True
            if r["note"]:
                notes.append("- %s / %s: %s" % (name, version, r["note"]))
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, version, cell(r["h2d_n"]), cell(r["h2d_b"]), cell(r["d2h_n"]),
                cell(r["d2h_b"]), cell(total(r)), ok))
    lines.append("")
    lines.append("| case | expert bytes | omp-migrate bytes | omp-migrate / expert | "
                 "omp-migrate <= expert | optimize-data bytes | optimize-data / expert |")
    lines.append("|---|--:|--:|--:|---|--:|--:|")

    def ratio(m, e):
        if e is None or m is None:
            return "n/a"
        return "%.2f" % (m / e) if e else ("1.00" if m == 0 else "inf")
    for name in names:
        e, m = total(results[name]["expert"]), total(results[name]["omp-migrate"])
        o = total(results[name]["optimize-data"])
        le = "n/a" if e is None or m is None else ("yes" if m <= e else "**no**")
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            name, cell(e), cell(m), ratio(m, e), le, cell(o), ratio(o, e)))
    if a.iters_scale:
        lines.append("")
        lines.append("Bytes at ITERS=k and 2k; growth = bytes(2k) - bytes(k). omp-migrate "
                     "\"grows\" when its growth exceeds the expert's (whose growth is only "
                     "the scalars and elements the host needs every iteration).")
        lines.append("")
        lines.append("| case | k | naive growth | expert growth | omp-migrate k | omp-migrate 2k | "
                     "omp-migrate growth | grows with iterations | required not to grow |")
        lines.append("|---|--:|--:|--:|--:|--:|--:|---|---|")
        for name in names:
            if name not in scaled:
                lines.append("| %s | - | | | | | | n/a (no ITERS) | %s |" % (
                    name, "yes" if name in MUST_NOT_GROW else "no"))
                continue
            k, rows2 = scaled[name]
            growth = {}
            for version in VERSIONS:
                r2 = rows2[version]
                if r2["ok"] is False:
                    failed = True
                if r2["note"]:
                    notes.append("- %s / %s at ITERS=%d: %s" % (name, version, 2 * k, r2["note"]))
                t1, t2 = total(results[name][version]), total(r2)
                growth[version] = None if t1 is None or t2 is None else t2 - t1
            g_e, g_m = growth["expert"], growth["omp-migrate"]
            if g_e is None or g_m is None:
                verdict = "n/a"
            else:
                verdict = "**yes**" if g_m > g_e else "no"
            required = name in MUST_NOT_GROW
            if required and verdict != "no":
                failed = True
            def per_it(g):
                return "n/a" if g is None else "%s (%s/iter)" % (cell(g), "{:,.1f}".format(g / k))
            lines.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
                name, k, per_it(growth["naive"]), per_it(g_e),
                cell(total(results[name]["omp-migrate"])), cell(total(rows2["omp-migrate"])),
                per_it(g_m), verdict, "yes" if required else "no"))
    if notes:
        lines.append("")
        lines.append("Notes:")
        lines.extend(notes)
    emit(lines, a.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
