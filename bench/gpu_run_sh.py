"""The run.sh that a benchmark's GPU build writes beside its binaries.

bench_critical.py --gpu and polybench/run_polybench.py --gpu-build build on
this machine and run on a GPU machine that has no compiler: run.sh finds the
offload runtime (a directory, or offload-runtime.tar.xz beside it, unpacked)
and runs the script again there with --run-built. Python 3 standard library
only.
"""

_BODY = r"""# RUNTIME_DIR holds the offload runtime (libomptarget.so.19.1, libomp.so.5 and
# the libraries they need: ../shared/tools/pack-offload-runtime packs them).
# Without it, offload-runtime.tar.xz beside this script is unpacked and used.
here=$(cd "$(dirname "$0")" && pwd)
rt=${1:-}
case "$rt" in -*|"") rt=""; ;; *) shift ;; esac
if [ -z "$rt" ]; then
  [ -f "$here/offload-runtime.tar.xz" ] || { echo "usage: $0 RUNTIME_DIR [options]" >&2; exit 2; }
  rt=$here/rt
  [ -d "$rt" ] || { mkdir -p "$rt" && tar -xJf "$here/offload-runtime.tar.xz" -C "$rt"; } || exit 2
fi
exec python3 "$here/SCRIPT" --run-built "$here" --runtime "$(cd "$rt" && pwd)" "$@"
"""


def run_sh(script, header):
    """run.sh for SCRIPT (the benchmark's file name, copied beside it), with
    HEADER (comment lines saying what it runs and its usage) after #!."""
    return "#!/bin/sh\n" + header + _BODY.replace("SCRIPT", script)
