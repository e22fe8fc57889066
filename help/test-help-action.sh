#!/usr/bin/env bash
# F1 opens the manual: the real orrery, with a stand-in `yelp` first on
# PATH that records how it was called, gets a real F1 key press (XTest,
# through xdotool) in its window; the stand-in must be asked for
# help:orrery. Then Help > Manual's action over D-Bus with a page, as the
# block dialogs' Help buttons use it.
#
#   test-help-action.sh ORRERY MODEL   (under Xvfb with a session bus)
set -euo pipefail
orrery=$1
model=$2
work=$(mktemp -d /tmp/orrery-help-XXXXXX)
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "not ok: $*"; exit 1; }

mkdir -p "$work/bin"
cat >"$work/bin/yelp" <<STUB
#!/bin/sh
echo "\$@" >>"$work/yelp-calls"
STUB
chmod +x "$work/bin/yelp"
export PATH="$work/bin:$PATH"
export XDG_DATA_HOME="$work/data" ORRERY_DRAFTS_DIR="$work/drafts"
export GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 LC_ALL=C.UTF-8

cp "$model" "$work/model.orr"
"$orrery" "$work/model.orr" &
app_pid=$!
for _ in $(seq 1 150); do
  gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
    --method org.gtk.Actions.List >/dev/null 2>&1 && break
  sleep 0.2
done
wid=$(xdotool search --sync --onlyvisible --name 'model' | head -n 1)
[[ -n $wid ]] || fail "no window"
xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus --sync "$wid"
xdotool key --window "$wid" F1
for _ in $(seq 1 50); do [[ -s "$work/yelp-calls" ]] && break; sleep 0.1; done
[[ -s "$work/yelp-calls" ]] || fail "F1 did not start yelp"
[[ $(head -n 1 "$work/yelp-calls") == "help:orrery" ]] || fail "yelp was asked for: $(cat "$work/yelp-calls")"

gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate help-page "[<'block-Gain'>]" {} >/dev/null
for _ in $(seq 1 50); do [[ $(wc -l <"$work/yelp-calls") -ge 2 ]] && break; sleep 0.1; done
[[ $(sed -n 2p "$work/yelp-calls") == "help:orrery/block-Gain" ]] \
  || fail "the page action asked for: $(cat "$work/yelp-calls")"
echo "ok: F1 and the page action open the manual"
