"""--run of score_legacy.py: whole-program execution of the serial translation.

For each program, after it is scored, in its work directory W (W/*.c and
W/*.h: the stripped sources and headers; W/trans: the tool's --output-dir of
the scoring run, with the headers the tool changed; W/run: the builds, and
each run's stdout and stderr):

  reference  the stripped sources, with the program's other files (NPB's
             c_print_results.c, c_timers.c, wtime.c, c_randdp.c; DataRaceBench's
             utilities/polybench.c), built with gcc -O1 (plus -fopenmp when a
             stripped source names an omp_ function or type, NPB calls
             omp_get_num_threads, or _OPENMP, DataRaceBench's '#if (_OPENMP <
             201511) #error'), include path W, the program's flags, its
             directory; run twice as it is and once with MALLOC_PERTURB_ set
             (NPB: once);
  clang      the translation (every file of the program that holds pragmas;
             the tool writes only what it changes, the stripped file stands in
             for the rest), include path W/trans, W, ..., built with clang-19
             -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 -lm and run with
             OMP_TARGET_OFFLOAD=MANDATORY, LD_LIBRARY_PATH=/usr/lib/llvm-19/lib:
             the CPU stand-in device, which keeps its own device memory, so a
             missing map or update gives a wrong answer;
  gcc        the translation built with gcc -fopenmp -foffload=disable -O1 -lm
             and run (the pragmas run on the host: a wrong clause shows, a
             wrong map does not);
  info       NPB: the clang build run once more with LIBOMPTARGET_INFO=48 (32,
             data transfers, and 16, kernel launches): the Size=N of
             libomptarget's "Copying data from host to device" and "... from
             device to host" lines summed, its "Launching kernel" lines counted.

Every run has OMP_NUM_THREADS=2 (--threads), OMP_WAIT_POLICY=passive and
300 s (--run-timeout). Passive: with spinning threads, GCC's host fallback of
`target teams distribute parallel for` (teams of threads, more threads than
cores) ran CG.S in 47 s instead of 1.8 s on a shared 2-core machine.

Judging (run_openmp_suites.py's judge): NPB: exit 0 and `Verification =
SUCCESSFUL`; DataRaceBench and --extra: the exit status and stdout token by
token, numbers within 1e-6 relative (the PolyBench-based programs that dump
their arrays when argv[0] is "" and argc > 42 are run so, and their stderr,
the dump, is compared). When the two plain reference runs differ (times,
random seeds, addresses) only the exit status is compared ("exit" in the
cmp column); "empty": the reference prints nothing there, and the exit
status is all there is to compare (many DataRaceBench programs check their
own results and exit 1 or print only when wrong).

Results (a program's is the worse of its two builds, in this order):
  same          as the reference
  ref-unstable  the translation differs, but so does the program without it:
                the reference run with MALLOC_PERTURB_ prints something else
                (it reads uninitialized heap memory), or the stripped original
                built and run as the translation is (the control) differs from
                the reference too (uninitialized stack memory, undefined
                behaviour, a compiler's choice). The stripped program is
                serial: a DataRaceBench race comes back only in a loop the tool
                offloads (an FP of the scoring), which is a DIFF
  DIFF          other output (the first differing token), exit status, or
                verification
  timeout       no exit in the time limit
  crash         killed by a signal, or an exit status the reference does not
                have that is > 1 or comes with a libomptarget message
  build-fail    the translation does not build
  tool-fail     the tool failed on a file of the program: no translation
  ref-fail      the reference does not build, run or verify (not the tool's)
"""

import os
import re
import subprocess

from run_openmp_suites import (CLANG_TRANS, GCC_TRANS, LLVM_LIB, VERIFIED, build, first_mismatch,  # noqa: F401
                               judge, last_line, run_exe)

