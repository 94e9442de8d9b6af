#!/usr/bin/env python3
"""omp-migrate over a whole generated project (-p build), next to run-clang-tidy on the same database.

Generates, into --work DIR (default: a fresh temporary directory, removed at
the end unless --keep), a project of N translation units built from the
OpenACC samples (samples/*/*.c and samples/cpp_class/cpp_class.cpp, the C++
sample weighted twice):

  src/mod_MM/<sample>_KKKK.c|.cpp   copy K of a sample (20 TUs a module), its
                    file-level functions, globals, classes and main renamed
                    with the suffix _KKKK (main becomes <sample>_main_KKKK), so
                    every TU is distinct and all of them could link into one
                    program; each gets a small extern function
                    <sample>_extra_KKKK that calls the shared headers
  include/proj_config.h   plain: macros (PROJ_ALPHA, PROJ_RESTRICT), a typedef
  include/proj_util.h     plain: static inline host helpers
  include/proj_acc.h      OpenACC in static inline functions (parallel loop
                          with data clauses, a reduction, a routine seq)
  include/proj_acc.hpp    OpenACC in C++ function templates and class members
  build/compile_commands.json   directory = build/, absolute file paths as
                    CMake writes them, `cc|c++ -DNDEBUG -I../include -fopenacc
                    -O2 -std=gnu11|c++17 -o ... -c FILE`; every TU includes the
                    two plain headers, every --acc-every'th (default 2nd) the
                    OpenACC header(s) of its language and calls them; every
                    --dup-every'th (default 10th, among those) has a second
                    entry with -DPROJ_ALPHA=3.0 (a build configuration that
                    changes no directive: the tool must merge the two)

and runs, from DIR, --repeat passes of the commands below, one after the other
within a pass (so that a load from elsewhere weighs on all of them alike; the
table shows each command's fastest pass and every pass's wall time):

  omp-migrate -p build -j J --output-dir out-omp --root DIR
      one process; -j is detected in `omp-migrate --help` (-j or --jobs); a
      binary without it runs without (files one after the other) and the row
      says so
  run-clang-tidy-22 -j J -p build -clang-tidy-binary clang-tidy-22
          -checks=-*,readability-braces-around-statements -quiet
      one Python driver, one clang-tidy process per source file (J at a time);
      -clang-tidy-binary is needed on Debian, where `clang-tidy` in PATH may be
      another version; -extra-arg=-fopenacc only if the database lacks it; its
      per-file progress lines are counted (each file must be processed once)
  omp-migrate -p build --output-dir out-perfile --root DIR FILE   per file
      one process per file, sequential (--no-per-file skips it)

What the numbers are:
  wall s       time.perf_counter() around the command, to its exit
  CPU s        user + system time of the process and all its descendants that
               were waited for (wait4's rusage); for the per-file loop, the sum
  peak RSS     wait4's ru_maxrss (what /usr/bin/time -f %M reports): the
               largest peak resident set of any ONE process of the tree (the
               kernel keeps the maximum over the process and every descendant
               reaped by a waiting parent; run-clang-tidy's asyncio waits for
               every clang-tidy it starts, so its row is the larger of the
               Python driver and the largest single clang-tidy); omp-migrate is
               one process, its threads share it: its row is the whole run's.
               For the per-file loop: the largest of the processes.
  tree RSS     the sum of the resident sets of the process and all its living
               descendants, sampled every --sample-interval s from /proc: what
               the run held at once (J clang-tidy processes at a time count J
               times); a sampled lower bound of the true peak

Then checks the translation cheaply: out-omp holds one file per TU, none of
them keeps a `#pragma acc`, translated copies of the headers (if the tool
writes them, under out-omp/include) are listed with their remaining
`#pragma acc` lines, and --check K translated TUs (at least one C++ and one
that includes the OpenACC headers) compile with clang-19 -fopenmp
-fopenmp-targets=x86_64-pc-linux-gnu -fsyntax-only -I<out-omp/include if the
tool wrote it, else the original include/>; the per-file loop's translations
are compared with out-omp's, byte for byte.

Prints a Markdown table (and --out FILE.md): command, TUs, compile commands,
jobs, wall, CPU, peak RSS, tree RSS, exit status, what was processed, with
the machine (nproc, CPU model, load average), the date and the exact
commands. Exit status 0 when every command ran and the checks passed, 1 when
a check failed, 2 on setup errors. A benchmark script, not a test: figures go
to docs/performance.md with the command and the date.

Usage: bench/bench_project.py [--tool build/bin/omp-migrate] [--tus 500] [--jobs 2]
           [--repeat 1] [--work DIR [--force]] [--keep] [--check 5] [--no-per-file]
           [--no-tidy] [--acc-every 2] [--dup-every 10] [--sample-interval 0.2]
           [--timeout 3600] [--out FILE.md] [--json FILE]
       bench/bench_project.py --generate-only --work DIR [--tus N]
Python 3 standard library only.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from bench_parse import cpu_model
from project_gen import generate

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
PAGE = os.sysconf("SC_PAGE_SIZE")

GRAND_TOTAL = re.compile(r"^omp-migrate: (\d+) files?: (\d+) of (\d+) constructs? translated"
                         r"(?:, (\d+) reported)?(?:; (\d+) skipped for errors)?", re.M)
FILE_LINE = re.compile(r"^omp-migrate: (.+?): (\d+) of (\d+) constructs? translated", re.M)
TIDY_PROGRESS = re.compile(r"^\[\s*(\d+)/(\d+)\]\[[0-9.]+s\] (.*)$", re.M)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "omp-migrate"),
                   help="omp-migrate binary")
    p.add_argument("--tus", type=int, default=500, help="translation units to generate")
    p.add_argument("--jobs", type=int, default=2, help="-j of omp-migrate and run-clang-tidy")
    p.add_argument("--repeat", type=int, default=1,
                   help="passes of each command; the table shows the fastest")
    p.add_argument("--work", default=None,
                   help="project directory (default: a fresh temporary directory)")
    p.add_argument("--force", action="store_true",
                   help="with --work: empty a non-empty DIR first (only if it holds a "
                        "project this script generated)")
    p.add_argument("--keep", action="store_true", help="keep the temporary directory")
    p.add_argument("--generate-only", action="store_true",
                   help="write the project and stop")
    p.add_argument("--check", type=int, default=5,
                   help="translated TUs compiled with clang-19 -fopenmp offload")
    p.add_argument("--seed", type=int, default=17, help="choice of the TUs --check compiles")
    p.add_argument("--acc-every", type=int, default=2,
                   help="every Nth TU includes and calls the OpenACC headers (0: none)")
    p.add_argument("--dup-every", type=int, default=10,
                   help="every Nth TU gets a second compile command with -DPROJ_ALPHA=3.0 "
                        "(0: none)")
    p.add_argument("--no-per-file", action="store_true",
                   help="skip the one-process-per-file omp-migrate loop")
    p.add_argument("--no-tidy", action="store_true", help="skip run-clang-tidy")
    p.add_argument("--run-clang-tidy", default="run-clang-tidy-22")
    p.add_argument("--clang-tidy", default="clang-tidy-22")
    p.add_argument("--tidy-check", default="readability-braces-around-statements",
                   help="the one clang-tidy check (a cheap one that runs on C and C++)")
    p.add_argument("--clang", default="clang-19", help="C compiler of --check")
    p.add_argument("--clangxx", default="clang++-19", help="C++ compiler of --check")
    p.add_argument("--sample-interval", type=float, default=0.2,
                   help="seconds between samples of the tree's total RSS (0: off)")
    p.add_argument("--timeout", type=float, default=3600, help="seconds per command")
    p.add_argument("--out", default=None, help="also write the Markdown here")
    p.add_argument("--json", default=None, help="the measurements as JSON")
    a = p.parse_args(argv)
    if a.tus < 1:
        p.error("--tus must be at least 1")
    if a.jobs < 1:
        p.error("--jobs must be at least 1")
    return a


# ---------------------------------------------------------------- generation

def children_of(pid):
    """The pids of PID's living descendants (through /proc/PID/task/*/children, or a scan)."""
    out, todo = [], [pid]
    use_children = os.path.exists("/proc/self/task/%d/children" % os.getpid())
    if not use_children:
        parent = {}
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    with open("/proc/%s/stat" % d) as f:
                        st = f.read()
                    parent.setdefault(int(st[st.rindex(")") + 2:].split()[1]), []).append(int(d))
                except (OSError, ValueError, IndexError):
                    pass
    while todo:
        p = todo.pop()
        if use_children:
            kids = []
            try:
                for t in os.listdir("/proc/%d/task" % p):
                    with open("/proc/%d/task/%s/children" % (p, t)) as f:
                        kids += [int(x) for x in f.read().split()]
            except OSError:
                pass
        else:
            kids = parent.get(p, [])
        out += kids
        todo += kids
    return out


