#!/usr/bin/env python3
"""Execution check for one bundled sample program (samples/<name>/).

Usage:
  check-sample.py --tool PATH --work DIR SAMPLE_DIR [--keep] [--rtol R] [--atol A]
                  [--tool-arg ARG]...

Steps:
  1. translate the sample's single .c/.cpp source with the tool
     (TOOL SRC -- -O1 -std=...), stdout -> DIR/<name>.omp.c(pp); the tool
     must exit 0;
  2. check the translated source: no "#pragma acc" line left, no "ompx_",
     at least one "omp target" directive;
  3. build and run the ORIGINAL with gcc -fopenacc -foffload=disable (host);
  4. build and run the TRANSLATED code
       (a) with clang-19 offloading to the x86_64 CPU plugin, which keeps its
           own device memory (OMP_TARGET_OFFLOAD=MANDATORY), and
       (b) with gcc -fopenmp -foffload=disable (host fallback);
  5. compare every run's stdout with the original's and with expected.txt:
     token-wise, numbers within --rtol/--atol (integers without a decimal
     point or exponent exactly), other tokens exactly; compare exit codes too.

Exit status: 0 all variants match, 1 a translation/build/run/compare failure,
2 a setup error (missing compiler or offload runtime, bad sample directory).
Only the Python standard library is used.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

COMPILE_TIMEOUT = 60
RUN_TIMEOUT = 30
TOOL_TIMEOUT = 120

LLVM19_LIB = "/usr/lib/llvm-19/lib"
OFFLOAD_TRIPLE = "x86_64-pc-linux-gnu"

NUMBER_RE = re.compile(r"^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)$",
                       re.IGNORECASE)
INTEGER_RE = re.compile(r"^[+-]?\d+$")
TOKEN_RE = re.compile(r"[^\s,;:=()\[\]{}]+|[,;:=()\[\]{}]")
ACC_PRAGMA_RE = re.compile(r"^\s*#\s*pragma\s+acc\b|_Pragma\s*\(\s*\"\s*acc\b", re.MULTILINE)
OMP_TARGET_RE = re.compile(r"^\s*#\s*pragma\s+omp\s+(?:begin\s+)?(?:declare\s+)?target\b|"
                           r"_Pragma\s*\(\s*\"\s*omp\s+target\b", re.MULTILINE)


class SetupError(Exception):
    pass


def log(msg=""):
    print(msg, flush=True)


def quote(cmd):
    return " ".join(c if re.match(r"^[\w@%+=:,./-]+$", c) else "'" + c.replace("'", "'\\''") + "'"
                    for c in cmd)


def run_cmd(cmd, timeout, env=None, stdout_path=None, cwd=None):
    """Runs cmd; returns (rc, stdout, stderr). rc is None on timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                           cwd=cwd, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", "replace") if e.stdout else ""
        err = e.stderr.decode("utf-8", "replace") if e.stderr else ""
        return None, out, err
    except FileNotFoundError as e:
        raise SetupError("cannot execute %s: %s" % (cmd[0], e))
    except PermissionError as e:
        raise SetupError("cannot execute %s: %s" % (cmd[0], e))
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    if stdout_path:
        with open(stdout_path, "w") as f:
            f.write(out)
    return p.returncode, out, err


def indent(text, limit=60):
    lines = text.rstrip("\n").splitlines()
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d more lines)" % (len(lines) - limit)]
    return "\n".join("    | " + l for l in lines)


# ---------------------------------------------------------------------------
# output comparison

def to_number(tok):
    if not NUMBER_RE.match(tok):
        return None
    try:
        return float(tok)
    except ValueError:
        return None


def tokens_match(a, b, rtol, atol):
    if a == b:
        return True
    x, y = to_number(a), to_number(b)
    if x is None or y is None:
        return False
    if INTEGER_RE.match(a) and INTEGER_RE.match(b):
        return int(a) == int(b)  # counts, indices, exit codes: exact
    if x != x or y != y:  # NaN
        return x != x and y != y
    if x in (float("inf"), float("-inf")) or y in (float("inf"), float("-inf")):
        return x == y
    return abs(x - y) <= max(atol, rtol * max(abs(x), abs(y)))


