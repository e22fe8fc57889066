#!/bin/sh
# tools/screenshots.sh [BUILD_DIR [OUT_DIR [HELP_DIR]]]: takes the AppStream
# screenshots (data/screenshots/*.png) and the manual's figures
# (help/C/figures/*.png) from the real app. Starts the built
# orrery on the bouncing-ball example under its own Xvfb and session bus,
# drives it over D-Bus (org.gtk.Actions, see app/window/orr-window-actions.c) and
# with xdotool, and writes
#   window.png          the model after a run, with its scope
#   palette-search.png  the palette browser's search for "integ"
#   block-dialog.png    the parameter dialog of the Velocity integrator
#   context-menu.png    the context menu of the Restitution gain
# The window's own screenshot action draws the first two; the dialog is a
# window of its own, so the third lays it over the window, both read from
# the X server (xwd).
# Then the manual's figures, one scene each, each on an app started afresh:
#   first-model-*.png   tools/tutorial-first-model.py builds the bouncing
#                       ball with real clicks, keys and drags, as the first
#                       tutorial says, and runs it
#   sampled-data-run.png       the sampled-data example after a run
#   super-block-grouped.png    the bouncing ball's four blocks grouped
#   super-block-mask.png       the mask editor, Propose pressed
#   library-save.png           Save to Library, into a library "Mechanics"
#   library-manager.png        the library manager with the saved block
#   linear-analysis-poles.png  the inverted pendulum's poles and zeros
#   xcos-import.png            a Scilab demo with a block Orrery lacks
#   python-built-model.png     the model data/examples/python/bouncing_ball.py
#                              builds, opened in the editor and run
#   study-window.png           the New Study window on the bouncing ball
# Needs xvfb-run, dbus-run-session, xdotool and xwd (x11-apps).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$top/build}" && pwd)
out=${2:-$top/data/screenshots}
help=${3:-$top/help/C/figures}
mkdir -p "$out" "$help"
out=$(cd "$out" && pwd)
help=$(cd "$help" && pwd)

# Start over under a display and a bus of our own: a user's running
# Orrery must not answer our calls.
if [ -z "${ORRERY_SCREENSHOTS_INNER:-}" ]; then
  ORRERY_SCREENSHOTS_INNER=1 exec xvfb-run -a -s "-screen 0 1280x1024x24" \
    dbus-run-session -- "$0" "$build" "$out" "$help"
fi