def rss_bytes(pid):
    try:
        with open("/proc/%d/statm" % pid) as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


class TreeSampler(threading.Thread):
    """Peak of the summed RSS of a process and its descendants, sampled."""

    def __init__(self, pid, interval):
        super().__init__(daemon=True)
        self.pid, self.interval, self.peak = pid, interval, 0
        self.stop = threading.Event()

    def run(self):
        while not self.stop.wait(self.interval):
            total = sum(rss_bytes(p) for p in [self.pid] + children_of(self.pid))
            self.peak = max(self.peak, total)


def measure(cmd, cwd, log, timeout, interval, env=None):
    """Run CMD (stdout and stderr to LOG); wall s, CPU s, ru_maxrss KiB, tree peak B, exit."""
    with open(log, "wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True, env=env)
        sampler = None
        if interval > 0:
            sampler = TreeSampler(proc.pid, interval)
            sampler.start()
        timed_out = []

        def kill():
            timed_out.append(True)
            try:
                os.killpg(proc.pid, signal.SIGKILL)   # the session this script started
            except OSError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        timer.cancel()
        if sampler:
            sampler.stop.set()
            sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)   # reaped: keep Popen quiet
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "maxrss_kib": ru.ru_maxrss,
            "tree_peak": sampler.peak if sampler else None,
            "rc": "timeout" if timed_out else proc.returncode}


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def jobs_option(tool, jobs):
    """The tool's -j spelling from its --help, or None."""
    r = subprocess.run([tool, "--help"], capture_output=True, text=True, timeout=60)
    h = r.stdout + r.stderr
    if re.search(r"^\s+-j\b", h, re.M):
        return ["-j", str(jobs)]
    if re.search(r"^\s+--jobs\b", h, re.M):
        return ["--jobs=%d" % jobs]
    return None


