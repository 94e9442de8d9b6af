#!/usr/bin/env bash
# A "tool" for test/vv/run-vv.py that checks --optimize-data on the V&V suite:
# it translates SRC per kernel (OpenMP with a map on every kernel), then gives
# that OpenMP back to omp-migrate --optimize-data and prints the result. Exit
# status: the larger of the two runs' (0 translated, 1 reported, 2 errors).
#   OMPM_TOOL=build/bin/omp-migrate python3 test/vv/run-vv.py \
#     --tool test/vv/optimize-data-pipeline.sh --no-snapshot --suite V-V --lang c
set -u
tool=${OMPM_TOOL:-$(dirname "$0")/../../build/bin/omp-migrate}
src=$1
shift
tmp=$(mktemp --suffix=".${src##*.}")
trap 'rm -f "$tmp"' EXIT
"$tool" --data=per-kernel "$src" "$@" > "$tmp" 2>/dev/null
rc1=$?
if [ "$rc1" -ge 2 ]; then exit "$rc1"; fi
"$tool" --optimize-data "$tmp" "$@"
rc2=$?
exit $(( rc1 > rc2 ? rc1 : rc2 ))
