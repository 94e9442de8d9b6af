#!/usr/bin/env python3
"""Translate the regression corpus and compare it with a stored baseline.

The corpus: the lit inputs (test/lit/*.c, *.cpp), the samples, the bench/data
cases (the OpenACC versions), the data fuzzer's programs of fixed seeds, and,
when --vv names an OpenACCV-V checkout, its C and C++ tests. Each input is
translated twice, by default and with --optimize-data; the lit inputs also
with --offload=serial and --offload=openmp, the serial-loop corpus
(test/serial/corpus) with --offload=serial and the critical-section corpus
(test/critical/corpus) with --offload=openmp. For each, the
translation (stdout), the diagnostics with the exit status (stderr) and the
--report JSON are stored under OUT/<mode>/<input>.{out,err,json}, with the
paths of this machine replaced by placeholders so that two checkouts compare.

  regress.py --tool build/bin/omp-migrate --out /tmp/base [--vv DIR]
  regress.py --tool build/bin/omp-migrate --out /tmp/new --baseline /tmp/base

With --baseline, prints every stored file that differs (or is missing on one
side) and exits 1 when any does, 0 when the corpus is identical.
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODES = {"default": [], "optimize-data": ["--optimize-data"],
         "serial": ["--offload=serial"], "openmp": ["--offload=openmp"]}
ACC_MODES = ("default", "optimize-data")


def corpus(a):
    """(name, source path or None, program text or None, compile flags, modes)."""
    items = []
    for pat in ("test/lit/*.c", "test/lit/*.cpp", "samples/*/*.c", "samples/*/*.cpp"):
        for p in sorted(glob.glob(os.path.join(ROOT, pat))):
            std = "-std=c++17" if p.endswith(".cpp") else "-std=c11"
            modes = ACC_MODES + (("serial", "openmp") if pat.startswith("test/lit") else ())
            items.append((os.path.relpath(p, ROOT), p, None,
                          ["-I" + os.path.dirname(p), "-I" + os.path.join(ROOT, "test/lit/Inputs"), std],
                          modes))
    for pat, mode in (("test/serial/corpus/*.c", "serial"), ("test/critical/corpus/*.c", "openmp")):
        for p in sorted(glob.glob(os.path.join(ROOT, pat))):
            items.append((os.path.relpath(p, ROOT), p, None, ["-std=c11"], (mode,)))
    for d in sorted(glob.glob(os.path.join(ROOT, "bench/data/cases/*"))):
        p = os.path.join(d, os.path.basename(d) + ".c")
        if os.path.exists(p):
            items.append((os.path.relpath(p, ROOT), p, None, ["-std=c11"], ACC_MODES))
    lo, _, hi = a.fuzz_seeds.partition("-")
    fuzz = os.path.join(ROOT, "test/fuzz/fuzz_data.py")
    for s in range(int(lo), int(hi or lo) + 1):
        text = subprocess.run([sys.executable, fuzz, "--tool", "-", "--show", str(s)],
                              capture_output=True, text=True, check=True).stdout
        m = re.search(r'#include "(prog\d+\.h)"', text)
        if m:  # kernels in a header of the program's own, written beside it
            header = subprocess.run([sys.executable, fuzz, "--tool", "-", "--show", str(s),
                                     "--header"], capture_output=True, text=True,
                                    check=True).stdout
            text = (m.group(1), header, text)
        items.append(("fuzz/seed%d.c" % s, None, text, ["-std=c11"], ACC_MODES))
    if a.vv:
        tests = os.path.join(a.vv, "Tests") if os.path.isdir(os.path.join(a.vv, "Tests")) else a.vv
        for p in sorted(glob.glob(os.path.join(tests, "*.c")) + glob.glob(os.path.join(tests, "*.cpp"))):
            std = "-std=c++17" if p.endswith(".cpp") else "-std=c11"
            items.append(("vv/" + os.path.basename(p), p, None, ["-I" + tests, std], ACC_MODES))
    return items


def normalize(text, src_dir, work):
    for old, new in ((work, "<WORK>"), (src_dir, "<SRC>"), (ROOT, "<ROOT>")):
        if old:
            text = text.replace(old, new)
    # The bundled openacc.h is written to a fresh directory per run.
    return re.sub(r"/tmp/omp-migrate-include-\w+", "<INCLUDE>", text)


def translate(a, item, mode):
    name, path, text, flags, _ = item
    dest = os.path.join(a.out, mode, name)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    work = None
    if path is None:
        work = os.path.join(a.out, "_src", mode, os.path.dirname(name))
        os.makedirs(work, exist_ok=True)
        path = os.path.join(work, os.path.basename(name))
        if isinstance(text, tuple):  # (header name, header text, program)
            with open(os.path.join(work, text[0]), "w") as f:
                f.write(text[1])
            text = text[2]
        with open(path, "w") as f:
            f.write(text)
    report = dest + ".json.tmp"
    cmd = [a.tool] + MODES[mode] + ["--report=" + report, path, "--"] + flags
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = "", "", "timeout"
    src_dir = os.path.dirname(path)
    with open(dest + ".out", "w") as f:
        f.write(out)
    with open(dest + ".err", "w") as f:
        f.write(normalize(err, src_dir, work) + "exit=%s\n" % rc)
    rep = ""
    if os.path.exists(report):
        with open(report) as f:
            rep = normalize(f.read(), src_dir, work)
        os.remove(report)
    with open(dest + ".json", "w") as f:
        f.write(rep)


def compare(base, new):
    files = set()
    for root in (base, new):
        for dirpath, _, names in os.walk(root):
            rel = os.path.relpath(dirpath, root)
            if rel.split(os.sep)[0] == "_src":
                continue
            files.update(os.path.normpath(os.path.join(rel, n)) for n in names)
    differ = []
    for f in sorted(files):
        pa, pb = os.path.join(base, f), os.path.join(new, f)
        if not os.path.exists(pa) or not os.path.exists(pb):
            differ.append((f, "only in " + ("new" if not os.path.exists(pa) else "baseline")))
            continue
        with open(pa) as x, open(pb) as y:
            ta, tb = x.read(), y.read()
        if ta != tb:
            d = list(difflib.unified_diff(ta.splitlines(True), tb.splitlines(True), "baseline/" + f, "new/" + f, n=1))
            differ.append((f, "".join(d[:40])))
    return differ


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tool", required=True)
    p.add_argument("--out", required=True, help="directory for this run's outputs (emptied first)")
    p.add_argument("--baseline", help="a directory written by an earlier run: compare with it")
    p.add_argument("--vv", help="an OpenACCV-V checkout: its C/C++ tests join the corpus")
    p.add_argument("--fuzz-seeds", default="1-150")
    p.add_argument("--timeout", type=float, default=120)
    p.add_argument("-j", type=int, default=os.cpu_count() or 2)
    p.add_argument("--quiet", action="store_true", help="list differing files without their diffs")
    a = p.parse_args(argv)
    a.tool = os.path.abspath(a.tool)
    a.out = os.path.abspath(a.out)
    shutil.rmtree(a.out, ignore_errors=True)
    items = corpus(a)
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        list(ex.map(lambda im: translate(a, im[0], im[1]),
                    [(i, m) for i in items for m in i[4]]))
    print("%d inputs translated (%d translations) into %s"
          % (len(items), sum(len(i[4]) for i in items), a.out))
    if not a.baseline:
        return 0
    differ = compare(os.path.abspath(a.baseline), a.out)
    for f, d in differ:
        print("DIFFERS: " + f)
        if not a.quiet:
            print(d)
    print("%d files differ" % len(differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