tmp=$(mktemp -d)
app_pid=
cleanup () {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# English, drawn the same way on every machine, nothing of the user's
export LC_ALL=C.UTF-8 LANGUAGE=en
export GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1
export GSETTINGS_SCHEMA_DIR="$build/data"
export ORRERY_EXAMPLES="$top/data/examples"
export ORRERY_DRAFTS_DIR="$tmp/drafts"
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"

win=/org/orrery/Orrery/window/1
call () {
  gdbus call --session --dest org.orrery.Orrery --object-path "$win" \
    --method org.gtk.Actions."$1" "$2" "$3" "$4" >/dev/null
}
# the window's screenshot action; retried until the file is there, as
# the window may not have drawn yet
shot () {
  rm -f "$1"
  i=0
  until [ -s "$1" ]; do
    i=$((i + 1)); [ $i -le 50 ] || { echo "no screenshot $1" >&2; exit 1; }
    sleep 0.3
    call Activate screenshot "[<'$1'>]" {}
  done
}

# the model in a folder of a home of our own: the subtitle reads ~/Models
export HOME="$tmp/home"
mkdir -p "$HOME/Models"
cp "$top/data/examples/bouncing-ball.orr" "$HOME/Models/"
"$build/app/orrery" "$HOME/Models/bouncing-ball.orr" &
app_pid=$!
i=0
until gdbus call --session --dest org.orrery.Orrery --object-path "$win" \
        --method org.gtk.Actions.List >/dev/null 2>&1; do
  i=$((i + 1)); [ $i -le 150 ] || { echo "orrery did not start" >&2; exit 1; }
  sleep 0.2
done
wid=$(xdotool search --sync --onlyvisible --name 'bouncing-ball' | head -n 1)

# 1. after a run: the bouncing ball's height and speed in the scope
call Activate run "[]" {}
i=0
until gdbus call --session --dest org.orrery.Orrery --object-path "$win" \
        --method org.gtk.Actions.Describe run-state | grep -q "'finished'"; do
  i=$((i + 1)); [ $i -le 150 ] || { echo "the run did not finish" >&2; exit 1; }
  sleep 0.2
done
sleep 1
shot "$out/window.png"

# 2. the palette's search, typed into its entry (top of the left pane)
xdotool mousemove --window "$wid" 120 68 click 1
sleep 0.3
xdotool type --delay 60 integ
sleep 1
shot "$out/palette-search.png"
# empty the search again, and leave the entry
xdotool key ctrl+a BackSpace
xdotool mousemove --window "$wid" 700 600 click 1

# 3. the Velocity integrator's parameters, over the window
call Activate select-block "[<'b2'>]" {}
call Activate block-parameters "[]" {}
dialog=
i=0
while [ -z "$dialog" ]; do
  i=$((i + 1)); [ $i -le 50 ] || { echo "no block dialog" >&2; exit 1; }
  sleep 0.2
  dialog=$(xdotool search --onlyvisible --name 'Velocity' | grep -vx "$wid" | head -n 1 || true)
done
sleep 1
# Without a window manager nothing stacks or frames the windows: each is
# read from the X server on its own (xwd) and the dialog is laid, framed,
# over the centre of the window, where a window manager puts it.
xwd -id "$wid" -silent > "$tmp/window.xwd"
xwd -id "$dialog" -silent > "$tmp/dialog.xwd"
cat > "$tmp/compose.py" <<'EOF'
import struct, sys, zlib

def read_xwd(path):
    """The pixels of an XWD dump of a true-colour window, as RGB rows."""
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bytes_per_line, masks, ncolors = fields[7], fields[12], fields[14:17], fields[19]
    # 24 bits a pixel are packed in 3 bytes, 32 in 4; lines are padded
    size = fields[11] // 8
    assert size in (3, 4), f"not a true-colour window: {fields}"
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    pixels = data[header_size + 12 * ncolors:]
    order = "little" if byte_order == 0 else "big"
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            start = y * bytes_per_line + size * x
            v = int.from_bytes(pixels[start:start + size], order)
            row += bytes(((v & m) >> s) & 0xFF for m, s in zip(masks, shifts))
        rows.append(row)
    return width, height, rows

def write_png(path, width, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)

if len(sys.argv) == 3:
    # one window on its own: XWD to PNG
    w, h, window = read_xwd(sys.argv[1])
    write_png(sys.argv[2], w, window)
    sys.exit(0)
w, h, window = read_xwd(sys.argv[1])
dw, dh, dialog = read_xwd(sys.argv[2])
# where the second window goes: given (a popover, where the server put
# it), or the centre (a dialog, where a window manager puts it)
if len(sys.argv) > 5:
    x0, y0 = int(sys.argv[4]), int(sys.argv[5])
else:
    x0, y0 = (w - dw) // 2, (h - dh) // 2
frame = bytes((0x9A, 0x9A, 0x9A))
# clipped to the window: a popover may reach past its edge
for y in range(max(y0 - 1, 0), min(y0 + dh + 1, h)):
    row = window[y]
    if y0 <= y < y0 + dh:
        line = bytes(frame) + bytes(dialog[y - y0]) + bytes(frame)
    else:
        line = frame * (dw + 2)
    left = x0 - 1
    start = max(left, 0)
    end = min(left + dw + 2, w)
    row[3 * start:3 * end] = line[3 * (start - left):3 * (end - left)]
write_png(sys.argv[3], w, window)
EOF
python3 "$tmp/compose.py" "$tmp/window.xwd" "$tmp/dialog.xwd" "$out/block-dialog.png"
xdotool key Escape || true
sleep 0.5

# 4. the context menu of the Restitution gain (right click, or Shift+F10
# on the selection), laid over the window where the server put it
call Activate select-block "[<'b5'>]" {}
call Activate context-menu "[]" {}
sleep 1
menu=$(xdotool search --onlyvisible --class orrery | grep -vx "$wid" | while read -r id; do
  if xwininfo -id "$id" | grep -q 'Map State: IsViewable'; then echo "$id"; fi
done | tail -n 1)
[ -n "$menu" ] || { echo "no context menu" >&2; exit 1; }
wx=$(xwininfo -id "$wid" | sed -n 's/.*Absolute upper-left X: *//p')
wy=$(xwininfo -id "$wid" | sed -n 's/.*Absolute upper-left Y: *//p')
mx=$(xwininfo -id "$menu" | sed -n 's/.*Absolute upper-left X: *//p')
my=$(xwininfo -id "$menu" | sed -n 's/.*Absolute upper-left Y: *//p')
xwd -id "$wid" -silent > "$tmp/window.xwd"
xwd -id "$menu" -silent > "$tmp/menu.xwd"
python3 "$tmp/compose.py" "$tmp/window.xwd" "$tmp/menu.xwd" "$out/context-menu.png" \
  $((mx - wx)) $((my - wy))

gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate quit "[]" {} >/dev/null || true
i=0
while kill -0 "$app_pid" 2>/dev/null && [ $i -lt 50 ]; do i=$((i + 1)); sleep 0.1; done
echo "screenshots in $out: window.png palette-search.png block-dialog.png context-menu.png"
app_pid=

# ---- the manual's figures ------------------------------------------------------

# start_app [FILE]: the app on a model (or an empty one) with drafts of
# its own, so that no earlier scene's draft is offered back
scene=0
start_app () {
  scene=$((scene + 1))
  ORRERY_DRAFTS_DIR="$tmp/drafts-$scene" "$build/app/orrery" "$@" &
  app_pid=$!
  i=0
  until gdbus call --session --dest org.orrery.Orrery --object-path "$win" \
          --method org.gtk.Actions.List >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -le 150 ] || { echo "orrery did not start" >&2; exit 1; }
    sleep 0.2
  done
  sleep 1
}
# the scenes change their models: no Save dialog on the way out
stop_app () {
  kill "$app_pid" 2>/dev/null || true
  i=0
  while kill -0 "$app_pid" 2>/dev/null && [ $i -lt 50 ]; do i=$((i + 1)); sleep 0.1; done
  app_pid=
}
# window_named TITLE: the id of the visible window with that title
window_named () {
  w=
  i=0
  while [ -z "$w" ]; do
    i=$((i + 1)); [ $i -le 50 ] || { echo "no window “$1”" >&2; exit 1; }
    sleep 0.2
    w=$(xdotool search --onlyvisible --name "$1" | tail -n 1 || true)
  done
  # no window manager raises or focuses it
  xdotool windowraise "$w"
  xdotool windowfocus --sync "$w" 2>/dev/null || true
  sleep 0.5
  echo "$w"
}
# grab WINDOW FILE: a window on its own, read from the X server
grab () {
  xwd -id "$1" -silent > "$tmp/grab.xwd"
  python3 "$tmp/compose.py" "$tmp/grab.xwd" "$2"
}
# size WINDOW: "WIDTH HEIGHT"; buttons are found from the window's corner
size () {
  xdotool getwindowgeometry "$1" | sed -n 's/.*Geometry: *\([0-9]*\)x\([0-9]*\).*/\1 \2/p'
}
wait_finished () {
  i=0
  until gdbus call --session --dest org.orrery.Orrery --object-path "$win" \
          --method org.gtk.Actions.Describe run-state | grep -q "'finished'"; do
    i=$((i + 1)); [ $i -le 150 ] || { echo "the run did not finish" >&2; exit 1; }
    sleep 0.2
  done
  sleep 1
}