def omp_pass(a, tool, work, i, jobs_opt):
    """One run of omp-migrate -p build; returns (measurement, the -j spelling used, note)."""
    out = os.path.join(work, "out-omp")
    base = [tool, "-p", "build"]
    tail = ["--output-dir", "out-omp", "--root", work]
    note = None
    shutil.rmtree(out, ignore_errors=True)
    log = os.path.join(work, "logs", "omp-%d.log" % i)
    cmd = base + (jobs_opt or []) + tail
    m = measure(cmd, work, log, a.timeout, a.sample_interval)
    text = read(log)
    if jobs_opt and m["rc"] == 2 and re.search(r"[Uu]nknown command line argument '?-", text) \
            and re.search(r"argument '?-(j|-jobs)\b", text):
        note = "the binary rejected %s although --help lists it: ran without it" % \
            " ".join(jobs_opt)
        print("bench_project: " + note, file=sys.stderr)
        jobs_opt = None
        shutil.rmtree(out, ignore_errors=True)
        cmd = base + tail
        m = measure(cmd, work, log, a.timeout, a.sample_interval)
        text = read(log)
    g = GRAND_TOTAL.findall(text)
    m["total"] = [int(x) if x else None for x in g[-1]] if g else None
    m["log"] = log
    m["cmd"] = cmd
    print("  pass %d: omp-migrate -p build: %.2f s, %.1f MiB, exit %s" % (
        i + 1, m["wall"], m["maxrss_kib"] / 1024.0, m["rc"]), file=sys.stderr)
    return m, jobs_opt, note


