#!/usr/bin/env bash
# Installs the Debian packages omp-migrate needs (when missing), then configures and builds it into build/.
# Usage: scripts/setup.sh [TARGET...]   (idempotent: a second run only rebuilds what changed)
#   no target: everything (the tool, the unit tests, the clang-tidy module); scripts/demo.sh
#   builds only omp-migrate, scripts/test.sh everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clang-tidy-22 lld-22
          clang-19 clang-tools-19 libomp-19-dev gcc g++ cmake ninja-build libgtest-dev python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "omp-migrate setup: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
jobs=$(nproc)
if [ ! -f "$root/build/build.ninja" ]; then
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22 >/dev/null
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$root/build" -j "$jobs" "${targets[@]}"
