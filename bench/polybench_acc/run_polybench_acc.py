#!/usr/bin/env python3
"""Run omp-migrate on PolyBench-ACC's 32 OpenACC C programs, as a new user would.

PolyBench/GPU-OpenACC 1.0 (github.com/cavazos-lab/PolyBench-ACC, directory
OpenACC/: PolyBench/C 3.2 kernels with OpenACC directives; every program
P/P.c has its P.h, utilities/ holds polybench.c and polybench.h). Its own
makefiles build each program with `-O2 -I utilities` and no -D, which is
the STANDARD dataset; this script adds -DPOLYBENCH_DUMP_ARRAYS (print_array
writes the live-out arrays to stderr), -DPOLYBENCH_TIME and
-D<DATASET>_DATASET (MINI, SMALL, STANDARD, LARGE, EXTRALARGE; default
SMALL), the same for the tool and every build. For every program:

  1. translate: omp-migrate --report=R.json P.c -- -I utilities -I <P's dir>
     -D... (the tool adds -fopenacc itself); record the exit status, the
     constructs translated out of those reported (the JSON report; when the
     tool writes nothing, out of the `#pragma acc` lines of P.c) and the
     tool's first error or warning;
  2. build and run the originals: the OpenACC reference
     `gcc -fopenacc -foffload=disable -O2` (host fallback) and the serial
     program `gcc -O2` (directives ignored); the reference is the OpenACC
     build, or the serial one where gcc rejects the OpenACC (marked "ref:
     serial"); column *orig acc/serial* compares the two;
  3. build the translation with `clang-19 -fopenmp
     -fopenmp-targets=x86_64-pc-linux-gnu -O1` (the CPU stand-in for a GPU:
     a device with its own memory) and run it with OMP_TARGET_OFFLOAD=
     MANDATORY, LD_LIBRARY_PATH=/usr/lib/llvm-19/lib; a second run with
     LIBOMPTARGET_INFO=32 counts the bytes copied host->device and back
     (--no-copies skips it);
  4. build the translation with `gcc -fopenmp -O2` too (gcc 12, no offload
     target: target regions run on the host) and run it;
  5. compare each run's stderr (the arrays print_array dumps) with the
     reference's, number by number (run_polybench.py's compare_dumps):
     `identical`, `within tol` (|a-b| <= rtol*max(|a|,|b|) + atol, defaults
     1e-6 and 1e-12), `MISMATCH`, `crash` (a non-zero exit), `timeout`. A
     clang MISMATCH is run again with one team of one thread
     (OMP_NUM_TEAMS=1 OMP_TEAMS_THREAD_LIMIT=1 OMP_NUM_THREADS=1): if that
     is bit-identical, the result is `order-dependent` (a race among the
     iterations of a loop the original declares parallel, or the order of
     a reduction), not a wrong translation.

PolyBench prints doubles with "%0.2lf", which hides all but two decimals
(most values of these dumps print as 0.00). By default (--exact, as in
run_polybench.py) the program's header is copied next to the copies of P.c
with "%0.2lf " replaced by "%a " (hexadecimal: every bit), so `identical`
means bit-identical. --no-exact keeps PolyBench's format.

--expand-params writes the array parameters' declarators
`DATA_TYPE POLYBENCH_2D(A,NI,NK,ni,nk)` out as `DATA_TYPE A[NI][NK]` (what the
macro expands to) in the copies of P.c: a measurement past the tool's
handling of macro-declared parameters, not what a new user runs. Lines of
libomp's own on stderr ("OMP: Warning #96: Cannot form a team ...") are
not part of the dump.

Compiles of two programs run at once with -j 2; the runs themselves one at a
time. --keep DIR keeps, per program, the translation, the tool's stderr,
the report and a diff against the original.

Exit status: 0 every program translated (exit 0) and its clang build matched
the reference (identical or within tol); 1 otherwise; 2 usage errors.

Usage:
  bench/polybench_acc/run_polybench_acc.py [--suite /work/ext/PolyBench-ACC]
      [--tool PATH] [--dataset SMALL] [-j 2] [--programs gemm,atax]
      [--out FILE.md] [--json FILE] [--keep DIR] [--work DIR] [--timeout 120]
      [--expand-params] [--no-exact] [--no-copies]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(REPO, "bench", "polybench"), os.path.join(REPO, "bench", "data"),
                os.path.join(REPO, "bench")]
# Shared with PolyBench/C's script: running a command, the exact (%a) header,
# the comparison of dumps; with bench_data.py: counting libomptarget's copies.
from run_polybench import run, read, write, exact_header, compare_dumps, last_error  # noqa: E402
from bench_data import count_copies  # noqa: E402

DATASETS = ("MINI", "SMALL", "STANDARD", "LARGE", "EXTRALARGE")
LLVM_LIB = "/usr/lib/llvm-19/lib"
RUN_LOCK = threading.Lock()
ACC_LINE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+acc\b", re.M)
OK = ("identical", "within tol")


# ---------------------------------------------------------------- the suite

def suite_dir(path):
    """The OpenACC/ directory of a PolyBench-ACC checkout (or the directory itself)."""
    for d in (os.path.join(path, "OpenACC"), path):
        if os.path.isfile(os.path.join(d, "utilities", "polybench.h")):
            return os.path.abspath(d)
    return None


def programs(acc):
    """(name, path of P.c relative to acc): every dir P with P.c and P.h, sorted by path.

    utilities/benchmark_list names 30 of them (not convolution-2d/-3d), so
    the tree is walked."""
    out = []
    for root, dirs, files in os.walk(acc):
        dirs.sort()
        name = os.path.basename(root)
        if name + ".c" in files and name + ".h" in files and name != "utilities":
            out.append((name, os.path.relpath(os.path.join(root, name + ".c"), acc)))
    return sorted(out, key=lambda x: x[1])


def suite_datasets(acc, progs):
    """The dataset names the programs' headers define, in DATASETS order."""
    seen = set()
    for _, rel in progs:
        h = os.path.join(acc, rel[:-2] + ".h")
        seen.update(re.findall(r"#\s*ifdef\s+(\w+)_DATASET", read(h)))
    return [d for d in DATASETS if d in seen] + sorted(seen - set(DATASETS))