# 5. the first tutorial, followed with real input (it starts its own app)
"$top/tools/tutorial-first-model.py" "$build/app/orrery" "$build/app/orrery-sim" "$help"

# 6. the sampled-data controller after a run
cp "$top/data/examples/sampled-data-controller.orr" "$HOME/Models/"
start_app "$HOME/Models/sampled-data-controller.orr"
call Activate run "[]" {}
wait_finished
shot "$help/sampled-data-run.png"
stop_app

# 7. super blocks and libraries: the bouncing ball's integrators, impact
# and gain grouped, masked, and saved to a library "Mechanics" (made
# beforehand, as the library manager's Create... would)
lib="$XDG_DATA_HOME/orrery/libraries/Mechanics"
mkdir -p "$lib"
cat > "$lib/library.xml" <<'EOF2'
<?xml version="1.0" encoding="UTF-8"?>
<orrery-library format="1.0" key="0b6c2a52-6f7e-4a8e-9d5c-2f1e0c7d9a10" version="1.0">
  <name>Mechanics</name>
  <description>Balls, springs and floors.</description>
  <palette name="Balls"/>
</orrery-library>
EOF2
start_app "$HOME/Models/bouncing-ball.orr"
call Activate select-block "[<'b2,b3,b4,b5'>]" {}
call Activate group "[]" {}
sleep 0.5
shot "$help/super-block-grouped.png"
call Activate edit-mask "[]" {}
mask=$(window_named 'Mask of')
set -- $(size "$mask")
xdotool mousemove --window "$mask" $(($1 - 67)) $(($2 - 87)) click 1   # Propose
sleep 0.8
grab "$mask" "$help/super-block-mask.png"
set -- $(size "$mask")
xdotool mousemove --window "$mask" $(($1 - 45)) $(($2 - 36)) click 1   # OK
sleep 0.5
call Activate save-to-library "[]" {}
save=$(window_named 'Save to Library')
set -- $(size "$save")
xdotool mousemove --window "$save" $(($1 - 100)) $(($2 - 82)) click 1  # the path
xdotool key ctrl+a
xdotool type --delay 40 balls/Ball
sleep 0.5
grab "$save" "$help/library-save.png"
xdotool mousemove --window "$save" $(($1 - 51)) $(($2 - 35)) click 1   # Save
sleep 1
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate library-manager "[]" {} >/dev/null
manager=$(window_named '^Libraries$')
grab "$manager" "$help/library-manager.png"
stop_app
# the later scenes show the standard palettes only
rm -rf "$lib"

