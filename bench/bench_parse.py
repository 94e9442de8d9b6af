#!/usr/bin/env python3
"""Front-end cost of omp-migrate against a plain clang-22 parse of the same files.

Runs, one process per file and strictly sequentially,
    clang-22 -fopenacc -fsyntax-only FLAGS FILE         (clang++-22 for .cpp)
    omp-migrate FILE -- FLAGS                            (translated source to /dev/null)
over the OpenACC V&V tests (by default the 441 C files, Tests/*.c), alternating file by
file, with the same FLAGS (-I<Tests> -I<dir with an openacc.h> -std=c11), and prints a
markdown table: total wall time of each, their ratio, and the peak RSS (maximum over the
processes, from wait4's ru_maxrss -- what /usr/bin/time -f %M reports) of each, with their
ratio.

The V&V suite is not part of this repository: fetch it separately
(https://github.com/OpenACCUserGroup/OpenACCV-V).  Python 3 standard library only.

Usage: bench/bench_parse.py --tool build/bin/omp-migrate --suite /path/to/OpenACCV-V
           [--lang c|cpp|all] [--repeat N] [--filter REGEX] [--out FILE.md] [--json FILE]
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--tool", required=True, help="omp-migrate binary")
    p.add_argument("--suite", required=True, help="OpenACCV-V checkout (root or Tests/)")
    p.add_argument("--clang", default="clang-22", help="C compiler to compare with")
    p.add_argument("--clangxx", default="clang++-22", help="C++ compiler to compare with")
    p.add_argument("--lang", choices=("c", "cpp", "all"), default="c")
    p.add_argument("--filter", default=None, help="only files matching this regex")
    p.add_argument("--std-c", default="c11")
    p.add_argument("--std-cxx", default="c++17")
    p.add_argument("--acc-include", default="auto",
                   help="directory with an openacc.h (clang-22 ships none); 'auto' links "
                        "gcc's into a temporary directory; 'none' passes nothing")
    p.add_argument("--flag", action="append", default=[],
                   help="extra compile flag for both (repeatable)")
    p.add_argument("--repeat", type=int, default=1,
                   help="full passes; the table reports the fastest pass of each")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per process")
    p.add_argument("--out", default=None, help="also write the markdown here")
    p.add_argument("--json", default=None, help="per-file measurements")
    return p.parse_args(argv)


def find_tests_dir(suite):
    for cand in (os.path.join(suite, "Tests"), suite):
        if os.path.isfile(os.path.join(cand, "acc_testsuite.h")):
            return os.path.abspath(cand)
    sys.exit("bench_parse: no acc_testsuite.h under %s" % suite)


def measure(cmd, timeout):
    """One process: (exit status or 'timeout', wall seconds, max RSS KiB, user+sys s)."""
    timed_out = []

    def kill(proc):
        timed_out.append(True)
        proc.kill()                              # the process we started, by its pid

    with open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=null, stderr=null)
        timer = threading.Timer(timeout, kill, (proc,))
        timer.start()
        _, status, ru = os.wait4(proc.pid, 0)
        timer.cancel()
    wall = time.perf_counter() - t0
    rc = os.waitstatus_to_exitcode(status)
    proc.returncode = rc                          # already reaped: keep Popen quiet
    if timed_out:
        rc = "timeout"
    return rc, wall, ru.ru_maxrss, ru.ru_utime + ru.ru_stime


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for l in f:
                if l.startswith("model name"):
                    return l.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def version(exe):
    try:
        r = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
        return (r.stdout or r.stderr).strip().split("\n")[0]
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def main(argv):
    a = parse_args(argv)
    tool = os.path.abspath(a.tool)
    if not os.access(tool, os.X_OK):
        sys.exit("bench_parse: tool not executable: %s" % a.tool)
    tests = find_tests_dir(a.suite)
    exts = {"c": (".c",), "cpp": (".cpp",), "all": (".c", ".cpp")}[a.lang]
    rx = re.compile(a.filter) if a.filter else None
    files = sorted(f for f in os.listdir(tests) if f.endswith(exts) and (not rx or rx.search(f)))
    if not files:
        sys.exit("bench_parse: no files")

    tmp = None
    acc_inc = None
    if a.acc_include == "auto":
        hdr = subprocess.run(["gcc", "-print-file-name=include/openacc.h"], capture_output=True,
                             text=True).stdout.strip()
        if hdr and os.path.isfile(hdr):
            tmp = tempfile.mkdtemp(prefix="bench-acc-")
            os.symlink(hdr, os.path.join(tmp, "openacc.h"))
            acc_inc = tmp
    elif a.acc_include != "none":
        acc_inc = os.path.abspath(a.acc_include)

    def flags(f):
        fl = ["-I" + tests] + (["-I" + acc_inc] if acc_inc else [])
        fl.append("-std=" + (a.std_cxx if f.endswith(".cpp") else a.std_c))
        return fl + a.flag

    def clang_cmd(f):
        cc = a.clangxx if f.endswith(".cpp") else a.clang
        return [cc, "-fopenacc", "-fsyntax-only"] + flags(f) + [os.path.join(tests, f)]

    def tool_cmd(f):
        return [tool, os.path.join(tests, f), "--"] + flags(f)

    load_before = " ".join("%.2f" % x for x in os.getloadavg())
    # warm the page cache and the dynamic loader once for each
    measure(clang_cmd(files[0]), a.timeout)
    measure(tool_cmd(files[0]), a.timeout)

    # Interleaved, file by file (clang-22 then omp-migrate), so that whatever else loads
    # the machine weighs on both alike; each file's time is the fastest of --repeat runs.
    runs = {"clang": {f: [] for f in files}, "tool": {f: [] for f in files}}
    for _ in range(max(1, a.repeat)):
        for f in files:
            for which, mk in (("clang", clang_cmd), ("tool", tool_cmd)):
                rc, wall, rss, cpu = measure(mk(f), a.timeout)
                runs[which][f].append({"rc": rc, "wall": wall, "rss_kib": rss, "cpu": cpu})
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)

    def best(which):
        per = []
        for f in files:
            rs = runs[which][f]
            fastest = min(rs, key=lambda x: x["wall"])
            per.append({"file": f, "rc": fastest["rc"], "wall": fastest["wall"],
                        "cpu": min(x["cpu"] for x in rs),
                        "rss_kib": max(x["rss_kib"] for x in rs)})
        return per

    cl, tl = best("clang"), best("tool")
    cw, tw = sum(x["wall"] for x in cl), sum(x["wall"] for x in tl)
    cr, tr = max(x["rss_kib"] for x in cl) / 1024.0, max(x["rss_kib"] for x in tl) / 1024.0
    cc_, tc_ = sum(x["cpu"] for x in cl), sum(x["cpu"] for x in tl)
    ratio = lambda x, y: ("%.2f" % (x / y)) if y else "n/a"

    def rcs(per):
        counts = {}
        for x in per:
            counts[str(x["rc"])] = counts.get(str(x["rc"]), 0) + 1
        return ", ".join("exit %s: %d" % kv for kv in sorted(counts.items()))

    worst_t = max(tl, key=lambda x: x["wall"])
    worst_r = max(tl, key=lambda x: x["rss_kib"])
    when = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    fl_show = " ".join(flags(files[0])).replace(tests, "<Tests>")
    if acc_inc:
        fl_show = fl_show.replace(acc_inc, "<acc-include>")
    md = []
    md.append("Machine: %s, nproc=%d, %s; %s; date %s" % (
        cpu_model(), os.cpu_count() or 0, platform.platform(), version(a.clang), when))
    md.append("Files: %d V&V %s tests from %s; flags for both: `%s`; one process per file, "
              "sequential, the two tools alternating file by file; per file the fastest of %d "
              "run(s); peak RSS = max over all processes; load average before the run: %s." % (
                  len(files), "/".join(e.lstrip(".") for e in exts), tests, fl_show, a.repeat,
                  load_before))
    md.append("omp-migrate: %s (sha256 %s)" % (a.tool, sha256(tool)[:16]))
    md.append("")
    md.append("| files | clang-22 -fsyntax-only wall (s) | omp-migrate wall (s) | ratio | "
              "clang-22 peak RSS (MiB) | omp-migrate peak RSS (MiB) | ratio |")
    md.append("|---:|---:|---:|---:|---:|---:|---:|")
    md.append("| %d | %.2f | %.2f | %s | %.1f | %.1f | %s |" % (
        len(files), cw, tw, ratio(tw, cw), cr, tr, ratio(tr, cr)))
    md.append("")
    md.append("- per file, median wall: clang-22 %.3f s, omp-migrate %.3f s; user+sys CPU total: "
              "clang-22 %.2f s, omp-migrate %.2f s (ratio %s)" % (
                  statistics.median(x["wall"] for x in cl), statistics.median(x["wall"] for x in tl),
                  cc_, tc_, ratio(tc_, cc_)))
    md.append("- slowest omp-migrate file: %s (%.3f s); largest RSS: %s (%.1f MiB)" % (
        worst_t["file"], worst_t["wall"], worst_r["file"], worst_r["rss_kib"] / 1024.0))
    md.append("- exit statuses: clang-22 {%s}; omp-migrate {%s}" % (rcs(cl), rcs(tl)))
    text = "\n".join(md)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"date": when, "machine": cpu_model(), "nproc": os.cpu_count(),
                       "files": files, "flags": fl_show, "runs": runs}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
