#!/usr/bin/env python3
"""Score omp-migrate's critical sections against the labelled corpus.

Runs the tool on every test/critical/corpus/*.c file,

    omp-migrate --offload=openmp --report=R.json FILE -- -std=c11

reads the report's "criticals" (one per '#pragma omp critical': converted
with its form, or kept with a reason) and compares them with
test/critical/labels.json (ground truth, see the "schema" there). A
critical the report does not list (its construct was not translated for
another reason, or it is an orphaned critical in a called function) counts
as kept; the reason shown is then the tool's warning for the nearest
construct above it.

Outcomes per critical:
  ok        converted to the labelled form (or one of its alternatives), or
            labelled 'keep' and kept
  WRONG     labelled 'keep' and converted, or converted to a form that is
            neither the label nor an alternative (the hard failure)
  missed    labelled with a form and kept for a reason of its own
  host      labelled with a form, in a construct that stays on the host for
            another reason (the tool leaves such a construct as it is, its
            criticals included: "its construct stays on the host", or not
            reported, as in a function only such a construct calls); listed,
            not counted as missed

With --run it also builds the original with gcc -fopenmp and runs it
(OMP_NUM_THREADS=4), builds the translation with clang-19 for the CPU
stand-in device and runs it (OMP_TARGET_OFFLOAD=MANDATORY), and builds the
translation with gcc -fopenmp too; every stdout must match the original's:
whitespace-separated tokens, numbers within a relative tolerance of 1e-9
(the corpus prints integers and sums exact in double), everything else
exactly; and exit codes.

Exit status: 0; 1 on a wrong conversion, a missed conversion (unless
--allow-missed), a run mismatch or failure, or a tool failure; 2 if the
labels do not match the corpus (a critical line without its '// C:<id>'
marker, a marker without a label) or on usage errors.
"""
import argparse
import importlib.util
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RTOL = 1e-9
GCC_ORIG = ["gcc", "-fopenmp", "-O1", "-std=c11"]
GCC_TRANS = ["gcc", "-fopenmp", "-foffload=disable", "-O1", "-std=c11", "-Wno-unknown-pragmas"]
CLANG_OFFLOAD = ["clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1",
                 "-Wno-unknown-pragmas"]
FORMS = {"update", "read", "write", "capture", "compare", "reduction", "array-reduction",
         "arg-reduction", "team-histogram"}
CRITICAL = re.compile(r"^\s*#\s*pragma\s+omp\s+critical\b")
MARKER = re.compile(r"//\s*C:(\S+)\s*$")
WARNING = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*?) \[omp-migrate\]$")


# The runner and the output comparison of the serial corpus' scorer.
_spec = importlib.util.spec_from_file_location(
    "serial_score", os.path.join(ROOT, "test", "serial", "score.py"))
_serial = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_serial)
run_cmd, same_output = _serial.run_cmd, _serial.same_output


def file_object(report, src):
    files = report.get("files", [])
    for f in files:
        if os.path.realpath(f.get("file", "")) == os.path.realpath(src):
            return f
    return files[0] if len(files) == 1 else None


def process(name, args, work):
    src = os.path.join(args.corpus, name)
    wd = os.path.join(work, os.path.splitext(name)[0])
    os.makedirs(wd, exist_ok=True)
    rep = os.path.join(wd, "report.json")
    out_c = os.path.join(wd, name)
    res = {"file": name, "error": "", "criticals": None, "warnings": [], "exit": None, "run": None}
    if os.path.exists(rep):
        os.remove(rep)
    rc, out, err = run_cmd([args.tool, "--offload=openmp"] + args.tool_args +
                           ["--report=" + rep, src, "--"] + args.flags, cwd=wd, timeout=args.timeout)
    res["exit"] = rc
    if rc not in (0, 1) or not os.path.exists(rep):
        res["error"] = "omp-migrate exit %d: %s" % (rc, (err.strip().splitlines() or [""])[-1])
        return res
    with open(out_c, "w") as fh:
        fh.write(out)
    with open(rep) as fh:
        fobj = file_object(json.load(fh), src)
    if fobj is None:
        res["error"] = "no file object for %s in the report" % src
        return res
    res["criticals"] = fobj.get("criticals", [])
    for ln in err.splitlines():
        m = WARNING.match(ln)
        if m and os.path.realpath(m.group(1)) == os.path.realpath(src):
            res["warnings"].append((int(m.group(2)), m.group(4)))
    if args.run:
        res["run"] = run_program(src, out_c, wd, args)
    return res


