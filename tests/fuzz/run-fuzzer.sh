#!/bin/sh
# run-fuzzer.sh FUZZER CORPUS REGRESSIONS SEEDS...
# Replays every regression fixture (each crash ever found), then fuzzes
# for $ORRERY_FUZZ_SECONDS seconds, growing CORPUS from the SEEDS folders,
# and prints the coverage reached (libFuzzer's "cov:", edges of the
# instrumented engine and palettes). A crash leaves its input as crash-*
# in the current directory: add it to REGRESSIONS.
#
# The memory limits match the engine's: no single allocation a model
# decides exceeds the signal limit (2 GiB in all, docs/reliability.md),
# so a larger malloc is a bug the fuzzer reports.
set -e
fuzzer=$1 corpus=$2 regressions=$3
shift 3
mkdir -p "$corpus"
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions" 2>/dev/null)" ]; then
  "$fuzzer" -runs=0 "$regressions"/*
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$fuzzer" -max_total_time="${ORRERY_FUZZ_SECONDS:-60}" -timeout=20 -rss_limit_mb=4096 \
  -malloc_limit_mb=2100 -print_final_stats=1 "$corpus" "$@" >"$log" 2>&1 || status=$?
cat "$log"
edges=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
echo "coverage: ${edges:-0} edges reached by $(basename "$fuzzer")"
exit $status
