#!/bin/sh
# check-installed.sh BUILD_DIR PYTHON: installs the build into a temporary
# folder (DESTDIR) and scripts Orrery from there as docs/python.md says a
# user of an installed tree does: the typelib, the library and the
# `orrery` helper found through GI_TYPELIB_PATH, LD_LIBRARY_PATH and
# PYTHONPATH pointing into the prefix only (never into the build tree),
# and the installed example script building, saving and simulating the
# bouncing ball; and a C program built against the installed headers and
# library (orrery-1.0.pc) saving the same file.
set -eu
build=$1
python=$2
source=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

DESTDIR=$root meson install -C "$build" --no-rebuild --quiet >/dev/null
typelib=$(find "$root" -name Orrery-1.0.typelib | head -n 1)
library=$(find "$root" -name 'liborrery-1.0.so.0' | head -n 1)
helper=$(find "$root" -path '*/orrery/__init__.py' | head -n 1)
script=$(find "$root" -path '*/examples/python/bouncing_ball.py' | head -n 1)
for f in "$typelib" "$library" "$helper" "$script"; do
  [ -n "$f" ] && [ -f "$f" ] || { echo "not installed: typelib '$typelib', library '$library', helper '$helper', example '$script'"; exit 1; }
done
[ -n "$(find "$root" -name Orrery-1.0.gir)" ] || { echo "Orrery-1.0.gir is not installed"; exit 1; }
[ -n "$(find "$root" -name orrery-1.0.pc)" ] || { echo "orrery-1.0.pc is not installed"; exit 1; }

# only the installed tree: nothing from the build folder
unset GI_TYPELIB_PATH LD_LIBRARY_PATH PYTHONPATH
export GI_TYPELIB_PATH=$(dirname "$typelib")
export LD_LIBRARY_PATH=$(dirname "$library")
export PYTHONPATH=$(dirname "$(dirname "$helper")")
export MPLBACKEND=Agg

"$python" -c "import gi; gi.require_version('Orrery','1.0'); from gi.repository import Orrery" ||
  { echo "the installed typelib does not import"; exit 1; }
# the library GI opened is the installed one, and so is the helper
"$python" - "$root" <<'PY'
import sys
import gi
gi.require_version("Orrery", "1.0")
from gi.repository import Orrery
import orrery
root = sys.argv[1]
Orrery.Registry.new_standard()
with open("/proc/self/maps") as f:
    libs = {line.split()[-1] for line in f if "liborrery-1.0" in line}
assert libs and all(p.startswith(root) for p in libs), libs
assert orrery.__file__.startswith(root), orrery.__file__
PY

cd "$root"
out=$("$python" "$script" "$root/ball.orr")
echo "$out" | grep -q "impacts at 1.42784, 3.99796, 6.31107" ||
  { echo "the installed example script printed:"; echo "$out"; exit 1; }
[ -s "$root/ball.orr" ] || { echo "the installed example saved nothing"; exit 1; }
# C programs build against the installed headers and library through
# pkg-config, and make the same file as the script
# (the .pc file names the prefix it was configured with: a copy points
# it into the staging folder, as a distribution's package would be there)
pc=$(find "$root" -name orrery-1.0.pc | head -n 1)
mkdir "$root/pc"
sed "s|^prefix=|prefix=$root|" "$pc" >"$root/pc/orrery-1.0.pc"
cflags=$(PKG_CONFIG_PATH=$root/pc pkg-config --cflags orrery-1.0)
libs=$(PKG_CONFIG_PATH=$root/pc pkg-config --libs orrery-1.0)
# shellcheck disable=SC2086
cc -std=gnu11 -o "$root/build-ball" "$source/build-bouncing-ball.c" $cflags $libs ||
  { echo "a C program does not build against the installed orrery-1.0.pc"; exit 1; }
"$root/build-ball" "$root/ball-c.orr"
cmp "$root/ball.orr" "$root/ball-c.orr" ||
  { echo "the installed library's C build differs from the installed script's"; exit 1; }
# the other installed example scripts: the sweep reads the installed
# pid-speed-control.orr beside it and plots off screen; the study reader
# reads a study the installed orrery-sim ran on a copy of the installed
# example (an installed examples folder is not for writing)
sweep=$(dirname "$script")/sweep.py
reader=$(dirname "$script")/study_results.py
sim=$(find "$root" -path '*/bin/orrery-sim' | head -n 1)
"$python" "$sweep" "$root/sweep.png" | grep -q "^plotted " ||
  { echo "the installed sweep.py did not plot"; exit 1; }
[ -s "$root/sweep.png" ] || { echo "the installed sweep.py wrote no picture"; exit 1; }
mkdir "$root/study"
cp "$(dirname "$(dirname "$script")")/bouncing-ball.orr" \
   "$(dirname "$(dirname "$script")")/bouncing-ball-sweep.orrs" "$root/study/"
LD_LIBRARY_PATH=$LD_LIBRARY_PATH "$sim" study run -q "$root/study/bouncing-ball-sweep.orrs" ||
  { echo "the installed orrery-sim could not run the study example"; exit 1; }
"$python" "$reader" "$root/study/bouncing-ball-sweep.orrs" t2 "$root/t2.png" | head -n 1 |
  grep -qx "26 runs, 0 failed" || { echo "the installed study_results.py did not read 26 runs"; exit 1; }
echo "installed: typelib, library, .gir, pkg-config file and helper; imported and ran the three example scripts from the prefix; a C program built with orrery-1.0.pc saved the same model"