def run_program(src, out_c, wd, args):
    orig, off, host = (os.path.join(wd, x) for x in ("orig", "offload", "host"))
    for cc, s, exe in ((GCC_ORIG, src, orig), (CLANG_OFFLOAD, out_c, off), (GCC_TRANS, out_c, host)):
        rc, _, err = run_cmd(cc + [s, "-o", exe, "-lm"], timeout=args.timeout)
        if rc:
            return {"status": "build-error", "detail": "%s: %s" % (
                cc[0] + (" (translation)" if s == out_c else " (original)"), err.strip()[-400:])}
    env = dict(os.environ, OMP_NUM_THREADS="4")
    env_off = dict(env, OMP_TARGET_OFFLOAD="MANDATORY",
                   LD_LIBRARY_PATH=os.pathsep.join(filter(None, ["/usr/lib/llvm-19/lib",
                                                                 os.environ.get("LD_LIBRARY_PATH")])))
    rc0, o0, e0 = run_cmd([orig], cwd=wd, timeout=args.timeout, env=env)
    for what, exe, e in (("clang-19 offload", off, env_off), ("gcc", host, env)):
        rc, o, err = run_cmd([exe], cwd=wd, timeout=args.timeout, env=e)
        if rc != rc0:
            return {"status": "mismatch", "detail": "%s: exit %d (original %d): %s" % (
                what, rc, rc0, (err.strip().splitlines() or [""])[-1][:300])}
        d = same_output(o0, o)
        if d:
            return {"status": "mismatch", "detail": "%s: %s" % (what, d)}
    return {"status": "ok", "detail": ""}