# ---------------------------------------------------------------- one program

def defines(a):
    return ["-DPOLYBENCH_DUMP_ARRAYS", "-DPOLYBENCH_TIME", "-D%s_DATASET" % a.dataset] + \
        ["-D" + d for d in (a.define or [])]


def prepare(a, name, rel, pdir):
    """Copies of P.c in pdir/src, of P.h (exact print format) in pdir/src and pdir/omp."""
    src_dir = os.path.dirname(os.path.join(a.acc, rel))
    for d in ("src", "omp"):
        os.makedirs(os.path.join(pdir, d), exist_ok=True)
    text = read(os.path.join(a.acc, rel))
    if a.expand_params:
        text = expand_params(text)
    write(os.path.join(pdir, "src", name + ".c"), text)
    for f in os.listdir(src_dir):
        if f.endswith(".h"):
            text = read(os.path.join(src_dir, f))
            if a.exact:
                text = exact_header(text)
            for d in ("src", "omp"):
                write(os.path.join(pdir, d, f), text)
    return os.path.join(pdir, "src", name + ".c")


PARAM_MACRO = re.compile(r"\bPOLYBENCH_([1-5])D\(([^()]*)\)")


def expand_params(text):
    """POLYBENCH_2D(A,NI,NK,ni,nk) -> A[NI][NK]: what the macro expands to by default
    (no POLYBENCH_USE_C99_PROTO, padding 0), written out in the copy of P.c."""
    def rep(m):
        args = [x.strip() for x in m.group(2).split(",")]
        k = int(m.group(1))
        return args[0] + "".join("[%s]" % d for d in args[1:1 + k])
    return PARAM_MACRO.sub(rep, text)