# 8. the inverted pendulum linearized: the poles and zeros
cp "$top/data/examples/inverted-pendulum.orr" "$HOME/Models/"
start_app "$HOME/Models/inverted-pendulum.orr"
call Activate select-block "[<'b1'>]" {}
call Activate linearize "[]" {}
dialog=$(window_named '^Linearize$')
set -- $(size "$dialog")
xdotool mousemove --window "$dialog" $(($1 - 64)) 26 click 1   # Linearize
analysis=$(window_named 'Linear Analysis')
set -- $(size "$analysis")
xdotool mousemove --window "$analysis" $(($1 / 2 - 66)) 26 click 1   # Poles and Zeros
sleep 1
grab "$analysis" "$help/linear-analysis-poles.png"
stop_app

# 9. an Xcos demo of Scilab's (scilab-data) with a block Orrery has no
# counterpart for: the import report in the problems list
zcos=/usr/share/scilab/modules/xcos/examples/solvers/DAE_Example.zcos
if [ -f "$zcos" ]; then
  start_app "$zcos"
  shot "$help/xcos-import.png"
  stop_app
else
  echo "no $zcos (Debian's scilab-data): xcos-import.png not retaken" >&2
fi
# 10. the bouncing ball as the Python example builds it, opened in the
# editor and run (the bindings of this build, as docs/python.md says)
if [ -f "$build/bindings/Orrery-1.0.typelib" ]; then
  GI_TYPELIB_PATH="$build/bindings" LD_LIBRARY_PATH="$build/bindings" \
    PYTHONPATH="$top/bindings/python" /usr/bin/python3 \
    "$top/data/examples/python/bouncing_ball.py" "$HOME/Models/from-python.orr" >/dev/null
  start_app "$HOME/Models/from-python.orr"
  call Activate run "[]" {}
  wait_finished
  shot "$help/python-built-model.png"
  stop_app
else
  echo "no GObject Introspection in $build: python-built-model.png not retaken" >&2
fi
# 11. the New Study window on the bouncing ball, as it opens (a range
# proposed around the context's e, the first scope's recording as metric)
start_app "$HOME/Models/bouncing-ball.orr"
call Activate new-study "[]" {}
study=$(window_named '^New Study$')
grab "$study" "$help/study-window.png"
stop_app
echo "figures in $help"