def tidy_command(a, desc):
    tidy = shutil.which(a.clang_tidy)
    rct = shutil.which(a.run_clang_tidy)
    if not tidy or not rct:
        return None
    # -clang-tidy-binary: run-clang-tidy looks for plain `clang-tidy` in PATH, which on
    # Debian may be another LLVM's
    cmd = [rct, "-j", str(a.jobs), "-p", "build", "-clang-tidy-binary", tidy,
           "-checks=-*," + a.tidy_check, "-quiet"]
    if not all("-fopenacc" in t["flags"] for t in desc["tus"]):
        cmd.append("-extra-arg=-fopenacc")
    return cmd


def tidy_pass(a, work, desc, i, cmd):
    log = os.path.join(work, "logs", "tidy-%d.log" % i)
    m = measure(cmd, work, log, a.timeout, a.sample_interval)
    text = read(log)
    seen = {}
    for _, _, inv in TIDY_PROGRESS.findall(text):   # one line per file it ran clang-tidy on
        f = inv.rsplit(" ", 1)[-1]
        seen[f] = seen.get(f, 0) + 1
    m["files_run"] = len(seen)
    m["files_twice"] = sum(1 for v in seen.values() if v > 1)
    m["missing"] = sorted(t["path"] for t in desc["tus"] if t["path"] not in seen)
    chk = re.escape(a.tidy_check)
    m["warnings"] = len(re.findall(r"warning: .*\[%s\]" % chk, text))
    m["files_warned"] = len(set(re.findall(r"^(/[^:\n]+):\d+:\d+: warning: .*\[%s\]" % chk,
                                           text, re.M)))
    m["errors"] = len(re.findall(r"^[^\n]*: error: ", text, re.M))
    m["log"] = log
    m["cmd"] = cmd
    print("  pass %d: run-clang-tidy: %.2f s, %.1f MiB, exit %s, %d files run" % (
        i + 1, m["wall"], m["maxrss_kib"] / 1024.0, m["rc"], m["files_run"]), file=sys.stderr)
    return m


