#!/usr/bin/env bash
# Sets up (packages, configure, build) and runs the whole test suite: unit tests and lit tests
# (translation, diagnostics and execution tests), through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j "$(nproc)" "$@"