def report_counts(path):
    """(translated, total, warnings, [reasons of the untranslated]) from --report, or None."""
    try:
        with open(path) as f:
            rep = json.load(f)
    except (OSError, ValueError):
        return None
    cons = [c for fl in rep.get("files", []) for c in fl.get("constructs", [])]
    if not cons:
        return None
    done = sum(1 for c in cons if c.get("translated"))
    warn = sum(len(c.get("warnings", [])) for c in cons)
    why = ["%s line %s: %s" % (c.get("kind"), c.get("line"), c.get("reason", ""))
           for c in cons if not c.get("translated")]
    return done, len(cons), warn, why


def first_message(err):
    """The tool's first error (else warning), without its location and tag, and
    the text its caret points at (the emitted clause of a self-check error)."""
    lines = err.splitlines()
    for kind in ("error", "warning"):
        for i, line in enumerate(lines):
            m = re.match(r"^\S+:\d+:\d+: %s: (.*)$" % kind, line)
            if not m:
                continue
            msg = re.sub(r"\s*\[omp-migrate\]$", "", m.group(1))
            msg = re.sub(r"^internal error: ", "", msg)
            msg = re.sub(r" \(line:column of the translation; input line \d+\)", "", msg)
            msg = msg.replace("the translation does not compile with -fopenmp: ", "does not compile: ")
            if i + 2 < len(lines) and "|" in lines[i + 1] and "^" in lines[i + 2]:
                col = lines[i + 2].index("^")
                at = lines[i + 1][col:col + 60].strip()
                if at:
                    msg += " at `%s`" % at
            return msg
    lines = [l for l in err.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def run_env(offload):
    env = dict(os.environ, LC_ALL="C")
    for k in ("LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG", "OMP_NUM_TEAMS", "OMP_TEAMS_THREAD_LIMIT"):
        env.pop(k, None)
    if offload:
        env["OMP_TARGET_OFFLOAD"] = "MANDATORY"
        env["LD_LIBRARY_PATH"] = LLVM_LIB + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    else:
        env.pop("OMP_TARGET_OFFLOAD", None)
    return env


def dump_of(err):
    """print_array's output: stderr without libomp's own lines ("OMP: Warning #96: Cannot
    form a team with 5 threads, ...", "OMP: Hint ...": thread_limit(100) on 2 cores)."""
    return "\n".join(l for l in err.splitlines() if not l.startswith("OMP: "))


def compare(ref_err, got_err, rtol, atol):
    """run_polybench.compare_dumps on two runs' dumps. PolyBench 3.2 prints no
    ==BEGIN DUMP_ARRAYS== markers (print_array's output is all of stderr): they are
    added. Tokens equal as text are made 0 on both sides first (compare_dumps counts
    inf against inf as a difference: inf - inf is NaN)."""
    a, b = dump_of(ref_err), dump_of(got_err)
    ta, tb = a.split(), b.split()
    if a != b and len(ta) == len(tb):
        a = " ".join(x if x != y else "0" for x, y in zip(ta, tb))
        b = " ".join(y if x != y else "0" for x, y in zip(ta, tb))

    def wrap(d):
        return "==BEGIN DUMP_ARRAYS==\nbegin dump: out\n%s\n==END   DUMP_ARRAYS==" % d
    res, detail, worst = compare_dumps(wrap(a), wrap(b), rtol, atol)
    return res, detail.replace("out[", "element ["), worst


def crash_reason(err):
    """The first informative error line of a failed run (libomptarget's first words
    are its cause; its last ones, 'Consult ...', 'Source location ...', are not)."""
    for line in err.splitlines():
        if re.search(r"error|fault|abort", line, re.I) and not re.search(
                r"Consult https|Source location information", line):
            return line.strip()[:200]
    return last_error(err)


def judge(ref_err, r, a):
    """(result, detail) of a run r=(rc, out, err, s) against the reference's stderr."""
    if r[0] == 124:
        return "timeout", "over %gs" % a.timeout
    if r[0] != 0:
        return "crash", "exit %d: %s" % (r[0], crash_reason(r[2]))
    res, detail, _ = compare(ref_err, r[2], a.rtol, a.atol)
    return res, detail


def compile_(a, cmd, log):
    rc, _, se, _ = run(cmd, a.timeout)
    write(log, se)
    return rc == 0, se


def one_program(a, name, rel):
    pdir = os.path.join(a.work, name)
    row = {"program": name, "rel": rel, "tool_rc": None, "translated": None, "constructs": None,
           "warnings": 0, "tool_msg": "", "untranslated": [], "ref": "", "orig": "",
           "clang_build": None, "gcc_build": None, "result": "", "detail": "",
           "gcc_result": "", "gcc_detail": "", "h2d": None, "d2h": None,
           "h2d_n": None, "d2h_n": None}
    util = os.path.join(a.acc, "utilities")
    src = prepare(a, name, rel, pdir)
    omp = os.path.join(pdir, "omp", name + ".c")
    report = os.path.join(pdir, "report.json")
    D = defines(a)
    inc = ["-I", util, "-I", os.path.dirname(src)]
    inc_omp = ["-I", util, "-I", os.path.dirname(omp)]

    # 1. translate
    rc, so, se, _ = run([a.tool, "--report=" + report, src, "--"] + inc + D, a.timeout)
    write(os.path.join(pdir, "tool.stderr"), se)
    row["tool_rc"] = rc
    row["tool_msg"] = first_message(se)
    counts = report_counts(report)
    if counts:
        row["translated"], row["constructs"], row["warnings"], row["untranslated"] = counts
    else:
        row["translated"], row["constructs"] = 0, len(ACC_LINE.findall(read(src)))
    translated = rc in (0, 1) and so.strip()
    if translated:
        write(omp, so)
        d = run(["diff", "-u", src, omp], a.timeout)[1]
        write(os.path.join(pdir, "translation.diff"), d)

    # 2. the originals
    ref_exe = os.path.join(pdir, name + ".acc")
    ser_exe = os.path.join(pdir, name + ".serial")
    acc_ok, acc_log = compile_(a, [a.gcc, "-fopenacc", "-foffload=disable", "-O2"] + inc +
                               [os.path.join(util, "polybench.c"), src, "-lm"] + D +
                               ["-o", ref_exe], os.path.join(pdir, "build-acc.log"))
    ser_ok, _ = compile_(a, [a.gcc, "-O2"] + inc + [os.path.join(util, "polybench.c"), src,
                                                     "-lm"] + D + ["-o", ser_exe],
                         os.path.join(pdir, "build-serial.log"))
    # 3., 4. the translation
    clang_exe = os.path.join(pdir, name + ".clang")
    gcc_exe = os.path.join(pdir, name + ".gcc")
    if translated:
        row["clang_build"], cl_log = compile_(
            a, [a.clang, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1"] + inc_omp +
            [os.path.join(util, "polybench.c"), omp, "-lm"] + D + ["-o", clang_exe],
            os.path.join(pdir, "build-clang.log"))
        row["gcc_build"], gc_log = compile_(
            a, [a.gcc, "-fopenmp", "-O2"] + inc_omp +
            [os.path.join(util, "polybench.c"), omp, "-lm"] + D + ["-o", gcc_exe],
            os.path.join(pdir, "build-gcc.log"))

    with RUN_LOCK:
        r_acc = run([ref_exe], a.timeout, env=run_env(False)) if acc_ok else None
        r_ser = run([ser_exe], a.timeout, env=run_env(False)) if ser_ok else None
        r_cl = run([clang_exe], a.timeout, env=run_env(True)) if row["clang_build"] else None
        r_gc = run([gcc_exe], a.timeout, env=run_env(False)) if row["gcc_build"] else None
        r_info = None
        if r_cl and r_cl[0] == 0 and a.copies:
            r_info = run([clang_exe], a.timeout, env=dict(run_env(True), LIBOMPTARGET_INFO="32"))
    for tag, r in (("acc", r_acc), ("serial", r_ser), ("clang", r_cl), ("gcc", r_gc)):
        if r:
            write(os.path.join(pdir, tag + ".stdout"), r[1])
            write(os.path.join(pdir, tag + ".stderr"), r[2])
    if r_info:
        row["h2d_n"], row["h2d"], row["d2h_n"], row["d2h"], _ = count_copies(r_info[2])

    # the reference: gcc's OpenACC build, else the serial program
    if r_acc and r_acc[0] == 0:
        ref = r_acc
        row["ref"] = "acc"
        if r_ser is None:
            row["orig"] = "no serial build"
        else:
            res, det = judge(r_acc[2], r_ser, a)
            row["orig"] = res if res in OK else "%s (%s)" % (res, det)
    else:
        why = ("gcc -fopenacc rejects it: " + first_gcc_error(acc_log)) if not acc_ok else \
            "gcc -fopenacc run %s" % ("timed out" if r_acc[0] == 124 else
                                      "exit %d" % r_acc[0])
        row["orig"] = why
        ref = r_ser if r_ser and r_ser[0] == 0 else None
        row["ref"] = "serial" if ref else "none"
        if ref is None and r_ser is not None:
            row["orig"] += "; serial run %s" % (
                "timed out" if r_ser[0] == 124 else "exit %d" % r_ser[0])
    forced = re.findall(r"^[ \t]*#[ \t]*define[ \t]+(\w+_DATASET)\b", read(src), re.M)
    if forced:
        row["orig"] += "; %s.c itself #defines %s" % (name, ", ".join(forced))

    # 5. compare
    if not translated:
        row["result"] = "not translated"
        row["detail"] = "tool exit %d: %s" % (rc, row["tool_msg"])
    elif not row["clang_build"]:
        row["result"], row["detail"] = "build error", "clang-19: " + first_gcc_error(cl_log)
    elif ref is None:
        row["result"], row["detail"] = "no reference", "the original does not run"
    else:
        row["result"], row["detail"] = judge(ref[2], r_cl, a)
        if row["result"] == "MISMATCH":
            env1 = dict(run_env(True), OMP_NUM_TEAMS="1", OMP_TEAMS_THREAD_LIMIT="1",
                        OMP_NUM_THREADS="1")
            with RUN_LOCK:
                r1 = run([clang_exe], a.timeout, env=env1)
            if r1[0] == 0 and compare(ref[2], r1[2], 0.0, 0.0)[0] == "identical":
                row["result"] = "order-dependent"
                row["detail"] += "; bit-identical with one team of one thread"
    if translated and not row["gcc_build"]:
        row["gcc_result"], row["gcc_detail"] = "build error", first_gcc_error(gc_log)
    elif r_gc and ref:
        row["gcc_result"], row["gcc_detail"] = judge(ref[2], r_gc, a)
    if a.keep:
        keep_dir = os.path.join(a.keep, name)
        os.makedirs(keep_dir, exist_ok=True)
        for f in (omp, report, os.path.join(pdir, "tool.stderr"),
                  os.path.join(pdir, "translation.diff")):
            if os.path.isfile(f):
                shutil.copy(f, keep_dir)
    return row


def first_gcc_error(log):
    for line in log.splitlines():
        if " error: " in line or line.startswith("error:"):
            return re.sub(r"^.*?error: ", "", line).strip()[:200]
    lines = [l for l in log.splitlines() if l.strip()]
    return lines[-1][:200] if lines else ""


# ---------------------------------------------------------------- the table

def cell(text, n=150):
    return str(text).replace("|", "\\|").replace("\n", " ")[:n]


def kb(x):
    if x is None:
        return "n/a"
    return "%d" % x if x < 10240 else "%.0f K" % (x / 1024.0)


def yn(x):
    return "n/a" if x is None else ("ok" if x else "**fail**")


def emit(rows, head, a):
    lines = [head, ""]
    lines.append("| program | tool rc | translated/total | clang build | gcc build | "
                 "orig acc/serial | result (clang) | gcc run | H2D bytes | D2H bytes |")
    lines.append("|---|--:|--:|---|---|---|---|---|--:|--:|")
    for r in rows:
        res = r["result"]
        if res == "within tol":
            res += " (%s)" % r["detail"]
        elif res != "identical":
            res = "**%s** %s" % (res, cell(r["detail"]))
        if r["ref"] == "serial":
            res += " (ref: serial)"
        gres = r["gcc_result"] or "n/a"
        if gres not in OK and gres != "n/a":
            gres = "**%s** %s" % (gres, cell(r["gcc_detail"], 100))
        orig = r["orig"] if r["orig"] in OK else cell(r["orig"], 100)
        lines.append("| %s | %s | %s/%s%s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["program"], r["tool_rc"], r["translated"], r["constructs"],
            " (%d warn)" % r["warnings"] if r["warnings"] else "",
            yn(r["clang_build"]), yn(r["gcc_build"]), orig, res, gres,
            kb(r["h2d"]), kb(r["d2h"])))
    n = len(rows)
    rc0 = sum(1 for r in rows if r["tool_rc"] == 0)
    written = sum(1 for r in rows if r["clang_build"] is not None)
    ok = sum(1 for r in rows if r["result"] in OK)
    ident = sum(1 for r in rows if r["result"] == "identical")
    gok = sum(1 for r in rows if r["gcc_result"] in OK)
    cons = sum(r["constructs"] or 0 for r in rows)
    done = sum(r["translated"] or 0 for r in rows)
    summary = ("**Summary**: %d programs; tool exit 0: %d, translation written: %d; constructs "
               "translated %d of %d; clang-19 offload matches the reference: %d (%d identical); "
               "gcc -fopenmp matches: %d." % (n, rc0, written, done, cons, ok, ident, gok))
    lines += ["", summary]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        write(a.out, text)
    return 0 if ok == n and rc0 == n else 1


# ---------------------------------------------------------------- main

def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"))
    p.add_argument("--suite", default="/work/ext/PolyBench-ACC",
                   help="PolyBench-ACC checkout (or its OpenACC/ directory)")
    p.add_argument("--dataset", default=None, type=str.upper,
                   help="dataset macro without _DATASET (default SMALL; the suite has "
                        "MINI SMALL STANDARD LARGE EXTRALARGE)")
    p.add_argument("-j", type=int, default=2, help="programs translated and built at once")
    p.add_argument("--programs", "--kernels", default=None,
                   help="comma-separated subset (gemm,atax,...)")
    p.add_argument("-D", "--define", action="append", metavar="NAME[=VALUE]",
                   help="another -D for the tool and every build (repeatable)")
    p.add_argument("--rtol", type=float, default=1e-6)
    p.add_argument("--atol", type=float, default=1e-12)
    p.add_argument("--exact", dest="exact", action="store_true", default=True,
                   help="print doubles with %%a in the dumps (default): identical = bit-identical")
    p.add_argument("--no-exact", dest="exact", action="store_false",
                   help="keep PolyBench's %%0.2lf dump format")
    p.add_argument("--expand-params", action="store_true",
                   help="write the array parameters' POLYBENCH_nD(A,N1,..,n1,..) declarators out "
                        "as A[N1]... in the copies of P.c that the tool and every build see (what "
                        "the macro expands to): a measurement past the tool's macro-declared "
                        "parameter defect, not what a new user runs")
    p.add_argument("--no-copies", dest="copies", action="store_false", default=True,
                   help="skip the LIBOMPTARGET_INFO=32 run that counts bytes copied")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per command")
    p.add_argument("--out", default=None, help="also write the table (Markdown) to this file")
    p.add_argument("--json", default=None, help="write the rows as JSON")
    p.add_argument("--keep", default=None, metavar="DIR",
                   help="keep translations, reports, tool stderr and diffs in DIR/<program>/")
    p.add_argument("--work", default=None,
                   help="work directory, kept (default: a temporary one, removed)")
    p.add_argument("--gcc", default="gcc")
    p.add_argument("--clang", default="clang-19")
    a = p.parse_args(argv)

    a.acc = suite_dir(a.suite)
    if not a.acc:
        p.error("--suite %s: no OpenACC/utilities/polybench.h there (clone "
                "github.com/cavazos-lab/PolyBench-ACC)" % a.suite)
    if not os.path.isfile(a.tool):
        p.error("--tool %s: no such file" % a.tool)
    a.tool = os.path.abspath(a.tool)
    progs = programs(a.acc)
    names = suite_datasets(a.acc, progs)
    if a.dataset is None:
        a.dataset = "SMALL" if "SMALL" in names else names[0]
    a.dataset = re.sub(r"_DATASET$", "", a.dataset)
    if a.dataset not in names:
        p.error("--dataset %s: the suite's are %s" % (a.dataset, " ".join(names)))
    if a.programs:
        want = a.programs.split(",")
        unknown = set(want) - {n for n, _ in progs}
        if unknown:
            p.error("unknown programs: " + ", ".join(sorted(unknown)))
        progs = [x for x in progs if x[0] in want]
    tmp = None
    if a.work:
        a.work = os.path.abspath(a.work)
        os.makedirs(a.work, exist_ok=True)
    else:
        a.work = tmp = tempfile.mkdtemp(prefix="polybench-acc-")
    if a.keep:
        a.keep = os.path.abspath(a.keep)
        os.makedirs(a.keep, exist_ok=True)

    version = run([a.tool, "--version"], 60)[1].strip().splitlines()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
            futs = [ex.submit(one_program, a, n, rel) for n, rel in progs]
            rows = []
            for f, (n, rel) in zip(futs, progs):
                try:
                    row = f.result()
                except Exception as e:  # a bug of this script: the program's result
                    row = {"program": n, "rel": rel, "tool_rc": None, "translated": None,
                           "constructs": None, "warnings": 0, "tool_msg": "", "untranslated": [],
                           "ref": "", "orig": "", "clang_build": None, "gcc_build": None,
                           "result": "script error", "detail": repr(e), "gcc_result": "",
                           "gcc_detail": "", "h2d": None, "d2h": None}
                print("%-18s rc=%s %s %s" % (n, row["tool_rc"], row["result"],
                                             row["detail"][:160]), file=sys.stderr)
                rows.append(row)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    cmdline = " ".join(shlex.quote(x) for x in [os.path.relpath(os.path.abspath(__file__), REPO)]
                       + argv)
    head = ("`%s`\n\nPolyBench-ACC OpenACC/ (%s), %d programs, %s; omp-migrate: %s (%s); "
            "reference: `gcc -fopenacc -foffload=disable -O2` (else `gcc -O2`, marked ref: "
            "serial); clang: `clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1`, "
            "OMP_TARGET_OFFLOAD=MANDATORY (CPU stand-in device); gcc: `gcc -fopenmp -O2` (host); "
            "%sdumps %s; tolerance |a-b| <= %g*max(|a|,|b|) + %g; bytes: LIBOMPTARGET_INFO=32 of "
            "the clang run." % (
                cmdline, a.acc, len(rows), " ".join(d[2:] for d in defines(a)), a.tool,
                version[0] if version else "?",
                "**array parameters' POLYBENCH_nD declarators written out (--expand-params)**; "
                if a.expand_params else "",
                "in %a (identical = bit-identical)" if a.exact else "in PolyBench's %0.2lf",
                a.rtol, a.atol))
    return emit(rows, head, a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
