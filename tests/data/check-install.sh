#!/bin/sh
# check-install.sh BUILD_DIR OUT_DIR: installs the build into a temporary
# folder (DESTDIR) and uses Orrery from there the way a desktop would:
# the file manager's MIME database knows a model file, the desktop file
# is the default application for it, opening the file by its type starts
# the installed orrery (found through the desktop file's Exec line),
# which shows the model from its examples folder in the prefix; the
# installed orrery-sim simulates an installed example; started with
# LANGUAGE=fr the installed orrery titles its windows in French. Needs a
# display, a session bus (xvfb-run dbus-run-session) and xdotool.
set -eu
build=$1
out=$2
root=$(mktemp -d)
app_pid=
cleanup () {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; fi
  rm -rf "$root"
}
trap cleanup EXIT

DESTDIR=$root meson install -C "$build" --no-rebuild --quiet >/dev/null
bin=$(dirname "$(find "$root" -path '*/bin/orrery' -type f | head -n 1)")
[ -x "$bin/orrery" ] || { echo "no orrery installed under $root"; exit 1; }
prefix=$(dirname "$bin")
share=$prefix/share
example=$share/orrery/examples/bouncing-ball.orr
[ -f "$example" ] || { echo "the examples are not installed ($example)"; exit 1; }
for f in applications/org.orrery.Orrery.desktop metainfo/org.orrery.Orrery.metainfo.xml \
         orrery/screenshots/window.png \
         mime/packages/org.orrery.Orrery.xml glib-2.0/schemas/org.orrery.Orrery.gschema.xml \
         icons/hicolor/scalable/apps/org.orrery.Orrery.svg \
         icons/hicolor/symbolic/apps/org.orrery.Orrery-symbolic.svg; do
  [ -f "$share/$f" ] || { echo "not installed: share/$f"; exit 1; }
done

# what a distribution's triggers do after installing
update-mime-database "$share/mime" >/dev/null
update-desktop-database "$share/applications"
glib-compile-schemas --strict "$share/glib-2.0/schemas"
appstreamcli validate --no-net --pedantic "$share/metainfo/org.orrery.Orrery.metainfo.xml" >/dev/null

# installed programs are on PATH: GIO also skips a desktop file whose
# program it cannot find
export PATH="$bin:$PATH"
export XDG_DATA_DIRS="$share:/usr/share"
export XDG_DATA_HOME="$root/home/.local/share"
export XDG_CONFIG_HOME="$root/home/.config"
export GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas"
export ORRERY_DRAFTS_DIR="$root/drafts"
unset ORRERY_EXAMPLES || true
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"

type=$(gio info -a standard::content-type "$example" | sed -n 's/.*standard::content-type: //p')
[ "$type" = application/x-orrery-model ] || { echo "the model's type is '$type'"; exit 1; }
gio mime application/x-orrery-model | grep -q 'org.orrery.Orrery.desktop' ||
  { echo "Orrery is not the application for models:"; gio mime application/x-orrery-model; exit 1; }

# The installed simulator, on an installed example.
"$bin/orrery-sim" --quiet "$example" ||
  { echo "the installed orrery-sim failed on $example"; exit 1; }

# The installed catalogue, found beside the program: French on request.
[ -f "$share/locale/fr/LC_MESSAGES/orrery.mo" ] || { echo "no French catalogue installed"; exit 1; }
LANGUAGE=fr LC_ALL=C.UTF-8 "$bin/orrery-sim" --help | grep -q "Charger, vérifier et simuler" ||
  { echo "the installed orrery-sim does not speak French with LANGUAGE=fr"; exit 1; }

wait_for_bus () {
  deadline=$(( $(date +%s) + 30 ))
  until gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
          --method org.gtk.Actions.List >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "the installed orrery did not start"; exit 1; }
    sleep 0.2
  done
}
# Waits until a shown X window has exactly this name (its title).
wait_for_window () {
  i=0
  until for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do
          xdotool getwindowname "$w"
        done | grep -qxF "$1"; do
    i=$((i + 1))
    [ $i -le 50 ] || {
      echo "no window named “$1”; the windows are:"
      for w in $(xdotool search --onlyvisible --name .); do xdotool getwindowname "$w"; done
      exit 1
    }
    sleep 0.2
  done
}
quit_app () {
  gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
    --method org.gtk.Actions.Activate quit "[]" {} >/dev/null
  i=0
  while kill -0 "$app_pid" 2>/dev/null; do
    i=$((i + 1)); [ $i -le 100 ] || { echo "the installed app did not quit"; exit 1; }
    sleep 0.1
  done
  app_pid=
}

# Open the model by its type: the desktop file's Exec line starts the
# installed orrery.
gio open "$example" &
wait_for_bus
app_pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
  --method org.freedesktop.DBus.GetConnectionUnixProcessID org.orrery.Orrery |
  sed -n 's/^(uint32 \([0-9]*\),)$/\1/p')
# it runs from the prefix, not from the build tree
case "$(readlink "/proc/$app_pid/exe" 2>/dev/null)" in
  "$bin/orrery") ;;
  *) echo "the running orrery is not the installed one"; exit 1 ;;
esac

shot=$out/installed-app.png
rm -f "$shot"
i=0
until [ -s "$shot" ]; do
  i=$((i + 1)); [ $i -le 50 ] || { echo "no screenshot"; exit 1; }
  sleep 0.3
  gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
    --method org.gtk.Actions.Activate screenshot "[<'$shot'>]" {} >/dev/null
done
# the example it shows came from the prefix: run it from the window
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
  --method org.gtk.Actions.Activate run "[]" {} >/dev/null
i=0
until gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
        --method org.gtk.Actions.Describe run-state | grep -q "'finished'"; do
  i=$((i + 1)); [ $i -le 100 ] || { echo "the installed app did not finish the run"; exit 1; }
  sleep 0.2
done
# without LANGUAGE it speaks English: the control for the French below
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate new "[]" {} >/dev/null
wait_for_window "Untitled Model — Orrery"
quit_app

# The installed GUI in French: started with LANGUAGE=fr it finds its
# catalogue beside the program and titles its windows from it. The X
# server's window names are what the user reads in a task bar: a new
# model, the Open Example dialog and a block's parameter dialog.
LANGUAGE=fr "$bin/orrery" "$example" &
app_pid=$!
wait_for_bus
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate new "[]" {} >/dev/null
wait_for_window "Modèle sans titre — Orrery"
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
  --method org.gtk.Actions.Activate select-block "[<'b2'>]" {} >/dev/null
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery/window/1 \
  --method org.gtk.Actions.Activate block-parameters "[]" {} >/dev/null
wait_for_window "Paramètres de « Velocity »"
gdbus call --session --dest org.orrery.Orrery --object-path /org/orrery/Orrery \
  --method org.gtk.Actions.Activate examples "[]" {} >/dev/null
wait_for_window "Ouvrir un exemple"
quit_app
echo "installed under $prefix: MIME type, default application, French catalogue, opened by type, ran the example, French windows"