def lines_match(la, lb, rtol, atol):
    ta, tb = TOKEN_RE.findall(la), TOKEN_RE.findall(lb)
    if len(ta) != len(tb):
        return False
    return all(tokens_match(a, b, rtol, atol) for a, b in zip(ta, tb))


def compare_outputs(ref, ref_name, got, got_name, rtol, atol):
    """Returns None when equal within tolerance, else a report string."""
    rl = ref.rstrip("\n").splitlines() if ref.strip() else []
    gl = got.rstrip("\n").splitlines() if got.strip() else []
    # ignore trailing whitespace-only lines
    while rl and not rl[-1].strip():
        rl.pop()
    while gl and not gl[-1].strip():
        gl.pop()
    first = None
    for i in range(max(len(rl), len(gl))):
        a = rl[i] if i < len(rl) else None
        b = gl[i] if i < len(gl) else None
        if a is None or b is None or not lines_match(a, b, rtol, atol):
            first = i
            break
    if first is None:
        return None

    def context(lines, name):
        out = ["  %s (%d lines):" % (name, len(lines))]
        lo, hi = max(0, first - 2), min(len(lines), first + 3)
        for k in range(lo, hi):
            mark = ">" if k == first else " "
            out.append("  %s %4d: %s" % (mark, k + 1, lines[k]))
        if first >= len(lines):
            out.append("  > %4d: <end of output>" % (first + 1))
        return out

    rep = ["first difference at line %d:" % (first + 1)]
    rep += context(rl, ref_name)
    rep += context(gl, got_name)
    return "\n".join(rep)


# ---------------------------------------------------------------------------

def find_source(sample_dir):
    if not os.path.isdir(sample_dir):
        raise SetupError("sample directory %s does not exist" % sample_dir)
    srcs = sorted(f for f in os.listdir(sample_dir)
                  if f.endswith((".c", ".cpp")) and os.path.isfile(os.path.join(sample_dir, f)))
    if len(srcs) != 1:
        raise SetupError("%s: expected exactly one .c or .cpp source, found %s"
                         % (sample_dir, srcs or "none"))
    return os.path.join(sample_dir, srcs[0])


def require(prog):
    path = shutil.which(prog)
    if not path:
        raise SetupError("required program '%s' not found in PATH" % prog)
    return path


def check_clang19_offload(clang):
    """The CPU offload path needs the offload packager/linker wrapper and libomptarget."""
    for helper in ("clang-offload-packager", "clang-linker-wrapper"):
        p = subprocess.run([clang, "-print-prog-name=" + helper], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=COMPILE_TIMEOUT)
        found = p.stdout.decode().strip()
        if not (os.path.isabs(found) and os.access(found, os.X_OK)):
            raise SetupError("%s cannot find '%s' (Debian: install clang-tools-19); "
                             "OpenMP offload builds would fail" % (clang, helper))
    lib = os.path.join(LLVM19_LIB, "libomptarget.so")
    if not os.path.exists(lib):
        raise SetupError("%s not found (Debian: install libomp-19-dev)" % lib)


def base_env():
    env = dict(os.environ)
    for var in ("OMP_TARGET_OFFLOAD", "LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG",
                "ACC_DEVICE_TYPE", "ACC_DEVICE_NUM", "GOMP_DEBUG"):
        env.pop(var, None)
    env["LC_ALL"] = "C"
    # libgomp's threads spin while they wait: on a small, shared CI machine
    # nested parallel regions (distribute + parallel for in host fallback)
    # then take seconds instead of milliseconds.
    env.setdefault("OMP_WAIT_POLICY", "passive")
    return env


class Variant:
    def __init__(self, label, compile_cmd, exe, env):
        self.label = label
        self.compile_cmd = compile_cmd
        self.exe = exe
        self.env = env
        self.rc = None
        self.stdout = ""
        self.problem = None  # build/run failure text
        self.stderr = ""


