#!/usr/bin/env python3
"""Run omp-migrate over the OpenACC Validation & Verification suite.

The suite itself is NOT part of this repository; fetch it separately
(https://github.com/OpenACCUserGroup/OpenACCV-V) and point --suite at it.

For every C (Tests/*.c) and C++ (Tests/*.cpp) test:

  1. reference: build the original with `gcc -fopenacc -foffload=disable -O1`
     (g++ for C++), run it; a V&V test passes when it exits with status 0;
  2. translate it: `TOOL test.c -- <flags>`; exit 0 = fully translated,
     1 = some constructs reported and left intact, 2 = tool error, anything
     else (signal, timeout, other status) = crash; stdout goes to
     WORK/out/<test>.omp.c (.omp.cpp), stderr to WORK/out/<test>.tool.err;
  3. stand-in: when the tool printed something, build that output with
     `clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1` (clang++-19
     for C++) and run it with OMP_TARGET_OFFLOAD=MANDATORY against the CPU
     offload plugin (its own device memory), LD_LIBRARY_PATH=/usr/lib/llvm-19/lib.

SILENTLY WRONG = the reference passes, the tool exits 0, and the translated
program fails to build or to run correctly.

Prints a summary table (markdown) on stdout, writes per-category test lists and
the tool diagnostics summary to a log file (default WORK/run-vv.log) and,
with --json, every per-test record.  Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import datetime
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

LLVM19_LIB = "/usr/lib/llvm-19/lib"
GCC_CACHE_VERSION = 1


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Run omp-migrate over the OpenACC V&V suite (C and C++ tests).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--tool", required=True, help="path to the omp-migrate binary")
    p.add_argument("--suite", required=True,
                   help="OpenACCV-V checkout (its root, or its Tests/ directory)")
    p.add_argument("--work", default="/tmp/vv-work", help="work directory (outputs, logs)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="tests processed concurrently")
    p.add_argument("--filter", default=None,
                   help="only tests whose file name matches this regex (re.search)")
    p.add_argument("--lang", choices=("c", "cpp", "all"), default="all")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="seconds per compile / translate / run step")
    p.add_argument("--reruns", type=int, default=2,
                   help="when a translated program builds but fails at run time, run it this "
                        "many more times; a program that passes any rerun is counted FLAKY "
                        "(non-deterministic: usually a race in the test itself under real "
                        "parallelism), not silently wrong")
    p.add_argument("--stand-in-env", action="append", default=[], metavar="VAR=VALUE",
                   help="extra environment for the translated programs (repeatable), e.g. "
                        "LIBOMP_USE_HIDDEN_HELPER_TASK=0 to sidestep the libomp 19 hang of "
                        "'target ... reduction nowait' on the host plugin")
    p.add_argument("--json", default=None, help="write all per-test records here")
    p.add_argument("--log", default=None,
                   help="category lists and diagnostics summary (default WORK/run-vv.log)")
    p.add_argument("--acc-include", default="auto",
                   help="directory holding an openacc.h, passed as -I to the tool "
                        "(clang-22 ships none); 'auto' = a directory made in WORK "
                        "with a link to gcc's openacc.h; 'none' = pass nothing")
    p.add_argument("--tool-arg", action="append", default=[],
                   help="extra argument for the tool, before '--' (repeatable)")
    p.add_argument("--tool-flag", action="append", default=[],
                   help="extra compile flag for the tool, after '--' (repeatable)")
    p.add_argument("--no-snapshot", action="store_true",
                   help="run the tool in place (by default it is copied to WORK/tool/ first, "
                        "so that a rebuild during the run cannot mix two versions)")
    p.add_argument("--with-report", action="store_true",
                   help="also pass --report=WORK/out/<test>.report.json to the tool")
    p.add_argument("--c-std", default="c11", help="-std= given to the tool for C tests")
    p.add_argument("--cxx-std", default="c++17", help="-std= given to the tool for C++ tests")
    p.add_argument("--no-gcc-cache", action="store_true",
                   help="always rebuild/rerun the gcc reference (by default a result is "
                        "reused from WORK/gcc-cache.json when the test file is unchanged)")
    p.add_argument("--keep-binaries", action="store_true",
                   help="keep the executables in WORK/bin")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    return p.parse_args(argv)


# --------------------------------------------------------------------------- processes

def run_cmd(cmd, timeout, cwd=None, env=None, stdout_path=None):
    """Run cmd in its own process group. Returns (status, stdout, stderr, seconds).

    status: the exit status, or 'timeout', or -SIG for a signal (as subprocess).
    With stdout_path, stdout is written to that file and '' is returned for it."""
    t0 = time.monotonic()
    out_f = open(stdout_path, "wb") if stdout_path else None
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=out_f if out_f else subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        if out_f:
            out_f.close()
        return "exec-error", "", str(e), 0.0
    try:
        out, err = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)   # the group of the process we started
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
        status = "timeout"
    finally:
        if out_f:
            out_f.close()
    dt = time.monotonic() - t0
    dec = lambda b: (b or b"").decode("utf-8", "replace")
    return status, dec(out), dec(err), dt


def head(text, n=2000):
    return text if len(text) <= n else text[:n] + "..."


def tail(text, n=2000):
    return text if len(text) <= n else "..." + text[-n:]


# --------------------------------------------------------------------------- suite

def find_tests_dir(suite):
    for cand in (os.path.join(suite, "Tests"), suite):
        if os.path.isfile(os.path.join(cand, "acc_testsuite.h")):
            return os.path.abspath(cand)
    sys.exit("run-vv: no acc_testsuite.h under %s or %s/Tests" % (suite, suite))


def suite_commit(suite):
    try:
        r = subprocess.run(["git", "-C", suite, "rev-parse", "HEAD"], capture_output=True,
                           text=True, timeout=20)
        if r.returncode == 0:
            return r.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return None


def list_tests(tests_dir, lang, flt):
    exts = {"c": (".c",), "cpp": (".cpp",), "all": (".c", ".cpp")}[lang]
    rx = re.compile(flt) if flt else None
    names = sorted(f for f in os.listdir(tests_dir)
                   if f.endswith(exts) and os.path.isfile(os.path.join(tests_dir, f)))
    return [f for f in names if rx is None or rx.search(f)]


def make_acc_include(spec, work):
    if spec == "none":
        return None
    if spec != "auto":
        return os.path.abspath(spec)
    try:
        r = subprocess.run(["gcc", "-print-file-name=include/openacc.h"], capture_output=True,
                           text=True, timeout=20)
        hdr = r.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        hdr = ""
    if not hdr or not os.path.isfile(hdr):
        return None
    d = os.path.join(work, "acc-include")
    os.makedirs(d, exist_ok=True)
    link = os.path.join(d, "openacc.h")
    if os.path.islink(link) or os.path.exists(link):
        os.remove(link)
    os.symlink(hdr, link)
    return d


# --------------------------------------------------------------------------- one test

class Ctx:
    pass


def status_str(st):
    if st == "timeout":
        return "timeout"
    if isinstance(st, int) and st < 0:
        try:
            return "signal %s" % signal.Signals(-st).name
        except ValueError:
            return "signal %d" % -st
    return "exit %s" % st


def gcc_reference(ctx, test, src, is_cpp):
    key = None
    if ctx.gcc_cache is not None:
        with open(src, "rb") as f:
            key = hashlib.sha256(f.read()).hexdigest() + ":" + ctx.gcc_id
        with ctx.lock:
            hit = ctx.gcc_cache.get(test)
        if hit and hit.get("key") == key:
            return dict(hit["result"], cached=True)
    exe = os.path.join(ctx.bin_dir, test + ".gcc")
    cc = "g++" if is_cpp else "gcc"
    cmd = [cc, "-fopenacc", "-foffload=disable", "-O1", "-I" + ctx.tests_dir, src, "-o", exe, "-lm"]
    st, _, err, dt = run_cmd(cmd, ctx.timeout)
    res = {"build": status_str(st), "build_s": round(dt, 3)}
    if st != 0:
        res.update(result="build-fail", detail=head(err))
    else:
        st, out, err, dt = run_cmd([exe], ctx.timeout, cwd=ctx.run_dir)
        res.update(run=status_str(st), run_s=round(dt, 3))
        res["result"] = "pass" if st == 0 else ("timeout" if st == "timeout" else "run-fail")
        if st != 0:
            res["detail"] = tail(out + err)
        if not ctx.keep:
            try:
                os.remove(exe)
            except OSError:
                pass
    if key is not None:
        with ctx.lock:
            ctx.gcc_cache[test] = {"key": key, "result": res}
    return res


def translate(ctx, test, src, is_cpp):
    out_path = os.path.join(ctx.out_dir, test.rsplit(".", 1)[0] +
                            (".omp.cpp" if is_cpp else ".omp.c"))
    err_path = os.path.join(ctx.out_dir, test + ".tool.err")
    flags = ["-I" + ctx.tests_dir]
    if ctx.acc_include:
        flags.append("-I" + ctx.acc_include)
    flags.append("-std=" + (ctx.cxx_std if is_cpp else ctx.c_std))
    flags += ctx.tool_flags
    extra = []
    if ctx.with_report:
        extra.append("--report=" + os.path.join(ctx.out_dir, test + ".report.json"))
    cmd = [ctx.tool] + ctx.tool_args + extra + [src, "--"] + flags
    st, _, err, dt = run_cmd(cmd, ctx.timeout, stdout_path=out_path)
    with open(err_path, "w") as f:
        f.write(err)
    size = os.path.getsize(out_path) if os.path.exists(out_path) else 0
    if st == 0:
        cat = "translated"
    elif st == 1:
        cat = "reported"
    elif st == 2:
        cat = "tool-error"
    else:
        cat = "tool-crash"
    res = {"status": status_str(st), "category": cat, "seconds": round(dt, 3),
           "output": out_path if size else None, "stderr_file": err_path,
           "cmd": " ".join(cmd), "diagnostics": parse_diagnostics(err)}
    if cat in ("tool-error", "tool-crash"):
        res["detail"] = tail(err)
    if not size and os.path.exists(out_path):
        os.remove(out_path)
    return res


def stand_in(ctx, test, omp_src, is_cpp):
    exe = os.path.join(ctx.bin_dir, test + ".omp")
    cc = "clang++-19" if is_cpp else "clang-19"
    cmd = [cc, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1", "-Wno-unknown-pragmas",
           "-I" + ctx.tests_dir, omp_src, "-o", exe, "-lm"]
    st, _, err, dt = run_cmd(cmd, ctx.timeout)
    res = {"build": status_str(st), "build_s": round(dt, 3)}
    if st != 0:
        err_path = os.path.join(ctx.out_dir, test + ".omp.build.err")
        with open(err_path, "w") as f:
            f.write(err)
        res.update(result="build-fail", detail=head(err), stderr_file=err_path)
        return res
    env = dict(os.environ)
    env.update(ctx.stand_in_env)
    env["OMP_TARGET_OFFLOAD"] = "MANDATORY"
    env["LD_LIBRARY_PATH"] = LLVM19_LIB + (":" + env["LD_LIBRARY_PATH"]
                                           if env.get("LD_LIBRARY_PATH") else "")
    st, out, err, dt = run_cmd([exe], ctx.timeout, cwd=ctx.run_dir, env=env)
    res.update(run=status_str(st), run_s=round(dt, 3))
    res["result"] = "pass" if st == 0 else ("timeout" if st == "timeout" else "run-fail")
    if st != 0:
        res["detail"] = tail(out + err)
        statuses = [status_str(st)]
        for _ in range(ctx.reruns):
            st2, _, _, _ = run_cmd([exe], ctx.timeout, cwd=ctx.run_dir, env=env)
            statuses.append(status_str(st2))
        res["reruns"] = statuses
        if "exit 0" in statuses:
            res["result"] = "flaky"
    if not ctx.keep:
        try:
            os.remove(exe)
        except OSError:
            pass
    return res


def process(ctx, test):
    src = os.path.join(ctx.tests_dir, test)
    is_cpp = test.endswith(".cpp")
    rec = {"test": test, "lang": "c++" if is_cpp else "c"}
    rec["gcc"] = gcc_reference(ctx, test, src, is_cpp)
    rec["tool"] = translate(ctx, test, src, is_cpp)
    if rec["tool"]["output"]:
        rec["omp"] = stand_in(ctx, test, rec["tool"]["output"], is_cpp)
    else:
        rec["omp"] = {"result": "not-run"}
    rec["silently_wrong"] = (rec["gcc"]["result"] == "pass"
                             and rec["tool"]["category"] == "translated"
                             and rec["omp"]["result"] not in ("pass", "flaky"))
    return rec


# --------------------------------------------------------------------------- diagnostics

DIAG_RE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): "
                     r"(?P<sev>warning|error|fatal error|remark): (?P<msg>.*)$")


def parse_diagnostics(stderr):
    diags = []
    for line in stderr.splitlines():
        m = DIAG_RE.match(line)
        if m:
            diags.append({"file": os.path.basename(m.group("file")),
                          "line": int(m.group("line")), "col": int(m.group("col")),
                          "severity": m.group("sev"), "message": m.group("msg").strip()})
    return diags


KIND_RE = re.compile(r"^('[^']*' not translated:)(.*)$")


def normalize_message(msg):
    """Collapse the test-specific parts of a diagnostic so that equal reasons group.

    Code quoted in backticks, quoted names and numbers become placeholders; the construct
    kind that leads an omp-migrate diagnostic ('parallel' not translated: ...) and the
    names of OpenACC runtime routines are kept."""
    prefix = ""
    m = KIND_RE.match(msg)
    if m:
        prefix, msg = m.group(1), m.group(2)
    msg = re.sub(r"`[^`]*`", "`...`", msg)
    msg = re.sub(r"'[^']*'", "'X'", msg)
    msg = re.sub(r"\"[^\"]*\"", "\"X\"", msg)
    msg = re.sub(r"(?<!gcc )(?<!OpenMP )(?<![\w.])\d+(?![\w.])", "N", msg)
    return prefix + msg


def construct_kind(msg):
    m = KIND_RE.match(msg)
    return m.group(1).split("'")[1] if m else None


def select_diagnostics(diags, severities=None):
    """The tool's own diagnostics ([omp-migrate]) when there are any, else the errors,
    else everything: compiler warnings about the test code are noise here."""
    own = [d for d in diags if d["message"].endswith("[omp-migrate]")]
    if own:
        return own
    errs = [d for d in diags if "error" in d["severity"]]
    return errs or diags


def reason_summary(records, categories=("reported",)):
    """Returns [(normalized message, occurrences, tests)] sorted by tests, occurrences."""
    occ = collections.Counter()
    tests = collections.defaultdict(set)
    for r in records:
        if r["tool"]["category"] not in categories:
            continue
        diags = select_diagnostics(r["tool"]["diagnostics"])
        if not diags:
            try:
                text = open(r["tool"]["stderr_file"], errors="replace").read()
            except OSError:
                text = ""
            first = next((l for l in text.splitlines() if l.strip()),
                         r["tool"].get("detail") or "(no diagnostic on stderr)")
            diags = [{"severity": "?", "message": "%s: %s" % (r["tool"]["status"],
                                                            first.strip()[:200])}]
        for d in diags:
            key = "%s: %s" % (d["severity"], normalize_message(d["message"]))
            occ[key] += 1
            tests[key].add(r["test"])
    rows = [(k, occ[k], sorted(tests[k])) for k in occ]
    rows.sort(key=lambda x: (-len(x[2]), -x[1], x[0]))
    return rows


def kind_summary(records):
    """Untranslated constructs of reported tests by construct kind: [(kind, occ, tests)]."""
    occ = collections.Counter()
    tests = collections.defaultdict(set)
    for r in records:
        if r["tool"]["category"] != "reported":
            continue
        for d in r["tool"]["diagnostics"]:
            k = construct_kind(d["message"])
            if k:
                occ[k] += 1
                tests[k].add(r["test"])
    rows = [(k, occ[k], sorted(tests[k])) for k in occ]
    rows.sort(key=lambda x: (-len(x[2]), -x[1], x[0]))
    return rows


# --------------------------------------------------------------------------- report

def categorize(records):
    cats = collections.OrderedDict()
    def add(name, pred):
        cats[name] = sorted(r["test"] for r in records if pred(r))
    g = lambda r: r["gcc"]["result"]
    t = lambda r: r["tool"]["category"]
    o = lambda r: r["omp"]["result"]
    add("gcc-pass", lambda r: g(r) == "pass")
    add("gcc-fail", lambda r: g(r) != "pass")
    add("translated", lambda r: t(r) == "translated")
    add("translated-pass", lambda r: t(r) == "translated" and o(r) == "pass")
    add("reported", lambda r: t(r) == "reported")
    add("reported-stand-in-pass", lambda r: t(r) == "reported" and o(r) == "pass")
    add("tool-error", lambda r: t(r) == "tool-error")
    add("tool-crash", lambda r: t(r) == "tool-crash")
    add("SILENTLY-WRONG", lambda r: r["silently_wrong"])
    add("silently-wrong-build-fail", lambda r: r["silently_wrong"] and o(r) == "build-fail")
    add("silently-wrong-run-fail", lambda r: r["silently_wrong"] and o(r) != "build-fail")
    add("translated-flaky", lambda r: t(r) == "translated" and o(r) == "flaky")
    add("translated-but-gcc-also-fails",
        lambda r: t(r) == "translated" and g(r) != "pass" and o(r) not in ("pass", "flaky"))
    add("translated-pass-but-gcc-fails",
        lambda r: t(r) == "translated" and g(r) != "pass" and o(r) == "pass")
    add("stand-in-build-fail", lambda r: o(r) == "build-fail")
    return cats


def table(records):
    def row(label, pred):
        c = sum(1 for r in records if pred(r))
        cc = sum(1 for r in records if r["lang"] == "c" and pred(r))
        cx = c - cc
        return "| %s | %d | %d | %d |" % (label, cc, cx, c)
    g = lambda r: r["gcc"]["result"] == "pass"
    t = lambda r: r["tool"]["category"]
    o = lambda r: r["omp"]["result"] == "pass"
    lines = ["| | C | C++ | total |", "|---|---:|---:|---:|",
             row("tests", lambda r: True),
             row("passed by gcc -fopenacc (host)", g),
             row("translated fully (tool exit 0)", lambda r: t(r) == "translated"),
             row("translated fully and passing (clang-19 CPU offload stand-in)",
                 lambda r: t(r) == "translated" and o(r)),
             row("... of which gcc also passes", lambda r: t(r) == "translated" and o(r) and g(r)),
             row("translated fully, FLAKY (fails, then passes a rerun)",
                 lambda r: t(r) == "translated" and r["omp"]["result"] == "flaky"),
             row("reported (tool exit 1)", lambda r: t(r) == "reported"),
             row("... reported, partial output still passes", lambda r: t(r) == "reported" and o(r)),
             row("tool errors (exit 2)", lambda r: t(r) == "tool-error"),
             row("tool crashes / timeouts / other status", lambda r: t(r) == "tool-crash"),
             row("**SILENTLY WRONG** (gcc pass, tool exit 0, translation fails every run)",
                 lambda r: r["silently_wrong"]),
             row("... build failure of the translation",
                 lambda r: r["silently_wrong"] and r["omp"]["result"] == "build-fail"),
             row("... run failure / timeout of the translation",
                 lambda r: r["silently_wrong"] and r["omp"]["result"] != "build-fail")]
    return "\n".join(lines)


def first_error_line(text):
    for l in (text or "").splitlines():
        if "error" in l:
            return l.strip()[:300]
    for l in (text or "").splitlines():
        if l.strip():
            return l.strip()[:300]
    return ""


def write_log(path, meta, records, cats, reasons, err_reasons, kinds):
    with open(path, "w") as f:
        f.write("# run-vv.py log\n")
        for k, v in meta.items():
            f.write("%s: %s\n" % (k, v))
        f.write("\n")
        for name, tests in cats.items():
            f.write("== %s (%d)\n" % (name, len(tests)))
            for t in tests:
                f.write("  %s\n" % t)
            f.write("\n")
        f.write("== SILENTLY WRONG details\n")
        for r in sorted(records, key=lambda r: r["test"]):
            if r["silently_wrong"]:
                f.write("  %s: %s (%s) %s\n" % (r["test"], r["omp"]["result"],
                                               r["omp"].get("run", r["omp"].get("build")),
                                               first_error_line(r["omp"].get("detail"))))
                f.write("      translation: %s\n" % r["tool"]["output"])
        f.write("\n== reasons for reported tests (tool exit 1): tests, occurrences, message\n")
        for msg, n, tests in reasons:
            f.write("  %4d %5d  %s\n" % (len(tests), n, msg))
            f.write("            %s\n" % " ".join(tests))
        f.write("\n== untranslated constructs of reported tests by kind: tests, occurrences, kind\n")
        for k, n, tests in kinds:
            f.write("  %4d %5d  %s\n" % (len(tests), n, k))
        f.write("\n== messages of tool errors (exit 2) and crashes: tests, occurrences, message\n")
        for msg, n, tests in err_reasons:
            f.write("  %4d %5d  %s\n" % (len(tests), n, msg))
            f.write("            %s\n" % " ".join(tests))
        f.write("\n== per test: gcc | tool | stand-in\n")
        for r in sorted(records, key=lambda r: r["test"]):
            f.write("  %-60s %-11s %-11s %s\n" % (r["test"], r["gcc"]["result"],
                                                 r["tool"]["category"], r["omp"]["result"]))


# --------------------------------------------------------------------------- main

def main(argv):
    a = parse_args(argv)
    tool = shutil.which(a.tool) if os.path.sep not in a.tool else a.tool
    for _ in range(30):          # a build may be relinking it right now: give it a minute
        if tool and os.path.isfile(tool) and os.access(tool, os.X_OK):
            break
        time.sleep(2)
    else:
        sys.exit("run-vv: tool not executable: %s" % a.tool)
    for exe in ("gcc", "g++", "clang-19", "clang++-19"):
        if not shutil.which(exe):
            sys.exit("run-vv: %s not found on PATH" % exe)

    ctx = Ctx()
    ctx.tool = os.path.abspath(tool)
    ctx.tests_dir = find_tests_dir(a.suite)
    ctx.work = os.path.abspath(a.work)
    ctx.out_dir = os.path.join(ctx.work, "out")
    ctx.bin_dir = os.path.join(ctx.work, "bin")
    ctx.run_dir = os.path.join(ctx.work, "run")
    for d in (ctx.out_dir, ctx.bin_dir, ctx.run_dir):
        os.makedirs(d, exist_ok=True)
    ctx.timeout = a.timeout
    ctx.keep = a.keep_binaries
    ctx.reruns = max(0, a.reruns)
    ctx.stand_in_env = {}
    for kv in a.stand_in_env:
        if "=" not in kv:
            sys.exit("run-vv: --stand-in-env wants VAR=VALUE, got %r" % kv)
        k, v = kv.split("=", 1)
        ctx.stand_in_env[k] = v
    ctx.c_std, ctx.cxx_std = a.c_std, a.cxx_std
    ctx.tool_args, ctx.tool_flags = a.tool_arg, a.tool_flag
    ctx.with_report = a.with_report
    tool_stamp = tool_identity(ctx.tool)
    original_tool = ctx.tool
    if not a.no_snapshot:
        snap_dir = os.path.join(ctx.work, "tool")
        os.makedirs(snap_dir, exist_ok=True)
        snap = os.path.join(snap_dir, os.path.basename(ctx.tool))
        for attempt in range(10):    # a copy taken mid-link would not run: check it does
            shutil.copy2(ctx.tool, snap)
            try:
                ok = subprocess.run([snap, "--version"], capture_output=True,
                                    timeout=30).returncode == 0
            except (OSError, subprocess.TimeoutExpired):
                ok = False
            if ok:
                break
            time.sleep(5)
        else:
            sys.exit("run-vv: the snapshot of %s does not run (--version)" % ctx.tool)
        ctx.tool = snap
        tool_stamp = tool_identity(snap)
    ctx.acc_include = make_acc_include(a.acc_include, ctx.work)
    ctx.lock = threading.Lock()
    gv = subprocess.run(["gcc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    ctx.gcc_id = "v%d:%s" % (GCC_CACHE_VERSION, gv)
    cache_path = os.path.join(ctx.work, "gcc-cache.json")
    ctx.gcc_cache = None
    if not a.no_gcc_cache:
        ctx.gcc_cache = {}
        if os.path.exists(cache_path):
            try:
                with open(cache_path) as f:
                    ctx.gcc_cache = json.load(f)
            except (OSError, ValueError):
                ctx.gcc_cache = {}

    tests = list_tests(ctx.tests_dir, a.lang, a.filter)
    if not tests:
        sys.exit("run-vv: no tests selected")
    suite_root = os.path.dirname(ctx.tests_dir) if os.path.basename(ctx.tests_dir) == "Tests" \
        else ctx.tests_dir
    commit = suite_commit(suite_root)
    started = datetime.datetime.now().isoformat(timespec="seconds")
    t0 = time.monotonic()

    records = []
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(process, ctx, t): t for t in tests}
        for fut in concurrent.futures.as_completed(futs):
            t = futs[fut]
            try:
                rec = fut.result()
            except Exception as e:   # a bug here must not lose the whole run
                rec = {"test": t, "lang": "c++" if t.endswith(".cpp") else "c",
                       "gcc": {"result": "?"}, "omp": {"result": "?"}, "silently_wrong": False,
                       "tool": {"category": "tool-crash", "diagnostics": [],
                                "stderr_file": os.devnull, "output": None,
                                "detail": "run-vv internal error: %r" % e}}
            records.append(rec)
            done += 1
            if not a.quiet:
                print("[%d/%d] %-55s gcc=%-10s tool=%-10s omp=%s%s" % (
                    done, len(tests), t, rec["gcc"]["result"], rec["tool"]["category"],
                    rec["omp"]["result"], "  SILENTLY-WRONG" if rec["silently_wrong"] else ""),
                    file=sys.stderr, flush=True)
    elapsed = time.monotonic() - t0
    tool_changed = tool_identity(original_tool)[2] != tool_stamp[2]
    if tool_changed:
        print("run-vv: WARNING: %s changed during the run (rebuilt?); %s" % (
            original_tool, "results are mixed" if a.no_snapshot else
            "the results are those of the snapshot taken at the start"), file=sys.stderr)
    records.sort(key=lambda r: r["test"])

    if ctx.gcc_cache is not None:
        with open(cache_path, "w") as f:
            json.dump(ctx.gcc_cache, f, indent=1, sort_keys=True)
    if not ctx.keep:
        try:
            os.rmdir(ctx.bin_dir)
        except OSError:
            pass

    cats = categorize(records)
    reasons = reason_summary(records, ("reported",))
    err_reasons = reason_summary(records, ("tool-error", "tool-crash"))
    kinds = kind_summary(records)
    flags = ["-I<Tests>"] + (["-I<acc-include>"] if ctx.acc_include else []) + \
            ["-std=%s|%s" % (a.c_std, a.cxx_std)] + a.tool_flag
    meta = collections.OrderedDict([
        ("date", started), ("command", " ".join([os.path.basename(sys.argv[0])] + argv)),
        ("tool", original_tool + ("" if a.no_snapshot else " (run as a snapshot: %s)" % ctx.tool)), ("suite", suite_root), ("suite commit", commit or "unknown"),
        ("tests dir", ctx.tests_dir), ("acc include", ctx.acc_include or "none"),
        ("tool invocation", "TOOL %s TEST -- %s" % (" ".join(a.tool_arg), " ".join(flags))),
        ("tool sha256", tool_stamp[2][:16] + ("  (the build changed during the run)" if tool_changed else "")),
        ("stand-in env", " ".join(a.stand_in_env) or "(default)"),
        ("jobs", a.jobs), ("timeout", a.timeout), ("elapsed s", round(elapsed, 1)),
        ("machine", "%s, nproc=%s" % (cpu_model(), os.cpu_count())),
    ])
    log_path = a.log or os.path.join(ctx.work, "run-vv.log")
    write_log(log_path, meta, records, cats, reasons, err_reasons, kinds)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"meta": meta, "categories": cats,
                       "reported_reasons": [{"message": m, "occurrences": n, "tests": t}
                                            for m, n, t in reasons],
                       "reported_kinds": [{"kind": k, "occurrences": n, "tests": t}
                                          for k, n, t in kinds],
                       "error_reasons": [{"message": m, "occurrences": n, "tests": t}
                                         for m, n, t in err_reasons],
                       "records": records}, f, indent=1)

    print("OpenACC V&V through omp-migrate (suite %s, %s)\n" % ((commit or "?")[:12], started))
    print(table(records))
    print()
    sw = cats["SILENTLY-WRONG"]
    print("Silently wrong (%d): %s" % (len(sw), " ".join(sw) if sw else "none"))
    print()
    print("Top reasons for reported tests (tests / occurrences / message):")
    for msg, n, t in reasons[:20]:
        print("  %4d %5d  %s" % (len(t), n, msg))
    if kinds:
        print("\nUntranslated constructs of reported tests by kind (tests / occurrences / kind):")
        for k, n, t in kinds:
            print("  %4d %5d  %s" % (len(t), n, k))
    if err_reasons:
        print("\nTop messages of tool errors / crashes (tests / occurrences / message):")
        for msg, n, t in err_reasons[:10]:
            print("  %4d %5d  %s" % (len(t), n, msg))
    print("\nelapsed %.1f s; log: %s%s" % (elapsed, log_path,
                                         ("; json: " + a.json) if a.json else ""))
    return 0


def tool_identity(path):
    try:
        st = os.stat(path)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        return (st.st_mtime_ns, st.st_size, digest)
    except OSError:
        return (None, None, "missing")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for l in f:
                if l.startswith("model name"):
                    return l.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
