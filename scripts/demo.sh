#!/usr/bin/env bash
# Sets up (packages, configure, build), then translates a bundled sample,
# shows the before/after diff, and builds and runs both versions:
# the original with gcc -fopenacc (host), the translation with clang-19 OpenMP
# offload to the CPU stand-in device (its own device memory).
#   scripts/demo.sh [samples/NAME]      (default: samples/jacobi)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" omp-migrate >/dev/null   # the tool only: the tests build with scripts/test.sh
sample=${1:-$root/samples/jacobi}
src=$(ls "$sample"/*.c 2>/dev/null | head -1)
[ -n "$src" ] || { echo "demo: no .c file in $sample" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
name=$(basename "$src" .c)
echo "== omp-migrate --diff $src"
"$root/build/bin/omp-migrate" --diff "$src" -- -O1 || true
"$root/build/bin/omp-migrate" "$src" -- -O1 > "$work/$name.omp.c"
echo
echo "== original (gcc -fopenacc, host)"
gcc -fopenacc -foffload=disable -O1 "$src" -o "$work/orig" -lm
( cd "$work" && OMP_WAIT_POLICY=passive ./orig ) | tee "$work/orig.out"
echo
echo "== translated (clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu, OMP_TARGET_OFFLOAD=MANDATORY)"
clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 "$work/$name.omp.c" -o "$work/omp" -lm
( cd "$work" && LD_LIBRARY_PATH=/usr/lib/llvm-19/lib OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=32 \
    ./omp 2> "$work/info.log" ) | tee "$work/omp.out"
copies=$(grep -c "Copying data" "$work/info.log" || true)
echo
if diff -q "$work/orig.out" "$work/omp.out" >/dev/null; then
  echo "demo: outputs identical; $copies host/device copies (LIBOMPTARGET_INFO=32)"
else
  echo "demo: outputs differ:"; diff "$work/orig.out" "$work/omp.out"; exit 1
fi
