#!/bin/sh
# The block reference is complete: every standard block has its page
# (help/C/block-NAME.page), its hand-written notes (help/notes/NAME.txt)
# and its example model (help/C/examples/NAME.orr), which holds a block of
# that type, is linked from the page, and loads, compiles and runs to its
# end with orrery-sim, without an error or a warning (-q prints nothing
# else). Nothing is left over from a block that is gone.
#
#   check-block-examples.sh GEN-BLOCKS-DOC ORRERY-SIM HELP-DIR [LAG.FMU]
#
# The examples run in a copy of help/C/examples (the file readers read
# their data, and ToCSV and ToMat write, in the working directory), with
# the lag FMU the FMU example opens, and with --trust for the C and Python
# blocks' examples.
gen=$1
sim=$2
help=$3
lag=$4
status=0

fail() {
  echo "FAIL: $*" >&2
  status=1
}

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cp "$help"/C/examples/* "$work"/ || exit 1
[ -n "$lag" ] && cp "$lag" "$work"/lag.fmu

names=$("$gen" --list) || exit 1
count=0
for name in $names; do
  count=$((count + 1))
  page=$help/C/block-$name.page
  notes=$help/notes/$name.txt
  example=$help/C/examples/$name.orr
  [ -f "$page" ] || fail "$name: no page $page"
  [ -s "$notes" ] || fail "$name: no notes $notes"
  if [ ! -f "$example" ]; then
    fail "$name: no example $example"
    continue
  fi
  grep -q "href=\"examples/$name.orr\"" "$page" || fail "$name: $page does not link its example"
  grep -q "type=\"$name\"" "$example" || fail "$name: $example has no $name block"
  if [ "$name" = FMU ] && [ -z "$lag" ]; then
    echo "SKIP: FMU: no lag.fmu given (tests/fmi not built)"
    continue
  fi
  out=$(cd "$work" && timeout 120 "$sim" -q --trust "$name.orr" 2>&1)
  rc=$?
  [ $rc -eq 0 ] || fail "$name: orrery-sim exited with $rc: $out"
  [ -z "$out" ] || fail "$name: orrery-sim said: $out"
done

for f in "$help"/notes/*.txt "$help"/C/examples/*.orr; do
  base=$(basename "$f")
  base=${base%.*}
  echo "$names" | grep -qx "$base" || fail "$f: no block of that name"
done

[ "$count" -gt 100 ] || fail "only $count blocks listed"
[ $status -eq 0 ] && echo "$count blocks: page, notes and an example that runs"
exit $status
