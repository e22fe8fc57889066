#!/bin/sh
# run-fuzzer.sh FUZZER CORPUS SEEDS REGRESSIONS
# Replays every regression fixture (each crash ever found), then fuzzes
# for $ORRERY_FUZZ_SECONDS seconds, growing CORPUS from SEEDS. A crash
# leaves its input as crash-* in the current directory: add it to
# REGRESSIONS.
set -e
fuzzer=$1 corpus=$2 seeds=$3 regressions=$4
mkdir -p "$corpus"
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions" 2>/dev/null)" ]; then
  "$fuzzer" -runs=0 "$regressions"/*
fi
exec "$fuzzer" -max_total_time="${ORRERY_FUZZ_SECONDS:-60}" -timeout=20 -rss_limit_mb=4096 \
  -print_final_stats=1 "$corpus" "$seeds"
