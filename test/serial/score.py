#!/usr/bin/env python3
"""Score omp-migrate --offload=serial against the labelled corpus (issue #15).

Runs the tool on every test/serial/corpus/*.c file,

    omp-migrate --offload=serial --report=R.json FILE -- -std=c11

reads the report and compares its decisions with test/serial/labels.json
(ground truth, see the "schema" there): TP/FP/TN/FN, precision, recall and
clause agreement (the fraction of offloaded loops labelled parallel whose
collapse depth, reductions, private, lastprivate and linear items are the
expected ones; maps and firstprivate are not compared). It prints a table
per file, the totals, and one line for every false positive, false negative
and clause disagreement with the tool's reason.

With --run it also builds each translation with clang-19 for the CPU
stand-in device and the original with gcc, runs both and compares their
stdout: whitespace-separated tokens, numbers within a relative tolerance
of 1e-9 (the corpus prints with %.6e and uses data whose sums are exact, so
this is equality in practice), everything else exactly; and exit codes.

Exit status: 0; 1 if a loop is a false positive, recall is below
--min-recall, a run mismatches or fails, or the tool fails on a file; 2 if
the labels do not match the corpus (a for line without its '// L:<id>'
marker) or on usage errors.
"""
import argparse
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
CLANG_OFFLOAD = ["clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1",
                 "-Wno-unknown-pragmas"]
GCC = ["gcc", "-std=c11", "-O1"]

# ---------------------------------------------------------------------------
# Loop structure of a C file: a small scanner (comments, strings and
# preprocessor lines skipped) and a statement walker that finds every for
# loop, its extent and its enclosing loop.


def tokenize(text):
    toks = []  # (text, line)
    i, n, line = 0, len(text), 1
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "#" and at_line_start:  # preprocessor line, with continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 2
                    continue
                if text.startswith("/*", i):
                    j = text.find("*/", i + 2)
                    j = n if j < 0 else j + 2
                    line += text.count("\n", i, j)
                    i = j
                    continue
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            toks.append(("<lit>", line))
            i = j + 1
            continue
        m = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--|<<=|>>=|[<>=!&|^+\-*/%]=|&&|\|\||<<|>>|::|.").match(text, i)
        toks.append((m.group(0), line))
        i = m.end()
    return toks


class LoopFinder:
    """Every for loop: {line, parent (index or None), first, last (token indices)}."""

    def __init__(self, toks):
        self.t = toks
        self.loops = []
        self.stack = []

    def tok(self, i):
        return self.t[i][0] if i < len(self.t) else None

    def balanced(self, i):  # t[i] is an opening bracket; index after its match
        pairs = {"(": ")", "[": "]", "{": "}"}
        depth = []
        while i < len(self.t):
            x = self.t[i][0]
            if x in pairs:
                depth.append(pairs[x])
            elif depth and x == depth[-1]:
                depth.pop()
                if not depth:
                    return i + 1
            i += 1
        return i

    def simple(self, i):  # expression or declaration statement: to ';' or an unmatched '}'
        while i < len(self.t):
            x = self.t[i][0]
            if x == ";":
                return i + 1
            if x == "}":
                return i
            if x in "([{":
                i = self.balanced(i)
                continue
            i += 1
        return i

    def stmt(self, i):
        x = self.tok(i)
        if x is None:
            return i
        if x == "{":
            i += 1
            while i < len(self.t) and self.tok(i) != "}":
                j = self.stmt(i)
                i = j if j > i else i + 1
            return i + 1
        if x == "for":
            idx = len(self.loops)
            self.loops.append({"line": self.t[i][1], "parent": self.stack[-1] if self.stack else None,
                               "first": i})
            j = self.balanced(i + 1)
            self.stack.append(idx)
            j = self.stmt(j)
            self.stack.pop()
            self.loops[idx]["last"] = j
            return j
        if x in ("while", "switch"):
            return self.stmt(self.balanced(i + 1))
        if x == "if":
            j = self.stmt(self.balanced(i + 1))
            if self.tok(j) == "else":
                j = self.stmt(j + 1)
            return j
        if x == "do":
            j = self.stmt(i + 1)
            if self.tok(j) == "while":
                j = self.balanced(j + 1)
            return j + 1 if self.tok(j) == ";" else j
        if x in ("case", "default"):
            while i < len(self.t) and self.tok(i) != ":":
                i += 1
            return self.stmt(i + 1)
        if re.match(r"[A-Za-z_]\w*$", x) and self.tok(i + 1) == ":" and x not in ("public", "private", "protected"):
            return self.stmt(i + 2)  # a label
        return self.simple(i)

    def run(self):
        i = 0
        while i < len(self.t):
            if self.tok(i) == "{":
                i = self.stmt(i)
            else:
                i += 1
        return self.loops