GCC_REF = ["gcc", "-O1"]
BUILD_TIMEOUT = 300
OMP_NAME = re.compile(r"\bomp_\w+|\b_OPENMP\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
COPY = re.compile(r"Copying data from (host to device|device to host),.*\bSize=(\d+)")
LAUNCH = re.compile(r"Launching kernel __omp_offloading_[0-9a-f]+_[0-9a-f]+_(\w+)_l(\d+)\b|Launching kernel (\S+)")
CRASH_LINE = re.compile(r"error|assert|fault|fail|omptarget|abort", re.I)
RESULTS = ["same", "ref-unstable", "DIFF", "timeout", "crash", "build-fail", "tool-fail", "ref-fail"]


def read(path):
    with open(path, encoding="latin-1") as fh:
        return fh.read()


def first_diff(a, b):
    """'' when a and b hold the same tokens (numbers within RTOL), else the
    first differing token with the three before it."""
    m = first_mismatch(a, b)
    if m is None:
        return ""
    ta, tb, k = m
    if k == len(ta) or k == len(tb):
        return "%d tokens, reference %d (the first missing or extra: %s)" % (
            len(tb), len(ta), (ta[len(tb)] if len(ta) > len(tb) else tb[len(ta)])[:40])
    return "token %d (after '%s'): %s, reference %s" % (k + 1, " ".join(ta[max(0, k - 3):k])[-50:],
                                                        tb[k][:40], ta[k][:40])


def verdict(p, ref, r, deterministic):
    """judge(), with the first differing token in full, and for a crash the
    first line of stderr that says what (judge() gives the last)."""
    v, d = judge(p, ref, r, deterministic)
    why = [l.strip() for l in r["err"].splitlines() if CRASH_LINE.search(l)]
    if v == "crash" and why:
        d = d.split(":")[0] + ": " + why[0][:160]
    if v == "DIFF" and p["compare"] != "verify" and r["rc"] == ref["rc"]:
        key = "err" if p["compare"] == "stderr" else "out"
        d = first_diff(ref[key], r[key]) or d
    return v, d


def offload_info(p, exe, env, timeout, log):
    """Run exe with LIBOMPTARGET_INFO=48, its stderr in log: its counts
    (info_counts), or None on a timeout. Per kernel, the launches and bytes
    copied to the device are written to log + ".kernels"; a log over 20 MB
    is then cut to its first 2000 lines (class W logs reach hundreds of MB)."""
    with open(log, "w") as fh:
        try:
            subprocess.run([exe] + p["args"], cwd=os.path.dirname(exe), stdout=subprocess.DEVNULL, stderr=fh,
                           env=dict(env, LIBOMPTARGET_INFO="48"), timeout=timeout)
        except (subprocess.TimeoutExpired, OSError):
            return None
    info = info_counts(log)
    with open(log + ".kernels", "w") as fh:
        fh.write("# kernel (function:line), launches, MB copied host to device for it\n")
        for name, (b, n) in sorted(info.pop("per").items(), key=lambda kv: -kv[1][0]):
            fh.write("%s %d %.1f\n" % (name, n, b / 1e6))
    if os.path.getsize(log) > 20e6:
        with open(log, errors="replace") as fh:
            head = [next(fh, "") for _ in range(2000)]
        with open(log, "w") as fh:
            fh.writelines(head + ["... (cut: the counts are in the .kernels file and the run record)\n"])
    return info


def info_counts(log):
    """{kernels: launches, h2d, d2h: bytes, top: the kernel (function:line)
    the most bytes were copied host to device for, [bytes, launches]}, from
    libomptarget's log; the host-to-device copies since the previous launch
    are counted to the next (its maps, or those of a data region around)."""
    k, moved, pend = 0, {"host to device": 0, "device to host": 0}, 0
    per = {}
    with open(log, errors="replace") as fh:
        for line in fh:
            m = COPY.search(line)
            if m:
                moved[m.group(1)] += int(m.group(2))
                pend += int(m.group(2)) if m.group(1) == "host to device" else 0
                continue
            m = LAUNCH.search(line)
            if m:
                k += 1
                name = "%s:%s" % (m.group(1), m.group(2)) if m.group(1) else m.group(3)
                b, n = per.get(name, (0, 0))
                per[name], pend = (b + pend, n + 1), 0
    top = max(per.items(), key=lambda kv: kv[1][0]) if per else ("-", (0, 0))
    return dict(kernels=k, h2d=moved["host to device"], d2h=moved["device to host"], top=top[0],
                top_h2d=top[1][0], top_launches=top[1][1], per=per)


def run_program(p, wd, stripped, trans, offloaded, args):
    """The run record of one program: stripped (its stripped .c files), trans
    (their translations, None when the tool failed), offloaded (the loops the
    report offloads)."""
    rd = os.path.join(wd, "run")
    os.makedirs(rd, exist_ok=True)
    rec = dict(result="", detail="", cmp=p["compare"], offloaded=offloaded, clang="-", gcc="-", notes=[])
    q = dict(p, timeout=args.run_timeout)  # what judge() and run_exe() read
    tmo = args.run_timeout
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), OMP_WAIT_POLICY="passive")
    env_off = dict(env, OMP_TARGET_OFFLOAD="MANDATORY",
                   LD_LIBRARY_PATH=os.pathsep.join(filter(None, [LLVM_LIB, os.environ.get("LD_LIBRARY_PATH")])))

    def done(result, detail=""):
        rec["result"], rec["detail"] = result, detail
        return rec

    # The reference.
    ref_inc = ["-I" + wd] + p["flags"] + ["-I" + p["dir"]]
    omp = any(OMP_NAME.search(COMMENT.sub(" ", read(f))) for f in stripped)
    ref_cc = GCC_REF + (["-fopenmp"] if omp else [])
    exe = os.path.join(rd, "ref")
    e = build(ref_cc, stripped + p["other"], ref_inc, exe, BUILD_TIMEOUT)
    if e:
        return done("ref-fail", "the stripped program does not build: " + e)
    ref = run_exe(q, exe, env, tmo, "run1")
    rec["ref_secs"] = round(ref["secs"], 2)
    if ref["rc"] == 124 or ref["rc"] < 0 or (p["compare"] == "verify" and
                                             (ref["rc"] or not VERIFIED.search(ref["out"]))):
        return done("ref-fail", "reference: exit %d: %s" % (ref["rc"], last_line(ref["err"] or ref["out"])))
    deterministic, perturbed = True, False
    if p["compare"] != "verify":
        key = "err" if p["compare"] == "stderr" else "out"
        if not ref[key].strip():
            rec["cmp"] = "empty"
        again = run_exe(q, exe, env, tmo, "run2")
        if again["rc"] != ref["rc"] or first_diff(ref[key], again[key]):
            deterministic = False
            rec["cmp"] = "exit"
            rec["notes"].append("two reference runs differ (%s): exit status compared only" % (
                first_diff(ref[key], again[key]) or "exit %d, %d" % (ref["rc"], again["rc"])))
        else:
            pert = run_exe(q, exe, dict(env, MALLOC_PERTURB_="165"), tmo, "perturb")
            d = first_diff(ref[key], pert[key]) or ("exit %d" % pert["rc"] if pert["rc"] != ref["rc"] else "")
            if d:
                perturbed = True
                rec["notes"].append("the reference reads uninitialized heap memory (with MALLOC_PERTURB_: %s)" % d)
    if trans is None:
        return done("tool-fail", "no translation (the tool failed)")

    # The translation, two builds.
    t_inc = ["-I" + os.path.join(wd, "trans")] + ref_inc
    verdicts = []
    for tag, cc, env_run in (("clang", CLANG_TRANS, env_off), ("gcc", GCC_TRANS, env)):
        exe = os.path.join(rd, tag)
        e = build(cc, trans + p["other"], t_inc, exe, BUILD_TIMEOUT)
        rec[tag] = "FAIL" if e else "ok"
        if e:
            verdicts.append(("build-fail", "%s build: %s" % (tag, e)))
            continue
        r = run_exe(q, exe, env_run, tmo, "run")
        rec[tag + "_secs"] = round(r["secs"], 2)
        v, d = verdict(q, ref, r, deterministic)
        if v != "same":
            if perturbed and v == "DIFF":
                v, d = "ref-unstable", d + " (the reference reads uninitialized heap memory)"
            else:  # the control: the stripped original built and run as the translation is
                cexe = os.path.join(rd, tag + "-orig")
                ce = build(cc, stripped + p["other"], ref_inc, cexe, BUILD_TIMEOUT)
                cv = "build-fail" if ce else verdict(q, ref, run_exe(q, cexe, env_run, tmo, "run"),
                                                     deterministic)[0]
                if cv not in ("same", "build-fail"):
                    v, d = "ref-unstable", d + " (the stripped original built and run so: %s)" % cv
        verdicts.append((v, "%s: %s" % (tag, d)))
        if tag == "clang" and p["suite"] == "npb" and v != "timeout":
            info = offload_info(q, exe, env_run, tmo, os.path.join(rd, "clang.info.err"))
            if info:
                rec.update(info)
    bad = [(v, d) for v, d in verdicts if v != "same"]
    if not bad:
        return done("same")
    worst = max(bad, key=lambda vd: RESULTS.index(vd[0]))
    rec["result"], rec["detail"] = worst[0], "; ".join(d for _, d in bad)
    return rec