def check_labels(labels, names, corpus):
    """Labels and corpus must agree: every labelled line is a critical with its
    marker, every critical carries a marker with a label, ids unique per file."""
    by_file, problems = {}, []
    for l in labels:
        if l["expect"] != "keep" and l["expect"] not in FORMS:
            problems.append("%s:%d: unknown expect '%s'" % (l["file"], l["line"], l["expect"]))
        for a in l.get("alternatives", []):
            if a not in FORMS:
                problems.append("%s:%d: unknown alternative '%s'" % (l["file"], l["line"], a))
        if l["line"] in by_file.setdefault(l["file"], {}):
            problems.append("%s:%d: two labels on one line" % (l["file"], l["line"]))
        by_file[l["file"]][l["line"]] = l
    for name in names:
        path = os.path.join(corpus, name)
        if not os.path.exists(path):
            problems.append("%s: no such corpus file" % name)
            continue
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
        lab = by_file.get(name, {})
        for ln, l in sorted(lab.items()):
            m = MARKER.search(lines[ln - 1]) if ln <= len(lines) else None
            if not m or m.group(1) != l["id"] or not CRITICAL.match(lines[ln - 1]):
                where = [k + 1 for k, s in enumerate(lines) if (MARKER.search(s) or [None, None])[1] == l["id"]]
                problems.append("%s:%d: label '%s' is not on this line%s" % (
                    name, ln, l["id"], " (its marker is on line %d)" % where[0] if where else ""))
        seen = {}
        for k, s in enumerate(lines):
            m = MARKER.search(s)
            if CRITICAL.match(s) and not m:
                problems.append("%s:%d: critical without a '// C:<id>' marker" % (name, k + 1))
            if m:
                if m.group(1) in seen:
                    problems.append("%s:%d: marker '%s' also on line %d" % (name, k + 1, m.group(1), seen[m.group(1)]))
                seen[m.group(1)] = k + 1
                if k + 1 not in lab:
                    problems.append("%s:%d: marker '%s' without a label" % (name, k + 1, m.group(1)))
    return by_file, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin", "omp-migrate"))
    ap.add_argument("--corpus", default=os.path.join(HERE, "corpus"))
    ap.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    ap.add_argument("--json", help="write the per-critical results and totals as JSON")
    ap.add_argument("--run", action="store_true", help="build and run original and translation, compare stdout")
    ap.add_argument("--allow-missed", action="store_true", help="missed conversions do not fail the run")
    ap.add_argument("-j", type=int, default=1, help="files processed in parallel")
    ap.add_argument("--work", help="keep translations, reports and binaries here (default: a temporary directory)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per tool run, build or program run")
    ap.add_argument("--flags", default="-std=c11", help="compile flags after '--' (default: -std=c11)")
    ap.add_argument("--tool-arg", dest="tool_args", action="append", default=[],
                    help="an option for omp-migrate (repeatable), e.g. --tool-arg=--array-reductions")
    ap.add_argument("files", nargs="*", help="corpus files to score (default: all)")
    args = ap.parse_args()
    args.flags = args.flags.split()
    args.tool = os.path.abspath(args.tool)
    args.corpus = os.path.abspath(args.corpus)

    with open(args.labels) as fh:
        labels = json.load(fh)["criticals"]
    names = sorted(f for f in os.listdir(args.corpus) if f.endswith(".c"))
    if args.files:
        names = [os.path.basename(f) for f in args.files]
    by_file, problems = check_labels(labels, names, args.corpus)
    if problems:
        print("\n".join("labels: " + p for p in problems))
        return 2
    if not os.path.exists(args.tool):
        print("score.py: no tool at %s" % args.tool)
        return 2

    work = args.work or tempfile.mkdtemp(prefix="ompm-critical-")
    os.makedirs(work, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(lambda n: process(n, args, work), names))

    rows, per, errors, unlabelled = [], [], [], []
    for res in results:
        name = res["file"]
        if res["error"]:
            errors.append("%s: %s" % (name, res["error"]))
            continue
        lab = by_file.get(name, {})
        got = {}
        for c in res["criticals"]:
            got[c["line"]] = c
            if c["line"] not in lab:
                unlabelled.append("%s:%d: critical in the report without a label (%s)" % (
                    name, c["line"], c.get("form") if c.get("converted") else "kept"))
        row = dict(file=name, criticals=len(lab), converted=0, kept=0, ok=0, wrong=0, missed=0, host=0,
                   exit=res["exit"],
                   run=res["run"])
        for line in sorted(lab):
            l = lab[line]
            c = got.get(line)
            if c is None:
                above = [w for w in res["warnings"] if w[0] <= line]
                reason = "not reported" + ("; construct at line %d: %s" % above[-1] if above else "")
                conv, form = False, "keep"
            else:
                conv = bool(c.get("converted"))
                form = c.get("form", "?") if conv else "keep"
                reason = c.get("reason", "") if not conv else c.get("directive", "")
            ok_forms = {l["expect"]} | set(l.get("alternatives", []))
            if form in ok_forms:
                outcome = "ok"
            elif not conv and (c is None or reason == "its construct stays on the host"):
                outcome = "host"
            elif not conv:
                outcome = "missed"
            else:
                outcome = "WRONG"
            row["converted" if conv else "kept"] += 1
            row[outcome.lower()] += 1
            per.append({"file": name, "line": line, "id": l["id"], "expect": l["expect"],
                        "alternatives": l.get("alternatives", []), "got": form, "outcome": outcome,
                        "reason": reason, "what": l["what"], "why": l.get("why", "")})
        rows.append(row)

    # ---- report
    hdr = "%-16s %5s %5s %5s %4s %6s %6s %5s%s" % ("file", "crit", "conv", "kept", "ok", "wrong", "missed",
                                                   "host", "  run" if args.run else "")
    print(hdr)
    print("-" * len(hdr))
    tot = dict(criticals=0, converted=0, kept=0, ok=0, wrong=0, missed=0, host=0)
    for r in rows:
        for k in tot:
            tot[k] += r[k]
        run = ("  " + (r["run"]["status"] if r["run"] else "-")) if args.run else ""
        print("%-16s %5d %5d %5d %4d %6d %6d %5d%s" % (r["file"], r["criticals"], r["converted"], r["kept"],
                                                      r["ok"], r["wrong"], r["missed"], r["host"], run))
    print("-" * len(hdr))
    print("%-16s %5d %5d %5d %4d %6d %6d %5d" % ("TOTAL", tot["criticals"], tot["converted"], tot["kept"],
                                                tot["ok"], tot["wrong"], tot["missed"], tot["host"]))
    legal = sum(1 for p in per if p["expect"] != "keep")
    good = sum(1 for p in per if p["expect"] != "keep" and p["outcome"] == "ok")
    print()
    print("labels: %d criticals, %d legal to convert, %d to keep; converted correctly %d of %d legal" % (
        len(per), legal, len(per) - legal, good, legal))

    wrong = [p for p in per if p["outcome"] == "WRONG"]
    missed = [p for p in per if p["outcome"] == "missed"]
    if wrong:
        print("\nWRONG CONVERSIONS:")
        for p in wrong:
            print("  %s:%d [%s] %s -- expected %s%s, got %s%s" % (
                p["file"], p["line"], p["id"], p["what"], p["expect"],
                "/" + "/".join(p["alternatives"]) if p["alternatives"] else "", p["got"],
                (" (keep: %s)" % p["why"]) if p["expect"] == "keep" else ""))
    if missed:
        print("\nmissed conversions (labelled legal, kept):")
        for p in missed:
            print("  %s:%d [%s] %s -- expected %s: %s" % (p["file"], p["line"], p["id"], p["what"], p["expect"],
                                                          p["reason"]))
    host = [p for p in per if p["outcome"] == "host"]
    if host:
        print("\nlegal, in constructs that stay on the host for another reason (not counted as missed):")
        for p in host:
            print("  %s:%d [%s] %s -- expected %s: %s" % (p["file"], p["line"], p["id"], p["what"], p["expect"],
                                                          p["reason"]))
    if unlabelled:
        print("\n" + "\n".join("ERROR: " + u for u in unlabelled))
    for e in errors:
        print("ERROR: " + e)

    mism = fails = 0
    if args.run:
        print()
        for r in rows:
            st = r["run"]
            if st and st["status"] != "ok":
                if st["status"] == "mismatch":
                    mism += 1
                else:
                    fails += 1
                print("run %s: %s: %s" % (st["status"], r["file"], st["detail"]))
    print()
    print("wrong conversions: %d" % tot["wrong"])
    print("missed conversions: %d%s" % (tot["missed"], " (allowed)" if args.allow_missed and tot["missed"] else ""))
    print("legal criticals in constructs kept on the host: %d" % tot["host"])
    if args.run:
        print("run: %d programs, %d mismatches, %d build or run failures" % (len(rows), mism, fails))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"totals": dict(tot, legal=legal, converted_ok=good, run_mismatches=mism, run_failures=fails,
                                      tool_errors=len(errors) + len(unlabelled)),
                       "files": rows, "criticals": per}, fh, indent=1)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    status = 0
    if tot["wrong"] or errors or unlabelled or mism or fails or (tot["missed"] and not args.allow_missed):
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