def loop_tree(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    loops = LoopFinder(tokenize(text)).run()
    return loops, text.splitlines()


# ---------------------------------------------------------------------------
# Directive clauses


def split_top(s, sep=","):
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def clauses_of(directive):
    """{'collapse': int, 'reduction': {(op, base)}, 'private': {..}, 'lastprivate': {..}, 'linear': {..}}
    (atomic updates in the loop body are added from the report's per-loop "atomic" list)"""
    cl = {"collapse": 1, "reduction": set(), "private": set(), "lastprivate": set(), "linear": set(),
          "firstprivate": set()}
    i = 0
    while True:
        m = re.compile(r"\b([a-z_]+)\s*\(").search(directive, i)
        if not m:
            break
        j, depth = m.end(), 1
        while j < len(directive) and depth:
            depth += {"(": 1, ")": -1}.get(directive[j], 0)
            j += 1
        name, body = m.group(1), directive[m.end():j - 1]
        i = j
        if name == "collapse":
            cl["collapse"] = int(body.strip() or 1)
        elif name == "reduction":
            op, _, items = body.partition(":")
            op = op.strip()
            for mod in ("inscan", "task", "default"):
                if op.startswith(mod + ","):
                    op = op[len(mod) + 1:].strip()
            for it in split_top(items):
                cl["reduction"].add((norm_op(op), base_of(it)))
        elif name in ("private", "firstprivate"):
            cl[name].update(base_of(x) for x in split_top(body))
        elif name == "lastprivate":
            mod, colon, items = body.partition(":")
            if colon and mod.strip() == "conditional":
                cl["lastprivate"].update("conditional:" + base_of(x) for x in split_top(items))
            else:
                cl["lastprivate"].update(base_of(x) for x in split_top(body))
        elif name == "linear":
            items, _, step = body.partition(":")
            step = step.strip() or "1"
            step = re.sub(r"^step\s*\((.*)\)$", r"\1", step).strip()
            cl["linear"].update("%s:%s" % (base_of(x), step) for x in split_top(items))
    return cl


def norm_op(op):
    op = op.replace(" ", "")
    return "+" if op == "-" else op


def base_of(item):
    m = re.match(r"\s*\(?\s*\*?\s*([A-Za-z_]\w*)", item)
    return m.group(1) if m else item.strip()


def expected_clauses(c):
    e = {"collapse": c.get("collapse", 1), "reduction": set(), "private": set(), "lastprivate": set(),
         "linear": set(), "flag": set(c.get("flag", []))}
    for r in c.get("reduction", []):
        op, _, item = r.partition(":")
        e["reduction"].add((norm_op(op.strip()), base_of(item)))
    e["private"] = set(c.get("private", []))
    for x in c.get("lastprivate", []):
        mod, colon, item = x.partition(":")
        e["lastprivate"].add("conditional:" + item.strip() if colon and mod.strip() == "conditional" else x.strip())
    for x in c.get("linear", []):
        v, _, step = x.partition(":")
        e["linear"].add("%s:%s" % (v.strip(), (step.strip() or "1")))
    return e


FLAG_OPS = {"||", "|", "max"}


def compare_clauses(label, got):
    """'' when the emitted clauses match the label (or one of its alternatives), else what differs."""
    alts = [label.get("clauses", {})] + list(label.get("alternative_clauses", []))
    diffs = []
    for alt in alts:
        e = expected_clauses(alt)
        g = {k: set(v) if isinstance(v, set) else v for k, v in got.items()}
        g.setdefault("atomic", set())
        # an array (element or section) reduction may just as well be done by atomic updates
        for op, base in list(e["reduction"]):
            if base in g["atomic"] and (op, base) not in g["reduction"]:
                e["reduction"].discard((op, base))
        d = []
        for f in e["flag"]:  # any of: reduction(|| | max), lastprivate(conditional:), left shared
            g["reduction"] = {r for r in g["reduction"] if not (r[1] == f and r[0] in FLAG_OPS)}
            g["lastprivate"].discard("conditional:" + f)
            if f in g["private"] or f in g["lastprivate"] or f in g["firstprivate"] or any(r[1] == f for r in g["reduction"]):
                d.append("flag %s privatized or reduced with a wrong operator" % f)
        if e["collapse"] != g["collapse"]:
            d.append("collapse %d, expected %d" % (g["collapse"], e["collapse"]))
        for key, show in (("reduction", lambda r: "%s: %s" % r), ("private", str), ("lastprivate", str),
                          ("linear", str)):
            miss, extra = e[key] - g[key], g[key] - e[key]
            if miss:
                d.append("%s missing %s" % (key, ", ".join(sorted(show(x) for x in miss))))
            if extra:
                d.append("%s unexpected %s" % (key, ", ".join(sorted(show(x) for x in extra))))
        if not d:
            return ""
        diffs.append("; ".join(d))
    return diffs[0]


# ---------------------------------------------------------------------------
# Tool reports


def tool_loops(report, src):
    """[(line, column, offloaded, reason, directive)] of the report's file object for src."""
    files = report.get("files", [])
    fobj = None
    for f in files:
        if os.path.realpath(f.get("file", "")) == os.path.realpath(src):
            fobj = f
    if fobj is None and len(files) == 1:
        fobj = files[0]
    if fobj is None:
        return None
    out = []
    if isinstance(fobj.get("loops"), list):
        for l in fobj["loops"]:
            d = l.get("directive") or ""
            if isinstance(d, list):
                d = " ".join(d)
            coll = l.get("collapse")
            if coll and "collapse(" not in d and int(coll) > 1:
                d += " collapse(%d)" % int(coll)
            # The loop variable's final value, set on the host after the
            # kernel ("final_value"), is what lastprivate of it would give.
            if l.get("final_value"):
                d += " lastprivate(%s)" % l["final_value"]
            # Scalars whose last values the last iteration stores into
            # mapped copies ("last_values"): lastprivate too (the directive
            # makes them private; the copy gives the value back).
            for v in l.get("last_values") or []:
                def drop(m, v=v):
                    names = [x.strip() for x in m.group(1).split(",") if x.strip() != v]
                    return "private(%s)" % ", ".join(names) if names else ""
                d = re.sub(r"(?<![a-z])private\(([^)]*)\)", drop, d)
                d += " lastprivate(%s)" % v
            atomic = [base_of(a if isinstance(a, str) else str(a.get("item", a.get("name", ""))))
                      for a in (l.get("atomic") or [])]
            # "parallel": proved parallel (offloaded, or kept on the host for
            # profitability only: that is a decision about cost, not about
            # the dependence test, so it counts as predicted parallel).
            off = bool(l.get("offloaded"))
            # A versioned loop is offloaded behind a run-time test that the
            # pointers' sections do not overlap; the original loop runs
            # otherwise.
            reason = l.get("reason", "")
            if off and l.get("versioned"):
                reason = "versioned: " + l["versioned"]
            out.append((l["line"], l.get("column", 0), off, reason, d, atomic,
                        bool(l.get("parallel", off))))
        return out
    for c in fobj.get("constructs", []):
        if c.get("kind") == "serial loop":
            em = [e for e in c.get("emitted", []) if re.search(r"\bomp\s+target\b", e)] or c.get("emitted", [""])
            out.append((c["line"], c.get("column", 0), True, "; ".join(c.get("notes", [])[:1]), em[-1], [], True))
    for d in fobj.get("decisions", []):
        if d.get("kind") == "serial loop":
            notes = d.get("notes", [])
            reason = notes[0] if notes else ""
            reason = re.sub(r"^kept on the host: ", "", reason)
            out.append((d["line"], d.get("column", 0), False, reason, "", [], False))
    return out


def run_cmd(cmd, cwd=None, timeout=120, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timeout after %d s" % timeout
    except OSError as e:
        return 127, "", str(e)


def same_output(a, b):
    ta, tb = a.split(), b.split()
    if len(ta) != len(tb):
        return "different number of tokens (%d and %d)" % (len(ta), len(tb))
    for k, (x, y) in enumerate(zip(ta, tb)):
        if x == y:
            continue
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            return "token %d: %r and %r" % (k + 1, x, y)
        if abs(fx - fy) > RTOL * max(abs(fx), abs(fy)):
            return "token %d: %s and %s" % (k + 1, x, y)
    return ""


def process(name, args, work):
    src = os.path.join(args.corpus, name)
    wd = os.path.join(work, os.path.splitext(name)[0])
    os.makedirs(wd, exist_ok=True)
    rep = os.path.join(wd, "report.json")
    out_c = os.path.join(wd, name)
    res = {"file": name, "error": "", "loops": None, "run": None}
    rc, out, err = run_cmd([args.tool, "--offload=serial"] + args.tool_args +
                           ["--report=" + rep, src, "--"] + args.flags,
                           cwd=wd, timeout=args.timeout)
    if rc not in (0, 1) or not os.path.exists(rep):
        res["error"] = "omp-migrate exit %d: %s" % (rc, err.strip().splitlines()[-1:] or "")
        return res
    with open(out_c, "w") as fh:
        fh.write(out)
    with open(rep) as fh:
        loops = tool_loops(json.load(fh), src)
    if loops is None:
        res["error"] = "no file object for %s in the report" % src
        return res
    res["loops"] = loops
    if args.run:
        res["run"] = run_program(name, src, out_c, wd, args)
    return res


def run_program(name, src, out_c, wd, args):
    orig, omp = os.path.join(wd, "orig"), os.path.join(wd, "omp")
    rc, _, err = run_cmd(GCC + [src, "-o", orig, "-lm"], timeout=args.timeout)
    if rc:
        return {"status": "build-error", "detail": "gcc: " + err.strip()[-400:]}
    rc, _, err = run_cmd(CLANG_OFFLOAD + [out_c, "-o", omp, "-lm"], timeout=args.timeout)
    if rc:
        return {"status": "build-error", "detail": "clang-19: " + err.strip()[-400:]}
    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY",
               LD_LIBRARY_PATH=os.pathsep.join(filter(None, ["/usr/lib/llvm-19/lib",
                                                             os.environ.get("LD_LIBRARY_PATH")])))
    rc1, o1, e1 = run_cmd([orig], cwd=wd, timeout=args.timeout)
    rc2, o2, e2 = run_cmd([omp], cwd=wd, timeout=args.timeout, env=env)
    if rc1 != rc2:
        return {"status": "mismatch", "detail": "exit %d (original) and %d (translation): %s" % (
            rc1, rc2, (e2.strip().splitlines() or [""])[-1][:300])}
    d = same_output(o1, o2)
    if d:
        return {"status": "mismatch", "detail": d}
    return {"status": "ok", "detail": ""}


# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin", "omp-migrate"))
    ap.add_argument("--corpus", default=os.path.join(HERE, "corpus"))
    ap.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    ap.add_argument("--json", help="write the per-loop results and totals as JSON")
    ap.add_argument("--min-recall", type=float, default=0.0)
    ap.add_argument("--run", action="store_true", help="build and run original and translation, compare stdout")
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
        labels = json.load(fh)["loops"]
    names = sorted(f for f in os.listdir(args.corpus) if f.endswith(".c"))
    if args.files:
        names = [os.path.basename(f) for f in args.files]

    # Labels and corpus must agree: every labelled line carries its marker,
    # every marker has a label.
    by_file, problems = {}, []
    for l in labels:
        by_file.setdefault(l["file"], {})[l["line"]] = l
    trees = {}
    for name in names:
        path = os.path.join(args.corpus, name)
        if not os.path.exists(path):
            problems.append("%s: no such corpus file" % name)
            continue
        loops, lines = loop_tree(path)
        trees[name] = loops
        lab = by_file.get(name, {})
        for ln, l in lab.items():
            if ln > len(lines) or "L:%s" % l["id"] not in lines[ln - 1]:
                where = [k + 1 for k, s in enumerate(lines) if re.search(r"L:%s(\s|$)" % re.escape(l["id"]), s)]
                problems.append("%s:%d: label '%s' is not on this line%s" % (
                    name, ln, l["id"], " (its marker is on line %d)" % where[0] if where else ""))
        loop_lines = {lp["line"] for lp in loops}
        for k, s in enumerate(lines):
            if re.search(r"//\s*L:\S+", s) and k + 1 not in lab:
                problems.append("%s:%d: marker without a label" % (name, k + 1))
        for ln in lab:
            if ln not in loop_lines:
                problems.append("%s:%d: label '%s' is not on a for loop" % (name, ln, lab[ln]["id"]))
    if problems:
        print("\n".join("labels: " + p for p in problems))
        return 2
    if not os.path.exists(args.tool):
        print("score.py: no tool at %s" % args.tool)
        return 2

    work = args.work or tempfile.mkdtemp(prefix="ompm-serial-")
    os.makedirs(work, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(lambda n: process(n, args, work), names))

    rows, per_loop, errors = [], [], []
    tot = dict(TP=0, FP=0, TN=0, FN=0, inside=0, small=0, unreported=0, heads=0, clause_ok=0,
               versioned_tn=0)
    unlabelled = []
    for res in results:
        name = res["file"]
        if res["error"]:
            errors.append("%s: %s" % (name, res["error"]))
            continue
        lab = by_file.get(name, {})
        loops = trees[name]
        decided = {}
        atomics = {}
        versioned = set()
        for (line, col, off, reason, directive, atomic, par) in res["loops"]:
            decided[line] = (off, reason, directive, par)
            atomics[line] = set(atomic)
            if line not in lab:
                unlabelled.append("%s:%d: %s loop without a label" % (name, line, "offloaded" if off else "kept"))
        # what the tool predicts for each loop of the file
        pred = {}  # line -> (state, reason, directive); state offloaded/collapsed/inside/kept/unreported
        idx_by_line = {lp["line"]: k for k, lp in enumerate(loops)}
        for k, lp in enumerate(loops):
            line = lp["line"]
            if line in decided:
                off, reason, directive, par = decided[line]
                pred[line] = ("offloaded" if off else "proved" if par else "kept", reason, directive)
                if off and reason.startswith("versioned: "):
                    versioned.add(line)
        for k, lp in enumerate(loops):
            if lp["line"] in pred:
                continue
            # the nearest enclosing loop the tool offloaded, and whether we are a collapsed level of it
            chain, p = [k], lp["parent"]
            while p is not None and pred.get(loops[p]["line"], ("",))[0] != "offloaded":
                chain.append(p)
                p = loops[p]["parent"]
            if p is None:
                pred[lp["line"]] = ("unreported", "not reported by the tool", "")
                continue
            head = loops[p]
            depth = clauses_of(pred[head["line"]][2])["collapse"]
            level, cur, ok = 1, p, False
            while level < depth:
                kids = [q for q, l2 in enumerate(loops) if l2["parent"] == cur]
                if not kids:
                    break
                cur, level = kids[0], level + 1
                if cur == k:
                    ok = True
                    break
            pred[lp["line"]] = ("collapsed" if ok else "inside", "level of collapse(%d) at line %d" % (
                depth, head["line"]) if ok else "inside the loop offloaded at line %d" % head["line"], "")
        row = dict(file=name, labelled=len(lab), TP=0, FP=0, TN=0, FN=0, excluded=0, heads=0, clause_ok=0)
        for line in sorted(lab):
            l = lab[line]
            state, reason, directive = pred.get(line, ("unreported", "not found by the scanner", ""))
            ppar = state in ("offloaded", "collapsed", "proved")
            rec = {"file": name, "line": line, "id": l["id"], "label": l["parallel"], "state": state,
                   "reason": reason, "directive": directive, "what": l["what"], "profitable": l.get("profitable", True)}
            if state == "inside":
                outcome = "inside"
            elif not l.get("profitable", True) and not (ppar and not l["parallel"]):
                outcome = "small"
            elif line in versioned and not l["parallel"]:
                # Not parallel with the data main passes, and offloaded only
                # behind a test that the sections do not overlap: the test
                # must choose the original loop (--run checks the output).
                outcome = "TN"
                tot["versioned_tn"] += 1
                rec["versioned"] = True
            else:
                outcome = ("TP" if l["parallel"] else "FP") if ppar else ("FN" if l["parallel"] else "TN")
            rec["outcome"] = outcome
            if outcome in ("inside", "small"):
                row["excluded"] += 1
                tot[outcome] += 1
            else:
                row[outcome] += 1
                tot[outcome] += 1
            if state == "unreported" and outcome != "inside":
                tot["unreported"] += 1
            if outcome == "TP" and state == "offloaded":
                row["heads"] += 1
                got = clauses_of(directive)
                got["atomic"] = atomics.get(line, set())
                diff = compare_clauses(l, got)
                rec["clauses"] = diff
                if not diff:
                    row["clause_ok"] += 1
            per_loop.append(rec)
        tot["heads"] += row["heads"]
        tot["clause_ok"] += row["clause_ok"]
        row["run"] = res["run"]
        rows.append(row)

    # ---- report
    hdr = "%-16s %5s %4s %4s %4s %4s %5s %9s%s" % ("file", "loops", "TP", "FP", "TN", "FN", "excl", "clauses",
                                                   "  run" if args.run else "")
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        run = ""
        if args.run:
            run = "  " + (r["run"]["status"] if r["run"] else "-")
        print("%-16s %5d %4d %4d %4d %4d %5d %4d/%-4d%s" % (r["file"], r["labelled"], r["TP"], r["FP"], r["TN"],
                                                          r["FN"], r["excluded"], r["clause_ok"], r["heads"], run))
    print("-" * len(hdr))
    nl = sum(r["labelled"] for r in rows)
    print("%-16s %5d %4d %4d %4d %4d %5d %4d/%-4d" % ("TOTAL", nl, tot["TP"], tot["FP"], tot["TN"], tot["FN"],
                                                    tot["inside"] + tot["small"], tot["clause_ok"], tot["heads"]))
    prec = tot["TP"] / (tot["TP"] + tot["FP"]) if tot["TP"] + tot["FP"] else 1.0
    rec_ = tot["TP"] / (tot["TP"] + tot["FN"]) if tot["TP"] + tot["FN"] else 1.0
    agree = tot["clause_ok"] / tot["heads"] if tot["heads"] else 1.0
    print()
    print("excluded: %d inside an offloaded loop, %d not profitable (constant trip count < 1000)" % (
        tot["inside"], tot["small"]))
    print("precision %.3f  recall %.3f  clause agreement %.3f (%d of %d offloaded heads)" % (
        prec, rec_, agree, tot["clause_ok"], tot["heads"]))
    if tot["versioned_tn"]:
        print("versioned: %d loops labelled not parallel are offloaded only behind a run-time overlap "
              "test (counted TN; %s)" % (tot["versioned_tn"],
                                         "their programs match when run" if args.run else "run with --run to check"))

    def show(r):
        return "  %s:%d [%s] %s -- %s%s" % (r["file"], r["line"], r["id"], r["what"], r["reason"] or r["state"],
                                            ("\n      " + r["directive"]) if r["directive"] else "")
    fps = [r for r in per_loop if r["outcome"] == "FP"]
    fns = [r for r in per_loop if r["outcome"] == "FN"]
    bad_clauses = [r for r in per_loop if r.get("clauses")]
    if fps:
        print("\nFALSE POSITIVES (offloaded, labelled not parallel):")
        for r in fps:
            print(show(r))
    if fns:
        print("\nfalse negatives (kept, labelled parallel):")
        for r in fns:
            print("  %s:%d [%s] %s -- %s" % (r["file"], r["line"], r["id"], r["what"], r["reason"]))
    if bad_clauses:
        print("\nclause disagreements (offloaded, labelled parallel):")
        for r in bad_clauses:
            print("  %s:%d [%s] %s\n      %s" % (r["file"], r["line"], r["id"], r["clauses"], r["directive"]))
    inside = [r for r in per_loop if r["outcome"] == "inside"]
    if inside:
        print("\ninside an offloaded loop (not counted): " + ", ".join("%s:%d" % (r["file"], r["line"]) for r in inside))
    if unlabelled:
        print("\n" + "\n".join(unlabelled))
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
    print("false positives: %d" % tot["FP"])
    if args.run:
        print("run: %d programs, %d mismatches, %d build or run failures" % (len(rows), mism, fails))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"totals": dict(tot, precision=prec, recall=rec_, clause_agreement=agree,
                                      run_mismatches=mism, run_failures=fails, tool_errors=len(errors)),
                       "files": rows, "loops": per_loop}, fh, indent=1)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    status = 0
    if tot["FP"] or errors or mism or fails:
        status = 1
    if rec_ < args.min_recall:
        print("recall %.3f is below --min-recall %.3f" % (rec_, args.min_recall))
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
