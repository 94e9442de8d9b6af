"""An interrupted run of omp-migrate -j 2 keeps what it finished.

Usage: interrupted-run.py OMP_MIGRATE WORKDIR MODE (output-dir or in-place)

Writes 80 OpenACC files, starts omp-migrate -j 2 over them, sends SIGTERM as
soon as the first translated file is on disk, then checks that the run was
cut short, that no temporary file is left, and that every file is either the
complete translation (as an uninterrupted run writes it) or, for -i, the
untouched original. A rerun then finishes the work, and a run after that
changes nothing. Prints one line per check; exits 1 on the first failure.
"""
import os, shutil, signal, subprocess, sys, time

tool, work, mode = sys.argv[1], sys.argv[2], sys.argv[3]
N = 80
TEMPLATE = """#include <stdio.h>
void step_{k}(int n, float *x, float *y) {{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += {k}.0f * x[i];
}}
int main(void) {{
  float x[100], y[100];
  for (int i = 0; i < 100; i++) x[i] = i, y[i] = 0;
  for (int t = 0; t < 3; t++) step_{k}(100, x, y);
  printf("%f\\n", y[99]);
  return 0;
}}
"""

def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)

shutil.rmtree(work, ignore_errors=True)
src = os.path.join(work, "src")
os.makedirs(src)
names = []
for k in range(N):
    p = os.path.join(src, "k%02d.c" % k)
    with open(p, "w") as f:
        f.write(TEMPLATE.format(k=k))
    names.append(p)
originals = {p: open(p).read() for p in names}

# The complete translations, from an uninterrupted run.
ref = os.path.join(work, "ref")
subprocess.run([tool, "-j", "2", "--output-dir", ref, "--root", src] + names + ["--"],
               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
expected = {p: open(os.path.join(ref, os.path.basename(p))).read() for p in names}

out = os.path.join(work, "out")
if mode == "output-dir":
    args = ["-j", "2", "--output-dir", out, "--root", src]
    written = lambda p: os.path.join(out, os.path.basename(p))
    dirs = [out]
else:
    args = ["-j", "2", "-i"]
    written = lambda p: p
    dirs = [src]

def done():
    if mode == "output-dir":
        return [p for p in names if os.path.exists(written(p))]
    return [p for p in names if open(p).read() != originals[p]]

proc = subprocess.Popen([tool] + args + names + ["--"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while proc.poll() is None and not done():
    time.sleep(0.002)
proc.send_signal(signal.SIGTERM)
rc = proc.wait()
finished = done()
print("killed: rc=%s" % ("signal" if rc < 0 else rc))
if rc >= 0:
    fail("the run ended before the signal; nothing was interrupted")
if not 0 < len(finished) < N:
    fail("%d of %d files written before the signal" % (len(finished), N))
print("interrupted with some but not all files written")
for d in dirs:
    extra = [f for f in os.listdir(d) if not f.endswith(".c")]
    if extra:
        fail("left behind: %s" % extra)
print("no temporary file left")
for p in names:
    text = open(written(p)).read() if os.path.exists(written(p)) else None
    if text is None:
        continue
    if text != expected[p] and not (mode == "in-place" and text == originals[p]):
        fail("%s is neither complete nor the original" % written(p))
print("every file written is complete")
# The rerun finishes; one more run changes nothing.
subprocess.run([tool] + args + names + ["--"], check=True,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for p in names:
    if open(written(p)).read() != expected[p]:
        fail("after the rerun, %s is not the translation" % written(p))
print("the rerun completes the work")
before = {p: open(written(p)).read() for p in names}
subprocess.run([tool] + args + names + ["--"], check=True,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if mode == "in-place" and any(open(p).read() != before[p] for p in names):
    fail("a second run changed a file")
print("a run after that changes nothing")
