#!/usr/bin/env bash
# orrery-sim study from the command line: Ctrl+C (SIGINT) keeps what
# finished and says how to go on; the same command again runs only what
# is missing; gather, plan and the exit statuses.
#
#   test-study-cli.sh ORRERY-SIM MODEL.orr
set -euo pipefail
sim=$1
work=$(mktemp -d /tmp/orrery-study-cli-XXXXXX)
trap 'rm -rf "$work"' EXIT
# small steps (1 ms), so that each run takes a while and an interrupt
# lands half-way through the study
sed 's/max-step="0"/max-step="0.001"/' "$2" >"$work/ball.orr"
grep -q 'max-step="0.001"' "$work/ball.orr"
fail() { echo "not ok: $*"; exit 1; }

# 400 balls dropped from 100 to 4000 m, followed for 4 s: they all fall
# (no impact before sqrt(2 * 100 / 9.81) = 4.5 s)
cat >"$work/long.orrs" <<'STUDY'
<study version="1" model="ball.orr" final-time="4">
  <vary name="h0" kind="range" from="100" to="4000" count="400"/>
  <metric name="hmax" signal="Height and speed" expr="max(y(:,1))"/>
</study>
STUDY
# the plan: a header and 400 rows, the first h0 = 100, the last 4000
"$sim" study plan "$work/long.orrs" >"$work/plan.csv"
[[ $(wc -l <"$work/plan.csv") == 401 ]] || fail "the plan has $(wc -l <"$work/plan.csv") lines"
[[ $(sed -n 2p "$work/plan.csv") == "0,100" && $(tail -n 1 "$work/plan.csv") == "399,4000" ]] \
  || fail "plan rows: $(sed -n 2p "$work/plan.csv") ... $(tail -n 1 "$work/plan.csv")"

"$sim" study run -j 1 "$work/long.orrs" >"$work/first.out" 2>&1 &
pid=$!
# interrupt once some runs are done
for _ in $(seq 1 200); do
  [[ -n $(cat "$work"/long.results/parts/journal-*.tsv 2>/dev/null | head -c 1) ]] && break
  sleep 0.05
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[[ $status == 1 ]] || fail "an interrupted study exits $status, not 1: $(cat "$work/first.out")"
grep -q "run the same command again" "$work/first.out" || fail "no hint to go on: $(cat "$work/first.out")"
done_first=$(cat "$work"/long.results/parts/journal-*.tsv | wc -l)
((done_first > 0 && done_first < 400)) || fail "$done_first runs done before the interrupt"
[[ ! -e "$work/long.results/results.csv" ]] || fail "an unfinished study was gathered"

# resumed: only the missing runs, then every row once
"$sim" study run "$work/long.orrs" >"$work/second.out" 2>&1 || fail "resume: $(cat "$work/second.out")"
grep -q "400 of 400 runs done" "$work/second.out" || fail "resume said: $(cat "$work/second.out")"
total=$(cat "$work"/long.results/parts/journal-*.tsv | wc -l)
[[ $total == 400 ]] || fail "$total journal lines after the resume, not 400 (runs made twice?)"
[[ $(wc -l <"$work/long.results/results.csv") == 401 ]] || fail "results.csv is not 400 rows"
# every row: hmax = h0 (the ball starts at rest at its highest point)
awk -F, 'NR > 1 { d = $3 - $4; if (d < 0) d = -d; if ($2 != "ok" || d > 1e-9) { print "row " $0; exit 1 } }' \
  "$work/long.results/results.csv" || fail "a row disagrees with hmax = h0"

# a failed run is a row, and the study exits 3: dropped from 1 m, the
# ball's bounces (e = 0.9) accumulate at 19 sqrt(2 / 9.81) = 8.6 s, which
# the simulator refuses (Zeno); from 1000 m they would at 272 s
cat >"$work/bad.orrs" <<'STUDY'
<study version="1" model="ball.orr" final-time="1">
  <vary name="e" kind="list" values="0.5 [1 2]"/>
</study>
STUDY
if "$sim" study run -q "$work/bad.orrs" 2>"$work/bad.err"; then fail "a list with a matrix ran"; fi
grep -q 'line 2: e: "\[1" in values is not a finite number' "$work/bad.err" || fail "bad list: $(cat "$work/bad.err")"
cat >"$work/fails.orrs" <<'STUDY'
<study version="1" model="ball.orr" final-time="40">
  <vary name="h0" kind="list" values="1000 1"/>
  <metric name="hmax" signal="Height and speed" expr="max(y(:,1))"/>
</study>
STUDY
status=0
"$sim" study run -q "$work/fails.orrs" 2>"$work/fails.err" || status=$?
[[ $status == 3 ]] || fail "a study with a failed run exits $status, not 3: $(cat "$work/fails.err")"
grep -q '^1,failed,1,NaN,.*Zeno' "$work/fails.results/results.csv" \
  || fail "the failed run's row: $(cat "$work/fails.results/results.csv")"
echo "ok: interrupt, resume, plan, gather, failed rows"