def perfile_pass(a, tool, work, desc, i):
    shutil.rmtree(os.path.join(work, "out-perfile"), ignore_errors=True)
    log = os.path.join(work, "logs", "perfile-%d.log" % i)
    tot = {"cpu": 0.0, "maxrss_kib": 0, "tree_peak": None, "rcs": {},
           "translated": 0, "constructs": 0, "files": 0}
    t0 = time.perf_counter()
    with open(log, "wb") as lf:
        for t in desc["tus"]:
            cmd = [tool, "-p", "build", "--output-dir", "out-perfile", "--root", work, t["path"]]
            proc = subprocess.Popen(cmd, cwd=work, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            err = proc.stderr.read()
            proc.stderr.close()
            _, status, ru = os.wait4(proc.pid, 0)
            proc.returncode = rc = os.waitstatus_to_exitcode(status)
            lf.write(err)
            tot["cpu"] += ru.ru_utime + ru.ru_stime
            tot["maxrss_kib"] = max(tot["maxrss_kib"], ru.ru_maxrss)
            tot["rcs"][rc] = tot["rcs"].get(rc, 0) + 1
            for _, x, y in FILE_LINE.findall(err.decode(errors="replace")):
                tot["translated"] += int(x)
                tot["constructs"] += int(y)
                tot["files"] += 1
            if time.perf_counter() - t0 > a.timeout:
                tot["rcs"]["timeout"] = 1
                break
    tot["wall"] = time.perf_counter() - t0
    tot["log"] = log
    tot["cmd"] = [tool, "-p", "build", "--output-dir", "out-perfile", "--root", work, "FILE"]
    print("  pass %d: omp-migrate per file: %.2f s, %.1f MiB" % (
        i + 1, tot["wall"], tot["maxrss_kib"] / 1024.0), file=sys.stderr)
    return tot


def best_of(runs):
    """The fastest pass, with the largest peak RSS of all passes and every pass's wall time."""
    if not runs:
        return None
    best = dict(min(runs, key=lambda r: r["wall"]))
    best["maxrss_kib"] = max(r["maxrss_kib"] for r in runs)
    peaks = [r["tree_peak"] for r in runs if r.get("tree_peak")]
    best["tree_peak"] = max(peaks) if peaks else None
    best["passes"] = [round(r["wall"], 2) for r in runs]
    return best


# ---------------------------------------------------------------- checks

def check_output(a, work, desc):
    out = os.path.join(work, "out-omp")
    res = {"missing": [], "acc_left": [], "headers": [], "compiled": [], "failed": []}
    for t in desc["tus"]:
        p = os.path.join(out, t["rel"])
        if not os.path.isfile(p):
            res["missing"].append(t["rel"])
        elif re.search(r"^\s*#\s*pragma\s+acc\b", read(p), re.M):
            res["acc_left"].append(t["rel"])
    pf = os.path.join(work, "out-perfile")
    res["perfile_same"] = res["perfile_diff"] = None
    if os.path.isdir(pf):
        same = diff = 0
        for t in desc["tus"]:
            p, q = os.path.join(out, t["rel"]), os.path.join(pf, t["rel"])
            if os.path.isfile(p) and os.path.isfile(q) and read(p) == read(q):
                same += 1
            else:
                diff += 1
        res["perfile_same"], res["perfile_diff"] = same, diff
    written = 0
    for root, _, files in os.walk(out):
        written += sum(1 for f in files if f.endswith((".c", ".cpp")))
    res["written"] = written
    inc_out = os.path.join(out, "include")
    if os.path.isdir(inc_out):
        for h in sorted(os.listdir(inc_out)):
            n = len(re.findall(r"^\s*#\s*pragma\s+acc\b", read(os.path.join(inc_out, h)), re.M))
            res["headers"].append((h, n))
        # The translated headers first; the headers without OpenACC, which
        # the tool does not copy, from the original tree.
        inc = [inc_out, os.path.join(work, "include")]
        res["include"] = "out-omp/include (the tool's translated headers), then include/"
    else:
        inc = [os.path.join(work, "include")]
        res["include"] = ("include/ (the original headers: the tool wrote none; their "
                          "#pragma acc lines are ignored without -fopenacc)")
    present = [t for t in desc["tus"] if t["rel"] not in res["missing"]]
    rnd = random.Random(a.seed)
    pick = []
    for want in (lambda t: t["cxx"] and t["acc"], lambda t: not t["cxx"] and t["acc"],
                 lambda t: not t["acc"]):
        c = [t for t in present if want(t) and t not in pick]
        if c and len(pick) < a.check:
            pick.append(rnd.choice(c))
    rest = [t for t in present if t not in pick]
    pick += rnd.sample(rest, min(len(rest), max(0, a.check - len(pick))))
    for t in pick:
        cc = a.clangxx if t["cxx"] else a.clang
        std = "-std=c++17" if t["cxx"] else "-std=gnu11"
        cmd = [cc, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-fsyntax-only",
               ] + ["-I" + i for i in inc] + ["-O2", "-DNDEBUG", std, os.path.join(out, t["rel"])]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        (res["compiled"] if r.returncode == 0 else res["failed"]).append(t["rel"])
        if r.returncode:
            print("bench_project: %s does not compile:\n%s" % (t["rel"], r.stderr[-3000:]),
                  file=sys.stderr)
    res["check_cmd"] = "%s -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fsyntax-only " \
                       "%s -O2 -DNDEBUG -std=gnu11|c++17 out-omp/FILE" % (
                           a.clang, " ".join("-I" + os.path.relpath(i, work) for i in inc))
    return res


# ---------------------------------------------------------------- report

def version(exe):
    try:
        r = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
        lines = [l.strip() for l in (r.stdout or r.stderr).split("\n") if l.strip()]
        return next((l for l in lines if "version" in l.lower()), lines[0] if lines else "?")
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for b in iter(lambda: f.read(1 << 20), b""):
            h.update(b)
    return h.hexdigest()


def mib(x):
    return "%.1f" % (x / 1024.0)


def show(cmd, work):
    return " ".join(shlex.quote(c) for c in cmd).replace(work, "$WORK")


def main(argv):
    a = parse_args(argv)
    a.argv = list(argv)
    tool = os.path.abspath(a.tool)
    if not a.generate_only and not os.access(tool, os.X_OK):
        print("bench_project: tool not executable: %s" % a.tool, file=sys.stderr)
        return 2
    tmp = a.work is None
    work = os.path.abspath(a.work) if a.work else tempfile.mkdtemp(prefix="bench-project-")
    if not tmp and os.path.exists(work) and os.listdir(work):
        if not a.force:
            print("bench_project: %s is not empty (--force empties it)" % work, file=sys.stderr)
            return 2
        if not os.path.isfile(os.path.join(work, ".bench_project")):
            print("bench_project: %s was not generated by this script: not emptied" % work,
                  file=sys.stderr)
            return 2
        shutil.rmtree(work)
    os.makedirs(work, exist_ok=True)
    try:
        return run(a, tool, work)
    finally:
        if tmp and not a.keep:
            shutil.rmtree(work, ignore_errors=True)
        elif tmp:
            print("bench_project: kept %s" % work, file=sys.stderr)


def run(a, tool, work):
    t0 = time.perf_counter()
    desc = generate(work, a.tus, a.acc_every, a.dup_every)
    tus = desc["tus"]
    n_cxx = sum(t["cxx"] for t in tus)
    n_acc = sum(t["acc"] for t in tus)
    n_dup = sum(t["commands"] > 1 for t in tus)
    lines = sum(read(t["path"]).count("\n") for t in tus)
    print("bench_project: generated %d TUs (%d C++, %d including the OpenACC headers, %d with "
          "two compile commands; %d lines), %d compile commands, in %s (%.1f s)" % (
              len(tus), n_cxx, n_acc, n_dup, lines, desc["entries"], work,
              time.perf_counter() - t0), file=sys.stderr)
    if a.generate_only:
        return 0
    os.makedirs(os.path.join(work, "logs"))

    load_before = " ".join("%.2f" % x for x in os.getloadavg())
    jobs_opt = jobs_option(tool, a.jobs)
    if not jobs_opt:
        print("bench_project: %s --help shows no -j: omp-migrate runs without it (its files "
              "one after the other)" % tool, file=sys.stderr)
    # warm the page cache: every source, header and binary read once
    measure([tool, "--version"], work, os.path.join(work, "logs", "warm.log"), 60, 0)
    for t in tus:
        read(t["path"])

    tcmd = None if a.no_tidy else tidy_command(a, desc)
    tnote = None
    if not a.no_tidy and not tcmd:
        tnote = "not run: %s or %s not found" % (a.run_clang_tidy, a.clang_tidy)
        print("bench_project: run-clang-tidy " + tnote, file=sys.stderr)
    # the commands alternate pass by pass, so that whatever else loads the machine
    # weighs on all of them alike
    oms, tms, pfs, jnote = [], [], [], None
    for i in range(max(1, a.repeat)):
        m, jobs_opt, note = omp_pass(a, tool, work, i, jobs_opt)
        oms.append(m)
        jnote = jnote or note
        if tcmd:
            tms.append(tidy_pass(a, work, desc, i, tcmd))
        if not a.no_per_file:
            pfs.append(perfile_pass(a, tool, work, desc, i))
    jobs_used = jobs_opt
    om, tm, pf = best_of(oms), best_of(tms), best_of(pfs)
    load_after = " ".join("%.2f" % x for x in os.getloadavg())
    chk = check_output(a, work, desc)

    # ---- the table
    when = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count() or 0
    md = []
    md.append("Machine: %s, nproc=%d; %s; load average before %s, after %s; date %s." % (
        cpu_model(), affinity, platform.platform(), load_before, load_after, when))
    md.append("omp-migrate: `%s` (%s, sha256 %s); %s; %s." % (
        tool, version(tool), sha256(tool)[:12], version(a.clang_tidy), version(a.clang)))
    md.append("Project: %d TUs (%d C, %d C++; %d include the OpenACC headers include/proj_acc.h"
              "%s, all include the plain include/proj_config.h and proj_util.h; %d have two "
              "compile commands, -DPROJ_ALPHA=3.0), %d compile commands, %d source lines; "
              "passes per command: %d (the table shows the fastest, its peak RSS the largest)." % (
                  len(tus), len(tus) - n_cxx, n_cxx, n_acc,
                  " and, for C++, proj_acc.hpp" if n_cxx else "", n_dup, desc["entries"], lines,
                  max(1, a.repeat)))
    md.append("")
    md.append("| command | TUs | compile commands | jobs | wall (s) | CPU (s) | peak RSS, "
              "largest process (MiB) | tree RSS, sampled sum (MiB) | exit | processed |")
    md.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")

    def wall(m):
        if len(m["passes"]) > 1:
            return "%.2f (passes: %s)" % (m["wall"], ", ".join("%.2f" % x for x in m["passes"]))
        return "%.2f" % m["wall"]

    def tree(m):
        return mib(m["tree_peak"] / 1024.0) if m.get("tree_peak") else "-"

    tot = om.get("total")
    if tot:
        nfiles, x, y, rep, skipped = tot
        what = "%d files: %d of %d constructs translated, %s reported; %s skipped for errors; " \
               "%d of %d TUs written" % (nfiles, x, y, rep if rep is not None else "?",
                                         skipped if skipped is not None else "?",
                                         len(tus) - len(chk["missing"]), len(tus))
    else:
        what = "no grand-total line in its output (see %s)" % os.path.relpath(om["log"], work)
    if jobs_used:
        label, jobs = "omp-migrate -p build %s (one process)" % " ".join(jobs_used), str(a.jobs)
    else:
        label = "omp-migrate -p build (one process; this binary has no -j: files one after " \
                "the other)"
        jobs = "1 (no -j)"
    md.append("| %s | %d | %d | %s | %s | %.2f | %s | %s | %s | %s |" % (
        label, len(tus), desc["entries"], jobs, wall(om), om["cpu"], mib(om["maxrss_kib"]),
        tree(om), om["rc"], what))
    if tm:
        what = "%d of %d files run (%d twice), %d %s warnings in %d files, %d errors" % (
            tm["files_run"], len(tus), tm["files_twice"], tm["warnings"], a.tidy_check,
            tm["files_warned"], tm["errors"])
        md.append("| run-clang-tidy-22 -j %d, one check (a driver, one clang-tidy per file) | %d "
                  "| %d | %d | %s | %.2f | %s | %s | %s | %s |" % (
                      a.jobs, len(tus), desc["entries"], a.jobs, wall(tm), tm["cpu"],
                      mib(tm["maxrss_kib"]), tree(tm), tm["rc"], what))
    if pf:
        rcs = ", ".join("exit %s: %d" % kv for kv in sorted(pf["rcs"].items(), key=str))
        what = "%d files: %d of %d constructs translated (each process reports the headers " \
               "again)" % (pf["files"], pf["translated"], pf["constructs"])
        md.append("| omp-migrate -p build FILE, one process per file, sequential | %d | %d | 1 | "
                  "%s | %.2f | %s | - | %s | %s |" % (
                      len(tus), desc["entries"], wall(pf), pf["cpu"], mib(pf["maxrss_kib"]),
                      rcs, what))
    md.append("")
    if tm and om:
        md.append("omp-migrate / run-clang-tidy: wall %.2fx, peak RSS of the largest process "
                  "%.2fx%s." % (om["wall"] / tm["wall"], om["maxrss_kib"] / tm["maxrss_kib"],
                                (", sampled tree RSS %.2fx" % (om["tree_peak"] / tm["tree_peak"]))
                                if om.get("tree_peak") and tm.get("tree_peak") else ""))
    if jnote:
        md.append("Note: " + jnote + ".")
    if tnote:
        md.append("run-clang-tidy: " + tnote + ".")
    md.append("")
    md.append("- wall: time.perf_counter() around the command; CPU: user+system of the process "
              "and its waited-for descendants (wait4); for the per-file loop, sums.")
    md.append("- peak RSS, largest process: wait4's ru_maxrss (as /usr/bin/time -f %%M): the "
              "largest peak of ONE process of the tree (the process and every descendant its "
              "parent reaped). omp-migrate is one process, its threads included; "
              "run-clang-tidy's is the larger of its Python driver and its largest clang-tidy, "
              "not the sum of the %d running at once; the per-file loop's, the largest of its "
              "processes." % a.jobs)
    md.append("- tree RSS, sampled sum: the largest sum of the resident sets of the process "
              "and its living descendants, sampled every %.2f s from /proc (what the run held "
              "at once; a lower bound)." % a.sample_interval)
    md.append("")
    md.append("Checks of out-omp/: %d translated files written for %d TUs (%d missing), %d "
              "still with a `#pragma acc`; headers written by the tool: %s; %d of %d sampled "
              "translations compile with `%s`%s (headers from %s)." % (
                  chk["written"], len(tus), len(chk["missing"]), len(chk["acc_left"]),
                  ", ".join("%s (%d #pragma acc left)" % h for h in chk["headers"]) or "none",
                  len(chk["compiled"]), len(chk["compiled"]) + len(chk["failed"]),
                  chk["check_cmd"],
                  (": failed " + ", ".join(chk["failed"])) if chk["failed"] else "",
                  chk["include"]))
    if chk["perfile_same"] is not None:
        md.append("The one-process-per-file translations are byte-identical to the -p build "
                  "ones for %d of %d TUs." % (chk["perfile_same"], len(tus)))
    if tm and tm["missing"]:
        md.append("run-clang-tidy did not run on %d files, e.g. %s." % (
            len(tm["missing"]), ", ".join(tm["missing"][:3])))
    md.append("")
    md.append("Commands (run in $WORK, the generated project):")
    md.append("")
    md.append("```sh")
    md.append("python3 bench/bench_project.py " + " ".join(shlex.quote(x) for x in a.argv))
    md.append(show(om["cmd"], work))
    if tm:
        md.append(show(tm["cmd"], work))
    if pf:
        md.append("for f in $FILES; do %s; done" % show(pf["cmd"], work).replace("FILE", '"$f"'))
    md.append("```")
    text = "\n".join(md) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"omp": om, "tidy": tm, "perfile": pf, "check": chk,
                       "tus": len(tus), "entries": desc["entries"]}, f, indent=1, default=str)

    ok = (om["rc"] in (0, 1) and tot is not None and not chk["missing"] and not chk["failed"]
          and not chk["acc_left"] and (tm is None or (not tm["missing"] and tm["rc"] == 0)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