# ---------------------------------------------------------------- report

def mb(n):
    return "%.1f" % (n / 1e6) if n is not None else "-"


def secs(x):
    return "%.2f" % x if x is not None else "-"


def report(rows, cls):
    """The lines of the run tables: rows are score_legacy's program results
    with their "run" records."""
    runs = [(r, r["run"]) for r in rows if r.get("run")]
    if not runs:
        return []
    w = max(len(r["program"]) for r, _ in runs) + 4
    L = ["", "RUN (--run): the stripped program (gcc -O1) against its translation built with clang-19 for the "
         "CPU stand-in device and with gcc -foffload=disable" +
         ("; NPB class %s" % cls if any(r["suite"] == "npb" for r, _ in runs) else ""), ""]
    hdr = "%-*s %6s %6s %5s %-12s %s" % (w, "program", "cmp", "clang", "gcc", "result", "detail (not same)")
    L += [hdr, "-" * len(hdr)]
    for r, x in runs:
        L.append("%-*s %6s %6s %5s %-12s %s" % (w, r["suite"] + " " + r["program"], x["cmp"], x["clang"], x["gcc"],
                                                 x["result"], x["detail"][:150]))
    L.append("-" * len(hdr))
    for suite in ("npb", "drb", "extra", None):
        rs = [x for r, x in runs if suite in (None, r["suite"])]
        if rs and (suite or len({r["suite"] for r, _ in runs}) > 1):
            cnt = {k: sum(x["result"] == k for x in rs) for k in RESULTS}
            L.append("%-6s %3d programs: %s" % (suite or "TOTAL", len(rs),
                                                ", ".join("%s %d" % (k, n) for k, n in cnt.items() if n)))
    notes = [(r, n) for r, x in runs for n in x["notes"]]
    if notes:
        L += ["", "Reference notes:"] + ["  %s: %s" % (r["program"], n[:160]) for r, n in notes]
    bad = [(r, x) for r, x in runs if x["result"] not in ("same", "ref-fail")]
    L += ["", "Not same (%d; ref-fail not listed again):" % len(bad)]
    L += ["  %s %s [%s]: %s" % (r["suite"], r["program"], x["result"], x["detail"]) for r, x in bad] or ["  none"]
    npb = [(r, x) for r, x in runs if r["suite"] == "npb"]
    if npb:
        L += ["", "NPB class %s on the stand-in device (LIBOMPTARGET_INFO=48 run; times of the judged runs, "
              "OMP_NUM_THREADS as set):" % cls]
        hdr = "%-6s %7s %8s %8s %8s %7s %7s %7s %-12s %s" % (
            "bench", "offload", "kernels", "MB H->D", "MB D->H", "ref s", "clang s", "gcc s", "result",
            "most H->D: kernel (function:line), MB, launches")
        L += [hdr, "-" * len(hdr)]
        for r, x in npb:
            L.append("%-6s %7d %8s %8s %8s %7s %7s %7s %-12s %s" % (
                r["program"], x["offloaded"], x.get("kernels", "-"), mb(x.get("h2d")), mb(x.get("d2h")),
                secs(x.get("ref_secs")), secs(x.get("clang_secs")), secs(x.get("gcc_secs")), x["result"],
                "%s %s %d" % (x["top"], mb(x["top_h2d"]), x["top_launches"]) if "top" in x else "-"))
        L.append("offload: loops the report offloads (versioned ones included); kernels: launches counted; "
                 "most H->D: the host-to-device copies since the previous launch counted to the next")
    return L