def build_and_run(v, work):
    rc, out, err = run_cmd(v.compile_cmd, COMPILE_TIMEOUT, env=base_env(), cwd=work)
    if rc is None:
        v.problem = "compile timed out after %d s\n  $ %s" % (COMPILE_TIMEOUT, quote(v.compile_cmd))
        return False
    if rc != 0:
        v.problem = "compile failed (exit %d)\n  $ %s\n%s" % (rc, quote(v.compile_cmd), indent(out + err))
        return False
    rc, out, err = run_cmd([v.exe], RUN_TIMEOUT, env=v.env, cwd=work,
                           stdout_path=v.exe + ".stdout")
    with open(v.exe + ".stderr", "w") as f:
        f.write(err)
    v.stdout = out
    if rc is None:
        v.problem = "run timed out after %d s: %s" % (RUN_TIMEOUT, v.exe)
        if out:
            v.problem += "\n  stdout so far:\n" + indent(out, 20)
        return False
    v.rc = rc
    v.stderr = err  # shown on failure only
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", required=True, help="path of the omp-migrate binary")
    ap.add_argument("--work", required=True, help="scratch directory (created if missing)")
    ap.add_argument("--keep", action="store_true",
                    help="keep executables and outputs in DIR even when everything passes")
    ap.add_argument("--rtol", type=float, default=1e-6, help="relative tolerance for numbers")
    ap.add_argument("--atol", type=float, default=1e-9, help="absolute tolerance for numbers")
    ap.add_argument("--tool-arg", action="append", default=[], metavar="ARG",
                    help="extra compiler argument passed to the tool after '--' (repeatable)")
    ap.add_argument("sample_dir")
    args = ap.parse_args()

    try:
        src = find_source(args.sample_dir)
        expected_path = os.path.join(args.sample_dir, "expected.txt")
        if not os.path.isfile(expected_path):
            raise SetupError("%s is missing" % expected_path)
        with open(expected_path) as f:
            expected = f.read()
        tool = os.path.abspath(args.tool)
        if not os.access(tool, os.X_OK):
            raise SetupError("tool %s does not exist or is not executable" % args.tool)
        is_cpp = src.endswith(".cpp")
        gcc = require("g++" if is_cpp else "gcc")
        clang = require("clang++-19" if is_cpp else "clang-19")
        check_clang19_offload(clang)
        work = os.path.abspath(args.work)
        os.makedirs(work, exist_ok=True)
    except SetupError as e:
        log("SETUP ERROR: %s" % e)
        return 2

    name = os.path.splitext(os.path.basename(src))[0]
    ext = ".cpp" if is_cpp else ".c"
    std = "-std=c++17" if is_cpp else "-std=c11"
    src_abs = os.path.abspath(src)
    created = []
    failures = []

    # 1. translate
    translated = os.path.join(work, name + ".omp" + ext)
    tool_cmd = [tool, src_abs, "--", "-O1", std] + args.tool_arg
    try:
        rc, out, err = run_cmd(tool_cmd, TOOL_TIMEOUT, env=base_env(), cwd=work,
                               stdout_path=translated)
    except SetupError as e:
        log("SETUP ERROR: %s" % e)
        return 2
    created.append(translated)
    with open(os.path.join(work, name + ".tool.stderr"), "w") as f:
        f.write(err)
    if rc != 0:
        why = "timed out after %d s" % TOOL_TIMEOUT if rc is None else "exit %d" % rc
        log("translate (%s): FAIL (%s)\n  $ %s" % (name, why, quote(tool_cmd)))
        if err.strip():
            log("  tool stderr:\n" + indent(err))
        log("FAIL: %s: the tool did not translate the sample" % name)
        return 1
    log("translate (%s -> %s): OK" % (os.path.basename(src), translated))
    if err.strip():
        log("  tool stderr (exit 0):\n" + indent(err, 20))

    # 2. static checks of the translated source
    problems = []
    lines = out.splitlines()
    left = [(i + 1, l) for i, l in enumerate(lines) if ACC_PRAGMA_RE.search(l)]
    if left:
        problems.append("OpenACC directives left in the output:\n" +
                        "\n".join("    %s:%d: %s" % (os.path.basename(translated), n, l.strip())
                                  for n, l in left[:20]))
    ompx = [(i + 1, l) for i, l in enumerate(lines) if "ompx_" in l]
    if ompx:
        problems.append("non-standard 'ompx_' extensions in the output:\n" +
                        "\n".join("    %s:%d: %s" % (os.path.basename(translated), n, l.strip())
                                  for n, l in ompx[:20]))
    if not OMP_TARGET_RE.search(out):
        problems.append("no '#pragma omp target' directive in the output (nothing offloaded)")
    summary = [("translation", "OK")]
    if problems:
        log("translated source checks: FAIL")
        for p in problems:
            log("  " + p)
        failures.append("translated source checks")
        summary.append(("translated source checks", "FAIL (%d problem(s), see above)" % len(problems)))
    else:
        log("translated source checks: OK")
        summary.append(("translated source checks", "OK"))

    # 3./4. build and run
    env_host = base_env()
    env_offload = base_env()
    env_offload["OMP_TARGET_OFFLOAD"] = "MANDATORY"
    ld = env_offload.get("LD_LIBRARY_PATH", "")
    env_offload["LD_LIBRARY_PATH"] = LLVM19_LIB + (os.pathsep + ld if ld else "")

    exe_orig = os.path.join(work, name + ".acc.gcc")
    exe_clang = os.path.join(work, name + ".omp.clang19")
    exe_gcc = os.path.join(work, name + ".omp.gcc")
    original = Variant("original (gcc -fopenacc, host)",
                       [gcc, std, "-fopenacc", "-foffload=disable", "-O1", src_abs, "-o", exe_orig, "-lm"],
                       exe_orig, env_host)
    variants = [
        Variant("clang-19 offload (x86_64 stand-in)",
                [clang, std, "-fopenmp", "-fopenmp-targets=" + OFFLOAD_TRIPLE, "-O1",
                 "-Wno-unknown-pragmas", translated, "-o", exe_clang, "-lm"],
                exe_clang, env_offload),
        Variant("gcc -fopenmp (host fallback)",
                [gcc, std, "-fopenmp", "-foffload=disable", "-O1", translated, "-o", exe_gcc, "-lm"],
                exe_gcc, env_host),
    ]
    for v in [original] + variants:
        created += [v.exe, v.exe + ".stdout", v.exe + ".stderr"]

    if not build_and_run(original, work):
        log("%s: FAIL\n  %s" % (original.label, original.problem))
        summary.append((original.label, "FAIL (%s)" % original.problem.splitlines()[0]))
        failures.append(original.label)
    else:
        diff = compare_outputs(expected, "expected.txt", original.stdout, "original", args.rtol, args.atol)
        if diff or original.rc != 0:
            msg = []
            if original.rc != 0:
                msg.append("exit code %d (expected 0)" % original.rc)
            if diff:
                msg.append("stdout differs from expected.txt")
            log("%s: FAIL: %s" % (original.label, "; ".join(msg)))
            if diff:
                log(diff)
            if original.stderr.strip():
                log("  stderr:\n" + indent(original.stderr, 20))
            summary.append((original.label, "FAIL (" + "; ".join(msg) + ")"))
            failures.append(original.label)
        else:
            summary.append((original.label, "OK"))

    for v in variants:
        if not build_and_run(v, work):
            log("%s: FAIL\n  %s" % (v.label, v.problem))
            summary.append((v.label, "FAIL (%s)" % v.problem.splitlines()[0]))
            failures.append(v.label)
            continue
        msg = []
        reports = []
        if original.rc is not None and v.rc != original.rc:
            msg.append("exit code %d, original %d" % (v.rc, original.rc))
        elif original.rc is None and v.rc != 0:
            msg.append("exit code %d" % v.rc)
        if original.rc is not None:
            d = compare_outputs(original.stdout, "original", v.stdout, "translated", args.rtol, args.atol)
            if d:
                msg.append("stdout differs from the original's")
                reports.append(d)
        d = compare_outputs(expected, "expected.txt", v.stdout, "translated", args.rtol, args.atol)
        if d:
            msg.append("stdout differs from expected.txt")
            if not reports:
                reports.append(d)
        if msg:
            log("%s: FAIL: %s" % (v.label, "; ".join(msg)))
            for r in reports:
                log(r)
            if v.stderr.strip():
                log("  stderr:\n" + indent(v.stderr, 20))
            summary.append((v.label, "FAIL (" + "; ".join(msg) + ")"))
            failures.append(v.label)
        else:
            summary.append((v.label, "OK"))

    log("")
    log("== %s summary" % name)
    for label, res in summary:
        log("%s: %s" % (label, res))

    if failures:
        log("FAIL: %s (files kept in %s)" % (name, work))
        return 1
    if not args.keep:
        for p in created:
            if os.path.basename(p).startswith(name) and os.path.isfile(p) and not p.endswith(ext):
                try:
                    os.remove(p)
                except OSError:
                    pass
    log("PASS: %s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
